import type {
  CashMovement,
  CashMovementKind,
  MoneyCountsAs,
  MoneyWorking,
  WorkingOrder,
} from '@kopi/contract';

// The rows behind a figure (decision 049), picked from a report's working: each row carries the
// amount as the figure shows it (a figure printed negative, such as refunds, lists its rows
// negative), so the rows' sum is the figure. The server says what each order counts as; the
// figures here only choose rows by it.

export type WorkingRecord = 'order' | 'payment' | 'refund' | 'movement' | 'float' | 'topup';

export interface WorkingRow {
  key: string;
  record: WorkingRecord;
  /** The order's or refund's number; a movement's note (or its reason). */
  number: string | null;
  /** What the number opens. */
  link: { to: 'order' | 'refund'; id: string } | null;
  /** A refund's order. */
  order: { id: string; number: string } | null;
  /** The business day of the row's order: numbers start again each day. */
  orderDate: string | null;
  /** A refund's booking day, when it is not its order's. */
  countsOn: string | null;
  /** What a payment was taken by or a refund went back by. */
  method: string | null;
  movement: Pick<CashMovement, 'kind' | 'reason'> | null;
  countsAs: MoneyCountsAs | null;
  /** In sen, signed as the figure shows it. */
  amount: number;
}

/**
 * A figure of a report that opens to its rows: how the report prints it from a count and an
 * amount (the line and the working's sum line both use it), and the rows it is summed from.
 */
export interface WorkingFigure {
  id: string;
  /** The figure's name in the dialog's title ("Cash taken", "By payment method: Cash"). */
  title: string;
  show: (count: number, amount: number) => { label: string; value: string };
  rows: (w: MoneyWorking) => WorkingRow[];
}

const blank = {
  number: null,
  link: null,
  order: null,
  orderDate: null,
  countsOn: null,
  method: null,
  movement: null,
  countsAs: null,
} satisfies Omit<WorkingRow, 'key' | 'record' | 'amount'>;

type Paid = 'sale' | 'void';
const is = <T extends string>(only: readonly T[] | undefined, value: T) =>
  !only || only.includes(value);

/** Orders counting as one of `countsAs`, each with `pick(order)` as its amount. */
export function orderRows(
  w: MoneyWorking,
  countsAs: readonly MoneyCountsAs[],
  pick: (o: WorkingOrder) => number,
): WorkingRow[] {
  return w.orders
    .filter((o) => countsAs.includes(o.counts_as))
    .map((o) => ({
      ...blank,
      key: `order-${o.id}`,
      record: 'order',
      number: o.order_no,
      link: { to: 'order', id: o.id },
      orderDate: o.business_date,
      countsAs: o.counts_as,
      amount: pick(o),
    }));
}

/** Payment lines (of sales, voids or both; of one method or all). */
export function paymentRows(
  w: MoneyWorking,
  only: { countsAs?: readonly Paid[]; method?: string } = {},
): WorkingRow[] {
  return w.payments
    .filter((p) => is(only.countsAs, p.counts_as) && (!only.method || p.method === only.method))
    .map((p, i) => ({
      ...blank,
      key: `payment-${p.order_id}-${i}`,
      record: 'payment',
      number: p.order_no,
      link: { to: 'order', id: p.order_id },
      orderDate: p.business_date,
      method: p.method,
      countsAs: p.counts_as,
      amount: p.amount,
    }));
}

/** Refunds (of sales, voids or both; gone back by one method or any), times `sign`. */
export function refundRows(
  w: MoneyWorking,
  only: { countsAs?: readonly Paid[]; method?: string },
  sign: 1 | -1,
): WorkingRow[] {
  return w.refunds
    .filter((r) => is(only.countsAs, r.counts_as) && (!only.method || r.paid_by === only.method))
    .map((r) => ({
      ...blank,
      key: `refund-${r.id}`,
      record: 'refund',
      number: r.refund_no,
      link: { to: 'refund', id: r.id },
      order: { id: r.order_id, number: r.order_no },
      orderDate: r.order_business_date,
      countsOn: r.business_date === r.order_business_date ? null : r.business_date,
      method: r.paid_by,
      countsAs: r.counts_as,
      amount: sign * r.amount,
    }));
}

/** Cash in or out of a shift's drawer, times `sign`. */
export function movementRows(w: MoneyWorking, kind: CashMovementKind, sign: 1 | -1): WorkingRow[] {
  return w.movements
    .filter((m) => m.kind === kind)
    .map((m) => ({
      ...blank,
      key: `movement-${m.id}`,
      record: 'movement',
      number: m.note,
      movement: { kind: m.kind, reason: m.reason },
      amount: sign * m.amount,
    }));
}

/** A shift's wallet top-ups sold at the counter by `method` (stored value, not sales). */
export function topupRows(w: MoneyWorking, method: string): WorkingRow[] {
  return (w.topups ?? [])
    .filter((x) => x.method === method)
    .map((x) => ({
      ...blank,
      key: `topup-${x.id}`,
      record: 'topup',
      number: x.receipt_no,
      orderDate: x.business_date,
      method: x.method,
      amount: x.amount,
    }));
}

/** A shift's opening float, the first part of what its drawer should hold. */
export const floatRow = (amount: number): WorkingRow => ({
  ...blank,
  key: 'float',
  record: 'float',
  amount,
});

export const sumOf = (rows: readonly WorkingRow[]) => rows.reduce((sum, r) => sum + r.amount, 0);
