import { dashboardQuerySchema, dashboardSchema, reportOutletSchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectionRoutes } from '../../lib/collection-routes';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { DashboardService } from './dashboard.service';

// DESIGN §8 /api/dashboard (subject dashboard, read-dashboard). Staff bound to an outlet see only
// that outlet (another outlet is a 404). /dashboard/outlets is its outlet filter, under the same
// permission, so a role without read-outlet can still choose one.

export async function dashboardRoutes(
  app: FastifyInstance,
  { service }: { service: DashboardService },
) {
  const route = defineRoutes(app, { tags: ['reports'], context: authedContextOf });
  const dashboard = collectionRoutes(route, '/dashboard', service);

  dashboard.get(
    'outlets',
    'read-dashboard',
    "The outlets the caller's dashboard covers (its outlet filter): an outlet-bound user gets theirs, others every outlet by code, disabled ones included",
    z.array(reportOutletSchema),
  );

  route.get('/dashboard', {
    config: { permission: 'read-dashboard' },
    summary:
      "Today's business day against the same weekday last week: figures, sales by hour, top products, outlet leaderboard, sources and serving methods, open orders now",
    querystring: dashboardQuerySchema,
    data: dashboardSchema,
    handler: (ctx, { query }) => service.dashboard(ctx, query.outlet_id),
  });
}
