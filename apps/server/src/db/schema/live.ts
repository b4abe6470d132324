import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { outlets, tenantColumn } from './tenancy';

// Live events (DESIGN §9): an append-only stream with increasing ids, so a reconnecting client
// asks for `since=<last id>` and gets exactly what it missed. Old rows are pruned by housekeeping.
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantColumn(),
    outletId: uuid('outlet_id').references(() => outlets.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_tenant_id_idx').on(t.tenantId, t.id)],
);
