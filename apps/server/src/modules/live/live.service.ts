import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/errors';
import { LIVE_CHANNEL, type LiveEventRecord } from '../../lib/live-events';
import { loadPrincipal, type Principal } from '../../lib/principal';
import * as repo from './live.repo';
import { REPLAY_LIMIT, STREAM_START, type EventFilter, type Position } from './live.repo';

/** Rows read per page when the hub reads the stream. */
const STREAM_PAGE = 1000;
/** How often the hub re-reads while committed events wait behind an older transaction. */
const WAITING_POLL_MS = 25;
/** After a failed read, when the hub tries again (the listener's reconnect also wakes it). */
const RETRY_MS = 1000;
/** Events held back this long by one running transaction are logged, once per hold. */
const HOLD_WARN_MS = 5000;

// The live hub of one server instance. A NOTIFY (from any instance's commit) only wakes it: it
// reads the table in stream order, (xid, id), up to the horizon below which every transaction
// has ended (decision 061), and forwards each event to the sockets whose filter matches. NOTIFYs
// arrive in commit order, which is not stream order, so their payload is never forwarded.

export interface LiveSink {
  hello(lastEventId: number | null): void;
  event(record: LiveEventRecord): void;
  /** More was missed than a replay sends (or it was pruned): the stream goes on from `head`. */
  truncated(head: number | null): void;
}

interface Subscriber {
  filter: EventFilter;
  sink: LiveSink;
  lastSent: Position;
  /** Events that arrive while the replay is being read wait here, so order is kept. */
  buffer: LiveEventRecord[] | null;
}

const matches = (f: EventFilter, r: LiveEventRecord) =>
  r.tenantId === f.tenantId && (!f.outletId || !r.outletId || r.outletId === f.outletId);

const positionOf = (r: LiveEventRecord): Position => ({ xid: r.xid, id: r.eventId });

const isAfter = (a: Position, b: Position) => {
  const ax = BigInt(a.xid);
  const bx = BigInt(b.xid);
  return ax > bx || (ax === bx && a.id > b.id);
};

export function createLiveService(deps: { database: Database; log: FastifyBaseLogger }) {
  const { database, log } = deps;
  const { db } = database;
  const subscribers = new Set<Subscriber>();
  let stopListening: (() => Promise<void>) | null = null;
  /** The last event the hub has handed out; null until it starts. */
  let read: Position | null = null;
  let reading: Promise<void> | null = null;
  let readAgain = false;
  let timer: NodeJS.Timeout | null = null;
  let heldSince: number | null = null;
  let heldWarned = false;

  const deliver = (sub: Subscriber, record: LiveEventRecord) => {
    const at = positionOf(record);
    if (!isAfter(at, sub.lastSent)) return;
    sub.lastSent = at;
    sub.sink.event(record);
  };

  const handOut = (record: LiveEventRecord) => {
    for (const sub of subscribers) {
      if (!matches(sub.filter, record)) continue;
      if (sub.buffer) sub.buffer.push(record);
      else deliver(sub, record);
    }
  };

  const readLater = (ms: number) => {
    if (timer || !stopListening) return;
    timer = setTimeout(() => {
      timer = null;
      wake();
    }, ms);
  };

  /** A hold (events waiting behind a running transaction) is timed, and logged when long. */
  const noteHold = (waiting: boolean, horizon: string) => {
    if (!waiting) {
      if (heldSince !== null && heldWarned) {
        log.warn({ heldMs: Date.now() - heldSince }, 'live events: hold ended');
      }
      heldSince = null;
      heldWarned = false;
      return;
    }
    heldSince ??= Date.now();
    if (!heldWarned && Date.now() - heldSince > HOLD_WARN_MS) {
      heldWarned = true;
      // pg_stat_activity.backend_xid shows the 32-bit form of the transaction holding it.
      log.warn(
        { heldMs: Date.now() - heldSince, backendXid: String(BigInt(horizon) & 0xffffffffn) },
        'live events: held back by a long-running transaction',
      );
    }
  };

  /** Reads everything deliverable after what was handed out, page by page, in order. */
  const readStream = async () => {
    for (;;) {
      readAgain = false;
      const page = await repo.deliverableAfter(db, read!, STREAM_PAGE);
      for (const record of page.events) {
        read = positionOf(record);
        handOut(record);
      }
      if (page.events.length === STREAM_PAGE || readAgain) continue;
      noteHold(page.waiting, page.horizon);
      if (page.waiting) readLater(WAITING_POLL_MS);
      return;
    }
  };

  /** One read at a time; a wake-up during a read makes it read once more. */
  function wake(): Promise<void> {
    if (read === null) return Promise.resolve();
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = readStream()
      .catch((error: unknown) => {
        log.error({ err: error }, 'live events: reading the stream failed');
        readLater(RETRY_MS);
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  return {
    async start() {
      read = await repo.streamHead(db);
      // Lost NOTIFYs (the listener was down) lose nothing: the table is re-read on reconnect.
      stopListening = await database.listen(
        LIVE_CHANNEL,
        () => void wake(),
        () => void wake(),
      );
      // What became deliverable between the head and LISTEN sent its NOTIFY to nobody.
      await wake();
    },
    /** Reads the stream now (tests; NOTIFYs and the listener's reconnect do it by themselves). */
    catchUp: () => wake(),
    async stop() {
      subscribers.clear();
      await stopListening?.();
      stopListening = null;
      if (timer) clearTimeout(timer);
      timer = null;
      await reading;
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
      const sub: Subscriber = { filter, sink, lastSent: STREAM_START, buffer: [] };
      subscribers.add(sub);
      const unsubscribe = () => {
        subscribers.delete(sub);
      };
      try {
        // Read after joining the hub: what the hub hands out from now on waits in the buffer,
        // and the replay covers at least everything it handed out before.
        const head = await repo.lastEvent(db, filter);
        sub.lastSent = head ? positionOf(head) : STREAM_START;
        sink.hello(head?.eventId ?? null);
        if (since !== undefined) {
          const missed = await repo.eventsAfterId(db, filter, since, REPLAY_LIMIT + 1);
          if (missed === null || missed.events.length > REPLAY_LIMIT) {
            // Not all of it can be replayed: say so (the client refetches) and go on from head.
            sink.truncated(head?.eventId ?? null);
          } else {
            // From `since` itself: this instance's hub may still be behind it.
            sub.lastSent = missed.from;
            for (const record of missed.events) deliver(sub, record);
          }
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
