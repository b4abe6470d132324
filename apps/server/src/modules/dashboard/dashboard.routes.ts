import {
  dashboardQuerySchema,
  dashboardSchema,
  dataEnvelope,
  reportOutletSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import type { DashboardService } from './dashboard.service';

// DESIGN §8 /api/dashboard (subject dashboard, read-dashboard). Staff bound to an outlet see only
// that outlet (another outlet is a 404). /dashboard/outlets is its outlet filter, under the same
// permission, so a role without read-outlet can still choose one.

export async function dashboardRoutes(
  app: FastifyInstance,
  { service }: { service: DashboardService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/dashboard/outlets',
    {
      config: { permission: 'read-dashboard' },
      schema: {
        tags: ['reports'],
        summary:
          "The outlets the caller's dashboard covers (its outlet filter): an outlet-bound user gets theirs, others every outlet by code, disabled ones included",
        response: { 200: dataEnvelope(z.array(reportOutletSchema)) },
      },
    },
    async (request) => ({ data: await service.outlets(authedContextOf(request)) }),
  );

  r.get(
    '/dashboard',
    {
      config: { permission: 'read-dashboard' },
      schema: {
        tags: ['reports'],
        summary:
          "Today's business day against the same weekday last week: figures, sales by hour, top products, outlet leaderboard, sources and serving methods, open orders now",
        querystring: dashboardQuerySchema,
        response: { 200: dataEnvelope(dashboardSchema) },
      },
    },
    async (request) => ({
      data: await service.dashboard(authedContextOf(request), request.query.outlet_id),
    }),
  );
}
