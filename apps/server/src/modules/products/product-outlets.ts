import type { ProductOutlet } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited } from '../../lib/audit';
import { AppError, found } from '../../lib/errors';
import { publishLiveEvent } from '../../lib/live-events';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import type { OutletToday, ProductLookup } from './product-lookup';
import * as outletRepo from './product-outlets.repo';

// A product per outlet: available or not, an outlet price, and "sold out today".

/** The live event a sold-out switch publishes to its outlet's screens. */
export const SOLD_OUT_EVENT = 'product.sold_out';

export function createProductOutlets({ db }: { db: Db }, lookup: ProductLookup) {
  /** The product and the outlet, both of the caller's tenant. */
  async function requireBoth(ctx: AuthedContext, id: string, outletId: string) {
    const tenantId = tenantIdOf(ctx);
    await lookup.requireProduct(tenantId, id);
    const outlet = found((await lookup.outletsWithToday(tenantId)).find((o) => o.id === outletId));
    return { tenantId, outlet };
  }

  async function outletAnswer(tenantId: string, productId: string, outlet: OutletToday) {
    const settings = await outletRepo.outletSettingsOf(db, tenantId, [productId]);
    return lookup.outletState(
      outlet,
      settings.find((s) => s.outletId === outlet.id),
    );
  }

  return {
    async outlets(ctx: AuthedContext, id: string): Promise<ProductOutlet[]> {
      const tenantId = tenantIdOf(ctx);
      await lookup.requireProduct(tenantId, id);
      const [outlets, settings] = await Promise.all([
        lookup.outletsWithToday(tenantId, ctx.principal.outletId),
        outletRepo.outletSettingsOf(db, tenantId, [id]),
      ]);
      return lookup.outletStates(outlets, settings);
    },

    async setOutlet(
      ctx: AuthedContext,
      id: string,
      outletId: string,
      input: { available: boolean; price_override: number | null },
    ): Promise<ProductOutlet> {
      const { tenantId, outlet } = await requireBoth(ctx, id, outletId);
      const before = await outletAnswer(tenantId, id, outlet);
      const entry = {
        action: 'product.outlet_update',
        entity: 'product',
        entityId: id,
        before,
        after: { outlet_id: outletId, ...input },
      };
      await audited(db, ctx, entry, (tx) =>
        outletRepo.upsertOutletSetting(tx, {
          tenantId,
          productId: id,
          outletId,
          available: input.available,
          priceOverride: input.price_override,
        }),
      );
      return outletAnswer(tenantId, id, outlet);
    },

    /**
     * "Sold out today": stores the outlet's current business date, so the mark stops counting at
     * the next business day without any job. Staff bound to an outlet only reach their own.
     */
    async setSoldOut(
      ctx: AuthedContext,
      id: string,
      outletId: string,
      soldOut: boolean,
    ): Promise<ProductOutlet> {
      const bound = ctx.principal.outletId;
      if (bound && bound !== outletId) throw new AppError('not_found');
      const { tenantId, outlet } = await requireBoth(ctx, id, outletId);
      const entry = {
        action: soldOut ? 'product.sold_out' : 'product.back_in_stock',
        entity: 'product',
        entityId: id,
        after: { outlet_id: outletId, business_date: outlet.today, sold_out: soldOut },
      };
      await audited(db, ctx, entry, async (tx) => {
        await outletRepo.upsertOutletSetting(tx, {
          tenantId,
          productId: id,
          outletId,
          soldOutDate: soldOut ? outlet.today : null,
        });
        // Every POS of the outlet greys the tile (or frees it) without a reload; the app menu
        // reads the mark on its next request.
        await publishLiveEvent(tx, {
          tenantId,
          outletId,
          type: SOLD_OUT_EVENT,
          message: { id_product: id, outlet_id: outletId, sold_out: soldOut },
        });
      });
      return outletAnswer(tenantId, id, outlet);
    },
  };
}
