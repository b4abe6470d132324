import { z } from 'zod';
import { text } from './validation';

// Control messages on /ws besides the order events of DESIGN §9 (liveOrderEventSchema):
// `hello` right after connecting, with the newest event id the client may later ask `since`;
// `heartbeat` every 25 s, so a client that hears nothing for a minute knows the link is dead;
// `replay_truncated` when more events were missed than a replay sends (LIVE_REPLAY_LIMIT): the
// stream goes on from `last_event_id` and the client refetches what it shows.
export const liveControlMessageSchema = z.object({
  type: z.enum(['hello', 'heartbeat', 'replay_truncated']),
  last_event_id: z.number().int().nullable(),
});
export type LiveControlMessage = z.infer<typeof liveControlMessageSchema>;

export const LIVE_HEARTBEAT_MS = 25_000;

/** The most events one reconnect replays (`since`); past it the server says replay_truncated. */
export const LIVE_REPLAY_LIMIT = 1000;

/** GET /ws query (browsers cannot set headers on a websocket, so the token travels here). */
export const liveQuerySchema = z.object({
  token: text().min(1),
  outlet_id: z.uuid().optional().or(z.literal('')),
  since: z.coerce.number().int().min(0).optional(),
});

/**
 * Server-internal live event (decision 008): sessions that ended (user disabled, signed out,
 * revoked, password changed or reset, refresh token reused). It travels on the live channel so
 * every server instance closes those sessions' sockets at once with 4401; it is never sent to a
 * client, so browsers only see the close.
 */
export const LIVE_SESSION_ENDED = 'session.ended';
export const liveSessionEndedMessageSchema = z.object({
  session_ids: z.array(z.uuid()).min(1),
});
export type LiveSessionEndedMessage = z.infer<typeof liveSessionEndedMessageSchema>;
