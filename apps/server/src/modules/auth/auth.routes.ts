import {
  appSettingsDataSchema,
  changePasswordSchema,
  idParamSchema,
  loginRequestSchema,
  profileUpdateSchema,
  refreshDataSchema,
  sessionDataSchema,
  sessionUserExtrasSchema,
  twoStepChallengeSchema,
  userFieldsSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUTHENTICATED } from '../../lib/access';
import { AppError } from '../../lib/errors';
import { authedContextOf, contextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import { bearerToken } from '../../lib/tokens';
import type { AuthService } from './auth.service';

// SPEC §7 sign-in calls. A failed sign-in is a 400 with a code_message, never a 401 (which the
// web reads as "Session is Locked").

export interface AuthRoutesOptions {
  service: AuthService;
  /** Sign-in attempts per client address per minute (on top of the per-username backoff). */
  loginRateLimit: number;
}

// SPEC §7 answers plus the optional extras the web shows (outlet name, two-step state).
const sessionAnswer = sessionDataSchema.extend(sessionUserExtrasSchema.shape);
const loginAnswer = z.union([sessionAnswer, twoStepChallengeSchema]);
const refreshAnswer = refreshDataSchema.extend(sessionUserExtrasSchema.shape);

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { service } = options;
  // Signing in and refreshing have no signed-in caller yet; the rest always have one.
  const signInRoute = defineRoutes(app, { tags: ['auth'], context: contextOf });
  const route = defineRoutes(app, { tags: ['auth'], context: authedContextOf });

  signInRoute.post('/login', {
    config: {
      public: true,
      rateLimit: { max: options.loginRateLimit, timeWindow: 60_000 },
    },
    summary: 'Sign in with username and password',
    body: loginRequestSchema,
    data: loginAnswer,
    handler: (ctx, { body }) => service.login(body, ctx),
  });

  signInRoute.post('/refresh-token', {
    config: { bearer: 'refresh-token' },
    summary: 'Rotate the refresh token (sent as Bearer) and get a new access token',
    data: refreshAnswer,
    handler: (ctx, { headers }) => {
      const token = bearerToken(headers.authorization);
      if (!token) throw new AppError('unauthorized');
      return service.refresh(token, ctx);
    },
  });

  route.post('/logout', {
    // Ending the session ends the scope a key would be kept in: there is nothing to replay to.
    config: { permission: AUTHENTICATED, idempotency: false },
    summary: 'End this session (its whole refresh-token family)',
    data: z.object({ signed_out: z.boolean() }),
    handler: async (ctx) => {
      await service.logout(ctx);
      return { signed_out: true };
    },
  });

  route.post('/changepassword', {
    config: { permission: AUTHENTICATED },
    summary: "Change the signed-in user's password; ends their other sessions",
    body: changePasswordSchema,
    data: z.object({ sessions_ended: z.number().int() }),
    handler: (ctx, { body }) => service.changePassword(body, ctx),
  });

  route.put('/registrationdata/:id', {
    config: { permission: AUTHENTICATED },
    summary: 'Update a profile: your own, or (with update-user) one in your tenant',
    params: idParamSchema,
    body: profileUpdateSchema,
    data: userFieldsSchema,
    handler: (ctx, { params, body }) => service.updateProfile(params.id, body, ctx),
  });

  signInRoute.get('/app/settings', {
    config: { bearer: 'refresh-token' },
    summary: "The tenant's feature switches and general settings (refresh token as Bearer)",
    data: appSettingsDataSchema,
    handler: (_ctx, { headers }) => {
      const token = bearerToken(headers.authorization);
      if (!token) throw new AppError('unauthorized');
      return service.appSettings(token);
    },
  });
}
