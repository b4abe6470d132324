import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { voucherUsageRoutes } from './voucher-usage.routes';
import { createVoucherUsageService } from './voucher-usage.service';

// The voucher usage module on the API: what /voucher-campaign reads of vouchers' use.

export async function registerVoucherUsageRoutes(
  api: FastifyInstance,
  { db, now }: { db: Db; now: Clock },
) {
  await api.register(voucherUsageRoutes, { service: createVoucherUsageService({ db, now }) });
}
