import { z } from 'zod';
import { listQuerySchema } from './common';
import { referralStatusSchema, tierBasisSchema, walletEntrySchema } from './loyalty';
import { paymentMethodSchema } from './pricing';
import { messageKey, senBetween, text, wholeNumber } from './validation';

// The customer app's own wallet, points and referrals (paths at the top of loyalty.ts).

export const mobileWalletSchema = z.object({
  balance: z.number().int(),
  max_balance: z.number().int(),
  topup_presets: z.array(z.number().int()),
});
export type MobileWallet = z.infer<typeof mobileWalletSchema>;

/**
 * POST /api/mobile/wallet/topups (Idempotency-Key required): any amount from RM 1 (the presets
 * are the app's buttons), paid online; the balance after may not pass the tenant's maximum.
 */
export const mobileTopupSchema = z.object({
  amount: senBetween(100, 1_000_000),
  /**
   * A provider the server runs; left out, the business's default gateway for the method (then
   * the sandbox where it runs). One it does not run answers payment_provider_unavailable.
   */
  provider: text().trim().max(40).optional(),
  /** Online methods only: the wallet cannot top itself up and cash is paid at a counter. */
  method: paymentMethodSchema.exclude(['cash', 'wallet']).default('duitnow_qr'),
  /** Sandbox only: what the simulated payment does (default paid). */
  sandbox_outcome: z.enum(['paid', 'failed']).default('paid'),
});
export type MobileTopup = z.infer<typeof mobileTopupSchema>;

/** An entry of the customer's own ledger in the app (no staff names or internal reasons). */
export const mobileWalletEntrySchema = walletEntrySchema.pick({
  id: true,
  kind: true,
  amount: true,
  balance_after: true,
  order_id: true,
  order_no: true,
  created_at: true,
});
export type MobileWalletEntry = z.infer<typeof mobileWalletEntrySchema>;

/** GET /api/mobile/wallet/entries: newest first. */
export const mobileWalletEntriesQuerySchema = listQuerySchema.pick({ page: true, page_size: true });

export const mobilePaymentCodeSchema = z.object({
  code: text(),
  /** The QR's text: the same digits with a prefix the POS scanner recognises. */
  qr: text(),
  expires_at: text(),
});
export type MobilePaymentCode = z.infer<typeof mobilePaymentCodeSchema>;

export const mobilePointsSchema = z.object({
  points: z.number().int(),
  tier: z
    .object({
      id: text(),
      name_en: text(),
      name_my: text(),
      colour: text(),
      benefits_en: text(),
      benefits_my: text(),
    })
    .nullable(),
  next_tier: z.object({ name_en: text(), name_my: text(), remaining: z.number().int() }).nullable(),
  tier_basis: tierBasisSchema,
  redeem_points: z.number().int(),
  redeem_value: z.number().int(),
});
export type MobilePoints = z.infer<typeof mobilePointsSchema>;

export const mobileRedeemSchema = z.object({
  points: wholeNumber().min(1, { error: messageKey('min_value', { min: 1 }) }),
});
export type MobileRedeem = z.infer<typeof mobileRedeemSchema>;

/** The answer to a redemption: what was taken and credited, and both balances after it. */
export const mobileRedeemResultSchema = z.object({
  redeemed_points: z.number().int(),
  /** Sen of wallet credit. */
  credited: z.number().int(),
  points: z.number().int(),
  wallet_balance: z.number().int(),
});
export type MobileRedeemResult = z.infer<typeof mobileRedeemResultSchema>;

export const mobileReferralsSchema = z.object({
  referral_code: text(),
  enabled: z.boolean(),
  referrals: z.array(z.object({ name: text(), status: referralStatusSchema, created_at: text() })),
});
export type MobileReferrals = z.infer<typeof mobileReferralsSchema>;
