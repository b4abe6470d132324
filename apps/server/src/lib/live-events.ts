import { LIVE_SESSION_ENDED, type LiveSessionEndedMessage } from '@kopi/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { liveEvents } from '../db/schema/live';

// Publishing a live event (DESIGN §9). Called inside the transaction of the change it reports:
// the row and the NOTIFY exist exactly when the change commits (PostgreSQL delivers NOTIFY on
// commit). The NOTIFY wakes every server instance's hub, which reads the table in stream order.

export const LIVE_CHANNEL = 'kopi_live';

export interface LiveEventInput {
  tenantId: string;
  outletId: string | null;
  type: string;
  message: Record<string, unknown>;
}

/** An event as the hub delivers it, and, minus the routing fields, as the browser gets it. */
export interface LiveEventRecord extends LiveEventInput {
  eventId: number;
  /** The writing transaction's id (xid8, as decimal text); the stream's order is (xid, eventId). */
  xid: string;
}

export async function publishLiveEvent(tx: Db, event: LiveEventInput): Promise<number> {
  // No lock: the row carries its transaction's id, and readers deliver in (xid, id) order only
  // below the oldest transaction still running (decision 061). The NOTIFY wakes them; its
  // payload (the record, for a look on the channel) is never forwarded.
  const [row] = await tx
    .insert(liveEvents)
    .values({
      tenantId: event.tenantId,
      outletId: event.outletId,
      type: event.type,
      message: event.message,
    })
    .returning({ id: liveEvents.id });
  const record: Omit<LiveEventRecord, 'xid'> = { ...event, eventId: row!.id };
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(record)})`);
  return row!.id;
}

/** A session row that was just revoked, with the tenant its sockets follow. */
export interface EndedSession {
  id: string;
  tenantId: string | null;
  actingTenantId: string | null;
}

/**
 * Announces revoked sessions in the revoking transaction, so every instance closes their sockets
 * on commit instead of at the next heartbeat. One event per tenant the sockets follow (a tenant
 * user's own, a platform user's acting tenant); a platform session outside any tenant follows
 * no events, so it has nothing to close early and is left to the heartbeat.
 */
export async function publishSessionsEnded(tx: Db, ended: EndedSession[]): Promise<void> {
  const byTenant = new Map<string, string[]>();
  for (const s of ended) {
    const tenantId = s.tenantId ?? s.actingTenantId;
    if (!tenantId) continue;
    byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), s.id]);
  }
  for (const tenantId of [...byTenant.keys()].sort()) {
    const message: LiveSessionEndedMessage = { session_ids: byTenant.get(tenantId)! };
    await publishLiveEvent(tx, { tenantId, outletId: null, type: LIVE_SESSION_ENDED, message });
  }
}

/**
 * The same event as publishLiveEvent, as two CTEs of a statement that writes its change and the
 * event at once (an order sale numbers its order and announces it in one round trip):
 * `live_event` inserts the row, `live_notify` wakes the listeners. `message` is a jsonb
 * expression over `source`, a CTE with one row.
 * The statement must read `live_notify` (PostgreSQL skips a plain SELECT CTE nobody reads).
 */
export function liveEventCtes(
  event: Omit<LiveEventInput, 'message'>,
  message: SQL,
  source: SQL,
): SQL {
  return sql`live_event as (
      insert into ${liveEvents} (tenant_id, outlet_id, type, message)
      select ${event.tenantId}::uuid, ${event.outletId}::uuid, ${event.type}, ${message}
      from ${source}
      returning id, message
    ), live_notify as (
      select pg_notify(${LIVE_CHANNEL}, json_build_object(
        'tenantId', ${event.tenantId}::text, 'outletId', ${event.outletId}::text,
        'type', ${event.type}::text, 'message', live_event.message, 'eventId', live_event.id
      )::text) as sent
      from live_event
    )`;
}
