import {
  addDays,
  businessDate,
  type MoneyWorking,
  type WorkingOrder,
  type WorkingPayment,
  type WorkingRefund,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import * as repo from './books.repo';

export { rebuildRollups, rebuiltRollupTables } from './rollup-rebuild';
export { workingCsv } from './working-export';
export type { WorkingScope } from './books.repo';

// The books (decision 049): on which business day a money move counts, the rows behind a day's
// or a shift's figures, and a day's sales as the reports read them. Other modules use these in
// their own transactions.

/** A year of closed days in a row is not a business: the search stops there. */
const MAX_CLOSED_DAYS_AHEAD = 366;

/**
 * The business day a move made now at an outlet counts on: the outlet's business day, or the
 * next open one when that is already closed. The day stays open until the caller commits.
 */
export async function bookingDay(
  tx: Db,
  tenantId: string,
  outlet: { id: string; timezone: string; cutoffHour: number },
  at: Date,
): Promise<string> {
  const today = businessDate(at, outlet.timezone, outlet.cutoffHour);
  for (let ahead = 0; ahead <= MAX_CLOSED_DAYS_AHEAD; ahead++) {
    const day = addDays(today, ahead);
    if (await repo.lockDayOpen(tx, tenantId, outlet.id, day)) return day;
  }
  throw new Error(`No open business day within a year after ${today}`);
}

/**
 * Locks an outlet's business day (its counter row) until the caller commits; false when the day
 * is closed. A sale that locks other rows (a voucher) takes this first, in the day close's order.
 */
export const lockDayOpen = (tx: Db, tenantId: string, outletId: string, date: string) =>
  repo.lockDayOpen(tx, tenantId, outletId, date);

/** The orders, payment lines and counting refunds of an outlet's day or of a shift. */
export async function working(
  db: Db,
  tenantId: string,
  scope: repo.WorkingScope,
  sequential = false,
): Promise<Omit<MoneyWorking, 'movements'>> {
  const reads = [
    () => repo.workingOrders(db, tenantId, scope),
    () => repo.workingPayments(db, tenantId, scope),
    () => repo.workingRefunds(db, tenantId, scope),
  ] as const;
  // Side by side on a pool; one after another inside a transaction (one client).
  const [orders, payments, refunds] = sequential
    ? [await reads[0](), await reads[1](), await reads[2]()]
    : await Promise.all(reads.map((read) => read()));
  return {
    orders: orders as unknown as WorkingOrder[],
    payments: payments as unknown as WorkingPayment[],
    refunds: refunds as unknown as WorkingRefund[],
  };
}

export const daySales = repo.daySales;
