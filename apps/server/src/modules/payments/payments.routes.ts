import { dataEnvelope, paymentCallbackResultSchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../lib/request-context';
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

  app.withTypeProvider<ZodTypeProvider>().post(
    '/payments/:provider/callback',
    {
      config: { public: true, idempotency: false },
      schema: {
        tags: ['payments'],
        summary:
          'A payment provider reports how a payment ended. Signed (sandbox: x-sandbox-signature, HMAC-SHA256 of the raw body); a replayed event id answers duplicate and changes nothing',
        params: z.object({ provider: z.string().max(40) }),
        response: { 200: dataEnvelope(paymentCallbackResultSchema) },
      },
    },
    async (request) => ({
      data: await service.callback(
        request.params.provider,
        typeof request.body === 'string' ? request.body : '',
        request.headers,
        contextOf(request),
      ),
    }),
  );
}
