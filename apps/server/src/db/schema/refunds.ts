import { refundKinds, refundMethods, refundStatuses } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './access';
import { createdAt, id, idempotencyKeyUnique, parentColumn, ts } from './columns';
import { orderItems, orders, statusList } from './orders';
import { shifts } from './shifts';
import { statusHistoryTable } from './history';
import { outletColumn, outlets, tenantColumn } from './tenancy';

// Refunds (DESIGN §4 machine, §10 entity). Amounts in integer sen. A refund counts against its
// order's paid amount from the moment it is asked for until it is rejected: the sum of the
// counting refunds of an order never exceeds what was paid, checked with the order row locked.

export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    tenantId: tenantColumn(),
    outletId: uuid('outlet_id')
      .notNull()
      .references(() => outlets.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** `RF-KL01-000123`: the outlet code and the outlet's refund counter. */
    refundNo: text('refund_no').notNull(),
    kind: text('kind').notNull(),
    method: text('method').notNull(),
    /** The order's payment method the money goes back to; null for a bank transfer. */
    paymentMethod: text('payment_method'),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    reasonNote: text('reason_note'),
    status: text('status').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    // Snapshots: the refund keeps who asked and who approved after the users are removed.
    requestedByName: text('requested_by_name'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    bankCode: text('bank_code'),
    accountHolder: text('account_holder'),
    accountNumber: text('account_number'),
    transferReference: text('transfer_reference'),
    /** The transfer proof's private file key (lib/private-files.ts), served by its own route. */
    proofKey: text('proof_url'),
    /** Paid back through the payment's provider: pending, succeeded or failed; null by hand. */
    providerPayout: text('provider_payout'),
    /** The Idempotency-Key of the request that asked for it: the last line against doubles. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: ts('completed_at'),
    /**
     * The business day it counts on: the outlet's day when it completed, or the next open one when
     * that day was already closed (decision 049).
     */
    businessDate: date('business_date', { mode: 'string' }),
    /** The shift whose drawer paid it (a cash refund), or the completer's open shift there. */
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('refunds_tenant_outlet_no_unique').on(t.tenantId, t.outletId, t.refundNo),
    idempotencyKeyUnique('refunds', t),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('refunds_tenant_outlet_status_idx').on(t.tenantId, t.outletId, t.status),
    index('refunds_tenant_business_date_idx').on(t.tenantId, t.businessDate),
    index('refunds_shift_idx')
      .on(t.shiftId)
      .where(sql`${t.shiftId} is not null`),
    check('refunds_status_check', sql`${t.status} in (${statusList(refundStatuses)})`),
    check('refunds_kind_check', sql`${t.kind} in (${statusList(refundKinds)})`),
    check('refunds_method_check', sql`${t.method} in (${statusList(refundMethods)})`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check(
      'refunds_provider_payout_check',
      sql`${t.providerPayout} in ('pending', 'succeeded', 'failed')`,
    ),
  ],
);

/** The items of an item refund: how many units of which order line, and what they gave back. */
export const refundItems = pgTable(
  'refund_items',
  {
    id: id(),
    tenantId: tenantColumn(),
    refundId: parentColumn('refund_id', () => refunds.id),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [
    index('refund_items_refund_idx').on(t.refundId),
    index('refund_items_order_item_idx').on(t.orderItemId),
    check('refund_items_quantity_check', sql`${t.quantity} > 0 and ${t.amount} >= 0`),
  ],
);

/** Every status a refund went through, with who moved it, when and why. */
export const refundStatusHistory = statusHistoryTable('refund_status_history', {
  key: 'refundId',
  column: 'refund_id',
  references: () => refunds.id,
});

/** The refund number counter of an outlet, incremented in the refund's transaction. */
export const refundCounters = pgTable(
  'refund_counters',
  {
    tenantId: tenantColumn(),
    outletId: outletColumn(),
    lastNo: integer('last_no').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.outletId] })],
);
