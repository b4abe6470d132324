import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { liveEvents } from '../db/schema-live';

// Publishing a live event (DESIGN §9). Called inside the transaction of the change it reports:
// the row and the NOTIFY exist exactly when the change commits (PostgreSQL delivers NOTIFY on
// commit), and every server instance listening on the channel forwards it to its sockets.

export const LIVE_CHANNEL = 'kopi_live';

export interface LiveEventInput {
  tenantId: string;
  outletId: string | null;
  type: string;
  message: Record<string, unknown>;
}

/** What travels on the channel and, minus the routing fields, to the browser. */
export interface LiveEventRecord extends LiveEventInput {
  eventId: number;
}

export async function publishLiveEvent(tx: Db, event: LiveEventInput): Promise<number> {
  // Ids must become visible in order per tenant, or a client replaying `since` an id could skip
  // one committed later with a smaller id. The lock is held only from here to commit.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`live:${event.tenantId}`}))`);
  const [row] = await tx
    .insert(liveEvents)
    .values({
      tenantId: event.tenantId,
      outletId: event.outletId,
      type: event.type,
      message: event.message,
    })
    .returning({ id: liveEvents.id });
  const record: LiveEventRecord = { ...event, eventId: row!.id };
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(record)})`);
  return row!.id;
}
