// A live client as the web app is one (GET /ws): it keeps the id of the last event it got and,
// whenever the socket drops (the server was killed), reconnects with `since=<that id>` and is
// replayed what it missed. What it received is compared with the live_events table at the end:
// an event in the table that this client never got is a gap it could not replay.

interface LiveFrame {
  type?: string;
  event_id?: number;
  last_event_id?: number | null;
}

export class LiveObserver {
  /** Ids received, streamed or replayed. */
  readonly received = new Set<number>();
  /** The head when it first connected: the comparison starts after it. */
  baseline: number | null = null;
  last: number | null = null;
  connects = 0;
  /** `replay_truncated` answers: more was missed than a replay sends. */
  truncations = 0;
  private socket: WebSocket | null = null;
  private stopped = false;

  constructor(
    private readonly base: URL,
    private readonly token: string,
  ) {}

  start() {
    this.connect();
  }

  private connect() {
    if (this.stopped) return;
    const url = new URL('/ws', this.base);
    url.protocol = 'ws:';
    url.searchParams.set('token', this.token);
    if (this.last !== null) url.searchParams.set('since', String(this.last));
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => this.connects++;
    socket.onmessage = (message) => this.receive(JSON.parse(String(message.data)) as LiveFrame);
    // A refused connection (the server is down) also ends here: try again shortly.
    socket.onclose = () => {
      if (this.socket === socket) setTimeout(() => this.connect(), 100);
    };
    socket.onerror = () => {};
  }

  private receive(frame: LiveFrame) {
    if (frame.type === 'hello' && this.baseline === null) {
      this.baseline = frame.last_event_id ?? 0;
      this.last = this.baseline;
    }
    if (frame.type === 'replay_truncated') {
      this.truncations++;
      if (frame.last_event_id != null) this.last = frame.last_event_id;
    }
    if (typeof frame.event_id === 'number') {
      this.received.add(frame.event_id);
      this.last = Math.max(this.last ?? 0, frame.event_id);
    }
  }

  /** Waits until the client has seen `id` (or the time is up); true when it has. */
  async caughtUpTo(id: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while ((this.last ?? 0) < id && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    return (this.last ?? 0) >= id;
  }

  stop() {
    this.stopped = true;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}
