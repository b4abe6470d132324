import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, ts, updatedAt } from './columns';
import { customers } from './customers';
import { orders } from './orders';
import { refunds } from './refunds';
import { tenantColumn, tenants } from './tenancy';

/**
 * A payment started with a provider for an order: `pending` until the provider's signed callback
 * says `paid` or `failed`. The amount is fixed when it starts; a callback must match it.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: id(),
    tenantId: tenantColumn(),
    /** `order`: paying an order; `topup`: adding stored value to the customer's wallet. */
    purpose: text('purpose').notNull().default('order'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('pending'),
    /**
     * The gateway's own reference of the payment (a Billplz bill id): its notifications name
     * this, and the callback finds the payment (and so its tenant's gateway) by it.
     */
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('payment_intents_order_idx').on(t.orderId),
    // A top-up start sums the customer's top-ups still being paid under their row's lock.
    index('payment_intents_topup_pending_idx')
      .on(t.customerId)
      .where(sql`${t.purpose} = 'topup' and ${t.status} = 'pending'`),
    uniqueIndex('payment_intents_provider_ref_unique')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    check('payment_intents_status_check', sql`${t.status} in ('pending', 'paid', 'failed')`),
    check('payment_intents_amount_check', sql`${t.amount} > 0`),
    check(
      'payment_intents_purpose_check',
      sql`(${t.purpose} = 'order' and ${t.orderId} is not null) or (${t.purpose} = 'topup' and ${t.customerId} is not null)`,
    ),
  ],
);

/**
 * Every provider notification processed, by the provider's event id: a replayed callback finds
 * its row and changes nothing (the row commits with the effect, so a failed one can be retried).
 */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id'),
    status: text('status').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [unique('payment_callbacks_provider_event_unique').on(t.provider, t.eventId)],
);

/**
 * A refund paid back through the provider of a payment: `pending` from the refund's approval
 * (written in its transaction) until the provider's signed callback says `succeeded` or
 * `failed`. Its id is the key the provider refunds by, so asking again never pays twice.
 */
export const providerRefunds = pgTable(
  'provider_refunds',
  {
    id: id(),
    tenantId: tenantColumn(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => paymentIntents.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    /** The last time the provider was asked (the sweeper asks again after a minute's silence). */
    requestedAt: ts('requested_at'),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('provider_refunds_refund_idx').on(t.refundId),
    index('provider_refunds_payment_idx').on(t.paymentId),
    index('provider_refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('provider_refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('provider_refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * A business's account with a payment gateway (tenant_id null: the platform's own, for plan
 * checkout). The credentials are one AES-256-GCM sealed JSON object (never stored in the clear);
 * one row per tenant and provider.
 */
export const paymentGateways = pgTable(
  'payment_gateways',
  {
    id: id(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    mode: text('mode').notNull().default('sandbox'),
    /** `v1:iv:tag:ciphertext` (base64url) of the credentials' JSON, bound to tenant and provider. */
    credentials: text('credentials').notNull(),
    /** The payment methods it serves: fpx, card, ewallet. */
    methods: jsonb('methods').$type<string[]>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** Who last changed it (user name: the trail outlives the users). */
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payment_gateways_tenant_provider_unique').on(t.tenantId, t.provider).nullsNotDistinct(),
    check('payment_gateways_mode_check', sql`${t.mode} in ('sandbox', 'production')`),
  ],
);
