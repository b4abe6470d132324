import { localeSchema, uiSettingsSchema, type UserFields } from '@kopi/contract';
import type * as repo from './auth.repo';

// A staff user record as the sign-in answers and the audit log name it, and whether it may hold
// a session.

export function toUserFields(user: repo.UserRecord): UserFields {
  const settings = uiSettingsSchema.safeParse(user.settings);
  const language = localeSchema.safeParse(user.language);
  return {
    id: user.id,
    username: user.username,
    fullname: user.fullname,
    email: user.email,
    avatar: user.avatar,
    id_outlet: user.idOutlet,
    tenant_id: user.tenantId,
    tenant_name: user.tenantName,
    is_verify: user.isVerify,
    kyc_rejection_reason: user.kycRejectionReason,
    kyc_status: user.kycStatus,
    language: language.success ? language.data : 'en',
    settings: settings.success ? settings.data : {},
  };
}

export const actorOf = (user: repo.UserRecord) => ({
  id: user.id,
  username: user.username,
  tenantId: user.tenantId,
});

/** Why an account may not hold a session, or null when it may. */
export function accountBlock(user: repo.UserRecord): 'user_disabled' | 'tenant_suspended' | null {
  if (user.status !== 'active') return 'user_disabled';
  if (user.tenantId && user.tenantStatus === 'suspended') return 'tenant_suspended';
  return null;
}
