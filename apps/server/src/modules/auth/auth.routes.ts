import {
  appSettingsDataSchema,
  changePasswordSchema,
  dataEnvelope,
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED } from '../../lib/access';
import { AppError } from '../../lib/errors';
import { authedContextOf, contextOf } from '../../lib/request-context';
import { bearerToken } from '../../lib/tokens';
import type { AuthService } from './auth.service';

// SPEC §7 sign-in calls. A failed sign-in is a 400 with a code_message, never a 401 (which the
// web reads as "Session is Locked").

export interface AuthRoutesOptions {
  service: AuthService;
  /** Sign-in attempts per client address per minute (on top of the per-username backoff). */
  loginRateLimit: number;
}

const tags = ['auth'];

// SPEC §7 answers plus the optional extras the web shows (outlet name, two-step state).
const sessionAnswer = sessionDataSchema.extend(sessionUserExtrasSchema.shape);
const loginAnswer = z.union([sessionAnswer, twoStepChallengeSchema]);
const refreshAnswer = refreshDataSchema.extend(sessionUserExtrasSchema.shape);

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/login',
    {
      config: {
        public: true,
        rateLimit: { max: options.loginRateLimit, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: 'Sign in with username and password',
        body: loginRequestSchema,
        response: { 200: dataEnvelope(loginAnswer) },
      },
    },
    async (request) => ({ data: await service.login(request.body, contextOf(request)) }),
  );

  r.post(
    '/refresh-token',
    {
      config: { bearer: 'refresh-token' },
      schema: {
        tags,
        summary: 'Rotate the refresh token (sent as Bearer) and get a new access token',
        response: { 200: dataEnvelope(refreshAnswer) },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new AppError('unauthorized');
      return { data: await service.refresh(token, contextOf(request)) };
    },
  );

  r.post(
    '/logout',
    {
      config: { permission: AUTHENTICATED },
      schema: {
        tags,
        summary: 'End this session (its whole refresh-token family)',
        response: { 200: dataEnvelope(z.object({ signed_out: z.boolean() })) },
      },
    },
    async (request) => {
      await service.logout(authedContextOf(request));
      return { data: { signed_out: true } };
    },
  );

  r.post(
    '/changepassword',
    {
      config: { permission: AUTHENTICATED },
      schema: {
        tags,
        summary: "Change the signed-in user's password; ends their other sessions",
        body: changePasswordSchema,
        response: { 200: dataEnvelope(z.object({ sessions_ended: z.number().int() })) },
      },
    },
    async (request) => ({
      data: await service.changePassword(request.body, authedContextOf(request)),
    }),
  );

  r.put(
    '/registrationdata/:id',
    {
      config: { permission: AUTHENTICATED },
      schema: {
        tags,
        summary: 'Update a profile: your own, or (with update-user) one in your tenant',
        params: idParamSchema,
        body: profileUpdateSchema,
        response: { 200: dataEnvelope(userFieldsSchema) },
      },
    },
    async (request) => ({
      data: await service.updateProfile(request.params.id, request.body, authedContextOf(request)),
    }),
  );

  r.get(
    '/app/settings',
    {
      config: { bearer: 'refresh-token' },
      schema: {
        tags,
        summary: "The tenant's feature switches and general settings (refresh token as Bearer)",
        response: { 200: dataEnvelope(appSettingsDataSchema) },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new AppError('unauthorized');
      return { data: await service.appSettings(token) };
    },
  );
}
