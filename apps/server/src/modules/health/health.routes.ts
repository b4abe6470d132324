import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@kopi/contract';
import { contextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { HealthService } from './health.service';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: text(),
  uptime_seconds: z.number().int(),
});

export async function healthRoutes(app: FastifyInstance, { service }: { service: HealthService }) {
  const route = defineRoutes(app, { tags: ['platform'], context: contextOf });

  route.get('/health', {
    // Load balancers probe this without credentials; it reveals no data.
    config: { public: true },
    summary: 'Liveness and database reachability (503 when the database does not answer)',
    data: healthSchema,
    handler: () => service.check(),
  });
}
