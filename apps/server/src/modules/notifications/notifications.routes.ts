import {
  dataEnvelope,
  idParamSchema,
  notificationListDataSchema,
  notificationReadAllDataSchema,
  notificationReadDataSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHENTICATED } from '../../lib/access';
import { authedContextOf } from '../../lib/request-context';
import type { NotificationService } from './notifications.service';

// SPEC §7 notification calls. Any signed-in user, about their own notifications only.

const tags = ['notifications'];

export async function notificationRoutes(
  app: FastifyInstance,
  { service }: { service: NotificationService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/notification',
    {
      config: { permission: AUTHENTICATED },
      schema: {
        tags,
        summary: "The signed-in user's latest notifications",
        response: { 200: dataEnvelope(notificationListDataSchema) },
      },
    },
    async (request) => ({ data: await service.list(authedContextOf(request)) }),
  );

  r.put(
    '/notification/read/:id',
    {
      config: { permission: AUTHENTICATED },
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: idParamSchema,
        response: { 200: dataEnvelope(notificationReadDataSchema) },
      },
    },
    async (request) => ({
      data: await service.markRead(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/notification/read-all',
    {
      config: { permission: AUTHENTICATED },
      schema: {
        tags,
        summary: 'Mark every notification read',
        response: { 200: dataEnvelope(notificationReadAllDataSchema) },
      },
    },
    async (request) => ({ data: await service.markAllRead(authedContextOf(request)) }),
  );
}
