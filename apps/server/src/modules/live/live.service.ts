import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/errors';
import { LIVE_CHANNEL, type LiveEventRecord } from '../../lib/live-events';
import { loadPrincipal, type Principal } from '../../lib/principal';
import * as repo from './live.repo';
import { REPLAY_LIMIT, type EventFilter } from './live.repo';

/** Rows read per page when the listener catches up after reconnecting. */
const CATCH_UP_PAGE = 1000;

// The live hub of one server instance: listens on the database channel (so events committed
// through any instance arrive) and forwards each to the sockets whose filter matches.

export interface LiveSink {
  hello(lastEventId: number | null): void;
  event(record: LiveEventRecord): void;
  /** More was missed than a replay sends (or it was pruned): the stream goes on from `head`. */
  truncated(head: number | null): void;
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
  const { db } = database;
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

  /**
   * The listener lost its connection for a while and NOTIFYs sent meanwhile are gone: re-read
   * the table after the oldest id any socket has had. Sockets skip what they already got (ids of
   * one tenant become visible in order, so each socket's last id is an exact resume point).
   */
  const catchUp = async () => {
    if (subscribers.size === 0) return;
    let after = Math.min(...[...subscribers].map((sub) => sub.lastSent));
    for (;;) {
      const page = await repo.allEventsSince(db, after, CATCH_UP_PAGE);
      for (const record of page) {
        for (const sub of subscribers) {
          if (!matches(sub.filter, record)) continue;
          if (sub.buffer) sub.buffer.push(record);
          else deliver(sub, record);
        }
      }
      if (page.length < CATCH_UP_PAGE) return;
      after = page.at(-1)!.eventId;
    }
  };

  return {
    async start() {
      stopListening = await database.listen(LIVE_CHANNEL, dispatch, () => {
        catchUp().catch((error: unknown) =>
          log.error({ err: error }, 'live events: catching up after reconnect failed'),
        );
      });
    },
    /** Runs the reconnect catch-up now (tests; the listener calls it by itself). */
    catchUp,
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
      if (!(await repo.outletBelongsTo(db, outletId, principal.tenantId))) {
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
        const head = await repo.lastEventId(db, filter);
        sink.hello(head);
        if (since !== undefined) {
          const missed = await repo.eventsSince(db, filter, since, REPLAY_LIMIT + 1);
          const pruned =
            since > 0 && !(await repo.keepsEventAtOrBefore(db, filter.tenantId, since));
          if (missed.length > REPLAY_LIMIT || pruned) {
            // Not all of it can be replayed: say so (the client refetches) and go on from head.
            sub.lastSent = Math.max(since, head ?? 0);
            sink.truncated(head);
          } else {
            for (const record of missed) deliver(sub, record);
          }
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

    /**
     * Checked on every heartbeat: 'ended' when the session is gone (signed out, user disabled,
     * tenant suspended); 'changed' when what the socket may see is no longer what it was given at
     * connect (moved to another outlet, a platform user who left or switched tenant).
     */
    async sessionState(principal: Principal): Promise<'valid' | 'ended' | 'changed'> {
      const now = await loadPrincipal(database.db, principal.sessionId, principal.userId);
      if (!now) return 'ended';
      if (now.tenantId !== principal.tenantId || now.outletId !== principal.outletId) {
        return 'changed';
      }
      return 'valid';
    },

    subscriberCount: () => subscribers.size,
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
