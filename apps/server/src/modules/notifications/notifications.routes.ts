import {
  idParamSchema,
  notificationListDataSchema,
  notificationReadAllDataSchema,
  notificationReadDataSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { AUTHENTICATED } from '../../lib/access';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { NotificationService } from './notifications.service';

// SPEC §7 notification calls. Any signed-in user, about their own notifications only.

export async function notificationRoutes(
  app: FastifyInstance,
  { service }: { service: NotificationService },
) {
  const route = defineRoutes(app, { tags: ['notifications'], context: authedContextOf });

  route.get('/notification', {
    config: { permission: AUTHENTICATED },
    summary: "The signed-in user's latest notifications",
    data: notificationListDataSchema,
    handler: (ctx) => service.list(ctx),
  });

  route.put('/notification/read/:id', {
    config: { permission: AUTHENTICATED },
    summary: 'Mark one notification read',
    params: idParamSchema,
    data: notificationReadDataSchema,
    handler: (ctx, { params }) => service.markRead(ctx, params.id),
  });

  route.post('/notification/read-all', {
    config: { permission: AUTHENTICATED },
    summary: 'Mark every notification read',
    data: notificationReadAllDataSchema,
    handler: (ctx) => service.markAllRead(ctx),
  });
}
