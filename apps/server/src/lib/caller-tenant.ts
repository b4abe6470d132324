import type { AccessScope } from '../db/tenant-scope';
import { AppError } from './errors';
import type { AuthedContext } from './request-context';

// The tenant of a signed-in call (its caller's, or the one a platform user entered). The query
// predicates built from it live in db/tenant-scope.ts.

/**
 * The tenant every query of a tenant-scoped call filters by: the signed-in user's own, or the one
 * a platform user entered. A platform user who has not entered one gets `tenant_required`.
 */
export function tenantIdOf(ctx: AuthedContext): string {
  const { tenantId } = ctx.principal;
  if (!tenantId) throw new AppError('tenant_required');
  return tenantId;
}

/**
 * Whose users, roles and log entries a call works on: the caller's tenant (their own, or the one
 * a platform user entered with POST /api/tenants/{id}/enter), or platform-wide for a platform
 * user outside any tenant (lists span every tenant; what they create belongs to the platform).
 */
export const scopeOf = (ctx: AuthedContext): AccessScope =>
  ctx.principal.tenantId
    ? { kind: 'tenant', tenantId: ctx.principal.tenantId }
    : { kind: 'platform' };

/** The outlet a user is bound to (cashier, manager), or null for tenant-wide staff. */
export const boundOutletOf = (ctx: AuthedContext): string | null => ctx.principal.outletId;
