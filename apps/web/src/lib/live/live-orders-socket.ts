import {
  liveControlMessageSchema,
  liveOrderEventSchema,
  type LiveOrderEvent,
} from '@kopi/contract';
import { createStore } from '../store';

// SPEC §7 live orders: /ws?outlet_id=…&token=… with auto-reconnect, 10 retries 1 s apart. After
// that the client keeps trying slowly and shows an offline indicator instead of giving up, and a
// failure is only logged once (never as a console error).
/** Close code the server uses when the session behind the token has ended. */
export const SESSION_ENDED = 4401;
// 4409 (what the user may see changed: another outlet or tenant) needs nothing special: the
// ordinary reconnect opens a socket with the new scope, from the last event seen.

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline';

export interface LiveSocketOptions {
  /** The URL to connect to (null: nothing to connect to, e.g. signed out). */
  url: (since: number | null) => string | null;
  onEvent: (event: LiveOrderEvent) => void;
  /** The server closed with 4401 (session ended): no reconnect until the session is renewed. */
  onSessionEnded?: () => void;
  /**
   * Asked once per outage, before the first retry: whether the session is still good (a failed
   * handshake may be a revoked token, which the browser does not report). False stops retrying.
   */
  beforeReconnect?: () => Promise<boolean>;
  createSocket?: (url: string) => WebSocket;
  fastRetries?: number;
  fastDelayMs?: number;
  slowDelayMs?: number;
  /** No message (event or heartbeat) for this long means the link is dead: reconnect. */
  silenceMs?: number;
  log?: (message: string) => void;
  /**
   * Tells the client when the device loses and regains its network (default: the window's
   * offline/online events), so a board shows the outage at once instead of after the silence
   * timeout, and catches up the moment the network is back.
   */
  watchNetwork?: (onOffline: () => void, onOnline: () => void) => void;
}

const windowNetwork = (onOffline: () => void, onOnline: () => void) => {
  if (typeof window === 'undefined') return;
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
};

export function createLiveSocket(options: LiveSocketOptions) {
  const {
    fastRetries = 10,
    fastDelayMs = 1000,
    slowDelayMs = 30_000,
    silenceMs = 60_000,
    createSocket = (url) => new WebSocket(url),
    log = (message) => console.warn(message),
    watchNetwork = windowNetwork,
  } = options;
  const status = createStore<LiveStatus>('idle');
  /** Counts the server's replay_truncated messages: screens refetch when it changes. */
  const resyncs = createStore<number>(0);
  let socket: WebSocket | null = null;
  let retries = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastEventId: number | null = null;
  let wanted = false;
  let loggedFailure = false;
  let watchdog: ReturnType<typeof setTimeout> | null = null;

  const stopWatchdog = () => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = null;
  };
  // The server sends a heartbeat every 25 s; silence means a dead link the browser has not noticed.
  const feedWatchdog = (ws: WebSocket) => {
    stopWatchdog();
    watchdog = setTimeout(() => {
      if (socket === ws) ws.close();
    }, silenceMs);
  };

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  let probed = false;

  /** Closes the socket in hand (if any) and stops its timers; its close event is then ignored. */
  const drop = () => {
    const current = socket;
    socket = null;
    current?.close();
    clearTimer();
    stopWatchdog();
  };
  /** Opens a socket now, with a fresh count of retries. */
  const openAfresh = () => {
    retries = 0;
    probed = false;
    clearTimer();
    open();
  };

  function scheduleReconnect() {
    if (!wanted) return;
    if (!probed && options.beforeReconnect) {
      probed = true;
      status.setState('reconnecting');
      void options.beforeReconnect().then(
        (ok) => (ok ? scheduleReconnect() : stop()),
        () => scheduleReconnect(),
      );
      return;
    }
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

  function stop() {
    wanted = false;
    clearTimer();
    stopWatchdog();
    status.setState('idle');
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
    // Open means joined to the stream, which the server's "hello" says, not the upgrade: an
    // event committed between the upgrade and the server's join is before the hello's head and
    // never sent, so the refetch a screen makes on 'open' must come after the hello.
    ws.onopen = () => feedWatchdog(ws);
    ws.onmessage = (message: MessageEvent) => {
      if (socket !== ws) return; // a socket already dropped speaks for nobody
      feedWatchdog(ws);
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return; // not JSON: ignore rather than break the connection
      }
      const event = liveOrderEventSchema.safeParse(data);
      if (event.success) {
        // The stream's order is not id order (decision 061): resume after the last one received.
        lastEventId = event.data.event_id;
        options.onEvent(event.data);
        return;
      }
      // "hello" names the newest event, so a later reconnect resumes from there, not from zero;
      // none yet (null) resumes from 0, so the first events ever are replayed too.
      const control = liveControlMessageSchema.safeParse(data);
      if (!control.success) return;
      if (control.data.type === 'hello') {
        if (lastEventId === null) lastEventId = control.data.last_event_id ?? 0;
        retries = 0;
        probed = false;
        loggedFailure = false;
        status.setState('open');
      }
      if (control.data.type === 'replay_truncated') {
        // Too much was missed to replay: carry on from the server's head and refetch instead.
        lastEventId = control.data.last_event_id ?? 0;
        resyncs.setState(resyncs.getState() + 1);
      }
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      stopWatchdog();
      if (event?.code === SESSION_ENDED) {
        stop();
        options.onSessionEnded?.();
        return;
      }
      scheduleReconnect();
    };
    // onerror is always followed by onclose, which does the reconnecting.
    ws.onerror = () => {};
  }

  watchNetwork(
    () => {
      if (!wanted) return;
      // No network: drop the socket (the browser may not notice for a while) and wait for it.
      drop();
      status.setState('offline');
    },
    () => {
      if (!wanted || socket) return;
      // Back online: reconnect now, from the last event seen, so nothing missed is lost.
      openAfresh();
    },
  );

  return {
    status,
    resyncs,
    connect() {
      if (wanted && socket) return;
      wanted = true;
      openAfresh();
    },
    /** Whether connect() was called and not undone. */
    get active() {
      return wanted;
    },
    disconnect() {
      wanted = false;
      drop();
      retries = 0;
      status.setState('idle');
    },
    /** Reconnects with fresh credentials (a new access token after refresh or unlock). */
    restart() {
      if (!wanted) return;
      drop();
      openAfresh();
    },
  };
}
