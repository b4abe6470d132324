import { liveOrderEventSchema, type LiveOrderEvent } from '@kopi/contract';
import { createStore } from '../store';

// SPEC §7 live orders: /ws?outlet_id=…&token=… with auto-reconnect, 10 retries 1 s apart. After
// that the client keeps trying slowly and shows an offline indicator instead of giving up, and a
// failure is only logged once (never as a console error).
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline';

export interface LiveSocketOptions {
  /** The URL to connect to (null: nothing to connect to, e.g. signed out). */
  url: (since: number | null) => string | null;
  onEvent: (event: LiveOrderEvent) => void;
  createSocket?: (url: string) => WebSocket;
  fastRetries?: number;
  fastDelayMs?: number;
  slowDelayMs?: number;
  log?: (message: string) => void;
}

export function createLiveSocket(options: LiveSocketOptions) {
  const {
    fastRetries = 10,
    fastDelayMs = 1000,
    slowDelayMs = 30_000,
    createSocket = (url) => new WebSocket(url),
    log = (message) => console.warn(message),
  } = options;
  const status = createStore<LiveStatus>('idle');
  let socket: WebSocket | null = null;
  let retries = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastEventId: number | null = null;
  let wanted = false;
  let loggedFailure = false;

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  function scheduleReconnect() {
    if (!wanted) return;
    retries += 1;
    const fast = retries <= fastRetries;
    if (!fast && !loggedFailure) {
      loggedFailure = true;
      log(`Live orders: connection failed after ${fastRetries} retries; retrying slowly.`);
    }
    status.setState(fast ? 'reconnecting' : 'offline');
    clearTimer();
    timer = setTimeout(open, fast ? fastDelayMs : slowDelayMs);
  }

  function open() {
    timer = null;
    if (!wanted) return;
    const url = options.url(lastEventId);
    if (!url) return;
    if (status.getState() === 'idle') status.setState('connecting');
    let ws: WebSocket;
    try {
      ws = createSocket(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      retries = 0;
      loggedFailure = false;
      status.setState('open');
    };
    ws.onmessage = (message: MessageEvent) => {
      try {
        const parsed = liveOrderEventSchema.safeParse(JSON.parse(String(message.data)));
        if (!parsed.success) return;
        lastEventId = Math.max(lastEventId ?? 0, parsed.data.event_id);
        options.onEvent(parsed.data);
      } catch {
        // Not JSON: ignore rather than break the connection.
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      scheduleReconnect();
    };
    // onerror is always followed by onclose, which does the reconnecting.
    ws.onerror = () => {};
  }

  return {
    status,
    connect() {
      if (wanted && socket) return;
      wanted = true;
      retries = 0;
      clearTimer();
      open();
    },
    disconnect() {
      wanted = false;
      clearTimer();
      const current = socket;
      socket = null;
      current?.close();
      retries = 0;
      status.setState('idle');
    },
    /** Reconnects with fresh credentials (a new access token after refresh or unlock). */
    restart() {
      if (!wanted) return;
      const current = socket;
      socket = null;
      current?.close();
      clearTimer();
      retries = 0;
      open();
    },
  };
}
