import {
  outletSchema,
  tenantContextSchema,
  tenantCreatedSchema,
  tenantCreateSchema,
  tenantInputSchema,
  tenantListQuerySchema,
  tenantSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUTHENTICATED } from '../../lib/access';
import { collectionRoutes } from '../../lib/collection-routes';
import { itemRoutes } from '../../lib/item-routes';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { TenantService } from './tenants.service';

// DESIGN §8 /api/tenants, subject tenant (a platform subject: only the superadmin holds it).

export async function tenantRoutes(app: FastifyInstance, { service }: { service: TenantService }) {
  const route = defineRoutes(app, { tags: ['tenants'], context: authedContextOf });
  const tenants = resourceRoutes(route, '/tenants', service, 'tenant');
  const tenant = itemRoutes(route, '/tenants', service);
  const tenantList = collectionRoutes(route, '/tenants', service);

  tenants.list('Tenants with outlet and user counts', tenantListQuerySchema, tenantSchema);

  tenantList.get(
    'context',
    AUTHENTICATED,
    'The tenant this session works inside (platform users), or nulls',
    tenantContextSchema,
  );

  tenantList.post(
    'leave',
    AUTHENTICATED,
    'Stop working inside a tenant (then call /api/refresh-token for fresh session data)',
    tenantContextSchema,
  );

  tenants.get('One tenant with its settings', tenantSchema);

  tenant.get(
    'outlets',
    'read-tenant',
    'The outlets of a tenant ("Tenant and Outlet")',
    z.array(outletSchema),
  );

  tenants.create(
    "Create a tenant with the built-in roles and its first admin (the tenant's admin role, every outlet; password by e-mailed link or temporary password), in one step",
    tenantCreateSchema,
    tenantCreatedSchema,
  );

  tenants.update(
    'Update a tenant and its settings (tax, service charge, rounding, business day)',
    tenantInputSchema,
    tenantSchema,
  );

  tenant.actions('update-tenant', tenantSchema, {
    suspend: "Suspend: the tenant's staff cannot sign in and their sessions stop at once",
    activate: 'Activate a suspended tenant',
  });

  tenant.post(
    'enter',
    'read-tenant',
    'Work inside a tenant: every tenant-scoped call of this session acts in it, audited with the real user (then call /api/refresh-token)',
    tenantContextSchema,
  );
}
