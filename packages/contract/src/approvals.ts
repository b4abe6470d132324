import { z } from 'zod';
import { messageKey, text } from './validation';

// A manager's approval at the till by PIN (docs/decisions/055). A till action asks for one when
// the staff member doing it lacks the action's own permission; a manager (anyone holding that
// permission, at the outlet, with a PIN set) types their PIN on the same screen, and the request
// carries `approval: { approver_id, pin, device_id }`. Nobody approves their own request.
//   PUT    /api/account/pin        (signed in)       set or change one's PIN (with the password)
//   DELETE /api/account/pin        (signed in)       remove one's PIN
//   GET    /api/approvers?outlet_id&action  create-pos | create-shift   who may approve here
// The device a PIN is typed on names itself in the approval (`device_id`, a random id the POS
// keeps in the browser): failures are throttled per approver and device.

export const approvalActions = [
  'shift_variance',
  'manual_discount',
  'order_void',
  'refund',
  'cash_out',
  'no_sale',
] as const;
export const approvalActionSchema = z.enum(approvalActions);
export type ApprovalAction = z.infer<typeof approvalActionSchema>;

/** The permission that does an action alone, and that its approver must hold. */
export const approvalPermission: Readonly<Record<ApprovalAction, string>> = {
  shift_variance: 'close-variance-shift',
  manual_discount: 'discount-order',
  order_void: 'void-order',
  refund: 'approve-refund',
  cash_out: 'close-variance-shift',
  no_sale: 'close-variance-shift',
};

/** Whether someone holding `permissions` needs a manager's PIN to do `action`. */
export const needsApproval = (action: ApprovalAction, permissions: ReadonlySet<string>) =>
  !permissions.has(approvalPermission[action]);

export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 6;
/** Wrong PINs of one approver on one device before each further try waits. */
export const PIN_FREE_TRIES = 3;
/** Wrong PINs of one approver in a row, on any devices, that lock the PIN until it is set again. */
export const PIN_LOCK_AFTER = 10;

export const pinSchema = text({ error: messageKey('required') }).regex(/^\d{4,6}$/, {
  error: messageKey('pin_format'),
});

/** PUT /api/account/pin: the new PIN, and the account's password to prove it is its owner. */
export const setPinSchema = z
  .object({
    pin: pinSchema,
    pin_confirm: text(),
    old_password: text().min(1, { error: messageKey('required') }),
  })
  .refine((v) => v.pin === v.pin_confirm, {
    path: ['pin_confirm'],
    error: messageKey('pin_mismatch'),
  });
export type SetPinInput = z.infer<typeof setPinSchema>;

/** Whether the signed-in user has a PIN, and whether it is locked. */
export const pinStatusSchema = z.object({
  has_pin: z.boolean(),
  set_at: text().nullable(),
  locked: z.boolean(),
});
export type PinStatus = z.infer<typeof pinStatusSchema>;

/** A manager's approval carried by a till action's request. */
export const approvalSchema = z.object({
  approver_id: z.uuid({ error: messageKey('required') }),
  pin: pinSchema,
  /** The device's own random id (a UUID the POS keeps), where failures are counted. */
  device_id: text().regex(/^[A-Za-z0-9-]{8,64}$/, { error: messageKey('required') }),
});
export type ApprovalInput = z.infer<typeof approvalSchema>;

export const approversQuerySchema = z.object({
  outlet_id: z.uuid(),
  action: approvalActionSchema,
});
export type ApproversQuery = z.infer<typeof approversQuerySchema>;

/** Someone who may approve the action at the outlet (has the permission and a PIN). */
export const approverSchema = z.object({ id: text(), fullname: text(), locked: z.boolean() });
export type Approver = z.infer<typeof approverSchema>;

/** An approval as the records that carry one show it. */
export const approvalRecordSchema = z.object({
  id: text(),
  action: approvalActionSchema,
  approved_by: text().nullable(),
  approved_by_name: text(),
  requested_by_name: text(),
  at: text(),
});
export type ApprovalRecord = z.infer<typeof approvalRecordSchema>;
