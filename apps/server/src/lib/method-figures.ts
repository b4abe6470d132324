// Figures by method (payment methods, what refunds went back by) as reports show them: in the
// order the contract lists the methods, each a count and an amount.

interface MethodFigure {
  method: string;
  count: number;
  amount: number;
}

/** `figures` in the order of `methods`, each typed as one of them. */
export const inMethodOrder = <M extends string>(
  figures: readonly MethodFigure[],
  methods: readonly M[],
): { method: M; count: number; amount: number }[] => {
  const rank = (m: string) => methods.indexOf(m as M);
  return [...figures]
    .sort((a, b) => rank(a.method) - rank(b.method))
    .map((m) => ({ method: m.method as M, count: m.count, amount: m.amount }));
};
