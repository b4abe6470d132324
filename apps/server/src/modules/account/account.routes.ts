import {
  accountSessionSchema,
  avatarDataSchema,
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
  text,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUTHENTICATED } from '../../lib/access';
import { IMAGE_MAX_BYTES } from '../../lib/images';
import { authedContextOf, contextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import { readUploadedFile, registerMultipart } from '../../lib/upload-file';
import type { AccountService } from './account.service';

// DESIGN §8 account flows: /api/forgot-password, /api/reset-password, /api/two-steps (signed
// out), and the signed-in user's own security settings under /api/account.

export interface AccountRoutesOptions {
  service: AccountService;
  /** Per client address per minute, like sign-in. */
  rateLimit: number;
}

export async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions) {
  const { service } = options;
  const tags = ['account'];
  // Signed-out flows may have no caller; the user's own settings always have one.
  const signedOutRoute = defineRoutes(app, { tags, context: contextOf });
  const route = defineRoutes(app, { tags, context: authedContextOf });
  const signedOut = {
    public: true,
    rateLimit: { max: options.rateLimit, timeWindow: 60_000 },
  } as const;

  await registerMultipart(app, IMAGE_MAX_BYTES);

  signedOutRoute.post('/forgot-password', {
    config: signedOut,
    summary: 'E-mail a single-use reset link (same answer whether or not the user exists)',
    body: forgotPasswordSchema,
    data: z.object({ sent: z.literal(true) }),
    handler: (ctx, { body }) => service.forgotPassword(body.username, ctx),
  });

  signedOutRoute.post('/reset-password', {
    config: signedOut,
    summary: 'Set a new password with the token of the e-mailed link; ends every session',
    body: resetPasswordSchema,
    data: z.object({ reset: z.literal(true) }),
    handler: (ctx, { body }) => service.resetPassword(body, ctx),
  });

  signedOutRoute.post('/two-steps', {
    config: signedOut,
    summary: 'Second sign-in step: the challenge of /api/login and a TOTP or recovery code',
    body: twoStepVerifySchema,
    data: sessionDataSchema.extend(sessionUserExtrasSchema.shape),
    handler: (ctx, { body }) => service.verifyTwoStep(body, ctx),
  });

  const own = { permission: AUTHENTICATED } as const;

  route.post('/account/two-step/setup', {
    // The answer holds the new secret: never store it for a replay.
    config: { ...own, idempotency: false },
    summary: 'Start two-step sign-in: a new secret and its QR code',
    data: twoStepSetupDataSchema,
    handler: (ctx) => service.setupTwoStep(ctx),
  });

  route.post('/account/two-step/enable', {
    config: { ...own, idempotency: false },
    summary: 'Turn two-step sign-in on with a code from the app; answers recovery codes once',
    body: twoStepEnableSchema,
    data: twoStepEnableDataSchema,
    handler: (ctx, { body }) => service.enableTwoStep(body.code, ctx),
  });

  route.post('/account/two-step/disable', {
    config: own,
    summary: 'Turn two-step sign-in off (needs the password)',
    body: twoStepDisableSchema,
    data: z.object({ two_step_enabled: z.literal(false) }),
    handler: (ctx, { body }) => service.disableTwoStep(body.password, ctx),
  });

  route.get('/account/sessions', {
    config: own,
    summary: "The signed-in user's active sessions",
    data: z.array(accountSessionSchema),
    handler: (ctx) => service.listSessions(ctx),
  });

  route.delete('/account/sessions/:id', {
    config: own,
    summary: 'Sign out one of your sessions',
    params: idParamSchema,
    data: z.object({ id: text(), revoked: z.literal(true) }),
    handler: (ctx, { params }) => service.revokeSession(params.id, ctx),
  });

  route.post('/account/sessions/revoke-others', {
    config: own,
    summary: 'Sign out every other session',
    data: z.object({ sessions_ended: z.number().int() }),
    handler: (ctx) => service.revokeOtherSessions(ctx),
  });

  route.post('/account/avatar', {
    // Multipart bodies are not hashed by the idempotency plugin; a repeated upload is harmless.
    config: { ...own, idempotency: false },
    summary:
      'Upload an avatar (multipart field "file"; JPEG, PNG or WebP up to 2 MB, checked by content; stored as a 256 px WebP)',
    consumes: ['multipart/form-data'],
    data: avatarDataSchema,
    handler: async (ctx, request) =>
      service.setAvatar(await readUploadedFile(request, IMAGE_MAX_BYTES), ctx),
  });
}
