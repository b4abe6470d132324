import { customerVoucherSchema, idParamSchema, listQuerySchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { CustomerVoucherService } from './customer-vouchers.service';

// The customer details page's vouchers section, under read-customer like the rest of the page.

export async function customerVoucherRoutes(
  app: FastifyInstance,
  { service }: { service: CustomerVoucherService },
) {
  const route = defineRoutes(app, { tags: ['customers'], context: authedContextOf });

  route.list('/customers/:id/vouchers', {
    config: { permission: 'read-customer' },
    summary:
      'Codes issued to the customer, newest first: the voucher, where it came from (campaign, reward, printed) and whether it is available, redeemed or expired',
    params: idParamSchema,
    querystring: listQuerySchema,
    item: customerVoucherSchema,
    handler: (ctx, { params, query }) => service.issuedTo(ctx, params.id, query),
  });
}
