// What an item refund gives back, in integer sen, shared by the refund dialog and the server.
//
// What was paid (after discount, service charge, tax, delivery fee and rounding) is shared out
// over the order's lines in proportion to their line totals, by the largest remainder, so the
// shares add up to what was paid exactly. Inside a line the units take the share cumulatively:
// refunding units r+1…r+k of a line of q gives floor(share·(r+k)/q) − floor(share·r/q), so
// refunding every unit of every line, in any number of refunds, gives back exactly what was paid.

export interface RefundLine {
  /** The line total as sold (unit price with options and add-ons × quantity). */
  line_total: number;
  quantity: number;
}

/** Each line's share of `paid`; the shares add up to `paid` exactly. */
export function lineShares(lines: readonly RefundLine[], paid: number): number[] {
  if (lines.length === 0) return [];
  // Free lines only (a fully discounted order that still paid a fee): share by quantity.
  const weights = lines.some((l) => l.line_total > 0)
    ? lines.map((l) => Math.max(l.line_total, 0))
    : lines.map((l) => l.quantity);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const shares = weights.map((w) => Math.floor((paid * w) / total));
  let left = paid - shares.reduce((sum, s) => sum + s, 0);
  // The sen left over go to the largest remainders; ties to the earlier line.
  const order = weights
    .map((w, i) => ({ i, remainder: (paid * w) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What refunding `count` more units of a line gives back, when `alreadyRefunded` of its
 * `quantity` units have been refunded before.
 */
export function unitsRefundAmount(
  share: number,
  quantity: number,
  alreadyRefunded: number,
  count: number,
): number {
  const upTo = (units: number) => Math.floor((share * units) / quantity);
  return upTo(alreadyRefunded + count) - upTo(alreadyRefunded);
}
