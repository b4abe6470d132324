import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@kopi/contract';
import { contextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { DevService } from './dev.service';

// TEST-ONLY. Registered only when KOPI_E2E=1, so the end-to-end suite can read the e-mails the
// server would have sent (password reset links). It does not exist in a normal start.

const outboxMail = z.object({
  id: text(),
  kind: text(),
  to: text(),
  subject: text(),
  text: text(),
  status: text(),
  created_at: text(),
});

export async function devRoutes(app: FastifyInstance, { service }: { service: DevService }) {
  const route = defineRoutes(app, { tags: ['test only'], context: contextOf });

  route.get('/dev/outbox', {
    config: { public: true },
    summary: 'Latest e-mails of the outbox, newest first (only with KOPI_E2E=1)',
    querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
    data: z.array(outboxMail),
    handler: (_ctx, { query }) => service.outbox(query.limit),
  });
}
