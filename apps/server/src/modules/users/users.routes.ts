import {
  auditEntrySchema,
  dataEnvelope,
  idParamSchema,
  listEnvelope,
  listQuerySchema,
  passwordSetupResultSchema,
  passwordSetupSchema,
  sessionIdParamsSchema,
  sessionRevokedSchema,
  sessionsEndedSchema,
  staffUserDetailSchema,
  staffUserSchema,
  userCreatedSchema,
  userCreateSchema,
  userDeletedSchema,
  userFormOptionsSchema,
  userInputSchema,
  userListQuerySchema,
  userSessionSchema,
  userStatusChangeSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import type { LogService } from '../logs/logs.service';
import type { UserService } from './users.service';

// DESIGN §8 /api/users and /api/users/{id}/sessions, subject user (contract: users.ts).

const tags = ['users'];

export interface UserRoutesOptions {
  service: UserService;
  logs: LogService;
}

export async function userRoutes(app: FastifyInstance, { service, logs }: UserRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users',
    {
      config: { permission: 'read-user' },
      schema: {
        tags,
        summary: 'Staff users with role, outlet, status and last sign-in',
        querystring: userListQuerySchema,
        response: { 200: listEnvelope(staffUserSchema) },
      },
    },
    async (request) => service.list(authedContextOf(request), request.query),
  );

  r.get(
    '/users/options',
    {
      config: { permission: 'read-user' },
      schema: {
        tags,
        summary: 'Roles (with whether you may give each) and outlets for the user drawer',
        response: { 200: dataEnvelope(userFormOptionsSchema) },
      },
    },
    async (request) => ({ data: await service.options(authedContextOf(request)) }),
  );

  r.get(
    '/users/:id',
    {
      config: { permission: 'read-user' },
      schema: {
        tags,
        summary: 'One user with effective permissions and the number of live sessions',
        params: idParamSchema,
        response: { 200: dataEnvelope(staffUserDetailSchema) },
      },
    },
    async (request) => ({ data: await service.get(authedContextOf(request), request.params.id) }),
  );

  r.post(
    '/users',
    {
      config: { permission: 'create-user' },
      schema: {
        tags,
        summary:
          "Create a user in the caller's tenant, with an e-mailed link or a temporary password",
        body: userCreateSchema,
        response: { 201: dataEnvelope(userCreatedSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.create(authedContextOf(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/users/:id',
    {
      config: { permission: 'update-user' },
      schema: {
        tags,
        summary: 'Edit a user (disabling here also ends every session)',
        params: idParamSchema,
        body: userInputSchema,
        response: { 200: dataEnvelope(staffUserDetailSchema) },
      },
    },
    async (request) => ({
      data: await service.update(authedContextOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/users/:id',
    {
      config: { permission: 'delete-user' },
      schema: {
        tags,
        summary: 'Delete a user who never signed in or did anything (otherwise disable)',
        params: idParamSchema,
        response: { 200: dataEnvelope(userDeletedSchema) },
      },
    },
    async (request) => ({
      data: await service.remove(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/users/:id/disable',
    {
      config: { permission: 'update-user' },
      schema: {
        tags,
        summary: 'Disable a user: sign-in refused and every session ends at once',
        params: idParamSchema,
        response: { 200: dataEnvelope(userStatusChangeSchema) },
      },
    },
    async (request) => ({
      data: await service.disable(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/users/:id/enable',
    {
      config: { permission: 'update-user' },
      schema: {
        tags,
        summary: 'Enable a disabled user',
        params: idParamSchema,
        response: { 200: dataEnvelope(userStatusChangeSchema) },
      },
    },
    async (request) => ({
      data: await service.enable(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/users/:id/reset-password',
    {
      config: { permission: 'update-user' },
      schema: {
        tags,
        summary:
          'E-mail a single-use link to choose a password, or set a temporary one (ends every session; must be changed at the next sign-in)',
        params: idParamSchema,
        body: passwordSetupSchema,
        response: { 200: dataEnvelope(passwordSetupResultSchema) },
      },
    },
    async (request) => ({
      data: await service.resetPassword(authedContextOf(request), request.params.id, request.body),
    }),
  );

  r.get(
    '/users/:id/sessions',
    {
      config: { permission: 'read-user' },
      schema: {
        tags,
        summary: "The user's live sessions (sign-ins)",
        params: idParamSchema,
        response: { 200: dataEnvelope(z.array(userSessionSchema)) },
      },
    },
    async (request) => ({
      data: await service.sessions(authedContextOf(request), request.params.id),
    }),
  );

  r.delete(
    '/users/:id/sessions/:sessionId',
    {
      config: { permission: 'update-user' },
      schema: {
        tags,
        summary: 'End one session of the user',
        params: sessionIdParamsSchema,
        response: { 200: dataEnvelope(sessionRevokedSchema) },
      },
    },
    async (request) => ({
      data: await service.revokeSession(
        authedContextOf(request),
        request.params.id,
        request.params.sessionId,
      ),
    }),
  );

  r.post(
    '/users/:id/sessions/revoke-all',
    {
      config: { permission: 'update-user' },
      schema: {
        tags,
        summary: 'End every session of the user',
        params: idParamSchema,
        response: { 200: dataEnvelope(sessionsEndedSchema) },
      },
    },
    async (request) => ({
      data: await service.revokeAllSessions(authedContextOf(request), request.params.id),
    }),
  );

  r.get(
    '/users/:id/activity',
    {
      config: { permission: 'read-user' },
      schema: {
        tags,
        summary: 'What the user did, newest first (audit log entries, without before and after)',
        params: idParamSchema,
        querystring: listQuerySchema.pick({ page: true, page_size: true }),
        response: { 200: listEnvelope(auditEntrySchema) },
      },
    },
    async (request) => {
      const ctx = authedContextOf(request);
      await service.require(ctx, request.params.id);
      return logs.activityOf(ctx, request.params.id, {
        ...request.query,
      });
    },
  );
}
