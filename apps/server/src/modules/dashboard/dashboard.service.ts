import {
  addDays,
  businessDate,
  type Dashboard,
  orderSources,
  type ReportOutlet,
  servingMethods,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { type ReadRouter, readsFromPrimary } from '../../db/read-replica';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { readableOutletsOf } from '../../lib/scoped-outlets';
import {
  addFigures as add,
  figuresOf,
  reportScopeOf,
  zeroFigures,
} from '../reports/reports.service';
import { customersOfDays } from './dashboard-customers.repo';
import { waitingTimes } from './dashboard-waiting.repo';
import * as repo from './dashboard.repo';

// GET /api/dashboard: today's business day against the same weekday last week. "Today" is the
// business date now in the outlet's zone (or the tenant's, for all outlets) with the tenant's
// cut-off hour, as a sale would get it.

export const DASHBOARD_TOP_PRODUCTS = 10;

/**
 * `read` of today on the primary and of the compared day on `history`: one call when they are
 * the same database, two otherwise.
 */
async function todayAndThen<A, T>(
  db: Db,
  history: Db,
  read: (db: Db, args: A[]) => Promise<T[]>,
  today: A,
  then: A,
): Promise<T[]> {
  if (history === db) return read(db, [today, then]);
  const [current, earlier] = await Promise.all([read(db, [today]), read(history, [then])]);
  return [...current, ...earlier];
}

export function createDashboardService({
  db,
  now,
  reads = readsFromPrimary(db),
}: {
  db: Db;
  now: Clock;
  /** Where last week's figures are read: a replica when one is set (db/read-replica.ts). */
  reads?: ReadRouter;
}) {
  return {
    /** GET /api/dashboard/outlets: the outlets the caller's dashboard covers, for its filter. */
    outlets: (ctx: AuthedContext): Promise<ReportOutlet[]> => readableOutletsOf(db, ctx),

    async dashboard(ctx: AuthedContext, outletId: string | undefined): Promise<Dashboard> {
      const scope = await reportScopeOf(db, ctx, outletId);
      const clock = await repo.tenantClock(db, scope.tenantId);
      if (!clock) throw new AppError('not_found');
      const at = now();
      const timezone = scope.outletId
        ? (scope.outlets[0]?.timezone ?? clock.timezone)
        : clock.timezone;
      const today = businessDate(at, timezone, clock.cutoff);
      const compareDate = addDays(today, -7);
      const weekAgo = new Date(at.getTime() - 7 * 86_400_000);

      // Today's figures and open orders from the primary; last week's may come from a replica.
      const { value, freshness } = await reads.read(ctx, (history) => {
        const byDay = <A, T>(read: (db: Db, args: A[]) => Promise<T[]>, current: A, then: A) =>
          todayAndThen(db, history, read, current, then);
        return Promise.all([
          byDay(
            (on, days) => repo.daySales(on, scope.tenantId, scope.outletId, days),
            today,
            compareDate,
          ),
          repo.topProducts(db, scope.tenantId, scope.outletId, today, DASHBOARD_TOP_PRODUCTS),
          byDay(
            (on, days) => repo.hourlySales(on, scope.tenantId, scope.outletId, days),
            today,
            compareDate,
          ),
          repo.salesUntil(history, scope.tenantId, scope.outletId, compareDate, weekAgo),
          repo.openOrders(db, scope.tenantId, scope.outletId),
          repo.refundsUntil(history, scope.tenantId, scope.outletId, compareDate, weekAgo),
          byDay(
            async (on, days) => [
              ...(await customersOfDays(on, scope.tenantId, scope.outletId, days)),
            ],
            { date: today, until: at },
            { date: compareDate, until: weekAgo },
          ),
          waitingTimes(db, scope.tenantId, scope.outletId, today),
        ]);
      });
      const [salesRows, top, hourly, compareSoFar, open, refundsSoFar, visitorRows, waiting] =
        value;
      const visitors = new Map(visitorRows);
      const none = { joined: 0, returning: 0 };
      const customersToday = visitors.get(today) ?? none;
      const customersThen = visitors.get(compareDate) ?? none;

      let todayFigures = zeroFigures();
      let compareFigures = zeroFigures();
      const byOutlet = new Map<
        string,
        { orders: number; net: number; cOrders: number; cNet: number }
      >();
      const bySource = new Map<string, { orders: number; net: number }>();
      const byServing = new Map<string, { orders: number; net: number }>();
      for (const row of salesRows) {
        const f = figuresOf(row);
        const isToday = row.date === today;
        const outlet = byOutlet.get(String(row.outlet_id)) ?? {
          orders: 0,
          net: 0,
          cOrders: 0,
          cNet: 0,
        };
        if (isToday) {
          todayFigures = add(todayFigures, f);
          outlet.orders += f.orders;
          outlet.net += f.net;
          for (const [map, key] of [
            [bySource, String(row.source)],
            [byServing, String(row.serving_method)],
          ] as const) {
            const v = map.get(key) ?? { orders: 0, net: 0 };
            v.orders += f.orders;
            v.net += f.net;
            map.set(key, v);
          }
        } else {
          compareFigures = add(compareFigures, f);
          outlet.cOrders += f.orders;
          outlet.cNet += f.net;
        }
        byOutlet.set(String(row.outlet_id), outlet);
      }

      const hours = Array.from({ length: 24 }, (_, i) => (clock.cutoff + i) % 24);
      const hourOf = (date: string, hour: number) =>
        hourly.find((h) => h.date === date && h.hour === hour);

      const outlets = scope.outlets
        .filter((o) => o.status === 'active' || byOutlet.has(o.id))
        .map((o) => {
          const v = byOutlet.get(o.id) ?? { orders: 0, net: 0, cOrders: 0, cNet: 0 };
          return {
            outlet_id: o.id,
            code: o.code,
            name: o.name,
            orders: v.orders,
            net: v.net,
            compare_orders: v.cOrders,
            compare_net: v.cNet,
          };
        })
        .sort(
          (a, b) => b.net - a.net || b.compare_net - a.compare_net || (a.code < b.code ? -1 : 1),
        );

      const openBy = new Map<string, { created: number; pending: number; approved: number }>();
      for (const o of open) {
        const v = openBy.get(o.outletId) ?? { created: 0, pending: 0, approved: 0 };
        if (o.status === 'CREATED') v.created += o.count;
        else if (o.status === 'PENDING') v.pending += o.count;
        else v.approved += o.count;
        openBy.set(o.outletId, v);
      }
      const openList = [...openBy.entries()].map(([outlet_id, v]) => ({ outlet_id, ...v }));
      const sumOf = (k: 'created' | 'pending' | 'approved') =>
        openList.reduce((s, v) => s + v[k], 0);

      return {
        outlet_id: scope.outletId,
        business_date: today,
        compare_date: compareDate,
        timezone,
        cutoff_hour: clock.cutoff,
        generated_at: at.toISOString(),
        today: todayFigures,
        compare: compareFigures,
        compare_until_now: { ...compareSoFar, refunds: refundsSoFar },
        customers: {
          new: customersToday.joined,
          returning: customersToday.returning,
          compare_new: customersThen.joined,
          compare_returning: customersThen.returning,
        },
        by_hour: hours.map((hour) => {
          const t = hourOf(today, hour);
          const c = hourOf(compareDate, hour);
          return {
            hour,
            orders: t?.orders ?? 0,
            net: t?.net ?? 0,
            compare_orders: c?.orders ?? 0,
            compare_net: c?.net ?? 0,
          };
        }),
        top_products: top.map((p) => ({
          product_id: p.product_id,
          name: p.name ?? p.product_id,
          name_my: p.name_my,
          sku: p.sku,
          quantity: p.quantity,
          gross: p.gross,
        })),
        outlets,
        waiting_times: waiting,
        by_source: orderSources.map((source) => ({
          source,
          ...(bySource.get(source) ?? { orders: 0, net: 0 }),
        })),
        by_serving_method: servingMethods.map((serving_method) => ({
          serving_method,
          ...(byServing.get(serving_method) ?? { orders: 0, net: 0 }),
        })),
        open_orders: {
          total: sumOf('created') + sumOf('pending') + sumOf('approved'),
          created: sumOf('created'),
          pending: sumOf('pending'),
          approved: sumOf('approved'),
          by_outlet: openList.sort((a, b) => (a.outlet_id < b.outlet_id ? -1 : 1)),
        },
        ...(freshness ? { freshness } : {}),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
