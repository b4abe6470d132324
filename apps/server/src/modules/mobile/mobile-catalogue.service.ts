import {
  addDays,
  businessDate,
  distanceKm,
  type MobileMenu,
  type MobileOutlet,
  outletOpenState,
  type OpenState,
  type ServingMethod,
  servingMethods,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { outletPrice } from '../orders/order-cart';
import * as repo from './mobile-catalogue.repo';

// What the app browses before ordering: the tenant's outlets (open now, taking orders, distance
// from the customer) and one outlet's menu. "Open now" is the contract's outletOpenState, the
// same function the back office and the POS use.

type OutletLike = Pick<
  repo.MobileOutletRow,
  'timezone' | 'hours' | 'closures' | 'lastOrderMinutes' | 'cutoffHour'
>;

/** The outlet's opening state and business date at `at`. */
export function outletClock(row: OutletLike, at: Date): { state: OpenState; today: string } {
  return {
    state: outletOpenState(
      {
        timezone: row.timezone,
        hours: row.hours,
        closures: row.closures,
        last_order_minutes: row.lastOrderMinutes,
      },
      at,
    ),
    today: businessDate(at, row.timezone, row.cutoffHour),
  };
}

/** Closures and closed days that can matter now start at most two days back (time zones). */
export const lookbackDate = (at: Date) => addDays(at.toISOString().slice(0, 10), -2);

export const offeredMethods = (methods: string[]) =>
  methods.filter((m): m is ServingMethod => (servingMethods as readonly string[]).includes(m));

function toMobileOutlet(
  row: repo.MobileOutletRow,
  at: Date,
  closed: Set<string>,
  from: { lat: number; lng: number } | null,
): MobileOutlet {
  const { state, today } = outletClock(row, at);
  const dayClosed = closed.has(`${row.id} ${today}`);
  const distance =
    from && row.lat !== null && row.lng !== null
      ? Math.round(distanceKm(from, { lat: row.lat, lng: row.lng }) * 10) / 10
      : null;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    address: row.address,
    phone: row.phone,
    lat: row.lat,
    lng: row.lng,
    serving_methods: offeredMethods(row.servingMethods),
    delivery_fee: row.deliveryFee,
    timezone: row.timezone,
    open_now: state.open,
    accepting_orders: row.acceptingOrders,
    taking_orders_now:
      row.status === 'active' && row.acceptingOrders && state.accepting_orders && !dayClosed,
    closes_at: state.closes_at?.toISOString() ?? null,
    next_open_at: state.next_open_at?.toISOString() ?? null,
    distance_km: distance,
  };
}

export function createMobileCatalogueService({ db, now }: { db: Db; now: Clock }) {
  async function outletsWithState(
    tenantId: string,
    rows: repo.MobileOutletRow[],
    from: { lat: number; lng: number } | null,
  ) {
    const at = now();
    const closed = await repo.closedDays(
      db,
      tenantId,
      rows.map((r) => r.id),
      lookbackDate(at),
    );
    return rows.map((r) => toMobileOutlet(r, at, closed, from));
  }

  return {
    /** GET /api/mobile/outlets: active outlets, nearest first when a position is given. */
    async outlets(tenantId: string, q: { lat?: number | undefined; lng?: number | undefined }) {
      const from = q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : null;
      const rows = await repo.activeOutlets(db, tenantId, lookbackDate(now()));
      const list = await outletsWithState(tenantId, rows, from);
      if (from) {
        // Outlets without coordinates go last; ties keep the name order.
        list.sort(
          (a, b) =>
            (a.distance_km ?? Number.POSITIVE_INFINITY) -
            (b.distance_km ?? Number.POSITIVE_INFINITY),
        );
      }
      return list;
    },

    /** GET /api/mobile/outlets/{id}/menu: what the outlet sells the app now. */
    async menu(tenantId: string, outletId: string): Promise<MobileMenu> {
      const at = now();
      const [row] = await repo.activeOutlets(db, tenantId, lookbackDate(at), outletId);
      if (!row) throw new AppError('not_found');
      const [[outlet], products, categories] = await Promise.all([
        outletsWithState(tenantId, [row], null),
        repo.menuProducts(db, tenantId, outletId),
        repo.activeCategories(db, tenantId),
      ]);
      const { today } = outletClock(row, at);
      return {
        outlet: outlet!,
        categories,
        products: products.map((p) => ({
          id: p.id,
          name: p.name,
          sku: p.sku,
          description: p.description,
          category_id: p.categoryId,
          image_url: p.imageUrl,
          price: outletPrice(p),
          base_price: p.basePrice,
          sold_out: p.soldOutDate === today,
          variant_groups: p.groups.map((g) => ({
            id: g.id,
            name: g.name,
            required: g.required,
            min_select: g.min,
            max_select: g.max,
            options: g.options,
          })),
          addons: p.addons
            .filter((a) => a.status === 'active')
            .map((a) => ({ id: a.id, name: a.name, price: a.price })),
        })),
      };
    },
  };
}

export type MobileCatalogueService = ReturnType<typeof createMobileCatalogueService>;
