import {
  reportOutletSchema,
  salesReportExportQuerySchema,
  salesReportQuerySchema,
  salesReportSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectionRoutes } from '../../lib/collection-routes';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { ReportService } from './reports.service';

// DESIGN §8 /api/reports/sales (subject report). Every route needs read-report; staff bound to an
// outlet only see that outlet (another outlet is a 404). /reports/outlets is the report's outlet
// filter, so a role without read-outlet can still choose one.

export async function reportRoutes(app: FastifyInstance, { service }: { service: ReportService }) {
  const route = defineRoutes(app, { tags: ['reports'], context: authedContextOf });
  const reports = collectionRoutes(route, '/reports', service);
  const sales = collectionRoutes(route, '/reports/sales', service);

  route.get('/reports/sales', {
    config: { permission: 'read-report' },
    summary:
      'Sales of a range of business days (at most 366) grouped by day, outlet, payment method, product, serving method or source, with the previous period of the same length',
    querystring: salesReportQuerySchema,
    data: salesReportSchema,
    handler: (ctx, { query }) => service.report(ctx, query),
  });

  reports.get(
    'outlets',
    'read-report',
    "The outlets whose sales the caller reads (the report's outlet filter): an outlet-bound user gets theirs, others every outlet by code, disabled ones included",
    z.array(reportOutletSchema),
  );

  sales.export(
    'read-report',
    'The same sales report as a CSV or XLSX file (amounts in ringgit)',
    salesReportExportQuerySchema,
    'exportFile',
  );
}
