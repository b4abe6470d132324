import { z } from 'zod';
import { reasonFieldsShape } from './coded-reasons';
import { listQuerySchema } from './common';
import { orderChargesShape } from './order-charges';
import { orderItemInputSchema, orderItemSchema } from './orders';
import { posMenuProductSchema } from './pos';
import { outletPlaceShape } from './outlets';
import { paymentMethodSchema, servingMethodSchema } from './pricing';
import { orderVoucherSchema } from './order-voucher';
import { orderStatuses } from './status-machines';
import { voucherCodeSchema } from './vouchers';
import {
  messageKey,
  optionalEmail,
  passwordSchema,
  PASSWORD_MAX_LENGTH,
  requiredWhen,
  text,
} from './validation';

// The API of the chain's customer app (/api/mobile/…) and the payment providers'
// callbacks (/api/payments/{provider}/callback). Customers are not staff: they sign up with a
// phone number and a password, verify the phone with a 6-digit code, and order for themselves.

/** Signed-out calls name the business (tenant) by its slug in this header; signed-in calls
 * take the tenant from the customer's session and ignore it. */
export const MOBILE_TENANT_HEADER = 'x-tenant';

/**
 * A phone number as stored: E.164 (`+60123456789`). Malaysian local forms are accepted —
 * `012-345 6789`, `60123456789`, `+60 12-345 6789` — and other countries with their `+` code.
 * Null when it cannot be a phone number.
 */
export function normalisePhone(raw: string): string | null {
  const compact = raw.trim().replace(/[\s\-().]/g, '');
  let e164: string;
  if (compact.startsWith('+')) e164 = compact;
  else if (compact.startsWith('00')) e164 = `+${compact.slice(2)}`;
  else if (compact.startsWith('60')) e164 = `+${compact}`;
  else if (compact.startsWith('0')) e164 = `+60${compact.slice(1)}`;
  else return null;
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : null;
}

export const phoneSchema = text({ error: messageKey('required') })
  .trim()
  .min(1, { error: messageKey('required') })
  .max(32, { error: messageKey('max_length', { max: 32 }) })
  .transform((v, ctx) => {
    const phone = normalisePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: messageKey('invalid') });
      return z.NEVER;
    }
    return phone;
  });

/** Distance on the Earth's surface in kilometres (haversine, mean radius 6,371 km). */
export function distanceKm(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

// ---- Sign-up, phone verification, sign-in -------------------------------------------------------

export const VERIFICATION_CODE_LENGTH = 6;
const verificationCode = text({ error: messageKey('required') })
  .trim()
  .regex(/^\d{6}$/, { error: messageKey('exact_length', { n: VERIFICATION_CODE_LENGTH }) });

/** POST /api/mobile/auth/sign-up (X-Tenant): sends a 6-digit code to the phone. */
export const mobileSignUpSchema = z.object({
  name: text({ error: messageKey('required') })
    .trim()
    .min(1, { error: messageKey('required') })
    .max(80, { error: messageKey('max_length', { max: 80 }) }),
  phone: phoneSchema,
  password: passwordSchema,
  email: optionalEmail.optional(),
  birthday: z.iso.date({ error: messageKey('date_invalid') }).optional(),
  /** A friend's referral code (an unknown code is refused, so a typo does not go unnoticed). */
  referral_code: text().trim().max(20).optional(),
});
export type MobileSignUp = z.infer<typeof mobileSignUpSchema>;

export const mobileSignUpResultSchema = z.object({
  phone: text(),
  /** The code went to the phone (through the outbox); it expires after this many seconds. */
  code_expires_in: z.number().int(),
});

/** POST /api/mobile/auth/verify-phone (X-Tenant): the code from the SMS; answers a session. */
export const mobileVerifyPhoneSchema = z.object({ phone: phoneSchema, code: verificationCode });

/** POST /api/mobile/auth/resend-code (X-Tenant): same answer whether or not the phone is known. */
export const mobileResendCodeSchema = z.object({ phone: phoneSchema });

/** POST /api/mobile/auth/sign-in (X-Tenant). */
export const mobileSignInSchema = z.object({
  phone: phoneSchema,
  password: text({ error: messageKey('required') })
    .min(1, { error: messageKey('required') })
    .max(PASSWORD_MAX_LENGTH, { error: messageKey('max_length', { max: PASSWORD_MAX_LENGTH }) }),
});

export const customerStatuses = ['active', 'disabled'] as const;

/** The signed-in customer as the app shows them (DESIGN §10 customer). */
export const mobileCustomerSchema = z.object({
  id: text(),
  name: text(),
  phone: text(),
  email: text().nullable(),
  birthday: text().nullable(),
  referral_code: text(),
  tier: text().nullable(),
  points: z.number().int(),
  phone_verified: z.boolean(),
  created_at: text(),
});
export type MobileCustomer = z.infer<typeof mobileCustomerSchema>;

/** A customer session: `token` goes in `Authorization: Bearer …` on the signed-in routes. */
export const mobileSessionSchema = z.object({
  token: text(),
  expires_at: text(),
  tenant_slug: text(),
  customer: mobileCustomerSchema,
});
export type MobileSession = z.infer<typeof mobileSessionSchema>;

// ---- Outlets and menu -------------------------------------------------------------------------

/** GET /api/mobile/outlets?lat&lng (X-Tenant): with a position, sorted nearest first. */
export const mobileOutletsQuerySchema = z
  .object({
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    path: ['lng'],
    error: messageKey('required'),
  });

export const mobileOutletSchema = z.object({
  ...outletPlaceShape,
  serving_methods: z.array(servingMethodSchema),
  delivery_fee: z.number().int(),
  timezone: text(),
  /** Within opening hours now (hours and closures). */
  open_now: z.boolean(),
  /** The outlet's own switch: off while it pauses app orders (busy, out of stock). */
  accepting_orders: z.boolean(),
  /** An order placed now would be taken: open, before last orders, switch on, day not closed. */
  taking_orders_now: z.boolean(),
  closes_at: text().nullable(),
  next_open_at: text().nullable(),
  /** From the `lat`/`lng` asked about, in km (1 decimal); null without a position. */
  distance_km: z.number().nullable(),
});
export type MobileOutlet = z.infer<typeof mobileOutletSchema>;

/**
 * A product as the app lists it: only what the outlet sells (sold out today is flagged). `name`
 * (of the product, its groups, options and add-ons) is in the request's Accept-Language: Malay
 * (`ms` or `my`) gives the Malay name where one is set, else the English one; `name_my` is the
 * Malay name as entered (null when none), for an app that switches language without reloading.
 */
export const mobileMenuProductSchema = posMenuProductSchema
  .omit({ barcode: true, available: true })
  .extend({ description: text().nullable() });
export type MobileMenuProduct = z.infer<typeof mobileMenuProductSchema>;

/** GET /api/mobile/outlets/{id}/menu (X-Tenant). */
export const mobileMenuSchema = z.object({
  outlet: mobileOutletSchema,
  categories: z.array(z.object({ id: text(), name_en: text(), name_my: text() })),
  products: z.array(mobileMenuProductSchema),
});
export type MobileMenu = z.infer<typeof mobileMenuSchema>;

// ---- Orders -----------------------------------------------------------------------------------

/** A table's code as printed on its QR sticker (dine in). */
export const tableCodeSchema = text()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,20}$/, { error: messageKey('invalid') });

/** POST /api/mobile/orders (Idempotency-Key required): the order is CREATED until it is paid. */
export const mobileOrderCreateSchema = z
  .object({
    outlet_id: z.uuid(),
    serving_method: servingMethodSchema,
    table_code: tableCodeSchema.optional(),
    delivery_address: text().trim().max(300).optional(),
    notes: text().trim().max(300).optional(),
    items: z
      .array(orderItemInputSchema)
      .min(1, { error: messageKey('min_items', { minCount: 1 }) })
      .max(50, { error: messageKey('max_items', { maxCount: 50 }) }),
    /** A voucher's code (the app's `vouchers` switch must be on). */
    voucher_code: voucherCodeSchema.optional(),
  })
  .check(
    requiredWhen('table_code', (o) => o.serving_method === 'dine_in'),
    requiredWhen('delivery_address', (o) => o.serving_method === 'delivery'),
  );
export type MobileOrderCreate = z.infer<typeof mobileOrderCreateSchema>;

/** Online payments only: cash is paid at a counter, never through the app. */
export const onlinePaymentMethodSchema = paymentMethodSchema.exclude(['cash', 'wallet']);
export const onlinePaymentMethods = onlinePaymentMethodSchema.options;

export const mobileOrderSummarySchema = z.object({
  id: text(),
  order_no: text(),
  outlet_id: text(),
  outlet_name: text(),
  serving_method: servingMethodSchema,
  status: z.enum(orderStatuses),
  business_date: text(),
  created_at: text(),
  total: z.number().int(),
});
export type MobileOrderSummary = z.infer<typeof mobileOrderSummarySchema>;

export const mobileOrderSchema = mobileOrderSummarySchema.extend({
  table_code: text().nullable(),
  delivery_address: text().nullable(),
  notes: text().nullable(),
  ...orderChargesShape,
  /** Paid for an order that was then cancelled or rejected: owed back to the customer. */
  refund_due: z.number().int(),
  /** The voucher redeemed on it, or null. */
  voucher: orderVoucherSchema.nullable(),
  items: z.array(orderItemSchema.omit({ sku: true })),
  payments: z.array(
    z.object({ method: text(), amount: z.number().int(), status: text(), at: text() }),
  ),
  /**
   * Each status with its reason: `reason` in the app's language (a code the server wrote, in
   * words; what a person typed, as typed), and the server's code and parameters when it wrote it.
   */
  history: z.array(z.object({ status: text(), at: text(), ...reasonFieldsShape })),
  /** What the customer may do now. */
  can_pay: z.boolean(),
  can_cancel: z.boolean(),
});
export type MobileOrder = z.infer<typeof mobileOrderSchema>;

/** GET /api/mobile/orders: the customer's own orders, newest first. */
export const mobileOrderListQuerySchema = listQuerySchema
  .pick({ page: true, page_size: true })
  .extend({ status: z.enum(orderStatuses).optional() });

/** POST /api/mobile/orders/{id}/cancel — while CREATED or PENDING; the body may be left out. */
export const mobileOrderCancelSchema = z
  .object({ reason: text().trim().max(200).optional() })
  .nullish();

// ---- Payments ---------------------------------------------------------------------------------

/** Payment providers the server knows. `sandbox` is built in (no money moves). */
export const paymentProviders = ['sandbox', 'billplz', 'stripe', 'ipay88', 'fiuu'] as const;
export const paymentProviderSchema = z.enum(paymentProviders);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

/** POST /api/mobile/orders/{id}/pay (Idempotency-Key required). */
export const mobilePayRequestSchema = z.object({
  /**
   * Left out: the business's default gateway among those taking the method (GET
   * /api/mobile/payment-options), then the sandbox where the server runs it.
   */
  provider: paymentProviderSchema.optional(),
  method: onlinePaymentMethodSchema.default('card'),
  /** Sandbox only: how the pretend bank answers (a declined card leaves the order CREATED). */
  sandbox_outcome: z.enum(['paid', 'failed']).default('paid'),
});
export type MobilePayRequest = z.infer<typeof mobilePayRequestSchema>;

/** GET /api/mobile/payment-options: who takes the app's payments, the default first. */
export const paymentOptionSchema = z.object({
  provider: paymentProviderSchema,
  /** The app's payment methods this provider takes. */
  methods: z.array(onlinePaymentMethodSchema),
  is_default: z.boolean(),
});
export const paymentOptionsSchema = z.array(paymentOptionSchema);
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

/** The header carrying the sandbox's HMAC-SHA256 (hex) of the raw callback body. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** What a provider posts to /api/payments/sandbox/callback, signed over the exact bytes. */
export const sandboxCallbackSchema = z.object({
  /** Unique per notification: the same event twice is a replay and changes nothing. */
  event_id: text().min(8).max(100),
  payment_id: z.uuid(),
  /** The order paid; null for a wallet top-up. */
  order_id: z.uuid().nullable(),
  amount: z.number().int().min(0),
  status: z.enum(['paid', 'failed']),
  /** When the provider sent it (ISO 8601); older than 5 minutes is refused. */
  timestamp: z.iso.datetime({ offset: true }),
});
export type SandboxCallback = z.infer<typeof sandboxCallbackSchema>;

/**
 * What the sandbox posts to the same callback when a refund it was asked for ends. `refund_id`
 * is the server's id of that provider refund; the event id is fixed per refund, so a resent
 * refund request or a repeated delivery is a replay.
 */
export const sandboxRefundCallbackSchema = z.object({
  type: z.literal('refund'),
  event_id: text().min(8).max(100),
  refund_id: z.uuid(),
  payment_id: z.uuid(),
  amount: z.number().int().min(1),
  status: z.enum(['refunded', 'failed']),
  timestamp: z.iso.datetime({ offset: true }),
});
export type SandboxRefundCallback = z.infer<typeof sandboxRefundCallbackSchema>;

export const paymentStartSchema = z.object({
  payment_id: text(),
  provider: paymentProviderSchema,
  method: text(),
  amount: z.number().int(),
  status: z.enum(['pending', 'paid', 'failed']),
  /** Where a real provider would send the customer (its payment page); null for the sandbox. */
  redirect_url: text().nullable(),
  /** What the app shows while the payment is in progress. */
  instructions: text(),
  /**
   * Stripe only: the PaymentIntent's client secret. The app confirms the payment with Stripe's
   * SDK (there is no payment page to open: redirect_url is null); the webhook settles it.
   */
  client_secret: text().optional(),
  /**
   * Sandbox only: the signed callback the pretend provider sends. Posting it as is to `url`
   * (raw `body`, `headers`) completes the payment, as a browser returning from a bank would.
   */
  sandbox_callback: z
    .object({
      url: text(),
      headers: z.record(text(), text()),
      body: text(),
    })
    .nullable(),
});
export type PaymentStart = z.infer<typeof paymentStartSchema>;

export const paymentCallbackResultSchema = z.object({
  received: z.literal(true),
  /** The event had been processed before (a replay): nothing changed this time. */
  duplicate: z.boolean(),
});
export type PaymentCallbackResult = z.infer<typeof paymentCallbackResultSchema>;
