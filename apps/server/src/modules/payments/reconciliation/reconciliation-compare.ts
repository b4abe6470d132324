import type { ReconciliationOutcome, ReconciliationRow } from '@kopi/contract';
import type { GatewayPaymentRow } from './reconciliation.repo';
import type { SettlementEntry } from './reconciliation-files';

// How one payment compares between our record and the gateway's (decision 047), and the
// comparison of a whole settlement file with our payments of the range. Pure: the service
// fetches both sides.

type Side = ReconciliationRow['our_status'];

/** One side's account of a payment. */
export interface SideView {
  status: NonNullable<Side>;
  /** In sen; null when that side does not say. */
  amount: number | null;
  currency?: string;
}

const sideStatus = (status: string): NonNullable<Side> =>
  status === 'paid' || status === 'pending' || status === 'failed' ? status : 'other';

/** The outcome of one payment, or null when neither side has it paid (nothing to settle). */
export function outcomeOf(
  ours: SideView | null,
  theirs: SideView | null,
): ReconciliationOutcome | null {
  const oursPaid = ours?.status === 'paid';
  const theirsPaid = theirs?.status === 'paid';
  if (oursPaid && theirsPaid) {
    const sameCurrency = !theirs.currency || theirs.currency.toUpperCase() === 'MYR';
    const sameAmount = theirs.amount === null || theirs.amount === ours.amount;
    return sameCurrency && sameAmount ? 'matched' : 'amount_mismatch';
  }
  if (oursPaid) return 'missing_theirs';
  if (theirsPaid) return 'missing_ours';
  return null;
}

export const oursOf = (p: GatewayPaymentRow): SideView => ({
  status: sideStatus(p.status),
  amount: p.amount,
});

export function rowOf(
  outcome: ReconciliationOutcome,
  reference: string,
  ours: GatewayPaymentRow | null,
  theirs: SideView | null,
  line: number | null,
): ReconciliationRow {
  return {
    outcome,
    reference,
    payment_id: ours?.id ?? null,
    order_id: ours?.orderId ?? null,
    order_no: ours?.orderNo ?? null,
    order_date: ours?.orderDate ?? null,
    our_status: ours ? sideStatus(ours.status) : null,
    our_amount: ours?.amount ?? null,
    their_status: theirs?.status ?? null,
    their_amount: theirs?.amount ?? null,
    created_at: ours?.createdAt.toISOString() ?? null,
    line,
  };
}

/**
 * A settlement file against our payments: `inRange` are ours of the range, `known` also those the
 * file names from outside it. Each paid row of the file is matched (or mismatched, or missing on
 * our side); each payment of the range paid here with no paid row is missing at the gateway.
 * Rows that are not payments (refunds, fees) were left out by the reader; unpaid rows with an
 * unpaid payment are nothing to settle.
 */
export function compareFile(
  entries: SettlementEntry[],
  inRange: GatewayPaymentRow[],
  known: GatewayPaymentRow[],
): ReconciliationRow[] {
  const byReference = new Map<string, GatewayPaymentRow>();
  for (const p of known) {
    byReference.set(p.id, p);
    if (p.providerRef) byReference.set(p.providerRef, p);
  }
  const paymentOf = (entry: SettlementEntry) =>
    entry.references.map((r) => byReference.get(r)).find(Boolean) ?? null;
  // Payments with a paid row: an unpaid row of the same payment (a failed first attempt) is noise.
  const settled = new Set(
    entries.filter((e) => e.status === 'paid').flatMap((e) => paymentOf(e)?.id ?? []),
  );
  const rows: ReconciliationRow[] = [];
  for (const entry of entries) {
    const ours = paymentOf(entry);
    if (ours && entry.status !== 'paid' && settled.has(ours.id)) continue;
    const theirs: SideView = {
      status: entry.status,
      amount: entry.amount,
      currency: entry.currency,
    };
    const outcome = outcomeOf(ours ? oursOf(ours) : null, theirs);
    if (!outcome) continue;
    rows.push(rowOf(outcome, ours?.providerRef ?? entry.references[0]!, ours, theirs, entry.line));
  }
  for (const p of inRange) {
    if (p.status !== 'paid' || settled.has(p.id)) continue;
    // A paid row of ours the file has only unpaid (or no) rows for.
    if (rows.some((r) => r.payment_id === p.id)) continue;
    rows.push(rowOf('missing_theirs', p.providerRef ?? p.id, p, null, null));
  }
  return rows;
}

const order: Record<ReconciliationOutcome, number> = {
  amount_mismatch: 0,
  missing_theirs: 1,
  missing_ours: 2,
  unreachable: 3,
  matched: 4,
};

/** What needs looking at first; within an outcome, oldest first, then by file line. */
export function sortRows(rows: ReconciliationRow[]): ReconciliationRow[] {
  return [...rows].sort(
    (a, b) =>
      order[a.outcome] - order[b.outcome] ||
      (a.created_at ?? '').localeCompare(b.created_at ?? '') ||
      (a.line ?? 0) - (b.line ?? 0),
  );
}
