import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/errors';
import { LIVE_CHANNEL, type LiveEventRecord } from '../../lib/live-events';
import { loadPrincipal, type Principal } from '../../lib/principal';
import { createLiveRepo, type EventFilter } from './live.repo';

// The live hub of one server instance: listens on the database channel (so events committed
// through any instance arrive) and forwards each to the sockets whose filter matches.

export interface LiveSink {
  hello(lastEventId: number | null): void;
  event(record: LiveEventRecord): void;
}

interface Subscriber {
  filter: EventFilter;
  sink: LiveSink;
  lastSent: number;
  /** Events that arrive while the replay is being read wait here, so order is kept. */
  buffer: LiveEventRecord[] | null;
}

const matches = (f: EventFilter, r: LiveEventRecord) =>
  r.tenantId === f.tenantId && (!f.outletId || !r.outletId || r.outletId === f.outletId);

export function createLiveService(deps: { database: Database; log: FastifyBaseLogger }) {
  const { database, log } = deps;
  const repo = createLiveRepo(database.db);
  const subscribers = new Set<Subscriber>();
  let stopListening: (() => Promise<void>) | null = null;

  const deliver = (sub: Subscriber, record: LiveEventRecord) => {
    if (record.eventId <= sub.lastSent) return;
    sub.lastSent = record.eventId;
    sub.sink.event(record);
  };

  const dispatch = (payload: string) => {
    let record: LiveEventRecord;
    try {
      record = JSON.parse(payload) as LiveEventRecord;
    } catch {
      log.warn({ payload }, 'ignored a malformed live event');
      return;
    }
    for (const sub of subscribers) {
      if (!matches(sub.filter, record)) continue;
      if (sub.buffer) sub.buffer.push(record);
      else deliver(sub, record);
    }
  };

  return {
    async start() {
      stopListening = await database.listen(LIVE_CHANNEL, dispatch);
    },
    async stop() {
      subscribers.clear();
      await stopListening?.();
      stopListening = null;
    },

    /**
     * Which events a user may follow: an outlet-bound user only their outlet; others one outlet
     * of their tenant or all of it. Null for a platform user outside any tenant (nothing to follow).
     */
    async filterFor(
      principal: Principal,
      outletId: string | undefined,
    ): Promise<EventFilter | null> {
      if (!principal.tenantId) return null;
      if (principal.outletId) {
        if (outletId && outletId !== principal.outletId) throw new AppError('not_found');
        return { tenantId: principal.tenantId, outletId: principal.outletId };
      }
      if (!outletId) return { tenantId: principal.tenantId, outletId: null };
      if (!(await repo.outletBelongsTo(outletId, principal.tenantId))) {
        throw new AppError('not_found');
      }
      return { tenantId: principal.tenantId, outletId };
    },

    /** Sends hello, replays what came after `since`, then streams; returns the unsubscribe. */
    async subscribe(filter: EventFilter | null, sink: LiveSink, since?: number) {
      if (!filter) {
        sink.hello(null);
        return () => {};
      }
      const sub: Subscriber = { filter, sink, lastSent: since ?? 0, buffer: [] };
      subscribers.add(sub);
      const unsubscribe = () => {
        subscribers.delete(sub);
      };
      try {
        const head = await repo.lastEventId(filter);
        sink.hello(head);
        if (since !== undefined) {
          for (const record of await repo.eventsSince(filter, since)) deliver(sub, record);
        } else {
          sub.lastSent = head ?? 0;
        }
        const waiting = sub.buffer ?? [];
        sub.buffer = null;
        for (const record of waiting) deliver(sub, record);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },

    /** Still a live session? Checked on every heartbeat so a revoked user's socket closes. */
    async stillValid(principal: Principal): Promise<boolean> {
      return Boolean(await loadPrincipal(database.db, principal.sessionId, principal.userId));
    },

    subscriberCount: () => subscribers.size,
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
