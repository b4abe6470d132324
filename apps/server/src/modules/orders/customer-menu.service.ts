import { distanceKm, type ServingMethod } from '@kopi/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { outletPrice, soldOutOn } from './order-cart';
import * as repo from './order-catalogue.repo';
import { lookbackDate, offeredMethods, outletClockAt } from './order-checks';
import { menuChoices } from './order-view';

// What a customer browses before ordering: the tenant's outlets (open now, taking orders, distance
// from the customer) and one outlet's menu. "Open now" is the contract's outletOpenState, the
// same function the back office, the POS and the order core use.

export type { ActiveOutletRow, MenuProductRow } from './order-catalogue.repo';

/** An outlet as it is now for a customer. */
export interface OutletNow {
  row: repo.ActiveOutletRow;
  servingMethods: ServingMethod[];
  open: boolean;
  takingOrdersNow: boolean;
  closesAt: Date | null;
  nextOpenAt: Date | null;
  distanceKm: number | null;
}

export function createCustomerMenuService({ db, now }: { db: Db; now: Clock }) {
  async function outletsNow(
    tenantId: string,
    rows: repo.ActiveOutletRow[],
    from: { lat: number; lng: number } | null,
  ): Promise<OutletNow[]> {
    const at = now();
    const closed = await repo.closedDays(
      db,
      tenantId,
      rows.map((r) => r.id),
      lookbackDate(at),
    );
    return rows.map((row) => {
      const { state, today } = outletClockAt(row, at);
      return {
        row,
        servingMethods: offeredMethods(row.servingMethods),
        open: state.open,
        takingOrdersNow:
          row.status === 'active' &&
          row.acceptingOrders &&
          state.accepting_orders &&
          !closed.has(`${row.id} ${today}`),
        closesAt: state.closes_at,
        nextOpenAt: state.next_open_at,
        distanceKm:
          from && row.lat !== null && row.lng !== null
            ? Math.round(distanceKm(from, { lat: row.lat, lng: row.lng }) * 10) / 10
            : null,
      };
    });
  }

  return {
    /** The tenant's active outlets, nearest first when a position is given. */
    async outlets(tenantId: string, from: { lat: number; lng: number } | null) {
      const rows = await repo.activeOutlets(db, tenantId, lookbackDate(now()));
      const list = await outletsNow(tenantId, rows, from);
      if (from) {
        // Outlets without coordinates go last; ties keep the name order.
        list.sort(
          (a, b) =>
            (a.distanceKm ?? Number.POSITIVE_INFINITY) - (b.distanceKm ?? Number.POSITIVE_INFINITY),
        );
      }
      return list;
    },

    /** What the outlet sells customers now, at its prices, sold out today flagged. */
    async menu(tenantId: string, outletId: string) {
      const at = now();
      const [row] = await repo.activeOutlets(db, tenantId, lookbackDate(at), outletId);
      if (!row) throw new AppError('not_found');
      const [[outlet], products, categories] = await Promise.all([
        outletsNow(tenantId, [row], null),
        repo.menuProducts(db, tenantId, outletId, 'app'),
        repo.activeCategories(db, tenantId),
      ]);
      const { today } = outletClockAt(row, at);
      return {
        outlet: outlet!,
        categories,
        products: products.map((p) => ({
          product: p,
          price: outletPrice(p),
          soldOut: soldOutOn(p, today),
          choices: menuChoices(p),
        })),
      };
    },
  };
}

export type CustomerMenuService = ReturnType<typeof createCustomerMenuService>;
