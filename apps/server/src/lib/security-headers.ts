import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiUrl } from './errors';

// Security headers on every answer: helmet's set, Strict-Transport-Security only when the request
// came over HTTPS (directly, or through a proxy TRUST_PROXY names), and `no-store` on every API
// answer, which may carry a token or personal data.

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      // Plain http on a shop's LAN must keep working; TLS is the reverse proxy's business.
      'upgrade-insecure-requests': null,
      'img-src': ["'self'", 'data:', 'blob:'],
      'connect-src': ["'self'", 'ws:', 'wss:'],
    },
  },
  // Sent per request below: over plain http it would pin a shop's LAN address to https.
  strictTransportSecurity: false,
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers as one map, computed once: they do not vary by request, and answers written
 * before Fastify's hooks run (framework errors) carry the same ones.
 */
export const securityHeaders: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions)({} as never, response as never, () => {});
  return headers;
})();

export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    // A page that must post a form elsewhere (a payment gateway's) brings its own, narrower policy.
    const ownPolicy = reply.getHeader('content-security-policy');
    reply.headers(securityHeaders);
    if (ownPolicy) reply.header('content-security-policy', ownPolicy);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
