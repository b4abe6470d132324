import { z } from 'zod';
import { sessionDataSchema } from './auth';
import {
  currentPasswordSchema,
  messageKey,
  passwordSchema,
  requiredString,
  text,
} from './validation';

// Sign-in flows beyond SPEC §7: forgot/reset password, two-step (TOTP),
// active sessions, avatar. Paths: DESIGN §8 "account flows".

/** POST /api/login answers either a session or, when two-step is on, a challenge. */
export const twoStepChallengeSchema = z.object({
  two_step_required: z.literal(true),
  challenge_token: text(),
});
export const loginResponseDataSchema = z.union([sessionDataSchema, twoStepChallengeSchema]);
export type LoginResponseData = z.infer<typeof loginResponseDataSchema>;

/** POST /api/two-steps: a 6-digit TOTP code or a one-time recovery code. */
export const twoStepVerifySchema = z.object({
  challenge_token: text().min(1),
  code: requiredString(32),
});

/** POST /api/forgot-password: always answers the same, whether or not the user exists. */
export const forgotPasswordSchema = z.object({ username: requiredString(255) });

/** POST /api/reset-password with the single-use token from the e-mailed link. */
export const resetPasswordSchema = z
  .object({
    token: text().min(1),
    password: passwordSchema,
    password_confirmation: text({ error: messageKey('required') }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: messageKey('confirmed'),
  });

/** POST /api/account/two-step/setup → secret and QR to scan. */
export const twoStepSetupDataSchema = z.object({
  secret: text(),
  otpauth_url: text(),
  qr_data_url: text(),
});
/** POST /api/account/two-step/enable { code } → recovery codes shown once. */
export const twoStepEnableSchema = z.object({
  code: text().regex(/^\d{6}$/, { error: messageKey('exact_length', { n: 6 }) }),
});
export const twoStepEnableDataSchema = z.object({ recovery_codes: z.array(text()) });
/** POST /api/account/two-step/disable { password } */
export const twoStepDisableSchema = z.object({ password: currentPasswordSchema });

/** GET /api/account/sessions; DELETE /api/account/sessions/{id}; POST /api/account/sessions/revoke-others */
export const accountSessionSchema = z.object({
  id: text(),
  created_at: text(),
  last_used_at: text().nullable(),
  ip: text().nullable(),
  user_agent: text().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** POST /api/account/avatar (multipart, field "file") → the new avatar URL. */
export const avatarDataSchema = z.object({ avatar: text() });
