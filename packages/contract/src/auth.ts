import { z } from 'zod';
import { localeSchema } from './locale';
import { menuNodeSchema } from './menus';
import { uiSettingsSchema } from './ui-settings';
import {
  currentPasswordSchema,
  messageKey,
  optionalEmail,
  passwordSchema,
  requiredString,
  text,
} from './validation';

export const loginRequestSchema = z.object({
  username: requiredString(64),
  password: currentPasswordSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * Who a staff user is, as every answer about one starts: `avatar` is an `/uploads/…` URL, or
 * null (the web then shows initials, first 2 words, SPEC §9).
 */
export const staffIdentityShape = {
  id: text(),
  username: text(),
  fullname: text(),
  email: text().nullable(),
  avatar: text().nullable(),
};

// SPEC §3 user fields; the password hash and otp are never sent.
export const userFieldsSchema = z.object({
  ...staffIdentityShape,
  id_outlet: text().nullable(),
  tenant_id: text().nullable(),
  tenant_name: text().nullable(),
  is_verify: z.boolean(),
  kyc_rejection_reason: text().nullable(),
  kyc_status: text().nullable(),
  language: localeSchema,
  settings: uiSettingsSchema,
});
export type UserFields = z.infer<typeof userFieldsSchema>;

export const sessionDataSchema = userFieldsSchema.extend({
  token: text(),
  refresh_token: text(),
  permissions: z.array(text()),
  menus: z.array(menuNodeSchema),
  role_name: text(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

export const refreshDataSchema = sessionDataSchema.extend({ role: text() });
export type RefreshData = z.infer<typeof refreshDataSchema>;

export const changePasswordSchema = z
  .object({
    old_password: currentPasswordSchema,
    password: passwordSchema,
    password_confirmation: text({ error: messageKey('required') }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: messageKey('confirmed'),
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

// SPEC §5: is_verify, kyc_rejection_reason, kyc_status, language, otp and password are stripped
// from a profile update. Unknown keys are dropped by zod, so sending them changes nothing.
export const profileUpdateSchema = z.object({
  fullname: requiredString(120),
  email: optionalEmail.optional(),
  /** null clears it; any other value must be the current avatar (a new one is uploaded). */
  avatar: text().max(500).nullable().optional(),
  settings: uiSettingsSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export const profileStrippedFields = [
  'is_verify',
  'kyc_rejection_reason',
  'kyc_status',
  'language',
  'otp',
  'password',
] as const;

export const appSettingEntrySchema = z
  .object({
    code: text(),
    name: text(),
    enabled: z.boolean(),
    value: z.unknown().optional(),
  })
  .loose();
export const appSettingsDataSchema = z.object({ status: z.array(appSettingEntrySchema) });
export type AppSettingEntry = z.infer<typeof appSettingEntrySchema>;

/** SPEC §3: lookup returns the last entry whose code matches. */
export function findAppSetting(
  entries: readonly AppSettingEntry[],
  code: string,
): AppSettingEntry | undefined {
  return entries.findLast((e) => e.code === code);
}
