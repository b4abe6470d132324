import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '@kopi/contract';
import { contextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { DevService } from './dev.service';

// TEST-ONLY. Registered only when KOPI_E2E=1 (never in production: the configuration refuses
// it), so the end-to-end suite can read the e-mails and texts the server would have sent, and
// move the business clock to reach the next business day. Even then only the platform
// superadmin may use them: the mails hold reset links and sign-up codes.

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

  route.post('/dev/clock', {
    config: { permission: 'update-tenant' },
    summary:
      'Moves the server business clock `offset_hours` from the real time, 0 to go back (only with KOPI_E2E=1; superadmin)',
    body: z.object({ offset_hours: z.number().int().min(-72).max(72) }),
    data: z.object({ now: text() }),
    handler: (_ctx, { body }) => service.setClock(body.offset_hours),
  });
}
