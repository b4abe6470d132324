import { z } from 'zod';
import { messageKey, senBetween, text } from './validation';

// A customer's wallet topped up at the counter, by cash or card. It is stored
// value, not a sale of goods: no order, kept out of the sales figures as an app top-up is, a
// `topup` entry in the wallet's ledger, and its cash counted in the till's drawer. Paths:
//   GET  /api/counter-topups/options                 create-pos  the presets and the maximum balance
//   POST /api/customers/{id}/wallet/counter-topups   create-pos  top up (Idempotency-Key required)
// Staff bound to an outlet top up at that outlet only (another is a 404). Each top-up has a
// receipt number `<OUTLET>-T0001`, counted per outlet and business day.

export const counterTopupMethods = ['cash', 'card'] as const;
export const counterTopupMethodSchema = z.enum(counterTopupMethods);
export type CounterTopupMethod = z.infer<typeof counterTopupMethodSchema>;

/** RM 1 to RM 10,000 in one top-up, as the app's. */
export const COUNTER_TOPUP_MIN = 100;
export const COUNTER_TOPUP_MAX = 1_000_000;

/**
 * POST /api/customers/{id}/wallet/counter-topups. Cash may say what was handed over (at least the
 * amount; the change is the rest); a card top-up may carry the terminal's slip reference.
 */
export const counterTopupCreateSchema = z
  .object({
    outlet_id: z.uuid(),
    /** The till it is rung up on; left out, the outlet's first till. */
    till_id: z.uuid().optional(),
    method: counterTopupMethodSchema,
    amount: senBetween(COUNTER_TOPUP_MIN, COUNTER_TOPUP_MAX),
    tendered: senBetween(1, 10_000_000).optional(),
    reference: text()
      .trim()
      .max(60, { error: messageKey('max_length', { max: 60 }) })
      .optional(),
  })
  .refine((b) => b.method === 'cash' || b.tendered === undefined, {
    path: ['tendered'],
    error: messageKey('invalid'),
  })
  .refine((b) => b.tendered === undefined || b.tendered >= b.amount, {
    path: ['tendered'],
    error: messageKey('invalid'),
  })
  .refine((b) => b.method === 'card' || !b.reference, {
    path: ['reference'],
    error: messageKey('invalid'),
  });
export type CounterTopupCreate = z.infer<typeof counterTopupCreateSchema>;

/** What the counter's top-up receipt prints. */
export const counterTopupSchema = z.object({
  id: text(),
  receipt_no: text(),
  business_date: text(),
  outlet_id: text(),
  outlet_code: text(),
  till_id: text().nullable(),
  shift_id: text().nullable(),
  customer: z.object({ id: text(), name: text(), phone: text() }),
  method: counterTopupMethodSchema,
  amount: z.number().int(),
  /** Cash handed over (null for card, or cash given exactly without saying). */
  tendered: z.number().int().nullable(),
  change: z.number().int(),
  reference: text().nullable(),
  /** The wallet and points after the top-up. */
  wallet_balance: z.number().int(),
  points_balance: z.number().int(),
  by_name: text(),
  created_at: text(),
});
export type CounterTopup = z.infer<typeof counterTopupSchema>;

/** GET /api/counter-topups/options: the tenant's top-up buttons and the wallet's maximum. */
export const counterTopupOptionsSchema = z.object({
  topup_presets: z.array(z.number().int()),
  max_balance: z.number().int(),
});
export type CounterTopupOptions = z.infer<typeof counterTopupOptionsSchema>;
