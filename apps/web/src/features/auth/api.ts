import type { forgotPasswordSchema, resetPasswordSchema } from '@kopi/contract';
import type { z } from 'zod';
import { http } from '../../lib/http/http';

// Account flows of DESIGN §8 (the sign-in itself lives in lib/session: the lock screen needs it).
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;
export type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;

export const requestPasswordReset = (body: ForgotPasswordForm) =>
  http.post<unknown>('/forgot-password', body, { auth: 'none' });

export const resetPassword = (body: ResetPasswordForm) =>
  http.post<unknown>('/reset-password', body, { auth: 'none' });
