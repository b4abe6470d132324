import {
  boardQuerySchema,
  boardSchema,
  closeDaySchema,
  dayWorkingExportQuerySchema,
  dayWorkingQuerySchema,
  idParamSchema,
  moneyWorkingSchema,
  orderCreateSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderNotCollectedSchema,
  orderOutletSchema,
  orderSchema,
  orderStatusMoveSchema,
  orderSummarySchema,
  posContextQuerySchema,
  posContextSchema,
  posMenuQuerySchema,
  posMenuSchema,
  posOutletSchema,
  zReportQuerySchema,
  zReportSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectionRoutes } from '../../lib/collection-routes';
import { itemRoutes } from '../../lib/item-routes';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { keyedRoutes } from '../../lib/keyed-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { CloseDayService } from './close-day.service';
import type { OrderService } from './orders.service';

// DESIGN §8 /api/orders. Permissions:
//   GET  /pos/outlets        read-pos: where the user may sell (an outlet-bound user: theirs)
//   GET  /pos/context        read-pos: outlet, pricing settings and receipt header for the POS
//   GET  /pos/menu           read-pos: the outlet's categories and products as the sale prices them
//   GET  /orders/board       read-status-order: the status board with the outlets' thresholds
//   POST /orders             create-pos: a sale at the counter is the POS's job (source pos-apps)
//   POST /orders/{id}/status update-status-order: the status board's moves (accept, ready, reject)
//   POST /orders/{id}/handed-over update-status-order: the board's "Handed over" / "Served"
//   POST /orders/{id}/not-collected update-order: a manager clears a ready order never collected
//   POST /orders/close-day   close-day-order
//   GET  (list, export, outlets, one, Z-report and its working) read-order
// Staff bound to an outlet only reach that outlet's orders (anything else is a 404).

export async function orderRoutes(
  app: FastifyInstance,
  { service, closeDay }: { service: OrderService; closeDay: CloseDayService },
) {
  const route = defineRoutes(app, { tags: ['orders'], context: authedContextOf });
  const keyed = keyedRoutes(route, service);
  const orders = resourceRoutes(route, '/orders', service, 'order');
  const order = itemRoutes(route, '/orders', service, {
    methods: { status: 'moveStatus', 'handed-over': 'handOver' },
  });
  const orderList = collectionRoutes(route, '/orders', service);
  const days = collectionRoutes(route, '/orders', closeDay);
  const zReports = collectionRoutes(route, '/orders/z-reports', closeDay);
  const zReportWorking = collectionRoutes(route, '/orders/z-reports/working', closeDay);

  route.get('/pos/context', {
    config: { permission: 'read-pos' },
    summary:
      'What the POS needs before a sale: the outlet (open now, business date, day closed), pricing settings for priceOrder, receipt header',
    querystring: posContextQuerySchema,
    data: posContextSchema,
    handler: (ctx, { query }) => service.posContext(ctx, query.outlet_id),
  });

  route.get('/pos/outlets', {
    config: { permission: 'read-pos' },
    summary:
      'The outlets the user may sell at: an outlet-bound user gets theirs, others every active outlet, by code',
    data: z.array(posOutletSchema),
    handler: (ctx) => service.posOutlets(ctx),
  });

  route.get('/pos/menu', {
    config: { permission: 'read-pos' },
    summary:
      "The outlet's menu for the POS: active categories in order; products (archived never) at the outlet's price, with availability, today's sold-out, variant groups with options and active add-ons",
    querystring: posMenuQuerySchema,
    data: posMenuSchema,
    handler: (ctx, { query }) => service.posMenu(ctx, query.outlet_id),
  });

  keyed.create('/orders', 'create-pos', 'create', {
    summary:
      'A paid counter sale (Idempotency-Key required): prices from the database, totals by the contract pricing, payments must add up to the total; starts PENDING',
    body: orderCreateSchema,
    data: orderSchema,
  });

  orders.list(
    'Orders: from/to (business date), outlet (or outlet_id; 404 when not the caller’s), status, source, serving_method, payment_method; q searches number and customer; sort created|business_date|order_no|total ("-" descending, default -created)',
    orderListQuerySchema,
    orderSummarySchema,
  );

  orderList.get(
    'outlets',
    'read-order',
    'The outlets whose orders the caller reads (filters, day close, Z-reports): an outlet-bound user gets theirs, others every outlet by code, disabled ones included',
    z.array(orderOutletSchema),
  );

  route.get('/orders/board', {
    config: { permission: 'read-status-order' },
    summary:
      'The status board: PENDING and APPROVED orders and those COMPLETED in the last 60 minutes (oldest first; at most 200 per column, new and preparing keeping their oldest, ready its latest, with not_shown counting the rest) with items, when the status began and the moves allowed; amber/red minutes per outlet',
    querystring: boardQuerySchema,
    data: boardSchema,
    handler: (ctx, { query }) => service.board(ctx, query.outlet_id),
  });

  orderList.export(
    'read-order',
    'The filtered list as CSV in lang (else the user’s saved language): headers, statuses and methods as the screens name them, amounts in ringgit, times in the outlet time zone',
    orderExportQuerySchema,
  );

  route.get('/orders/z-reports', {
    config: { permission: 'read-order' },
    summary: 'The Z-report kept when an outlet closed a business day (404 until closed)',
    querystring: zReportQuerySchema,
    data: zReportSchema,
    handler: (ctx, { query }) => closeDay.zReport(ctx, query),
  });

  zReports.get(
    'working',
    'read-order',
    "The rows behind an outlet day's figures (decision 049): its sales, voids and rejected orders, their payment lines, and the refunds booked on it, each with what it counts as",
    moneyWorkingSchema,
    dayWorkingQuerySchema,
  );

  zReportWorking.export(
    'read-order',
    'The same rows as CSV in lang (else the user’s saved language), amounts in ringgit',
    dayWorkingExportQuerySchema,
    'workingCsv',
  );

  days.post(
    'close-day',
    'close-day-order',
    'Close an outlet business day: 409 orders_still_open lists open orders; else COMPLETED → CLOSED and the Z-report (a closed day answers its kept report)',
    zReportSchema,
    closeDaySchema,
  );

  orders.get(
    'One order with items, payments, status history and the moves the caller may make',
    orderSchema,
  );

  order.post(
    'status',
    'update-status-order',
    'Move an order along DESIGN §4 (APPROVED, COMPLETED, REJECTED with a reason); 409 invalid_status_transition otherwise',
    orderSchema,
    orderStatusMoveSchema,
  );

  order.post(
    'handed-over',
    'update-status-order',
    'Record when the customer got a ready (COMPLETED) order, once: asking again answers the first moment; 409 invalid_status_transition when it is not ready',
    orderSchema,
  );

  route.post('/orders/:id/not-collected', {
    // A manager's call (cashiers do not hold update-order): the board's ready card leaves
    // without the customer having it.
    config: { permission: 'update-order' },
    summary:
      'Clear a ready (COMPLETED) order the customer never collected, with a reason, once: asking again answers the first; 409 invalid_status_transition when it is not ready or was handed over',
    params: idParamSchema,
    body: orderNotCollectedSchema,
    data: orderSchema,
    handler: (ctx, { params, body }) => service.notCollected(ctx, params.id, body.reason),
  });
}
