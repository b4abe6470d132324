import { dashboardQuerySchema, dashboardSchema, dataEnvelope } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authedContextOf } from '../../lib/request-context';
import type { DashboardService } from './dashboard.service';

// DESIGN §8 /api/dashboard (subject dashboard, read-dashboard). Staff bound to an outlet see only
// that outlet (another outlet is a 404).

export async function dashboardRoutes(
  app: FastifyInstance,
  { service }: { service: DashboardService },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
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
