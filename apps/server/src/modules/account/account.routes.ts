import multipart from '@fastify/multipart';
import {
  accountSessionSchema,
  avatarDataSchema,
  dataEnvelope,
  forgotPasswordSchema,
  idParamSchema,
  resetPasswordSchema,
  sessionDataSchema,
  sessionUserExtrasSchema,
  twoStepDisableSchema,
  twoStepEnableDataSchema,
  twoStepEnableSchema,
  twoStepSetupDataSchema,
  twoStepVerifySchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED } from '../../lib/access';
import { AppError } from '../../lib/errors';
import { authedContextOf, contextOf } from '../../lib/request-context';
import type { AccountService } from './account.service';

// DESIGN §8 account flows: /api/forgot-password, /api/reset-password, /api/two-steps (signed
// out), and the signed-in user's own security settings under /api/account.

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const tags = ['account'];

export interface AccountRoutesOptions {
  service: AccountService;
  /** Per client address per minute, like sign-in. */
  rateLimit: number;
}

export async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedOut = {
    public: true,
    rateLimit: { max: options.rateLimit, timeWindow: 60_000 },
  } as const;

  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 },
  });

  r.post(
    '/forgot-password',
    {
      config: signedOut,
      schema: {
        tags,
        summary: 'E-mail a single-use reset link (same answer whether or not the user exists)',
        body: forgotPasswordSchema,
        response: { 200: dataEnvelope(z.object({ sent: z.literal(true) })) },
      },
    },
    async (request) => ({
      data: await service.forgotPassword(request.body.username, contextOf(request)),
    }),
  );

  r.post(
    '/reset-password',
    {
      config: signedOut,
      schema: {
        tags,
        summary: 'Set a new password with the token of the e-mailed link; ends every session',
        body: resetPasswordSchema,
        response: { 200: dataEnvelope(z.object({ reset: z.literal(true) })) },
      },
    },
    async (request) => ({ data: await service.resetPassword(request.body, contextOf(request)) }),
  );

  r.post(
    '/two-steps',
    {
      config: signedOut,
      schema: {
        tags,
        summary: 'Second sign-in step: the challenge of /api/login and a TOTP or recovery code',
        body: twoStepVerifySchema,
        response: { 200: dataEnvelope(sessionDataSchema.extend(sessionUserExtrasSchema.shape)) },
      },
    },
    async (request) => ({ data: await service.verifyTwoStep(request.body, contextOf(request)) }),
  );

  const own = { permission: AUTHENTICATED } as const;

  r.post(
    '/account/two-step/setup',
    {
      // The answer holds the new secret: never store it for a replay.
      config: { ...own, idempotency: false },
      schema: {
        tags,
        summary: 'Start two-step sign-in: a new secret and its QR code',
        response: { 200: dataEnvelope(twoStepSetupDataSchema) },
      },
    },
    async (request) => ({ data: await service.setupTwoStep(authedContextOf(request)) }),
  );

  r.post(
    '/account/two-step/enable',
    {
      config: { ...own, idempotency: false },
      schema: {
        tags,
        summary: 'Turn two-step sign-in on with a code from the app; answers recovery codes once',
        body: twoStepEnableSchema,
        response: { 200: dataEnvelope(twoStepEnableDataSchema) },
      },
    },
    async (request) => ({
      data: await service.enableTwoStep(request.body.code, authedContextOf(request)),
    }),
  );

  r.post(
    '/account/two-step/disable',
    {
      config: own,
      schema: {
        tags,
        summary: 'Turn two-step sign-in off (needs the password)',
        body: twoStepDisableSchema,
        response: { 200: dataEnvelope(z.object({ two_step_enabled: z.literal(false) })) },
      },
    },
    async (request) => ({
      data: await service.disableTwoStep(request.body.password, authedContextOf(request)),
    }),
  );

  r.get(
    '/account/sessions',
    {
      config: own,
      schema: {
        tags,
        summary: "The signed-in user's active sessions",
        response: { 200: dataEnvelope(z.array(accountSessionSchema)) },
      },
    },
    async (request) => ({ data: await service.listSessions(authedContextOf(request)) }),
  );

  r.delete(
    '/account/sessions/:id',
    {
      config: own,
      schema: {
        tags,
        summary: 'Sign out one of your sessions',
        params: idParamSchema,
        response: { 200: dataEnvelope(z.object({ id: z.string(), revoked: z.literal(true) })) },
      },
    },
    async (request) => ({
      data: await service.revokeSession(request.params.id, authedContextOf(request)),
    }),
  );

  r.post(
    '/account/sessions/revoke-others',
    {
      config: own,
      schema: {
        tags,
        summary: 'Sign out every other session',
        response: { 200: dataEnvelope(z.object({ sessions_ended: z.number().int() })) },
      },
    },
    async (request) => ({ data: await service.revokeOtherSessions(authedContextOf(request)) }),
  );

  r.post(
    '/account/avatar',
    {
      // Multipart bodies are not hashed by the idempotency plugin; a repeated upload is harmless.
      config: { ...own, idempotency: false },
      schema: {
        tags,
        summary: 'Upload an avatar (multipart field "file"; JPEG, PNG or WebP up to 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: dataEnvelope(avatarDataSchema) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('file_required');
      const file = await request.file();
      if (!file) throw new AppError('file_required');
      const buffer = await file.toBuffer();
      return { data: await service.setAvatar(buffer, authedContextOf(request)) };
    },
  );
}
