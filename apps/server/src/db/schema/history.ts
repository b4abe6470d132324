import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './access';

/** Who did it, kept by name too: the user may be deleted later. */
export const actorColumns = () => ({
  byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
  byName: text('by_name'),
});

/** A status history row's move: from and to, who made it (kept by name too), why and when. */
export const statusMoveColumns = () => ({
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  ...actorColumns(),
  reason: text('reason'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
