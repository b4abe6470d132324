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
import { createdAt, id, idempotencyKeyUnique, parentColumn, ts, updatedAt } from './columns';
import { actorColumns } from './history';
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
    tillId: parentColumn('till_id', () => tills.id),
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
    idempotencyKeyUnique('shifts', t),
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
    shiftId: parentColumn('shift_id', () => shifts.id),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    amount: integer('amount').notNull(),
    note: text('note'),
    ...actorColumns(),
    idempotencyKey: text('idempotency_key'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('cash_movements_shift_idx').on(t.shiftId, t.at),
    idempotencyKeyUnique('cash_movements', t),
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
    shiftId: parentColumn('shift_id', () => shifts.id),
    reason: text('reason').notNull(),
    note: text('note'),
    ...actorColumns(),
    /** The manager's approval by PIN, when the opener may not open it alone. */
    approvalId: uuid('approval_id'),
    idempotencyKey: text('idempotency_key'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('drawer_openings_shift_idx').on(t.shiftId, t.at),
    idempotencyKeyUnique('drawer_openings', t),
    check(
      'drawer_openings_reason_check',
      sql`${t.reason} in ('give_change', 'check_float', 'correct_error', 'other')`,
    ),
  ],
);
