import { z } from 'zod';
import { approvalSchema } from './approvals';
import { listQuerySchema } from './common';
import { messageKey, requiredWhen, text } from './validation';

// The drawer between sales: a "no sale" opening with its reason, and a cashier's own
// shifts. Paths (subject `shift`):
//   POST /api/shifts/{id}/drawer-openings   create-shift   open the drawer without a sale, with a
//        reason (Idempotency-Key required); without close-variance-shift a manager approves by
//        PIN (approval action no_sale)
//   GET  /api/shifts/mine                   create-shift   the caller's own shifts, closed ones too
// A till is held by one open shift at a time: opening another on it answers 409
// shift_already_open with the holder in `details` (path cashier_name / opened_at).

export const drawerOpeningReasons = [
  'give_change',
  'check_float',
  'correct_error',
  'other',
] as const;
export const drawerOpeningReasonSchema = z.enum(drawerOpeningReasons);
export type DrawerOpeningReason = z.infer<typeof drawerOpeningReasonSchema>;

/** The note a cashier adds to a drawer opening or a cash movement. */
export const drawerNoteSchema = text()
  .trim()
  .max(200, { error: messageKey('max_length', { max: 200 }) })
  .optional();

/** POST /api/shifts/{id}/drawer-openings; `other` needs a note. */
export const drawerOpeningCreateSchema = z
  .object({
    reason: drawerOpeningReasonSchema,
    note: drawerNoteSchema,
    approval: approvalSchema.optional(),
  })
  .check(requiredWhen('note', (o) => o.reason === 'other'));
export type DrawerOpeningCreate = z.infer<typeof drawerOpeningCreateSchema>;

/** A drawer opening as the shift report lists it: who, why, and the manager who approved. */
export const drawerOpeningSchema = z.object({
  id: text(),
  reason: drawerOpeningReasonSchema,
  note: text().nullable(),
  by_name: text().nullable(),
  approved_by_name: text().nullable(),
  at: text(),
});
export type DrawerOpening = z.infer<typeof drawerOpeningSchema>;

/** GET /api/shifts/mine: newest first, open and closed. */
export const myShiftsQuerySchema = listQuerySchema.extend({
  status: z.enum(['open', 'closed']).optional(),
});
export type MyShiftsQuery = z.infer<typeof myShiftsQuerySchema>;

/** The `details` paths of a 409 shift_already_open: who holds the till, and since when. */
export const tillHolderPaths = { name: 'cashier_name', since: 'opened_at' } as const;
