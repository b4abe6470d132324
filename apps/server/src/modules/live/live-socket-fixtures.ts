import { WebSocket } from 'ws';
import type { TestApp } from '../../test/test-app';

// Real sockets on loopback for the live tests: what a browser does, handshake errors included.

/** Collects the JSON messages of a socket. */
export function collect(ws: WebSocket) {
  const messages: Record<string, unknown>[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  return {
    messages,
    events: () => messages.filter((m) => typeof m.event_id === 'number'),
    async waitFor(predicate: (m: Record<string, unknown>[]) => boolean, ms = 3000) {
      const until = Date.now() + ms;
      while (!predicate(messages)) {
        if (Date.now() > until) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

const origins = new Map<TestApp, string>();
async function originOf(app: TestApp) {
  if (!origins.has(app)) {
    const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
    origins.set(app, address.replace(/^http/, 'ws'));
  }
  return origins.get(app)!;
}

/** Connects and collects messages from the first frame (hello may share the upgrade's packet). */
export async function connect(app: TestApp, query: string) {
  const ws = new WebSocket(`${await originOf(app)}/ws${query ? `?${query}` : ''}`);
  const c = { ws, ...collect(ws) };
  return new Promise<typeof c>((resolve, reject) => {
    ws.once('open', () => resolve(c));
    ws.once('unexpected-response', (req, res) => {
      // With this listener ws leaves the refused request open; end it or the server never closes.
      req.destroy();
      reject(new Error(`handshake ${res.statusCode}`));
    });
    ws.once('error', reject);
  });
}
