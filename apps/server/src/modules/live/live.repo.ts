import { and, asc, desc, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { outlets } from '../../db/schema';
import { liveEvents } from '../../db/schema-live';
import type { LiveEventRecord } from '../../lib/live-events';

export const REPLAY_LIMIT = 1000;

export interface EventFilter {
  tenantId: string;
  /** null: every outlet of the tenant. */
  outletId: string | null;
}

const filterWhere = (f: EventFilter): SQL | undefined =>
  and(
    eq(liveEvents.tenantId, f.tenantId),
    f.outletId ? or(eq(liveEvents.outletId, f.outletId), isNull(liveEvents.outletId)) : undefined,
  );

export function createLiveRepo(db: Db) {
  return {
    async eventsSince(filter: EventFilter, since: number): Promise<LiveEventRecord[]> {
      const rows = await db
        .select()
        .from(liveEvents)
        .where(and(filterWhere(filter), gt(liveEvents.id, since)))
        .orderBy(asc(liveEvents.id))
        .limit(REPLAY_LIMIT);
      return rows.map((r) => ({
        eventId: r.id,
        tenantId: r.tenantId,
        outletId: r.outletId,
        type: r.type,
        message: r.message,
      }));
    },

    async lastEventId(filter: EventFilter): Promise<number | null> {
      const [row] = await db
        .select({ id: liveEvents.id })
        .from(liveEvents)
        .where(filterWhere(filter))
        .orderBy(desc(liveEvents.id))
        .limit(1);
      return row?.id ?? null;
    },

    async outletBelongsTo(outletId: string, tenantId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: outlets.id })
        .from(outlets)
        .where(and(eq(outlets.id, outletId), eq(outlets.tenantId, tenantId)))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type LiveRepo = ReturnType<typeof createLiveRepo>;
