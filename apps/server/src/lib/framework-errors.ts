import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { AppError, errorBody, sendError } from './errors';
import { securityHeaders } from './security-headers';

// Answers Fastify and Node give before any route or hook runs (a path id over the router's limit,
// a malformed URL, headers over 16 KB, a timed-out request) in the same envelope and with the same
// security headers as every other error, instead of their own bodies.

const noStore = { 'cache-control': 'no-store' };

export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri_too_long' : 'invalid_request';
  reply.headers({ ...securityHeaders, ...noStore, 'x-request-id': request.id });
  return sendError(reply, new AppError(code));
};

function clientErrorOf(error: NodeJS.ErrnoException): AppError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return new AppError('headers_too_large');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('request_timeout');
  return new AppError('invalid_request');
}

/** Node's `clientError`: the request could not even be parsed, so the socket is answered raw. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = clientErrorOf(error);
  const body = JSON.stringify(errorBody(appError.code));
  const headers = {
    ...securityHeaders,
    ...noStore,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\n${lines.join('')}\r\n${body}`,
    );
  }
  socket.destroy(error);
}
