import { businessDate, type PosContext, type PosMenu, type PosOutlet } from '@kopi/contract';
import type { Db } from '../../db/database';
import { sideBySide } from '../../db/side-by-side';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { outletPrice, sellableAtOutlet, soldOutOn } from './order-cart';
import { lookbackDate, offeredMethods, outletClockAt, pricingSettings } from './order-checks';
import * as repo from './order-catalogue.repo';
import * as ordersRepo from './orders.repo';
import { menuChoices } from './order-view';

// The POS's reads before a sale: where the user may sell, the outlet's settings and receipt,
// and what the outlet sells. Prices,
// availability and sold-out follow the sale's own rules (order-cart.ts), so what the grid shows
// is what POST /api/orders charges and accepts.

export function createPosService({ db, now }: { db: Db; now: Clock }) {
  return {
    /** GET /api/pos/context: the outlet, pricing settings and receipt header for the POS. */
    async posContext(ctx: AuthedContext, outletId: string): Promise<PosContext> {
      const tenantId = tenantIdOf(ctx);
      const bound = ctx.principal.outletId;
      const at = now();
      const c =
        bound && bound !== outletId
          ? null
          : await repo.orderContext(db, tenantId, outletId, {
              fromDate: lookbackDate(at),
              staffId: ctx.principal.userId,
              productIds: [],
            });
      if (!c) throw new AppError('not_found');
      const { state, today } = outletClockAt(c, at);
      const settings = pricingSettings(c, 'counter');
      return {
        outlet: {
          id: c.id,
          code: c.code,
          name: c.name,
          address: c.address,
          phone: c.phone,
          serving_methods: offeredMethods(c.servingMethods),
          delivery_fee: c.deliveryFee,
          status: c.status as 'active' | 'disabled',
          accepting_orders: c.acceptingOrders,
          open_now: state.open,
          taking_orders_now: state.accepting_orders,
          timezone: c.timezone,
          business_date: today,
          day_closed: await ordersRepo.isDayClosed(db, tenantId, c.id, today),
        },
        pricing: {
          ...settings,
          service_charge_methods: [...settings.service_charge_methods],
          manual_discount_max_bp: c.manualDiscountMaxBp,
        },
        receipt: {
          business_name: c.tenantName,
          legal_name: c.legalName,
          sst_registration_no: c.sstRegistrationNo,
          tin: c.tin,
          brn: c.brn,
          header: c.receiptHeader,
          footer: c.receiptFooter,
          header_my: c.receiptHeaderMy,
          footer_my: c.receiptFooterMy,
          logo_url: c.receiptLogoUrl,
        },
      };
    },

    /** GET /api/pos/outlets: an outlet-bound user's outlet, else the tenant's active outlets. */
    async posOutlets(ctx: AuthedContext): Promise<PosOutlet[]> {
      const rows = await repo.counterOutlets(db, tenantIdOf(ctx), ctx.principal.outletId);
      return rows.map((r) => ({ ...r, status: r.status as PosOutlet['status'] }));
    },

    /** GET /api/pos/menu: the outlet's categories and products (three queries side by side, whatever the size). */
    async posMenu(ctx: AuthedContext, outletId: string): Promise<PosMenu> {
      const tenantId = tenantIdOf(ctx);
      const bound = ctx.principal.outletId;
      if (bound && bound !== outletId) throw new AppError('not_found');
      // Side by side on the pool: the product query only reads rows of this tenant and outlet id.
      const [outlet, categories, products] = await sideBySide(db, [
        () => repo.outletClock(db, tenantId, outletId),
        () => repo.activeCategories(db, tenantId),
        () => repo.menuProducts(db, tenantId, outletId, 'counter'),
      ]);
      if (!outlet) throw new AppError('not_found');
      const today = businessDate(now(), outlet.timezone, outlet.cutoffHour);
      return {
        categories,
        products: products.map((p) => ({
          id: p.id,
          name: p.name,
          name_my: p.nameMy,
          sku: p.sku,
          barcode: p.barcode,
          category_id: p.categoryId,
          image_url: p.imageUrl,
          price: outletPrice(p),
          base_price: p.basePrice,
          available: sellableAtOutlet(p),
          sold_out: soldOutOn(p, today),
          ...menuChoices(p),
        })),
      };
    },
  };
}
