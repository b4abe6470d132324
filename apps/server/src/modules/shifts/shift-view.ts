import {
  type ApprovalRecord,
  type CashMovement,
  emptyCashCount,
  type MoneyWorking,
  paymentMethods,
  refundPaidByMethods,
  type Shift,
  type ShiftSummary,
  sumByMethod,
  workingFigures,
  type WorkingTopup,
} from '@kopi/contract';
import type * as repo from './shifts.repo';
import { inMethodOrder } from '../../lib/method-figures';

// Shifts and cash movements as the API shows them, and a shift's report from its working.

export const toSummary = (r: {
  shift: repo.ShiftRow;
  tillName: string;
  outletName: string;
}): ShiftSummary => ({
  id: r.shift.id,
  outlet_id: r.shift.outletId,
  outlet_name: r.outletName,
  till_id: r.shift.tillId,
  till_name: r.tillName,
  cashier_id: r.shift.cashierId,
  cashier_name: r.shift.cashierName,
  business_date: r.shift.businessDate,
  status: r.shift.status as ShiftSummary['status'],
  opened_at: r.shift.openedAt.toISOString(),
  closed_at: r.shift.closedAt?.toISOString() ?? null,
  opening_float: r.shift.openingFloat,
  expected: r.shift.expected,
  counted: r.shift.counted,
  variance: r.shift.variance,
});

export const toWorkingTopup = (
  r: Awaited<ReturnType<typeof repo.shiftTopups>>[number],
): WorkingTopup => ({
  id: r.id,
  receipt_no: r.receiptNo,
  business_date: r.businessDate,
  method: r.method as WorkingTopup['method'],
  amount: r.amount,
  at: r.createdAt.toISOString(),
});

export const toMovement = (m: repo.MovementRow): CashMovement => ({
  id: m.id,
  kind: m.kind as CashMovement['kind'],
  reason: m.reason as CashMovement['reason'],
  amount: m.amount,
  note: m.note,
  by_name: m.byName,
  at: m.at.toISOString(),
});

/**
 * The report of a shift from its working (the orders rung up in it, their payment lines, the
 * refunds paid from its drawer, its movements): closed, as it stood at the close; open, so far.
 */
export function toShift(
  row: { shift: repo.ShiftRow; tillName: string; outletName: string },
  working: MoneyWorking,
  rules: {
    tolerance: number;
    blindCount: boolean;
    cashOutApprovalOver: number | null;
    varianceApproval: ApprovalRecord | null;
  },
): Shift {
  const s = row.shift;
  const f = workingFigures(working, s.openingFloat);
  // Every refund paid from the drawer, of sales and of voids alike.
  const refunds = sumByMethod(
    working.refunds,
    (r) => r.paid_by,
    (r) => r.amount,
  );
  return {
    ...toSummary(row),
    // A closed shift keeps the expected cash it was closed against.
    expected: s.expected,
    float_count: { ...emptyCashCount(), ...s.floatCount },
    counted_count: s.countedCount ? { ...emptyCashCount(), ...s.countedCount } : null,
    closing_note: s.closingNote,
    closed_by_name: s.closedByName,
    tolerance: rules.tolerance,
    blind_count: rules.blindCount,
    cash_out_approval_over: rules.cashOutApprovalOver,
    variance_approval: rules.varianceApproval,
    orders: f.orders,
    sales_total: f.total,
    sales_by_method: inMethodOrder(f.by_payment_method, paymentMethods),
    discounts: f.discount,
    voids: { count: f.voided, amount: f.voided_paid },
    refunds_by_method: inMethodOrder(refunds, refundPaidByMethods),
    refunds: refunds.reduce((sum, r) => sum + r.amount, 0),
    movements: working.movements,
    topups_by_method: sumByMethod(
      working.topups ?? [],
      (t) => t.method,
      (t) => t.amount,
    ),
    figures:
      s.status === 'closed' && s.expected !== null
        ? { ...f.drawer, expected: s.expected }
        : f.drawer,
  };
}
