import {
  idParamSchema,
  paymentGatewayCreateSchema,
  paymentGatewaySchema,
  paymentGatewayTestResultSchema,
  paymentGatewayUpdateSchema,
  text,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authedContextOf } from '../../../lib/request-context';
import { defineRoutes } from '../../../lib/route-kit';
import type { PaymentGatewayService } from './payment-gateways.service';

// DESIGN §8 /api/payment-gateways, subject payment-gateway (SPEC General Settings: Payment
// Gateway). Inside a tenant: the business's gateways; the superadmin outside any tenant: the
// platform's own. Credentials are write-only: answers show them masked.

export async function paymentGatewayRoutes(
  app: FastifyInstance,
  { service }: { service: PaymentGatewayService },
) {
  const route = defineRoutes(app, { tags: ['payment-gateways'], context: authedContextOf });

  route.get('/payment-gateways', {
    config: { permission: 'read-payment-gateway' },
    summary: 'The gateways set up, credentials masked, each with the URLs to register with it',
    data: z.array(paymentGatewaySchema),
    handler: (ctx) => service.list(ctx),
  });

  route.get('/payment-gateways/:id', {
    config: { permission: 'read-payment-gateway' },
    summary: 'One gateway, credentials masked',
    params: idParamSchema,
    data: paymentGatewaySchema,
    handler: (ctx, { params }) => service.get(ctx, params.id),
  });

  route.create('/payment-gateways', {
    config: { permission: 'create-payment-gateway' },
    summary: 'Set up a gateway (one per provider); its credentials are sealed at rest',
    body: paymentGatewayCreateSchema,
    data: paymentGatewaySchema,
    handler: (ctx, { body }) => service.create(ctx, body),
  });

  route.put('/payment-gateways/:id', {
    config: { permission: 'update-payment-gateway' },
    summary: 'Change a gateway; a credential left out keeps its stored value',
    params: idParamSchema,
    body: paymentGatewayUpdateSchema,
    data: paymentGatewaySchema,
    handler: (ctx, { params, body }) => service.update(ctx, params.id, body),
  });

  route.delete('/payment-gateways/:id', {
    config: { permission: 'delete-payment-gateway' },
    summary: 'Remove a gateway (its payments keep their history)',
    params: idParamSchema,
    data: z.object({ id: text(), deleted: z.literal(true) }),
    handler: (ctx, { params }) => service.remove(ctx, params.id),
  });

  route.post('/payment-gateways/:id/test-connection', {
    // Writes nothing: a repeated test is harmless.
    config: { permission: 'update-payment-gateway', idempotency: false },
    summary: "Calls the gateway's status endpoint with the stored credentials",
    params: idParamSchema,
    data: paymentGatewayTestResultSchema,
    handler: (ctx, { params }) => service.testConnection(ctx, params.id),
  });
}
