import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveSocket, type LiveSocketOptions } from './live-orders-socket';

class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: ((e?: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  /** A message from the server. */
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  fail() {
    this.onerror?.();
    this.onclose?.({ code: 1006 });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => vi.useRealTimers());

/** A socket on fake WebSockets; `options` adds to (or replaces) the defaults. */
function setup(options: Partial<LiveSocketOptions> = {}) {
  const log = vi.fn();
  const onEvent = vi.fn();
  const network = { offline: () => {}, online: () => {} };
  const socket = createLiveSocket({
    url: (since) => `ws://host/ws?outlet_id=o1&token=t${since === null ? '' : `&since=${since}`}`,
    onEvent,
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    log,
    watchNetwork: (offline, online) => Object.assign(network, { offline, online }),
    ...options,
  });
  return { socket, log, onEvent, network };
}

/** Opens a WebSocket and has the server join it to the stream, naming its newest event. */
function join(ws: FakeSocket, head: number | null = null) {
  ws.onopen?.();
  ws.receive({ type: 'hello', last_event_id: head });
  return ws;
}

/** Connects the socket and joins its first WebSocket, which it returns. */
function connectAndOpen(socket: ReturnType<typeof createLiveSocket>, head: number | null = 3) {
  socket.connect();
  return join(FakeSocket.all[0]!, head);
}

describe('live-order socket (SPEC §7)', () => {
  it('is open once the server has joined it to the stream (hello), not when the upgrade ends', () => {
    const { socket } = setup();
    socket.connect();
    const ws = FakeSocket.all[0]!;
    ws.onopen?.();
    // An event committed now is before the hello's head and never sent: a screen refetching on
    // 'open' here would miss it.
    expect(socket.status.getState()).toBe('connecting');
    ws.receive({ type: 'heartbeat', last_event_id: 3 });
    expect(socket.status.getState()).toBe('connecting');
    ws.receive({ type: 'hello', last_event_id: 3 });
    expect(socket.status.getState()).toBe('open');
  });

  it('counts an upgrade the server closes before its hello as a failed attempt', () => {
    const { socket, log } = setup();
    socket.connect();
    for (let attempt = 1; attempt <= 11; attempt++) {
      const ws = FakeSocket.all.at(-1)!;
      ws.onopen?.();
      ws.fail();
      vi.advanceTimersByTime(30_000);
    }
    expect(socket.status.getState()).toBe('offline');
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('shows offline at once when the device loses its network, and resumes from the last event when it is back', () => {
    const { socket, network } = setup();
    const first = connectAndOpen(socket);
    first.receive({ event_id: 41, type: 'order.created', message: { id_order: 'A1' } });
    network.offline();
    expect(first.closed).toBe(true);
    expect(socket.status.getState()).toBe('offline');
    // The closed socket's own close event changes nothing, and no retry runs without a network.
    first.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    network.online();
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[1]?.url).toContain('since=41');
    join(FakeSocket.all[1]!);
    expect(socket.status.getState()).toBe('open');
  });

  it('resumes after the last event received, not the largest id: the stream is not in id order', () => {
    const { socket, network } = setup();
    const first = connectAndOpen(socket);
    first.receive({ event_id: 41, type: 'order.created', message: { id_order: 'A1' } });
    first.receive({ event_id: 39, type: 'order.created', message: { id_order: 'A2' } });
    network.offline();
    network.online();
    expect(FakeSocket.all[1]?.url).toContain('since=39');
  });

  it('resumes from 0 when the first hello named no event yet, so the first events are replayed', () => {
    const { socket, network } = setup();
    connectAndOpen(socket, null);
    network.offline();
    network.online();
    expect(FakeSocket.all[1]?.url).toContain('since=0');
  });

  it('counts a replay_truncated and carries on from the id it names', () => {
    const { socket, network } = setup();
    const first = connectAndOpen(socket, 5);
    expect(socket.resyncs.getState()).toBe(0);
    first.receive({ type: 'replay_truncated', last_event_id: 2000 });
    expect(socket.resyncs.getState()).toBe(1);
    network.offline();
    network.online();
    expect(FakeSocket.all[1]?.url).toContain('since=2000');
  });

  it('ignores network changes while disconnected', () => {
    const { socket, network } = setup();
    network.online();
    expect(FakeSocket.all).toHaveLength(0);
    socket.connect();
    socket.disconnect();
    network.offline();
    network.online();
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.status.getState()).toBe('idle');
  });

  it('reconnects 10 times 1 s apart, then slowly with an offline status, logging once', () => {
    const { socket, log } = setup();
    socket.connect();
    expect(FakeSocket.all).toHaveLength(1);
    for (let attempt = 1; attempt <= 10; attempt++) {
      FakeSocket.all.at(-1)!.fail();
      expect(socket.status.getState()).toBe('reconnecting');
      vi.advanceTimersByTime(999);
      expect(FakeSocket.all).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(attempt + 1);
    }
    FakeSocket.all.at(-1)!.fail();
    expect(socket.status.getState()).toBe('offline');
    expect(log).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(11);
    vi.advanceTimersByTime(29_000);
    expect(FakeSocket.all).toHaveLength(12);
    FakeSocket.all.at(-1)!.fail();
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('resets after a successful connection and passes events on, resuming from the last one', () => {
    const { socket, onEvent } = setup();
    const ws = connectAndOpen(socket);
    expect(socket.status.getState()).toBe('open');
    ws.receive({ event_id: 7, type: 'order.created', message: { id_order: 'A1' } });
    ws.onmessage?.({ data: 'not json' });
    ws.receive({ nope: true });
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent.mock.calls[0]?.[0].message.id_order).toBe('A1');
    ws.fail();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all[1]?.url).toContain('since=7');
  });

  it('resumes from the newest event named by "hello", and reconnects after a minute of silence', () => {
    const { socket } = setup();
    const ws = connectAndOpen(socket, 41);
    vi.advanceTimersByTime(59_000);
    ws.receive({ type: 'heartbeat', last_event_id: 41 });
    vi.advanceTimersByTime(59_000);
    expect(ws.closed).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(ws.closed).toBe(true);
    ws.onclose?.({ code: 1000 });
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all[1]?.url).toContain('since=41');
  });

  it('does not reconnect when the server ends the session (4401)', () => {
    const onSessionEnded = vi.fn();
    const { socket } = setup({ onSessionEnded });
    const ws = connectAndOpen(socket);
    ws.onclose?.({ code: 4401 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(socket.active).toBe(false);
  });

  it('reconnects from the last event when the server says the scope changed (4409)', () => {
    const { socket } = setup();
    const ws = connectAndOpen(socket);
    ws.receive({ event_id: 7, type: 'order.created', message: { id_order: 'A' } });
    ws.onclose?.({ code: 4409 });
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[1]?.url).toContain('since=7');
    expect(socket.active).toBe(true);
  });

  it('checks the session once per outage before retrying', async () => {
    let ok = true;
    const beforeReconnect = vi.fn(() => Promise.resolve(ok));
    const { socket } = setup({ beforeReconnect });
    socket.connect();
    FakeSocket.all[0]!.fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(beforeReconnect).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(beforeReconnect).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(3);
    join(FakeSocket.all[2]!);
    ok = false;
    FakeSocket.all[2]!.fail();
    await vi.advanceTimersByTimeAsync(5000);
    expect(beforeReconnect).toHaveBeenCalledTimes(2);
    expect(FakeSocket.all).toHaveLength(3);
    expect(socket.active).toBe(false);
  });

  it('stops on disconnect', () => {
    const { socket } = setup();
    socket.connect();
    socket.disconnect();
    expect(FakeSocket.all[0]?.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.status.getState()).toBe('idle');
  });
});
