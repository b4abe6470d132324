import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './access';
import { id, ts } from './columns';
import { tenantColumn } from './tenancy';

// A manager's approval at the till: the manager types their PIN on the cashier's screen, without
// signing the cashier out (docs/decisions/055). The PIN itself is a hash on `users`; its failures
// are counted per approver and device here; each approval granted is a row of `approvals`.

/** What a PIN approves (the contract's approvalActions). */
export const approvalActionList = sql.raw(
  `'shift_variance', 'manual_discount', 'order_void', 'refund', 'cash_out', 'no_sale'`,
);

/** Failed PINs of one approver typed on one device: throttled there, locked when they pile up. */
export const pinAttempts = pgTable(
  'pin_attempts',
  {
    tenantId: tenantColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The device's own random id (the POS keeps it in the browser). */
    deviceId: text('device_id').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: ts('last_failure_at').notNull().defaultNow(),
    /** No PIN of the approver is tried on this device before this moment. */
    nextAllowedAt: ts('next_allowed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceId] }),
    index('pin_attempts_tenant_idx').on(t.tenantId),
  ],
);

/** An approval granted by PIN: who asked, who approved, for what, on which device. */
export const approvals = pgTable(
  'approvals',
  {
    id: id(),
    tenantId: tenantColumn(),
    action: text('action').notNull(),
    /** The row approved for: a shift, an order, a refund, a cash movement, a drawer opening. */
    subjectId: uuid('subject_id'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name').notNull(),
    deviceId: text('device_id').notNull(),
    /** What was approved (an amount, a variance, a discount), as the action's screen shows it. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('approvals_tenant_at_idx').on(t.tenantId, t.at),
    index('approvals_subject_idx').on(t.tenantId, t.subjectId),
    check('approvals_action_check', sql`${t.action} in (${approvalActionList})`),
    check('approvals_not_self_check', sql`${t.requestedBy} is distinct from ${t.approvedBy}`),
  ],
);
