import {
  auditEntrySchema,
  idParamSchema,
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
import { z } from 'zod';
import { collectionRoutes } from '../../lib/collection-routes';
import { itemRoutes } from '../../lib/item-routes';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { LogService } from '../logs/logs.service';
import type { UserService } from './users.service';

// DESIGN §8 /api/users and /api/users/{id}/sessions, subject user (contract: users.ts).

export interface UserRoutesOptions {
  service: UserService;
  logs: LogService;
}

export async function userRoutes(app: FastifyInstance, { service, logs }: UserRoutesOptions) {
  const route = defineRoutes(app, { tags: ['users'], context: authedContextOf });
  const users = resourceRoutes(route, '/users', service, 'user');
  const user = itemRoutes(route, '/users', service);
  const userList = collectionRoutes(route, '/users', service);

  users.list(
    'Staff users with role, outlet, status and last sign-in',
    userListQuerySchema,
    staffUserSchema,
  );

  userList.get(
    'options',
    'read-user',
    'Roles (with whether you may give each) and outlets for the user drawer',
    userFormOptionsSchema,
  );

  users.get(
    'One user with effective permissions and the number of live sessions',
    staffUserDetailSchema,
  );

  users.create(
    "Create a user in the caller's tenant, with an e-mailed link or a temporary password",
    userCreateSchema,
    userCreatedSchema,
  );

  users.update(
    'Edit a user (disabling here also ends every session)',
    userInputSchema,
    staffUserDetailSchema,
  );

  users.remove(
    'Delete a user who never signed in or did anything (otherwise disable)',
    userDeletedSchema,
  );

  user.actions('update-user', userStatusChangeSchema, {
    disable: 'Disable a user: sign-in refused and every session ends at once',
    enable: 'Enable a disabled user',
  });

  user.post(
    'reset-password',
    'update-user',
    'E-mail a single-use link to choose a password, or set a temporary one (ends every session; must be changed at the next sign-in)',
    passwordSetupResultSchema,
    passwordSetupSchema,
  );

  user.get(
    'sessions',
    'read-user',
    "The user's live sessions (sign-ins)",
    z.array(userSessionSchema),
  );

  route.delete('/users/:id/sessions/:sessionId', {
    config: { permission: 'update-user' },
    summary: 'End one session of the user',
    params: sessionIdParamsSchema,
    data: sessionRevokedSchema,
    handler: (ctx, { params }) => service.revokeSession(ctx, params.id, params.sessionId),
  });

  route.post('/users/:id/sessions/revoke-all', {
    config: { permission: 'update-user' },
    summary: 'End every session of the user',
    params: idParamSchema,
    data: sessionsEndedSchema,
    handler: (ctx, { params }) => service.revokeAllSessions(ctx, params.id),
  });

  route.list('/users/:id/activity', {
    config: { permission: 'read-user' },
    summary: 'What the user did, newest first (audit log entries, without before and after)',
    params: idParamSchema,
    querystring: listQuerySchema.pick({ page: true, page_size: true }),
    item: auditEntrySchema,
    handler: async (ctx, { params, query }) => {
      await service.require(ctx, params.id);
      return logs.activityOf(ctx, params.id, { ...query });
    },
  });
}
