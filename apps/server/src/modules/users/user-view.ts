import { randomInt } from 'node:crypto';
import type { StaffUser, userInputSchema } from '@kopi/contract';
import type { z } from 'zod';
import { uniqueFieldTaken } from '../../lib/db-errors';
import type * as repo from './users.repo';

// A staff user as the API answers it, as the audit trail keeps it, and as the form's input is
// written; shared by the parts of the users service.

export type UserInput = z.output<typeof userInputSchema>;

export function toStaffUser(r: repo.UserRow): StaffUser {
  return {
    id: r.id,
    username: r.username,
    fullname: r.fullname,
    email: r.email,
    avatar: r.avatar,
    role_id: r.roleId,
    role_name: r.roleName,
    id_outlet: r.idOutlet,
    outlet_name: r.outletName,
    tenant_id: r.tenantId,
    tenant_name: r.tenantName,
    status: r.status as StaffUser['status'],
    language: r.language === 'my' ? 'my' : 'en',
    last_sign_in_at: r.lastSignInAt?.toISOString() ?? null,
    must_change_password: r.mustChangePassword,
    two_step_enabled: r.twoStepEnabled,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a user (never the password hash or two-step secret). */
export const snapshot = (r: {
  username: string;
  fullname: string;
  email: string | null;
  roleId: string;
  idOutlet: string | null;
  status: string;
  language: string;
}) => ({
  username: r.username,
  fullname: r.fullname,
  email: r.email,
  role_id: r.roleId,
  id_outlet: r.idOutlet,
  status: r.status,
  language: r.language,
});

/** A password that meets SPEC §5: 14 characters with every required kind, from a CSPRNG. */
export function generateTemporaryPassword(): string {
  const sets = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!.@#$%&*'];
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [...sets.map(pick), ...Array.from({ length: 10 }, () => pick(sets.join('')))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export const valuesOf = (input: UserInput): repo.UserValues => ({
  username: input.username,
  fullname: input.fullname,
  email: input.email?.trim() || null,
  roleId: input.role_id,
  idOutlet: input.id_outlet,
  status: input.status,
  language: input.language,
});

export const usernameTaken = uniqueFieldTaken(
  'users_username_lower_unique',
  'username_taken',
  'username',
);
