import { sql } from 'drizzle-orm';
import { type AnyPgColumn, type PgColumn, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Columns every table spells the same way.

export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The row a child row belongs to, required: the child goes with it. */
export const parentColumn = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });

/** At most one row of a tenant per Idempotency-Key, for rows written with one. */
export const idempotencyKeyUnique = (
  table: string,
  t: { tenantId: PgColumn; idempotencyKey: PgColumn },
) =>
  uniqueIndex(`${table}_tenant_idempotency_key_unique`)
    .on(t.tenantId, t.idempotencyKey)
    .where(sql`${t.idempotencyKey} is not null`);
