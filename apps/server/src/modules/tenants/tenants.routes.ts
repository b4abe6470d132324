import {
  dataEnvelope,
  idParamSchema,
  listEnvelope,
  outletSchema,
  tenantContextSchema,
  tenantInputSchema,
  tenantListQuerySchema,
  tenantSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED } from '../../lib/access';
import { authedContextOf } from '../../lib/request-context';
import type { TenantService } from './tenants.service';

// DESIGN §8 /api/tenants, subject tenant (a platform subject: only the superadmin holds it).

const tags = ['tenants'];

export async function tenantRoutes(app: FastifyInstance, { service }: { service: TenantService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/tenants',
    {
      config: { permission: 'read-tenant' },
      schema: {
        tags,
        summary: 'Tenants with outlet and user counts',
        querystring: tenantListQuerySchema,
        response: { 200: listEnvelope(tenantSchema) },
      },
    },
    async (request) => service.list(authedContextOf(request), request.query),
  );

  r.get(
    '/tenants/context',
    {
      config: { permission: AUTHENTICATED },
      schema: {
        tags,
        summary: 'The tenant this session works inside (platform users), or nulls',
        response: { 200: dataEnvelope(tenantContextSchema) },
      },
    },
    async (request) => ({ data: await service.context(authedContextOf(request)) }),
  );

  r.post(
    '/tenants/leave',
    {
      config: { permission: AUTHENTICATED },
      schema: {
        tags,
        summary:
          'Stop working inside a tenant (then call /api/refresh-token for fresh session data)',
        response: { 200: dataEnvelope(tenantContextSchema) },
      },
    },
    async (request) => ({ data: await service.leave(authedContextOf(request)) }),
  );

  r.get(
    '/tenants/:id',
    {
      config: { permission: 'read-tenant' },
      schema: {
        tags,
        summary: 'One tenant with its settings',
        params: idParamSchema,
        response: { 200: dataEnvelope(tenantSchema) },
      },
    },
    async (request) => ({ data: await service.get(authedContextOf(request), request.params.id) }),
  );

  r.get(
    '/tenants/:id/outlets',
    {
      config: { permission: 'read-tenant' },
      schema: {
        tags,
        summary: 'The outlets of a tenant ("Tenant and Outlet")',
        params: idParamSchema,
        response: { 200: dataEnvelope(z.array(outletSchema)) },
      },
    },
    async (request) => ({
      data: await service.outlets(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/tenants',
    {
      config: { permission: 'create-tenant' },
      schema: {
        tags,
        summary: 'Create a tenant with the built-in roles (no outlets or users yet)',
        body: tenantInputSchema,
        response: { 201: dataEnvelope(tenantSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.create(authedContextOf(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/tenants/:id',
    {
      config: { permission: 'update-tenant' },
      schema: {
        tags,
        summary: 'Update a tenant and its settings (tax, service charge, rounding, business day)',
        params: idParamSchema,
        body: tenantInputSchema,
        response: { 200: dataEnvelope(tenantSchema) },
      },
    },
    async (request) => ({
      data: await service.update(authedContextOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/tenants/:id/suspend',
    {
      config: { permission: 'update-tenant' },
      schema: {
        tags,
        summary: "Suspend: the tenant's staff cannot sign in and their sessions stop at once",
        params: idParamSchema,
        response: { 200: dataEnvelope(tenantSchema) },
      },
    },
    async (request) => ({
      data: await service.suspend(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/tenants/:id/activate',
    {
      config: { permission: 'update-tenant' },
      schema: {
        tags,
        summary: 'Activate a suspended tenant',
        params: idParamSchema,
        response: { 200: dataEnvelope(tenantSchema) },
      },
    },
    async (request) => ({
      data: await service.activate(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/tenants/:id/enter',
    {
      config: { permission: 'read-tenant' },
      schema: {
        tags,
        summary:
          'Work inside a tenant: every tenant-scoped call of this session acts in it, audited with the real user (then call /api/refresh-token)',
        params: idParamSchema,
        response: { 200: dataEnvelope(tenantContextSchema) },
      },
    },
    async (request) => ({
      data: await service.enter(authedContextOf(request), request.params.id),
    }),
  );
}
