import { isPlatformPermission, ROLE_MANAGEMENT_PERMISSIONS } from '@kopi/contract';
import { AppError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';

// The rules that keep role and user management from handing out more than the actor has
// (docs/decisions/020-access-control.md). Shared by the roles and users services.

const lower = (permissions: readonly string[]) => permissions.map((p) => p.toLowerCase());

/** Permissions in `wanted` the actor does not hold. */
export function notHeld(actor: Principal, wanted: readonly string[]): string[] {
  const held = new Set(lower(actor.permissions));
  return [...new Set(lower(wanted))].filter((p) => !held.has(p)).sort();
}

/** Escalation guard: nobody gives (to a role, or through a role to a user) what they lack. */
export function assertCanGrant(actor: Principal, permissions: readonly string[]) {
  const missing = notHeld(actor, permissions);
  if (missing.length > 0) {
    throw new AppError('permission_escalation', {
      details: missing.map((p) => ({ path: 'permissions', message: p })),
    });
  }
}

/**
 * Nobody changes a role, or a user holding it, when the role can do more than they can: editing
 * it would let them take over (reset the password of a stronger user) or cut down a superior.
 */
export function assertNotOutranked(actor: Principal, targetPermissions: readonly string[]) {
  if (notHeld(actor, targetPermissions).length > 0) throw new AppError('target_outranks_you');
}

/** Platform permissions (tenant, menu, permission) belong on platform roles only. */
export function assertTenantRolePermissions(
  tenantId: string | null,
  permissions: readonly string[],
) {
  if (tenantId === null) return;
  const platform = permissions.filter(isPlatformPermission);
  if (platform.length > 0) {
    throw new AppError('platform_permission_not_allowed', {
      details: platform.map((p) => ({ path: 'permissions', message: p })),
    });
  }
}

/**
 * No self lock-out: the actor's own role after the change (`next`: the permissions it will hold)
 * must keep every role-management permission (create/read/update/delete-role-permission) they
 * hold now.
 */
export function assertKeepsRoleManagement(actor: Principal, next: readonly string[]) {
  const after = new Set(lower(next));
  const held = new Set(lower(actor.permissions));
  const lost = ROLE_MANAGEMENT_PERMISSIONS.filter((p) => held.has(p) && !after.has(p));
  if (lost.length > 0) {
    throw new AppError('role_self_lockout', {
      details: lost.map((p) => ({ path: 'permissions', message: p })),
    });
  }
}
