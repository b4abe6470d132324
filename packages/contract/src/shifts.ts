import { z } from 'zod';
import { listQuerySchema } from './common';
import { paymentMethodSchema } from './pricing';
import { methodSumSchema, refundPaidBySchema } from './day-close';
import { approvalRecordSchema, approvalSchema } from './approvals';
import { drawerNoteSchema, drawerOpeningSchema } from './shift-drawer';
import { messageKey, requiredWhen, senBetween, text } from './validation';

// Tills (an outlet's named cash registers) and the cashiers' shifts on them (decision 035).
// Amounts in sen. Paths (subject `shift`):
//   GET  /api/tills?outlet_id            read-shift | create-shift   an outlet's tills with their open shift
//   POST /api/tills                      update-outlet               add a till to an outlet
//   PUT|DELETE /api/tills/{id}           update-outlet               rename; delete an unused till
//   GET  /api/shifts                     read-shift                  list: outlet_id, till_id, cashier_id, from/to, status
//   GET  /api/shifts/current?outlet_id   read-shift | create-shift   the open shifts of an outlet's tills
//   GET  /api/shifts/{id}                read-shift | create-shift   a shift with its report (one's own without read-shift)
//   POST /api/shifts                     create-shift                open a shift at a till (Idempotency-Key required)
//   POST /api/shifts/{id}/movements      update-shift                cash in or out (Idempotency-Key required)
//   POST /api/shifts/{id}/close          create-shift                close with the drawer count (Idempotency-Key required)
// A variance beyond the tenant's tolerance needs a note and `close-variance-shift` (managers),
// which also closes another cashier's shift; a cashier closes it with a manager's PIN
// (`approval`, action shift_variance). A cash out above the tenant's cash_out_approval_over
// needs the same permission or a manager's PIN (action cash_out). With the tenant's blind count
// the server hides the expected cash of an open shift, and every cash figure it is summed from,
// from anyone without close-variance-shift (`figures` null); a close beyond the tolerance
// answers the expected cash and the variance in its details, and the close's answer shows all.

/** The drawer's notes and coins, largest first, with their value in sen. */
export const denominations = [
  { key: 'note_100', value: 10_000 },
  { key: 'note_50', value: 5_000 },
  { key: 'note_20', value: 2_000 },
  { key: 'note_10', value: 1_000 },
  { key: 'note_5', value: 500 },
  { key: 'note_1', value: 100 },
  { key: 'coin_50', value: 50 },
  { key: 'coin_20', value: 20 },
  { key: 'coin_10', value: 10 },
  { key: 'coin_5', value: 5 },
] as const;
export type DenominationKey = (typeof denominations)[number]['key'];

const pieces = z
  .number({ error: messageKey('integer') })
  .int({ error: messageKey('integer') })
  .min(0, { error: messageKey('min_value', { min: 0 }) })
  .max(9_999, { error: messageKey('max_value', { max: 9_999 }) });

/** How many of each note and coin a drawer holds (a missing one counts as none). */
export const cashCountSchema = z.object(
  Object.fromEntries(denominations.map((d) => [d.key, pieces.default(0)])) as Record<
    DenominationKey,
    z.ZodDefault<typeof pieces>
  >,
);
export type CashCount = z.infer<typeof cashCountSchema>;

/** A count of nothing: the start of every counting form. */
export const emptyCashCount = (): CashCount =>
  Object.fromEntries(denominations.map((d) => [d.key, 0])) as CashCount;

/** What a count of the drawer is worth, in sen. */
export const cashCountTotal = (count: Partial<Record<DenominationKey, number>>): number =>
  denominations.reduce((sum, d) => sum + d.value * (count[d.key] ?? 0), 0);

export const cashMovementKinds = ['cash_in', 'cash_out'] as const;
export const cashMovementKindSchema = z.enum(cashMovementKinds);
export type CashMovementKind = z.infer<typeof cashMovementKindSchema>;

export const cashMovementReasons = ['petty_cash', 'bank_drop', 'other'] as const;
export const cashMovementReasonSchema = z.enum(cashMovementReasons);
export type CashMovementReason = z.infer<typeof cashMovementReasonSchema>;

// ---- The drawer's arithmetic ------------------------------------------------------------------

/**
 * A payment line as it reaches the drawer: `amount` is what was charged, not tendered. Lines of
 * orders later voided count too: their money came in.
 */
export interface DrawerPayment {
  method: string;
  amount: number;
}
/** A completed refund paid from the drawer's shift and what it went back by (`cash` leaves it). */
export interface DrawerRefund {
  paid_by: string;
  amount: number;
}
export interface DrawerMovement {
  kind: CashMovementKind;
  amount: number;
}

/** A wallet top-up sold at the counter in the shift (`cash` enters the drawer). */
export interface DrawerTopup {
  method: string;
  amount: number;
}

export interface DrawerActivity {
  opening_float: number;
  payments: readonly DrawerPayment[];
  refunds: readonly DrawerRefund[];
  movements: readonly DrawerMovement[];
  /** Counter top-ups (stored value, not sales); none when left out (a day's drawer). */
  topups?: readonly DrawerTopup[];
}

/** The parts of the expected cash, each a sum over the shift. */
export interface DrawerFigures {
  opening_float: number;
  cash_taken: number;
  cash_refunds: number;
  cash_in: number;
  cash_out: number;
  /** Cash taken for wallet top-ups at the counter. */
  cash_topups: number;
  expected: number;
}

/**
 * What the drawer should hold (decision 049): float + cash taken (change given never entered it)
 * − cash refunds + cash in − cash out + cash wallet top-ups. The shift report, the closing dialog, the close and the
 * Z-report's day drawer (no float, no movements) share it.
 */
export function drawerFigures(a: DrawerActivity): DrawerFigures {
  const sum = <T>(rows: readonly T[], pick: (row: T) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const cash_taken = sum(a.payments, (p) => (p.method === 'cash' ? p.amount : 0));
  const cash_refunds = sum(a.refunds, (r) => (r.paid_by === 'cash' ? r.amount : 0));
  const cash_in = sum(a.movements, (m) => (m.kind === 'cash_in' ? m.amount : 0));
  const cash_out = sum(a.movements, (m) => (m.kind === 'cash_out' ? m.amount : 0));
  const cash_topups = sum(a.topups ?? [], (t) => (t.method === 'cash' ? t.amount : 0));
  return {
    opening_float: a.opening_float,
    cash_taken,
    cash_refunds,
    cash_in,
    cash_out,
    cash_topups,
    expected: a.opening_float + cash_taken - cash_refunds + cash_in - cash_out + cash_topups,
  };
}

/** Counted − expected: above 0 the drawer is over, below 0 short. */
export const drawerVariance = (counted: number, expected: number) => counted - expected;

/** A variance beyond the tenant's tolerance (either way) needs a manager's note to close. */
export const varianceNeedsNote = (variance: number, tolerance: number) =>
  Math.abs(variance) > tolerance;

// ---- Payloads ---------------------------------------------------------------------------------

export const tillSchema = z.object({
  id: text(),
  outlet_id: text(),
  name: text(),
  /** The shift open on it now, if any. */
  open_shift: z
    .object({
      id: text(),
      cashier_id: text().nullable(),
      cashier_name: text().nullable(),
      opened_at: text(),
    })
    .nullable(),
});
export type Till = z.infer<typeof tillSchema>;

export const tillQuerySchema = z.object({ outlet_id: z.uuid() });
export const tillCreateSchema = z.object({
  outlet_id: z.uuid(),
  name: text({ error: messageKey('required') })
    .trim()
    .min(1, { error: messageKey('required') })
    .max(40, { error: messageKey('max_length', { max: 40 }) }),
});
export type TillCreate = z.infer<typeof tillCreateSchema>;
export const tillUpdateSchema = tillCreateSchema.pick({ name: true });
export type TillUpdate = z.infer<typeof tillUpdateSchema>;

/** POST /api/shifts */
export const shiftOpenSchema = z.object({ till_id: z.uuid(), float: cashCountSchema });
export type ShiftOpen = z.infer<typeof shiftOpenSchema>;

/** POST /api/shifts/{id}/movements; `other` needs a note. */
export const cashMovementCreateSchema = z
  .object({
    kind: cashMovementKindSchema,
    reason: cashMovementReasonSchema,
    amount: senBetween(1, 10_000_000),
    note: drawerNoteSchema,
    /** A manager's PIN, for a cash out above the tenant's cash_out_approval_over. */
    approval: approvalSchema.optional(),
  })
  .check(requiredWhen('note', (o) => o.reason === 'other'));
export type CashMovementCreate = z.infer<typeof cashMovementCreateSchema>;

/** POST /api/shifts/{id}/close */
export const shiftCloseSchema = z.object({
  counted: cashCountSchema,
  note: text()
    .trim()
    .max(300, { error: messageKey('max_length', { max: 300 }) })
    .optional(),
  /** A manager's PIN, for a variance beyond the tolerance closed by a cashier. */
  approval: approvalSchema.optional(),
});
export type ShiftClose = z.infer<typeof shiftCloseSchema>;

export const shiftStatuses = ['open', 'closed'] as const;
export const shiftStatusSchema = z.enum(shiftStatuses);
export type ShiftStatus = z.infer<typeof shiftStatusSchema>;

export const shiftListQuerySchema = listQuerySchema.extend({
  outlet_id: z.uuid().optional(),
  till_id: z.uuid().optional(),
  cashier_id: z.uuid().optional(),
  status: shiftStatusSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type ShiftListQuery = z.infer<typeof shiftListQuerySchema>;
export const currentShiftQuerySchema = z.object({ outlet_id: z.uuid() });

const amount = z.number().int();

export const shiftSummarySchema = z.object({
  id: text(),
  outlet_id: text(),
  outlet_name: text(),
  till_id: text(),
  till_name: text(),
  cashier_id: text().nullable(),
  cashier_name: text().nullable(),
  business_date: text(),
  status: shiftStatusSchema,
  opened_at: text(),
  closed_at: text().nullable(),
  opening_float: amount,
  /** Set once closed. */
  expected: amount.nullable(),
  counted: amount.nullable(),
  variance: amount.nullable(),
});
export type ShiftSummary = z.infer<typeof shiftSummarySchema>;

/** GET /api/shifts/current: the open shifts and the tenant's rules the POS follows. */
export const currentShiftsSchema = z.object({
  shifts_required: z.boolean(),
  tolerance: amount,
  /** The closing count is blind: the POS hides the expected cash until it is saved. */
  blind_count: z.boolean(),
  /** Sen a cash out may take without a manager's PIN (null: any amount). */
  cash_out_approval_over: amount.nullable(),
  shifts: z.array(shiftSummarySchema),
});
export type CurrentShifts = z.infer<typeof currentShiftsSchema>;

export const cashMovementSchema = z.object({
  id: text(),
  kind: cashMovementKindSchema,
  reason: cashMovementReasonSchema,
  amount,
  note: text().nullable(),
  by_name: text().nullable(),
  at: text(),
});
export type CashMovement = z.infer<typeof cashMovementSchema>;

/** The drawer's figures (the parts of the expected cash, see drawerFigures). */
export const shiftFiguresSchema = z.object({
  opening_float: amount,
  cash_taken: amount,
  cash_refunds: amount,
  cash_in: amount,
  cash_out: amount,
  cash_topups: amount,
  expected: amount,
});
export type ShiftFigures = z.infer<typeof shiftFiguresSchema>;

/**
 * The `details` paths of a close refused beyond the tolerance (400 shift_variance_note_required):
 * the expected cash and the variance in sen, as decimal strings. A blind count shows them here
 * first, once the count is submitted.
 */
export const varianceRevealPaths = { expected: 'expected', variance: 'variance' } as const;

/** A shift with its full report: what the 80 mm shift report prints. Open shifts report so far. */
export const shiftSchema = shiftSummarySchema.extend({
  float_count: cashCountSchema,
  counted_count: cashCountSchema.nullable(),
  closing_note: text().nullable(),
  closed_by_name: text().nullable(),
  tolerance: amount,
  /** The closing count is blind: the POS hides the expected cash until it is saved. */
  blind_count: z.boolean(),
  /** Sen a cash out may take without a manager's PIN (null: any amount). */
  cash_out_approval_over: amount.nullable(),
  /** The manager who approved a variance beyond the tolerance by PIN. */
  variance_approval: approvalRecordSchema.nullable(),
  /** Sales rung up in the shift (voids apart), Σ their totals, and their payment lines by method. */
  orders: amount,
  sales_total: amount,
  sales_by_method: z.array(methodSumSchema(paymentMethodSchema)),
  discounts: amount,
  /** Paid orders of the shift later rejected or cancelled, and what they were paid. */
  voids: z.object({ count: amount, amount }),
  /** Refunds paid from the shift's drawer or completed in it, of sales and voids alike. */
  refunds_by_method: z.array(z.object({ method: refundPaidBySchema, count: amount, amount })),
  refunds: amount,
  movements: z.array(cashMovementSchema),
  /** The drawer's "no sale" openings, with who, why and the approver. */
  drawer_openings: z.array(drawerOpeningSchema).optional(),
  /** Wallet top-ups sold at the counter in the shift, per method (stored value, not sales). */
  topups_by_method: z.array(z.object({ method: text(), count: amount, amount })),
  figures: shiftFiguresSchema,
});
export type Shift = z.infer<typeof shiftSchema>;

/**
 * A shift's report as the API answers it (GET one, open, close). With the tenant's blind count an
 * open shift read without close-variance-shift hides its cash: `figures`, `sales_total` and
 * `refunds` are null, and the cash rows of the by-method lists and the movements are left out
 * (each would give the expected cash away). The float shows as `opening_float`.
 */
export const shiftViewSchema = shiftSchema.extend({
  sales_total: amount.nullable(),
  refunds: amount.nullable(),
  figures: shiftFiguresSchema.nullable(),
});
export type ShiftView = z.infer<typeof shiftViewSchema>;
