import { LIVE_REPLAY_LIMIT } from '@kopi/contract';
import { and, asc, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { outlets } from '../../db/schema/tenancy';
import { liveEvents } from '../../db/schema/live';
import type { LiveEventRecord } from '../../lib/live-events';
import { ownedBy } from '../../db/tenant-scope';

/** The listener catches up on every tenant's events, then hands each to its own subscribers. */
export const tenantFree = ['allEventsSince'] as const;

export const REPLAY_LIMIT = LIVE_REPLAY_LIMIT;

export interface EventFilter {
  tenantId: string;
  /** null: every outlet of the tenant. */
  outletId: string | null;
}

const filterWhere = (f: EventFilter): SQL | undefined =>
  and(
    ownedBy(liveEvents, f.tenantId),
    f.outletId ? or(eq(liveEvents.outletId, f.outletId), isNull(liveEvents.outletId)) : undefined,
  );

const toRecord = (r: typeof liveEvents.$inferSelect): LiveEventRecord => ({
  eventId: r.id,
  tenantId: r.tenantId,
  outletId: r.outletId,
  type: r.type,
  message: r.message,
});

/** The events `where` picks, oldest first, at most `limit`. */
async function eventsInOrder(db: Db, where: SQL | undefined, limit: number) {
  const rows = await db
    .select()
    .from(liveEvents)
    .where(where)
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return rows.map(toRecord);
}

/** Up to `limit` events of the filter after `since`, oldest first. */
export async function eventsSince(
  db: Db,
  filter: EventFilter,
  since: number,
  limit = REPLAY_LIMIT,
): Promise<LiveEventRecord[]> {
  return eventsInOrder(db, and(filterWhere(filter), gt(liveEvents.id, since)), limit);
}

/** Every tenant's events after `since` (the listener catching up after a reconnect). */
export async function allEventsSince(
  db: Db,
  since: number,
  limit: number,
): Promise<LiveEventRecord[]> {
  return eventsInOrder(db, gt(liveEvents.id, since), limit);
}

/**
 * Whether the tenant still has an event at or before `since`. A client's `since` is an id of
 * its own tenant's stream, so none left there means pruning took it, and maybe more after it.
 */
export async function keepsEventAtOrBefore(
  db: Db,
  tenantId: string,
  since: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .where(and(ownedBy(liveEvents, tenantId), lte(liveEvents.id, since)))
    .limit(1);
  return Boolean(row);
}

export async function lastEventId(db: Db, filter: EventFilter): Promise<number | null> {
  const [row] = await db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .where(filterWhere(filter))
    .orderBy(desc(liveEvents.id))
    .limit(1);
  return row?.id ?? null;
}

export async function outletBelongsTo(
  db: Db,
  outletId: string,
  tenantId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: outlets.id })
    .from(outlets)
    .where(and(eq(outlets.id, outletId), ownedBy(outlets, tenantId)))
    .limit(1);
  return Boolean(row);
}
