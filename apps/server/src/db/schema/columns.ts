import { sql } from 'drizzle-orm';
import type { StoredReasonParams } from '@kopi/contract';
import {
  type AnyPgColumn,
  jsonb,
  type PgColumn,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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

/** A coded reason's parameters (the contract's `reasonParamSchemas`, by its code). */
export const reasonParamsColumn = (name: string) => jsonb(name).$type<StoredReasonParams>();

/**
 * A reason the server wrote, as its code and parameters (the contract's coded reasons), beside
 * the free-text `reason` a person types: screens and files say it in the reader's language.
 */
export const codedReasonColumns = () => ({
  reasonCode: text('reason_code'),
  reasonParams: reasonParamsColumn('reason_params'),
});
