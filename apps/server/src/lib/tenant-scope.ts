import { AppError } from './errors';
import type { AuthedContext } from './request-context';

/**
 * The tenant every query of a tenant-scoped call filters by: the signed-in user's own, or the one
 * a platform user entered. A platform user who has not entered one gets `tenant_required`.
 */
export function tenantIdOf(ctx: AuthedContext): string {
  const { tenantId } = ctx.principal;
  if (!tenantId) throw new AppError('tenant_required');
  return tenantId;
}

/** The outlet a user is bound to (cashier, manager), or null for tenant-wide staff. */
export const boundOutletOf = (ctx: AuthedContext): string | null => ctx.principal.outletId;
