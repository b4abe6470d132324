import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { outlets, tenantColumn } from './tenancy';

/** A 64-bit transaction id, read as its decimal text (it can pass Number.MAX_SAFE_INTEGER). */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

// Live events (DESIGN §9, decision 061): an append-only stream delivered in (xid, id) order,
// the writing transaction's id then the row id, so a reconnecting client asks for
// `since=<last id>` and gets exactly what it missed. Old rows are pruned by housekeeping.
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantColumn(),
    outletId: uuid('outlet_id').references(() => outlets.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The writing transaction (its top-level id, also from a savepoint). */
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('live_events_tenant_position_idx').on(t.tenantId, t.xid, t.id),
    index('live_events_position_idx').on(t.xid, t.id),
  ],
);
