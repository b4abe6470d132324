import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Answer } from './fuzz-answers';

// Limits that only a real socket meets: Node's HTTP parser refuses overlong URLs and headers and
// broken framing before the app sees the request, so these requests go over loopback TCP.

export interface RawProbe {
  name: string;
  /** The request's bytes, as a client would write them. */
  request(token: string): string;
}

export const rawProbes: RawProbe[] = [
  {
    name: 'url-20k',
    request: (token) =>
      `GET /api/outlets/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
  },
  {
    name: 'query-20k',
    request: (token) =>
      `GET /api/outlets?q=${'q'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
  },
  {
    name: 'header-20k',
    request: (token) =>
      `GET /api/outlets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `X-Fuzz: ${'h'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
  },
  {
    name: 'bad-content-length',
    request: (token) =>
      `POST /api/outlets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: abc\r\nConnection: close\r\n\r\n{}`,
  },
  {
    name: 'bad-request-line',
    request: () => `GET /api/health FUZZ/9.9\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
  },
];

/** Writes raw bytes to the server and reads its answer until it closes the connection. */
export function sendRaw(port: number, bytes: string, timeoutMs = 5000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer in time'));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks).toString('latin1')));
    });
    socket.write(bytes);
  });
}

function parseAnswer(text: string): Answer {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = rest.join('\r\n\r\n');
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { statusCode: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}

function unchunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, end), 16);
    if (!size) return out;
    out += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 4 + size);
  }
}

/** Listens on a free loopback port for the probes; the app's close stops it. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return Number(new URL(address).port);
}
