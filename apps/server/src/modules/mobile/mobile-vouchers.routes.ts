import { mobileVoucherSchema, voucherCheckInputSchema, voucherCheckSchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../lib/route-kit';
import type { AppFeatureService } from '../app-features/app-features.service';
import type { VoucherCheckService } from '../orders/voucher-check.service';
import { customerLimits } from './mobile-limits';
import { customerContextOf } from './mobile-tenant';

// The customer app's vouchers (DESIGN §8 /api/mobile/…, a customer session): the codes issued to
// me, and a preview of a code on my cart. Both need the app's `vouchers` switch on, as placing an
// order with a code does.

export interface MobileVoucherRoutesOptions {
  service: VoucherCheckService;
  /** Writes per customer per minute (reads get five times as many). */
  customerRateLimit: number;
  features: Pick<AppFeatureService, 'require'>;
}

export async function mobileVoucherRoutes(
  app: FastifyInstance,
  options: MobileVoucherRoutesOptions,
) {
  const { service, features } = options;
  const route = defineRoutes(app, { tags: ['mobile app'], context: customerContextOf });
  const { customerWrite, customerRead } = customerLimits(options.customerRateLimit);

  route.get('/mobile/vouchers', {
    config: customerRead,
    summary:
      'My vouchers: codes issued to me (campaigns, rewards) and not yet used, with each voucher’s name, kind, value and validity; app_feature_off while the app’s vouchers are switched off',
    data: z.array(mobileVoucherSchema),
    handler: async ({ customer }) => {
      await features.require(customer.tenantId, null, ['vouchers']);
      return service.mine(customer);
    },
  });

  route.post('/mobile/vouchers/check', {
    config: { ...customerWrite, idempotency: false },
    summary:
      'Whether a voucher code takes money off my cart now and how much (priced as the order would be), or why not; nothing is written: placing the order with voucher_code redeems it',
    body: voucherCheckInputSchema,
    data: voucherCheckSchema,
    handler: async ({ customer }, { body }) => {
      await features.require(customer.tenantId, body.outlet_id, ['vouchers']);
      return service.app(customer, body);
    },
  });
}
