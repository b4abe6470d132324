import { dataEnvelope, permissionEntrySchema, permissionListQuerySchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import type { PermissionService } from './permissions.service';

// DESIGN §8 /api/permissions, subject permission (a platform subject: the superadmin's).

export async function permissionRoutes(
  app: FastifyInstance,
  { service }: { service: PermissionService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/permissions',
    {
      config: { permission: 'read-permission' },
      schema: {
        tags: ['roles'],
        summary: 'The permission catalogue: each string, what it allows, the roles holding it',
        querystring: permissionListQuerySchema,
        response: { 200: dataEnvelope(z.array(permissionEntrySchema)) },
      },
    },
    async (request) => ({
      data: await service.list(authedContextOf(request), request.query),
    }),
  );
}
