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
}
