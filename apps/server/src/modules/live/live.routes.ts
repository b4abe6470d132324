import {
  LIVE_HEARTBEAT_MS,
  LIVE_SESSION_ENDED,
  liveQuerySchema,
  type LiveControlMessage,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHENTICATED } from '../../lib/access';
import type { LiveEventRecord } from '../../lib/live-events';
import { authedContextOf } from '../../lib/request-context';
import type { EventFilter } from './live.repo';
import type { LiveService } from './live.service';

// GET /ws?token=…&outlet_id=…&since=… (DESIGN §9). The token and outlet are checked before the
// upgrade, so a bad one is refused with the usual HTTP error envelope.

declare module 'fastify' {
  interface FastifyRequest {
    liveFilter?: EventFilter | null;
  }
}

export interface LiveRoutesOptions {
  service: LiveService;
  heartbeatMs?: number;
}

/**
 * Close codes a client can act on: 4401 sign in again; 4409 what you may see changed (another
 * outlet or tenant): reconnect, and the new socket gets the new scope.
 */
export const SESSION_ENDED = 4401;
export const SCOPE_CHANGED = 4409;

// One event goes to every socket of its outlet (200 boards in the bench) as the same record
// object: serialise it once, not once per socket.
const serialised = new WeakMap<LiveEventRecord, string>();
const eventMessage = (r: LiveEventRecord) => {
  let text = serialised.get(r);
  if (text === undefined) {
    text = JSON.stringify({
      event_id: r.eventId,
      type: r.type,
      message: { ...r.message, outlet_id: r.outletId },
    });
    serialised.set(r, text);
  }
  return text;
};

export async function liveRoutes(app: FastifyInstance, options: LiveRoutesOptions) {
  const { service } = options;
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  // Not through the route kit: a websocket handler gets a socket, not an answer to envelope.
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/ws',
    {
      websocket: true,
      config: { permission: AUTHENTICATED, tokenInQuery: true },
      schema: {
        tags: ['live'],
        summary: 'Live order events (websocket); token, outlet_id and since in the query',
        querystring: liveQuerySchema,
      },
      // A refused upgrade leaves its socket outside Node's keep-alive bookkeeping, where it
      // would hold server.close() open; end it once the error answer has gone out.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 101 && request.headers.upgrade) request.raw.socket.destroy();
      },
      // preHandler, not preValidation: the query is checked first, so a malformed outlet_id is a
      // 400 instead of reaching the database.
      preHandler: async (request) => {
        const { principal } = authedContextOf(request);
        const outletId = (request.query as { outlet_id?: string }).outlet_id || undefined;
        request.liveFilter = await service.filterFor(principal, outletId);
      },
    },
    (socket, request) => {
      const { principal } = authedContextOf(request);
      const since = (request.query as { since?: number }).since;
      const control = (type: LiveControlMessage['type'], lastEventId: number | null) =>
        socket.send(JSON.stringify({ type, last_event_id: lastEventId }));
      let lastEventId: number | null = since ?? null;
      let unsubscribe: () => void = () => {};
      let closed = false;

      service
        .subscribe(
          request.liveFilter ?? null,
          {
            hello: (head) => {
              lastEventId = head;
              control('hello', head);
            },
            event: (record) => {
              lastEventId = record.eventId;
              // Server-internal: never forwarded. Only the named sessions' sockets close; a
              // replayed old one names sessions that can no longer connect, so it changes nothing.
              if (record.type === LIVE_SESSION_ENDED) {
                const ids = record.message.session_ids;
                if (Array.isArray(ids) && ids.includes(principal.sessionId)) {
                  socket.close(SESSION_ENDED, 'session ended');
                }
                return;
              }
              socket.send(eventMessage(record));
            },
            truncated: (head) => {
              lastEventId = head;
              control('replay_truncated', head);
            },
          },
          since,
        )
        .then((stop) => {
          if (closed) stop();
          else unsubscribe = stop;
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'live subscription failed');
          socket.close(1011, 'internal error');
        });

      // Heartbeats both ways: a ping frame the browser answers by itself (a missing pong ends
      // the socket here) and a JSON heartbeat the web client watches for silence.
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const timer = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
        control('heartbeat', lastEventId);
        service
          .sessionState(principal)
          .then((state) => {
            if (state === 'ended') socket.close(SESSION_ENDED, 'session ended');
            if (state === 'changed') socket.close(SCOPE_CHANGED, 'scope changed');
          })
          .catch(() => {});
      }, heartbeatMs);

      socket.on('close', () => {
        closed = true;
        clearInterval(timer);
        unsubscribe();
      });
    },
  );
}
