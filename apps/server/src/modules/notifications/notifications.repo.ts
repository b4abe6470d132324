import { and, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { notificationReads, notifications } from '../../db/schema/platform';
import { ownedWithin } from '../../db/tenant-scope';

// Notifications addressed to a user, to their outlet, or to everyone in their tenant, but for
// those telling of the user's own action. Staff with no outlet (admin, finance) work across all
// outlets and see every outlet's notifications.

export interface Audience {
  tenantId: string | null;
  userId: string;
  outletId: string | null;
}

function visibleTo(a: Audience) {
  return and(
    ownedWithin(notifications, a.tenantId),
    // No one is told of what they did themselves.
    or(isNull(notifications.actorId), ne(notifications.actorId, a.userId)),
    or(
      eq(notifications.userId, a.userId),
      and(
        isNull(notifications.userId),
        or(
          isNull(notifications.outletId),
          a.outletId ? eq(notifications.outletId, a.outletId) : isNotNull(notifications.outletId),
        ),
      ),
    ),
  );
}

/**
 * The user's unread notifications, newest first, and in the same query how many there are in
 * all. Only unread ones: the web's bell count is the list's length (SPEC §7), so a read one
 * leaves the list.
 */
export async function listUnreadForUser(db: Db, a: Audience, limit: number) {
  return db
    .select({
      id: notifications.id,
      idOrder: notifications.idOrder,
      title: notifications.title,
      body: notifications.body,
      titleKey: notifications.titleKey,
      params: notifications.params,
      createdAt: notifications.createdAt,
      readAt: notificationReads.readAt,
      // Window functions run before LIMIT, so this counts every visible row.
      unread: sql<number>`(count(*) over ())::int`,
    })
    .from(notifications)
    .leftJoin(
      notificationReads,
      and(
        eq(notificationReads.notificationId, notifications.id),
        eq(notificationReads.userId, a.userId),
      ),
    )
    .where(and(visibleTo(a), isNull(notificationReads.notificationId)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function isVisible(db: Db, a: Audience, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(a)))
    .limit(1);
  return row !== undefined;
}

export async function markRead(db: Db, a: Audience, id: string) {
  await db
    .insert(notificationReads)
    .values({ notificationId: id, userId: a.userId, tenantId: a.tenantId })
    .onConflictDoNothing();
}

export async function markAllRead(db: Db, a: Audience): Promise<number> {
  const result = await db.execute(sql`
    insert into ${notificationReads} (notification_id, user_id, tenant_id)
    select ${notifications.id}, ${a.userId}::uuid, ${a.tenantId}::uuid from ${notifications}
    where ${visibleTo(a)}
    on conflict do nothing
    returning notification_id`);
  return rowsOf(result).length;
}
