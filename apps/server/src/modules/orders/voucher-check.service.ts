import type { VoucherCheck, VoucherCheckInput, VoucherSource } from '@kopi/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { CustomerPrincipal } from '../../lib/customer-principal';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { boundOutletOf, tenantIdOf } from '../../lib/caller-tenant';
import { customerVouchers, previewVoucher } from '../vouchers/voucher-redemption.service';
import { resolveCart, voucherCartOf } from './order-cart';
import * as catalogue from './order-catalogue.repo';
import { lookbackDate, outletClockAt } from './order-checks';

// The POS's and the app cart's voucher preview: the cart priced exactly as its order would be
// (the outlet's prices, choices and add-ons from the database) and the voucher's rules applied
// by the same evaluateVoucher the order core calls. Nothing is locked or written: the order
// itself decides, under the voucher's lock.

export function createVoucherCheckService({ db, now }: { db: Db; now: Clock }) {
  async function check(
    tenantId: string,
    input: VoucherCheckInput,
    who: { source: VoucherSource; customerId: string | null },
  ): Promise<VoucherCheck> {
    const at = now();
    const context = await catalogue.orderContext(db, tenantId, input.outlet_id, {
      fromDate: lookbackDate(at),
      staffId: null,
      productIds: [...new Set(input.items.map((i) => i.product_id))],
    });
    if (!context) throw new AppError('not_found');
    const { today } = outletClockAt(context, at);
    const lines = resolveCart(input.items, new Map(context.catalogue.map((p) => [p.id, p])), today);
    return previewVoucher(db, {
      tenantId,
      code: input.code,
      outletId: context.id,
      timezone: context.timezone,
      source: who.source,
      customerId: who.customerId,
      servingMethod: input.serving_method,
      at,
      lines: voucherCartOf(lines),
    });
  }

  return {
    /** POST /api/vouchers/check: the counter's cart, with the customer it attached if any. */
    pos(ctx: AuthedContext, input: VoucherCheckInput) {
      const bound = boundOutletOf(ctx);
      if (bound && bound !== input.outlet_id) throw new AppError('not_found');
      return check(tenantIdOf(ctx), input, {
        source: 'pos',
        customerId: input.customer_id ?? null,
      });
    },

    /** POST /api/mobile/vouchers/check: the signed-in customer's cart. */
    app(customer: CustomerPrincipal, input: VoucherCheckInput) {
      return check(customer.tenantId, input, { source: 'app', customerId: customer.customerId });
    },

    /** GET /api/mobile/vouchers: the codes issued to the customer, still to be used. */
    mine: (customer: CustomerPrincipal) =>
      customerVouchers(db, customer.tenantId, customer.customerId),
  };
}

export type VoucherCheckService = ReturnType<typeof createVoucherCheckService>;
