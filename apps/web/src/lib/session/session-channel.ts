// SPEC §4: the lock state is broadcast to other tabs on the channel named "sessionChannel".
// Native BroadcastChannel delivers between same-origin tabs directly, so the polling fallback
// the spec mentions (45 s message lifetime, 150 ms poll) has nothing to do here.
export const SESSION_CHANNEL_NAME = 'sessionChannel';

export type SessionMessage =
  | { type: 'lock'; isLocked: true; userId: string | null }
  | { type: 'unlock'; isLocked: false; userId: string | null }
  /** A tab rotated a refresh token that a duplicated tab may share: adopt the new pair. */
  | { type: 'rotated'; previousRefreshToken: string; token: string; refreshToken: string };

type Handler = (message: SessionMessage) => void;

export interface SessionChannel {
  post: (message: SessionMessage) => void;
  subscribe: (handler: Handler) => () => void;
  close: () => void;
}

export function createSessionChannel(
  factory: ((name: string) => BroadcastChannel) | null = typeof BroadcastChannel === 'undefined'
    ? null
    : (name) => new BroadcastChannel(name),
): SessionChannel {
  const handlers = new Set<Handler>();
  const channel = factory ? factory(SESSION_CHANNEL_NAME) : null;
  if (channel) {
    channel.onmessage = (event: MessageEvent<SessionMessage>) => {
      const message = event.data;
      if (!message || typeof message !== 'object' || !('type' in message)) return;
      for (const handler of [...handlers]) handler(message);
    };
  }
  return {
    post: (message) => channel?.postMessage(message),
    subscribe(handler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    close: () => channel?.close(),
  };
}

export const sessionChannel = createSessionChannel();
