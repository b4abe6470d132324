import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { codedReasonColumns, id, parentColumn } from './columns';
import { tenantColumn } from './tenancy';
import { users } from './access';

/** Who did it, kept by name too: the user may be deleted later. */
export const actorColumns = () => ({
  byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
  byName: text('by_name'),
});

/**
 * A status history row's move: from and to, who made it (kept by name too), why (as typed, or
 * the system's coded reason) and when.
 */
export const statusMoveColumns = () => ({
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  ...actorColumns(),
  reason: text('reason'),
  ...codedReasonColumns(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The table of every status a `parent` row went through, with who moved it, when and why: one
 * row per move, found by its parent in time order (`<table>_<parent>_idx`).
 */
export function statusHistoryTable<Key extends string>(
  table: string,
  parent: { key: Key; column: string; references: () => AnyPgColumn },
) {
  const parentColumns = {
    [parent.key]: parentColumn(parent.column, parent.references),
  } as Record<Key, ReturnType<typeof parentColumn>>;
  return pgTable(
    table,
    { id: id(), tenantId: tenantColumn(), ...parentColumns, ...statusMoveColumns() },
    (t) => [index(`${table}_${parent.column.replace(/_id$/, '')}_idx`).on(t[parent.key], t.at)],
  );
}
