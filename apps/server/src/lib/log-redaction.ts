import type { FastifyRequest } from 'fastify';

// The websocket carries its access token in the query (/ws?token=…, DESIGN §9): request logs
// must not keep it, or anyone reading them could act as that user until the token expires.

const SECRET_QUERY = /([?&](?:token|access_token|refresh_token)=)[^&#]*/gi;

/** The URL with secret query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Fastify's default request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's logger options: the level, and requests logged without their secrets. */
export function loggerOptions(level: string) {
  return { level, serializers: { req: serializeRequest } };
}
