import { dataEnvelope } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthService } from './health.service';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  uptime_seconds: z.number().int(),
});

export async function healthRoutes(app: FastifyInstance, { service }: { service: HealthService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      // Load balancers probe this without credentials; it reveals no data.
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database reachability (503 when the database does not answer)',
        response: { 200: dataEnvelope(healthSchema) },
      },
    },
    async () => ({ data: await service.check() }),
  );
}
