import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { bookingDay } from '../books/books.service';
import type { RefundBooking } from './refund-writes.repo';

// Where a completing refund counts (decision 049): on the outlet's business day, or the next open
// one when that day is closed; and in the drawer of the shift its completer has open at the
// outlet. Cash is handed back at a till: where the business requires shifts, a cash refund
// completes only from an open shift.

/** What the refunds need of the tills: the shift a completer has open at an outlet. */
export interface RefundDrawers {
  /** The user's open shift at the outlet (locked until commit) and whether shifts are required. */
  drawerOf(
    tx: Db,
    tenantId: string,
    outletId: string,
    userId: string,
  ): Promise<{ shiftId: string | null; required: boolean }>;
}

export interface CompletionOf {
  tenantId: string;
  outlet: { id: string; timezone: string; cutoffHour: number };
  /** The payment method the money goes back to (null: a bank transfer). */
  paidBy: string | null;
  /** The staff member completing it; null for the system (a provider's confirmation, a wallet). */
  completer: string | null;
  at: Date;
}

/** A read refund's completion: at its outlet, back to the method it was paid by. */
export const completionOfRefund = (
  found: {
    refund: { outletId: string; paymentMethod: string | null };
    timezone: string;
    cutoffHour: number;
  },
  by: { tenantId: string; completer: string | null; at: Date },
): CompletionOf => ({
  tenantId: by.tenantId,
  outlet: { id: found.refund.outletId, timezone: found.timezone, cutoffHour: found.cutoffHour },
  paidBy: found.refund.paymentMethod,
  completer: by.completer,
  at: by.at,
});

export function completionBooking(
  drawers: RefundDrawers,
  c: CompletionOf,
): (tx: Db) => Promise<RefundBooking> {
  return async (tx) => {
    const businessDate = await bookingDay(tx, c.tenantId, c.outlet, c.at);
    if (!c.completer) return { businessDate, shiftId: null };
    const drawer = await drawers.drawerOf(tx, c.tenantId, c.outlet.id, c.completer);
    if (!drawer.shiftId && drawer.required && c.paidBy === 'cash') {
      throw new AppError('refund_needs_shift');
    }
    return { businessDate, shiftId: drawer.shiftId };
  };
}
