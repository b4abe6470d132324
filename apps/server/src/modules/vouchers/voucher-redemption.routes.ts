import { voucherCheckInputSchema, voucherCheckSchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { VoucherCheckService } from '../orders/voucher-check.service';

// POST /api/vouchers/check (create-pos): the POS previews a voucher on its cart before the sale.
// Reading it writes nothing; the sale (POST /api/orders with `voucher_code`) redeems it.

export async function voucherRedemptionRoutes(
  app: FastifyInstance,
  { service }: { service: VoucherCheckService },
) {
  const route = defineRoutes(app, { tags: ['vouchers'], context: authedContextOf });

  route.post('/vouchers/check', {
    config: { permission: 'create-pos', idempotency: false },
    summary:
      'Whether a voucher code takes money off this cart now, and how much (priced as the sale would be), or the reason it does not (voucher_<reason> is the sale’s refusal): 409 voucher_unknown for a code no voucher has. Nothing is written',
    body: voucherCheckInputSchema,
    data: voucherCheckSchema,
    handler: (ctx, { body }) => service.pos(ctx, body),
  });
}
