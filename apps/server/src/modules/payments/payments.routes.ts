import { paymentCallbackResultSchema, text } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { PaymentService } from './payments.service';

// DESIGN §8 POST /api/payments/{provider}/callback. Public: the caller is a payment provider, and
// what authenticates it is its signature over the exact bytes of the body, so this context keeps
// JSON bodies as the raw string (parsing them first could change what was signed).

const CALLBACK_BODY_LIMIT = 64 * 1024;

export async function paymentRoutes(
  app: FastifyInstance,
  { service }: { service: PaymentService },
) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  // Billplz (and other gateways) post their callbacks as a form: kept raw, parsed by the service.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const route = defineRoutes(app, { tags: ['payments'], context: contextOf });

  route.post('/payments/:provider/callback', {
    config: { public: true, idempotency: false },
    summary:
      'A payment provider reports how a payment ended. Signed (sandbox: x-sandbox-signature, HMAC-SHA256 of the raw body); a replayed event id answers duplicate and changes nothing',
    params: z.object({ provider: text().max(40) }),
    data: paymentCallbackResultSchema,
    handler: (ctx, { params, body, headers }) =>
      service.callback(params.provider, typeof body === 'string' ? body : '', headers, ctx),
  });

  route.get('/payments/:provider/return', {
    config: { public: true },
    summary:
      "The customer's browser back from a gateway (Billplz: billplz[id], billplz[paid], billplz[x_signature]…; Stripe: payment_intent). Verified, then confirmed by a status query before anything is applied",
    params: z.object({ provider: text().max(40) }),
    querystring: z.record(text().max(60), text().max(500)),
    data: paymentCallbackResultSchema,
    handler: (ctx, { params, query, headers }) =>
      service.returned(params.provider, query, headers, ctx),
  });
}
