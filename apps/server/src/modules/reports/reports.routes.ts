import {
  dataEnvelope,
  reportOutletSchema,
  salesReportExportQuerySchema,
  salesReportQuerySchema,
  salesReportSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import type { ReportService } from './reports.service';

// DESIGN §8 /api/reports/sales (subject report). Every route needs read-report; staff bound to an
// outlet only see that outlet (another outlet is a 404). /reports/outlets is the report's outlet
// filter, so a role without read-outlet can still choose one.

const tags = ['reports'];

export async function reportRoutes(app: FastifyInstance, { service }: { service: ReportService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/reports/sales',
    {
      config: { permission: 'read-report' },
      schema: {
        tags,
        summary:
          'Sales of a range of business days (at most 366) grouped by day, outlet, payment method, product, serving method or source, with the previous period of the same length',
        querystring: salesReportQuerySchema,
        response: { 200: dataEnvelope(salesReportSchema) },
      },
    },
    async (request) => ({ data: await service.report(authedContextOf(request), request.query) }),
  );

  r.get(
    '/reports/outlets',
    {
      config: { permission: 'read-report' },
      schema: {
        tags,
        summary:
          "The outlets whose sales the caller reads (the report's outlet filter): an outlet-bound user gets theirs, others every outlet by code, disabled ones included",
        response: { 200: dataEnvelope(z.array(reportOutletSchema)) },
      },
    },
    async (request) => ({ data: await service.outlets(authedContextOf(request)) }),
  );

  r.get(
    '/reports/sales/export',
    {
      config: { permission: 'read-report' },
      schema: {
        tags,
        summary: 'The same sales report as a CSV or XLSX file (amounts in ringgit)',
        querystring: salesReportExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await service.exportFile(authedContextOf(request), request.query);
      return reply
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .type(file.contentType)
        .send(file.body);
    },
  );
}
