import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './access';
import { createdAt, id, ts, updatedAt } from './columns';
import { outletColumn, tenantColumn } from './tenancy';

// Tills (an outlet's cash registers), the shifts cashiers work on them, the cash moved in and
// out of the drawer during a shift and the drawer's openings without a sale (decision 035). Every outlet has a till from its creation (a
// trigger of migration 0025); one shift at a time is open on a till (a partial unique index).

export const tills = pgTable(
  'tills',
  {
    id: id(),
    tenantId: tenantColumn(),
    outletId: outletColumn(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('tills_outlet_name_unique').on(t.outletId, t.name),
    index('tills_tenant_outlet_idx').on(t.tenantId, t.outletId),
  ],
);

/** How many of each note and coin (the contract's cashCountSchema). */
type CashCountJson = Record<string, number>;

export const shifts = pgTable(
  'shifts',
  {
    id: id(),
    tenantId: tenantColumn(),
    outletId: outletColumn(),
    tillId: uuid('till_id')
      .notNull()
      .references(() => tills.id, { onDelete: 'cascade' }),
    cashierId: uuid('cashier_id').references(() => users.id, { onDelete: 'set null' }),
    // A snapshot: the report keeps the cashier's name after the user is removed.
    cashierName: text('cashier_name'),
    /** The outlet's business day when the shift opened: the Z-report of that day lists it. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('open'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    openingFloat: integer('opening_float').notNull(),
    floatCount: jsonb('float_count').$type<CashCountJson>().notNull(),
    closedAt: ts('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name'),
    countedCount: jsonb('counted_count').$type<CashCountJson>(),
    counted: integer('counted'),
    /** What the drawer should have held at the close (the contract's drawerFigures). */
    expected: integer('expected'),
    variance: integer('variance'),
    closingNote: text('closing_note'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shifts_one_open_per_till')
      .on(t.tillId)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('shifts_tenant_idempotency_key_unique')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('shifts_tenant_outlet_day_idx').on(t.tenantId, t.outletId, t.businessDate),
    index('shifts_tenant_opened_idx').on(t.tenantId, t.openedAt.desc()),
    check('shifts_status_check', sql`${t.status} in ('open', 'closed')`),
    check('shifts_float_check', sql`${t.openingFloat} >= 0`),
  ],
);

export const cashMovements = pgTable(
  'cash_movements',
  {
    id: id(),
    tenantId: tenantColumn(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    amount: integer('amount').notNull(),
    note: text('note'),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name'),
    idempotencyKey: text('idempotency_key'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('cash_movements_shift_idx').on(t.shiftId, t.at),
    uniqueIndex('cash_movements_tenant_idempotency_key_unique')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('cash_movements_kind_check', sql`${t.kind} in ('cash_in', 'cash_out')`),
    check('cash_movements_reason_check', sql`${t.reason} in ('petty_cash', 'bank_drop', 'other')`),
    check('cash_movements_amount_check', sql`${t.amount} > 0`),
  ],
);

/** A "no sale": the drawer opened without a sale, with its reason (on the shift's report). */
export const drawerOpenings = pgTable(
  'drawer_openings',
  {
    id: id(),
    tenantId: tenantColumn(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name'),
    /** The manager's approval by PIN, when the opener may not open it alone. */
    approvalId: uuid('approval_id'),
    idempotencyKey: text('idempotency_key'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('drawer_openings_shift_idx').on(t.shiftId, t.at),
    uniqueIndex('drawer_openings_tenant_idempotency_key_unique')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check(
      'drawer_openings_reason_check',
      sql`${t.reason} in ('give_change', 'check_float', 'correct_error', 'other')`,
    ),
  ],
);
