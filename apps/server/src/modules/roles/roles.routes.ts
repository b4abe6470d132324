import {
  roleDeletedSchema,
  roleInputSchema,
  roleListQuerySchema,
  roleSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { RoleService } from './roles.service';

// DESIGN §8 /api/roles, subject role-permission (contract: roles.ts).

export async function roleRoutes(app: FastifyInstance, { service }: { service: RoleService }) {
  const route = defineRoutes(app, { tags: ['roles'], context: authedContextOf });
  const roles = resourceRoutes(route, '/roles', service, 'role-permission');

  roles.list(
    'Roles with their permissions, user counts and a few holders',
    roleListQuerySchema,
    roleSchema,
  );

  roles.get('One role', roleSchema);

  roles.create(
    "Create a role in the caller's tenant (platform users outside one: a platform role)",
    roleInputSchema,
    roleSchema,
  );

  roles.update(
    'Rename a role and replace its permissions (never the superadmin role; never your own access to roles)',
    roleInputSchema,
    roleSchema,
  );

  roles.remove('Delete a role nobody holds (409 role_in_use otherwise)', roleDeletedSchema);
}
