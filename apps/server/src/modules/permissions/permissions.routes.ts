import { permissionEntrySchema, permissionListQuerySchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { PermissionService } from './permissions.service';

// DESIGN §8 /api/permissions, subject permission (a platform subject: the superadmin's).

export async function permissionRoutes(
  app: FastifyInstance,
  { service }: { service: PermissionService },
) {
  const route = defineRoutes(app, { tags: ['roles'], context: authedContextOf });

  route.get('/permissions', {
    config: { permission: 'read-permission' },
    summary: 'The permission catalogue: each string, what it allows, the roles holding it',
    querystring: permissionListQuerySchema,
    data: z.array(permissionEntrySchema),
    handler: (ctx, { query }) => service.list(ctx, query),
  });
}
