import {
  boardQuerySchema,
  boardSchema,
  closeDaySchema,
  dataEnvelope,
  idParamSchema,
  listEnvelope,
  orderCreateSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import type { CloseDayService } from './close-day.service';
import type { OrderService } from './orders.service';

// DESIGN §8 /api/orders. Permissions:
//   GET  /pos/outlets        read-pos: where the user may sell (an outlet-bound user: theirs)
//   GET  /pos/context        read-pos: outlet, pricing settings and receipt header for the POS
//   GET  /pos/menu           read-pos: the outlet's categories and products as the sale prices them
//   GET  /orders/board       read-status-order: the status board with the outlets' thresholds
//   POST /orders             create-pos: a sale at the counter is the POS's job (source pos-apps)
//   POST /orders/{id}/status update-status-order: the status board's moves (accept, ready, reject)
//   POST /orders/close-day   close-day-order
//   GET  (list, export, outlets, one, Z-report) read-order
// Staff bound to an outlet only reach that outlet's orders (anything else is a 404).

const tags = ['orders'];

export async function orderRoutes(
  app: FastifyInstance,
  { service, closeDay }: { service: OrderService; closeDay: CloseDayService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/pos/context',
    {
      config: { permission: 'read-pos' },
      schema: {
        tags,
        summary:
          'What the POS needs before a sale: the outlet (open now, business date, day closed), pricing settings for priceOrder, receipt header',
        querystring: posContextQuerySchema,
        response: { 200: dataEnvelope(posContextSchema) },
      },
    },
    async (request) => ({
      data: await service.posContext(authedContextOf(request), request.query.outlet_id),
    }),
  );

  r.get(
    '/pos/outlets',
    {
      config: { permission: 'read-pos' },
      schema: {
        tags,
        summary:
          'The outlets the user may sell at: an outlet-bound user gets theirs, others every active outlet, by code',
        response: { 200: dataEnvelope(z.array(posOutletSchema)) },
      },
    },
    async (request) => ({ data: await service.posOutlets(authedContextOf(request)) }),
  );

  r.get(
    '/pos/menu',
    {
      config: { permission: 'read-pos' },
      schema: {
        tags,
        summary:
          "The outlet's menu for the POS: active categories in order; products (archived never) at the outlet's price, with availability, today's sold-out, variant groups with options and active add-ons",
        querystring: posMenuQuerySchema,
        response: { 200: dataEnvelope(posMenuSchema) },
      },
    },
    async (request) => ({
      data: await service.posMenu(authedContextOf(request), request.query.outlet_id),
    }),
  );

  r.post(
    '/orders',
    {
      config: { permission: 'create-pos', idempotency: 'required' },
      schema: {
        tags,
        summary:
          'A paid counter sale (Idempotency-Key required): prices from the database, totals by the contract pricing, payments must add up to the total; starts PENDING',
        body: orderCreateSchema,
        response: { 201: dataEnvelope(orderSchema) },
      },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const key = (Array.isArray(header) ? header[0] : header) ?? null;
      const data = await service.create(authedContextOf(request), request.body, key);
      return reply.code(201).send({ data });
    },
  );

  r.get(
    '/orders',
    {
      config: { permission: 'read-order' },
      schema: {
        tags,
        summary:
          'Orders: from/to (business date), outlet (or outlet_id; 404 when not the caller’s), status, source, serving_method, payment_method; q searches number and customer; sort created|business_date|order_no|total ("-" descending, default -created)',
        querystring: orderListQuerySchema,
        response: { 200: listEnvelope(orderSummarySchema) },
      },
    },
    async (request) => service.list(authedContextOf(request), request.query),
  );

  r.get(
    '/orders/outlets',
    {
      config: { permission: 'read-order' },
      schema: {
        tags,
        summary:
          'The outlets whose orders the caller reads (filters, day close, Z-reports): an outlet-bound user gets theirs, others every outlet by code, disabled ones included',
        response: { 200: dataEnvelope(z.array(orderOutletSchema)) },
      },
    },
    async (request) => ({ data: await service.outlets(authedContextOf(request)) }),
  );

  r.get(
    '/orders/board',
    {
      config: { permission: 'read-status-order' },
      schema: {
        tags,
        summary:
          'The status board: PENDING and APPROVED orders and those COMPLETED in the last 60 minutes (oldest first; at most 200 per column, new and preparing keeping their oldest, ready its latest, with not_shown counting the rest) with items, when the status began and the moves allowed; amber/red minutes per outlet',
        querystring: boardQuerySchema,
        response: { 200: dataEnvelope(boardSchema) },
      },
    },
    async (request) => ({
      data: await service.board(authedContextOf(request), request.query.outlet_id),
    }),
  );

  r.get(
    '/orders/export',
    {
      config: { permission: 'read-order' },
      schema: {
        tags,
        summary:
          'The filtered list as CSV in lang (else the user’s saved language): headers, statuses and methods as the screens name them, amounts in ringgit, times in the outlet time zone',
        querystring: orderExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await service.exportCsv(authedContextOf(request), request.query);
      return reply
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(file.body);
    },
  );

  r.get(
    '/orders/z-reports',
    {
      config: { permission: 'read-order' },
      schema: {
        tags,
        summary: 'The Z-report kept when an outlet closed a business day (404 until closed)',
        querystring: zReportQuerySchema,
        response: { 200: dataEnvelope(zReportSchema) },
      },
    },
    async (request) => ({ data: await closeDay.zReport(authedContextOf(request), request.query) }),
  );

  r.post(
    '/orders/close-day',
    {
      config: { permission: 'close-day-order' },
      schema: {
        tags,
        summary:
          'Close an outlet business day: 409 orders_still_open lists open orders; else COMPLETED → CLOSED and the Z-report (a closed day answers its kept report)',
        body: closeDaySchema,
        response: { 200: dataEnvelope(zReportSchema) },
      },
    },
    async (request) => ({ data: await closeDay.closeDay(authedContextOf(request), request.body) }),
  );

  r.get(
    '/orders/:id',
    {
      config: { permission: 'read-order' },
      schema: {
        tags,
        summary: 'One order with items, payments, status history and the moves the caller may make',
        params: idParamSchema,
        response: { 200: dataEnvelope(orderSchema) },
      },
    },
    async (request) => ({ data: await service.get(authedContextOf(request), request.params.id) }),
  );

  r.post(
    '/orders/:id/status',
    {
      config: { permission: 'update-status-order' },
      schema: {
        tags,
        summary:
          'Move an order along DESIGN §4 (APPROVED, COMPLETED, REJECTED with a reason); 409 invalid_status_transition otherwise',
        params: idParamSchema,
        body: orderStatusMoveSchema,
        response: { 200: dataEnvelope(orderSchema) },
      },
    },
    async (request) => ({
      data: await service.moveStatus(authedContextOf(request), request.params.id, request.body),
    }),
  );
}
