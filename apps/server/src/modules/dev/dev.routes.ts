import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@kopi/contract';
import { contextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { DevService } from './dev.service';

// TEST-ONLY. Registered only when KOPI_E2E=1 (never in production: the configuration refuses
// it), so the end-to-end suite can read the e-mails and texts the server would have sent. Even
// then only the platform superadmin may read them: they hold reset links and sign-up codes.

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
    config: { permission: 'read-tenant' },
    summary: 'Latest e-mails of the outbox, newest first (only with KOPI_E2E=1; superadmin)',
    querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
    data: z.array(outboxMail),
    handler: (_ctx, { query }) => service.outbox(query.limit),
  });
}
