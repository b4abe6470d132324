import {
  type CashMovement,
  drawerFigures,
  emptyCashCount,
  type PaymentMethod,
  paymentMethods,
  type RefundPaidBy,
  refundPaidByMethods,
  type Shift,
  type ShiftSummary,
} from '@kopi/contract';
import type * as repo from './shifts.repo';

// Shifts and cash movements as the API shows them, and a shift's report from its reads.

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

export const toMovement = (m: repo.MovementRow): CashMovement => ({
  id: m.id,
  kind: m.kind as CashMovement['kind'],
  reason: m.reason as CashMovement['reason'],
  amount: m.amount,
  note: m.note,
  by_name: m.byName,
  at: m.at.toISOString(),
});

/** What a shift's report is made of: its orders, payments, refunds, movements and tolerance. */
export interface ShiftReads {
  totals: Awaited<ReturnType<typeof repo.shiftOrderTotals>>;
  payments: Awaited<ReturnType<typeof repo.shiftPayments>>;
  refundRows: Awaited<ReturnType<typeof repo.shiftRefunds>>;
  movementRows: Awaited<ReturnType<typeof repo.shiftMovements>>;
  tolerance: number;
}

/** The report of a shift: closed, as it stood at the close; open, so far. */
export function toShift(
  row: { shift: repo.ShiftRow; tillName: string; outletName: string },
  { totals, payments, refundRows, movementRows, tolerance }: ShiftReads,
): Shift {
  const s = row.shift;
  const figures = drawerFigures({
    opening_float: s.openingFloat,
    payments: payments.map((p) => ({ method: p.method, amount: p.amount })),
    refunds: refundRows.map((r) => ({ paid_by: r.method, amount: r.amount })),
    movements: movementRows.map((m) => ({
      kind: m.kind as CashMovement['kind'],
      amount: m.amount,
    })),
  });
  const byMethod = (m: string) => paymentMethods.indexOf(m as PaymentMethod);
  const byPaidBy = (m: string) => refundPaidByMethods.indexOf(m as RefundPaidBy);
  return {
    ...toSummary(row),
    // A closed shift keeps the expected cash it was closed against.
    expected: s.expected,
    float_count: { ...emptyCashCount(), ...s.floatCount },
    counted_count: s.countedCount ? { ...emptyCashCount(), ...s.countedCount } : null,
    closing_note: s.closingNote,
    closed_by_name: s.closedByName,
    tolerance,
    orders: totals.orders,
    sales_total: totals.salesTotal,
    sales_by_method: payments
      .sort((a, b) => byMethod(a.method) - byMethod(b.method))
      .map((p) => ({ method: p.method as PaymentMethod, count: p.count, amount: p.amount })),
    discounts: totals.discounts,
    voids: { count: totals.voids, amount: totals.voidAmount },
    refunds_by_method: refundRows
      .sort((a, b) => byPaidBy(a.method) - byPaidBy(b.method))
      .map((r) => ({ method: r.method as RefundPaidBy, count: r.count, amount: r.amount })),
    refunds: refundRows.reduce((sum, r) => sum + r.amount, 0),
    movements: movementRows.map(toMovement),
    figures:
      s.status === 'closed' && s.expected !== null ? { ...figures, expected: s.expected } : figures,
  };
}
