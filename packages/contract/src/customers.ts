import { z } from 'zod';
import { listQuerySchema } from './common';
import { localeSchema } from './locale';
import { pointsEntrySchema, walletEntrySchema } from './loyalty';
import { phoneSchema } from './mobile';
import { messageKey, optionalEmail, requiredString, text } from './validation';

// The chain's customers as staff see them (DESIGN §8 customers). Paths (permission):
//   GET  /api/customers                  read-customer    list: q (name, phone, e-mail), tier_id, status,
//                                                         joined_from/to, last_order_from/to, has_wallet
//   GET  /api/customers/export           read-customer    those rows as CSV
//   GET  /api/customers/lookup?phone=    create-pos       the counter finds a customer by phone (null when none)
//   POST /api/customers                  create-pos       the counter adds one (name, phone); create-customer too
//   GET  /api/customers/{id}             read-customer    profile, balances, tier, counts
//   PUT  /api/customers/{id}             update-customer  name, e-mail, birthday
//   GET  /api/customers/{id}/orders      read-customer    the customer's orders (list)
//   POST /api/customers/{id}/block       update-customer  blocked: no app sign-in, no wallet charge
//   POST /api/customers/{id}/unblock     update-customer
//   GET|POST /api/customers/{id}/notes   read-/update-customer  staff notes
//   GET  /api/customers/{id}/personal-data  update-customer  PDPA: everything held on the customer (JSON)
//   POST /api/customers/{id}/anonymise   update-customer  PDPA: erase personal data; orders and ledgers stay

/** `disabled` is shown as Blocked: no app sign-in and no wallet charge. */
export const staffCustomerStatuses = ['active', 'disabled'] as const;
export const staffCustomerStatusSchema = z.enum(staffCustomerStatuses);

const tierRef = z.object({ id: text(), name_en: text(), name_my: text(), colour: text() });

export const customerSummarySchema = z.object({
  id: text(),
  name: text(),
  phone: text(),
  email: text().nullable(),
  status: staffCustomerStatusSchema,
  tier: tierRef.nullable(),
  points: z.number().int(),
  wallet_balance: z.number().int(),
  orders: z.number().int(),
  last_order_at: text().nullable(),
  /** Signed up in the app (false for a customer the counter added by phone). */
  app_account: z.boolean(),
  anonymised: z.boolean(),
  created_at: text(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerDetailsSchema = customerSummarySchema.extend({
  birthday: text().nullable(),
  referral_code: text(),
  referred_by: z.object({ id: text(), name: text() }).nullable(),
  phone_verified: z.boolean(),
  total_spend: z.number().int(),
  /** The next tier up and what is still missing: points, or sen of spend (`basis`). */
  next_tier: z
    .object({
      name_en: text(),
      name_my: text(),
      basis: z.enum(['points', 'spend']),
      remaining: z.number().int(),
      /** Where the next tier starts, on the same basis: the screen draws the way there. */
      threshold: z.number().int(),
    })
    .nullable(),
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

export const customerSortKeys = ['created', 'name', 'last_order', 'wallet', 'points'] as const;

export const customerListQuerySchema = listQuerySchema.extend({
  status: staffCustomerStatusSchema.optional(),
  /** A tier's id, or `none`: the customers in no tier yet. */
  tier_id: z.union([z.uuid(), z.literal('none')]).optional(),
  joined_from: z.iso.date().optional(),
  joined_to: z.iso.date().optional(),
  last_order_from: z.iso.date().optional(),
  last_order_to: z.iso.date().optional(),
  has_wallet: z.enum(['true', 'false']).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerExportQuerySchema = customerListQuerySchema
  .omit({ page: true, page_size: true })
  .extend({ lang: localeSchema.optional() });

export const customerLookupQuerySchema = z.object({ phone: phoneSchema });

/** The counter adds a walk-in by name and phone so the sale earns points. */
export const counterCustomerInputSchema = z.object({
  name: requiredString(100),
  phone: phoneSchema,
});
export type CounterCustomerInput = z.infer<typeof counterCustomerInputSchema>;

export const customerUpdateSchema = z.object({
  name: requiredString(100),
  email: optionalEmail.nullable().optional(),
  birthday: z.iso
    .date({ error: messageKey('date_invalid') })
    .nullable()
    .optional(),
});
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

export const customerNoteInputSchema = z.object({ body: requiredString(1000) });

export const customerNoteSchema = z.object({
  id: text(),
  body: text(),
  author: text(),
  created_at: text(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

/** An order as a customer's record names it: its number, where, how it came in and how it stands. */
const customerOrderNaming = {
  order_no: text(),
  outlet_name: text(),
  source: text(),
  status: text(),
};

export const customerOrderSummarySchema = z.object({
  id: text(),
  ...customerOrderNaming,
  total: z.number().int(),
  refunded: z.number().int(),
  created_at: text(),
});
export type CustomerOrderSummary = z.infer<typeof customerOrderSummarySchema>;

/** How many of a customer's staff notes the counter shows when the customer is attached. */
export const COUNTER_NOTES_SHOWN = 5;

/**
 * The counter's view of a customer: the summary and the staff's latest notes, newest first (an
 * allergy or a preference the cashier should see before making the drink).
 */
export const counterCustomerSchema = customerSummarySchema.extend({ notes: z.array(text()) });
export type CounterCustomer = z.infer<typeof counterCustomerSchema>;

/** The counter's lookup by phone: the customer, or null when none has that phone. */
export const customerLookupSchema = counterCustomerSchema.nullable();

/** Blocking or unblocking: why, for the audit trail (optional). */
export const customerBlockSchema = z.object({
  reason: text()
    .trim()
    .max(200, { error: messageKey('max_length', { max: 200 }) })
    .optional(),
});
export type CustomerBlock = z.infer<typeof customerBlockSchema>;

/** Erasing a customer's personal data cannot be undone: the request says so explicitly. */
export const customerAnonymiseSchema = z.object({
  confirm: z.literal(true, { error: messageKey('required') }),
});

/**
 * Everything held on one customer (PDPA access request), as one JSON document. Nothing of other
 * customers: a referral names only its role and dates, not the other person.
 */
export const customerPersonalDataSchema = z.object({
  exported_at: text(),
  profile: z.object({
    id: text(),
    name: text(),
    phone: text(),
    email: text().nullable(),
    birthday: text().nullable(),
    status: staffCustomerStatusSchema,
    referral_code: text(),
    tier: text().nullable(),
    points: z.number().int(),
    wallet_balance: z.number().int(),
    phone_verified_at: text().nullable(),
    last_sign_in_at: text().nullable(),
    anonymised_at: text().nullable(),
    created_at: text(),
  }),
  orders: z.array(
    z.object({
      ...customerOrderNaming,
      customer_name: text().nullable(),
      customer_phone: text().nullable(),
      delivery_address: text().nullable(),
      total: z.number().int(),
      paid: z.number().int(),
      refunded: z.number().int(),
      created_at: text(),
    }),
  ),
  wallet_entries: z.array(walletEntrySchema),
  points_entries: z.array(pointsEntrySchema),
  referrals: z.array(
    z.object({
      role: z.enum(['referrer', 'referee']),
      status: z.enum(['pending', 'rewarded', 'reversed']),
      created_at: text(),
      rewarded_at: text().nullable(),
      reversed_at: text().nullable(),
    }),
  ),
  notes: z.array(customerNoteSchema),
  app_sessions: z.array(
    z.object({
      created_at: text(),
      expires_at: text(),
      revoked_at: text().nullable(),
      ip: text().nullable(),
      user_agent: text().nullable(),
    }),
  ),
});
export type CustomerPersonalData = z.infer<typeof customerPersonalDataSchema>;

/** What anonymising erased (counts only: the answer and the audit trail keep no personal data). */
export const customerAnonymisedSchema = z.object({
  id: text(),
  anonymised_at: text(),
  orders_cleared: z.number().int(),
  notes_deleted: z.number().int(),
  sessions_revoked: z.number().int(),
});
export type CustomerAnonymised = z.infer<typeof customerAnonymisedSchema>;
