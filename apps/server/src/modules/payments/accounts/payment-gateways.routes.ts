import {
  paymentGatewayCreateSchema,
  paymentGatewaySchema,
  paymentGatewayTestResultSchema,
  paymentGatewayUpdateSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { itemRoutes } from '../../../lib/item-routes';
import { authedContextOf } from '../../../lib/request-context';
import { resourceRoutes } from '../../../lib/resource-routes';
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
  const gateways = resourceRoutes(route, '/payment-gateways', service, 'payment-gateway');
  const gateway = itemRoutes(route, '/payment-gateways', service);

  route.get('/payment-gateways', {
    config: { permission: 'read-payment-gateway' },
    summary: 'The gateways set up, credentials masked, each with the URLs to register with it',
    data: z.array(paymentGatewaySchema),
    handler: (ctx) => service.list(ctx),
  });

  gateways.get('One gateway, credentials masked', paymentGatewaySchema);

  gateways.create(
    'Set up a gateway (one per provider); its credentials are sealed at rest',
    paymentGatewayCreateSchema,
    paymentGatewaySchema,
  );

  gateways.update(
    'Change a gateway; a credential left out keeps its stored value',
    paymentGatewayUpdateSchema,
    paymentGatewaySchema,
  );

  gateways.remove('Remove a gateway (its payments keep their history)');

  // Writes nothing: a repeated test is harmless.
  gateway.post(
    'test-connection',
    { permission: 'update-payment-gateway', idempotency: false },
    "Calls the gateway's status endpoint with the stored credentials",
    paymentGatewayTestResultSchema,
  );
}
