import type { RouteAccess } from '../lib/access';

// The routes the authorization matrix leaves out, each for a reason: the public ones (pinned,
// so a route turning public by mistake fails the matrix test) and the exclusions.

/**
 * Every route declared `public: true` (no token, no role), pinned: a route that turns public by
 * mistake, or a pinned one that stops being public, fails the matrix test until this list is
 * reviewed. HEAD twins are left out (see the exclusions).
 */
export const publicRoutes = [
  // sign-in and password flows
  'POST /api/login',
  'POST /api/two-steps',
  'POST /api/forgot-password',
  'POST /api/reset-password',
  // health and the API docs
  'GET /api/health',
  'GET /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  // uploaded images (random names, shown on menus and receipts)
  'GET /uploads/*',
  // the customer app before sign-in: launch config, catalogue and phone sign-up / sign-in
  'GET /api/mobile/outlets',
  'GET /api/mobile/outlets/:id/menu',
  'GET /api/mobile/app-config',
  'POST /api/mobile/auth/sign-up',
  'POST /api/mobile/auth/sign-in',
  'POST /api/mobile/auth/verify-phone',
  'POST /api/mobile/auth/resend-code',
  // payment providers, authenticated by their signature instead of a token
  'POST /api/payments/:provider/callback',
  'GET /api/payments/:provider/return',
  'POST /api/payments/:provider/return',
  // the page handing the browser to a gateway taking a form POST (iPay88): an unguessable id
  'GET /api/payments/:provider/checkout/:paymentId',
] as const;

/** Registered routes the matrix does not cover, each with the reason. */
export const matrixExclusions: { reason: string; applies: (r: RouteAccess) => boolean }[] = [
  {
    reason: 'HEAD answers exactly like the GET of the same path (same route options)',
    applies: (r) => r.method === 'HEAD',
  },
  {
    reason:
      'public: no role is involved (sign-in and password flows, health, API docs, uploads, the mobile catalogue, payment provider callbacks)',
    applies: (r) =>
      r.public && (publicRoutes as readonly string[]).includes(`${r.method} ${r.url}`),
  },
  {
    reason:
      'websocket upgrade with the access token in the query; its access (401, outlet scope) is tested in modules/live/live.test.ts',
    applies: (r) => r.url === '/ws',
  },
];
