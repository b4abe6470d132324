import { LIVE_REPLAY_LIMIT } from '@kopi/contract';
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { outlets } from '../../db/schema/tenancy';
import { liveEvents } from '../../db/schema/live';
import type { LiveEventRecord } from '../../lib/live-events';
import { ownedBy } from '../../db/tenant-scope';

/** The hub reads every tenant's events in stream order, then hands each to its own subscribers. */
export const tenantFree = ['deliverableAfter', 'streamHead'] as const;

export const REPLAY_LIMIT = LIVE_REPLAY_LIMIT;

export interface EventFilter {
  tenantId: string;
  /** null: every outlet of the tenant. */
  outletId: string | null;
}

/** A place in the stream: the writing transaction's id, then the row id (decision 061). */
export interface Position {
  /** xid8 as decimal text (compared as BigInt). */
  xid: string;
  id: number;
}

export const STREAM_START: Position = { xid: '0', id: 0 };

// The horizon: every transaction of this database below it has ended, and any transaction that
// starts later gets a larger id, so events below it are final and none can appear before them.
// It is the statement snapshot's oldest running transaction, skipping those pg_stat_activity
// shows in another database of the cluster (they never write here; one not found any more is
// kept, to be safe), and the snapshot's next id when none is left.
const horizon = sql`(
  select least(pg_snapshot_xmax(s.snap), (
    select min(x) from pg_snapshot_xip(s.snap) x
    where not exists (
      select 1 from pg_stat_activity a
      where a.datid <> (select oid from pg_database where datname = current_database())
        and a.backend_xid::text = (x::text::numeric % 4294967296)::text)))
  from (select pg_current_snapshot() as snap) s)`;
const deliverable = sql`${liveEvents.xid} < ${horizon}`;
const after = (p: Position) =>
  sql`(${liveEvents.xid}, ${liveEvents.id}) > (${p.xid}::xid8, ${p.id}::bigint)`;
const streamOrder = [asc(liveEvents.xid), asc(liveEvents.id)];

const filterWhere = (f: EventFilter): SQL | undefined =>
  and(
    ownedBy(liveEvents, f.tenantId),
    f.outletId ? or(eq(liveEvents.outletId, f.outletId), isNull(liveEvents.outletId)) : undefined,
  );

const toRecord = (r: typeof liveEvents.$inferSelect): LiveEventRecord => ({
  eventId: r.id,
  xid: r.xid,
  tenantId: r.tenantId,
  outletId: r.outletId,
  type: r.type,
  message: r.message,
});

/**
 * The replay of a socket: where the event `sinceId` is (0: the start), and up to `limit`
 * deliverable events of the filter after it, in stream order. Null when that event is not the tenant's
 * (pruned, or never was): nothing can be replayed exactly from there.
 */
export async function eventsAfterId(
  db: Db,
  filter: EventFilter,
  sinceId: number,
  limit = REPLAY_LIMIT,
): Promise<{ from: Position; events: LiveEventRecord[] } | null> {
  let from = STREAM_START;
  if (sinceId > 0) {
    const [row] = await db
      .select({ xid: liveEvents.xid })
      .from(liveEvents)
      .where(and(ownedBy(liveEvents, filter.tenantId), eq(liveEvents.id, sinceId)))
      .limit(1);
    if (!row) return null;
    from = { xid: row.xid, id: sinceId };
  }
  const rows = await db
    .select()
    .from(liveEvents)
    .where(and(filterWhere(filter), after(from), deliverable))
    .orderBy(...streamOrder)
    .limit(limit);
  return { from, events: rows.map(toRecord) };
}

/** The newest deliverable event of the filter (what `hello` names), or null. */
export async function lastEvent(db: Db, filter: EventFilter): Promise<LiveEventRecord | null> {
  const [row] = await db
    .select()
    .from(liveEvents)
    .where(and(filterWhere(filter), deliverable))
    .orderBy(desc(liveEvents.xid), desc(liveEvents.id))
    .limit(1);
  return row ? toRecord(row) : null;
}

/** Where the hub starts: the newest deliverable event of any tenant. */
export async function streamHead(db: Db): Promise<Position> {
  const [row] = await db
    .select({ xid: liveEvents.xid, id: liveEvents.id })
    .from(liveEvents)
    .where(deliverable)
    .orderBy(desc(liveEvents.xid), desc(liveEvents.id))
    .limit(1);
  return row ? { xid: row.xid, id: row.id } : STREAM_START;
}

export interface StreamPage {
  events: LiveEventRecord[];
  /** The horizon this page was read under (events at or above it wait), xid8 as text. */
  horizon: string;
  /** Committed events wait at or above the horizon (an older transaction is still running). */
  waiting: boolean;
}

/**
 * Every tenant's deliverable events after `from`, up to `limit`, in stream order, in ONE
 * statement: `waiting` must be judged under the same horizon as the page, or an event that
 * became deliverable in between would be neither read nor waited for.
 */
export async function deliverableAfter(db: Db, from: Position, limit: number): Promise<StreamPage> {
  const result = await db.execute(sql`
    with h as materialized (
      select ${horizon} as horizon
    ), w as materialized (
      select h.horizon, exists (select 1 from ${liveEvents} l where l.xid >= h.horizon) as waiting
      from h
    )
    select w.horizon::text as horizon, w.waiting, e.id, e.xid::text as xid,
      e.tenant_id as "tenantId", e.outlet_id as "outletId", e.type, e.message
    from w left join lateral (
      select l.* from ${liveEvents} l
      where (l.xid, l.id) > (${from.xid}::xid8, ${from.id}::bigint)
        and l.xid < w.horizon
      order by l.xid, l.id
      limit ${limit}
    ) e on true
    order by e.xid, e.id`);
  const rows = rowsOf<{
    horizon: string;
    waiting: boolean;
    id: string | number | null;
    xid: string | null;
    tenantId: string;
    outletId: string | null;
    type: string;
    message: Record<string, unknown> | string;
  }>(result);
  return {
    horizon: rows[0]!.horizon,
    waiting: rows[0]!.waiting,
    events: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        eventId: Number(r.id),
        xid: r.xid!,
        tenantId: r.tenantId,
        outletId: r.outletId,
        type: r.type,
        message: typeof r.message === 'string' ? JSON.parse(r.message) : r.message,
      })),
  };
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
