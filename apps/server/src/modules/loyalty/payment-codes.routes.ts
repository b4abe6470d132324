import { walletPaymentCodeCheckSchema, walletPaymentCodeInfoSchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { PaymentCodeService } from './payment-codes.service';

// POST /api/wallet-payment-codes/check (create-pos): the POS reads a customer's wallet payment
// code before charging it (whose wallet, what it holds). Reading it writes nothing: the sale
// (POST /api/orders with the code on its wallet payment) takes it.

export async function paymentCodeRoutes(
  app: FastifyInstance,
  { service }: { service: PaymentCodeService },
) {
  const route = defineRoutes(app, { tags: ['wallet'], context: authedContextOf });

  route.post('/wallet-payment-codes/check', {
    config: { permission: 'create-pos', idempotency: false },
    summary:
      'Whose wallet a payment code charges and its balance, without using the code: 409 payment_code_invalid (not a code the server made, or unknown), payment_code_expired (expired or used), customer_blocked',
    body: walletPaymentCodeCheckSchema,
    data: walletPaymentCodeInfoSchema,
    handler: (ctx, { body }) => service.check(ctx, body.code),
  });
}
