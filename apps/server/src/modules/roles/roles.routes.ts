import {
  idParamSchema,
  roleDeletedSchema,
  roleInputSchema,
  roleListQuerySchema,
  roleSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { RoleService } from './roles.service';

// DESIGN §8 /api/roles, subject role-permission (contract: roles.ts).

export async function roleRoutes(app: FastifyInstance, { service }: { service: RoleService }) {
  const route = defineRoutes(app, { tags: ['roles'], context: authedContextOf });

  route.list('/roles', {
    config: { permission: 'read-role-permission' },
    summary: 'Roles with their permissions, user counts and a few holders',
    querystring: roleListQuerySchema,
    item: roleSchema,
    handler: (ctx, { query }) => service.list(ctx, query),
  });

  route.get('/roles/:id', {
    config: { permission: 'read-role-permission' },
    summary: 'One role',
    params: idParamSchema,
    data: roleSchema,
    handler: (ctx, { params }) => service.get(ctx, params.id),
  });

  route.create('/roles', {
    config: { permission: 'create-role-permission' },
    summary: "Create a role in the caller's tenant (platform users outside one: a platform role)",
    body: roleInputSchema,
    data: roleSchema,
    handler: (ctx, { body }) => service.create(ctx, body),
  });

  route.put('/roles/:id', {
    config: { permission: 'update-role-permission' },
    summary:
      'Rename a role and replace its permissions (never the superadmin role; never your own access to roles)',
    params: idParamSchema,
    body: roleInputSchema,
    data: roleSchema,
    handler: (ctx, { params, body }) => service.update(ctx, params.id, body),
  });

  route.delete('/roles/:id', {
    config: { permission: 'delete-role-permission' },
    summary: 'Delete a role nobody holds (409 role_in_use otherwise)',
    params: idParamSchema,
    data: roleDeletedSchema,
    handler: (ctx, { params }) => service.remove(ctx, params.id),
  });
}
