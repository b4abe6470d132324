import {
  dataEnvelope,
  idParamSchema,
  listEnvelope,
  roleDeletedSchema,
  roleInputSchema,
  roleListQuerySchema,
  roleSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authedContextOf } from '../../lib/request-context';
import type { RoleService } from './roles.service';

// DESIGN §8 /api/roles, subject role-permission (contract: roles.ts).

const tags = ['roles'];

export async function roleRoutes(app: FastifyInstance, { service }: { service: RoleService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/roles',
    {
      config: { permission: 'read-role-permission' },
      schema: {
        tags,
        summary: 'Roles with their permissions, user counts and a few holders',
        querystring: roleListQuerySchema,
        response: { 200: listEnvelope(roleSchema) },
      },
    },
    async (request) => service.list(authedContextOf(request), request.query),
  );

  r.get(
    '/roles/:id',
    {
      config: { permission: 'read-role-permission' },
      schema: {
        tags,
        summary: 'One role',
        params: idParamSchema,
        response: { 200: dataEnvelope(roleSchema) },
      },
    },
    async (request) => ({ data: await service.get(authedContextOf(request), request.params.id) }),
  );

  r.post(
    '/roles',
    {
      config: { permission: 'create-role-permission' },
      schema: {
        tags,
        summary:
          "Create a role in the caller's tenant (platform users outside one: a platform role)",
        body: roleInputSchema,
        response: { 201: dataEnvelope(roleSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.create(authedContextOf(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/roles/:id',
    {
      config: { permission: 'update-role-permission' },
      schema: {
        tags,
        summary:
          'Rename a role and replace its permissions (never the superadmin role; never your own access to roles)',
        params: idParamSchema,
        body: roleInputSchema,
        response: { 200: dataEnvelope(roleSchema) },
      },
    },
    async (request) => ({
      data: await service.update(authedContextOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/roles/:id',
    {
      config: { permission: 'delete-role-permission' },
      schema: {
        tags,
        summary: 'Delete a role nobody holds (409 role_in_use otherwise)',
        params: idParamSchema,
        response: { 200: dataEnvelope(roleDeletedSchema) },
      },
    },
    async (request) => ({
      data: await service.remove(authedContextOf(request), request.params.id),
    }),
  );
}
