import type { ServerOptions } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { answerClientError } from './framework-errors';

// A client that declares a body and sends it slowly (or never) would hold its connection and a
// request's memory for as long as it likes. Node's `requestTimeout` covers the headers; once a
// route has the request, Node leaves the body alone, so the hook below enforces the same deadline
// on it. The socket timeout ends connections that fall silent.

/** Fastify's timeout options for the configured limits. */
export function serverTimeouts(limits: { requestTimeoutMs: number; connectionTimeoutMs: number }): {
  requestTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    // Node looks for expired requests on this interval (30 s by default): a short limit needs
    // a closer look to mean what it says.
    http: {
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(limits.requestTimeoutMs / 4)),
    },
  };
}

const hasBody = (headers: Record<string, unknown>) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/**
 * Ends a request whose body has not fully arrived `timeoutMs` after it started: a 408
 * `request_timeout` when nothing was answered yet, and the connection closed either way.
 */
export function installBodyTimeout(app: FastifyInstance, timeoutMs: number) {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    // Injected requests (tests, the sandbox's callbacks) have no network to wait on.
    if (!(raw.socket instanceof Socket) || raw.complete || !hasBody(raw.headers)) return;
    const socket = raw.socket;
    const timer = setTimeout(() => {
      if (raw.complete || socket.destroyed) return;
      request.log.warn('request body not received in time: connection closed');
      if (reply.raw.headersSent) {
        socket.destroy();
      } else {
        const error = Object.assign(new Error('request body timeout'), {
          code: 'ERR_HTTP_REQUEST_TIMEOUT',
        });
        answerClientError(error, socket);
      }
    }, timeoutMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
  });
}
