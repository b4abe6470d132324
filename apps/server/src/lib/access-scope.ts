import type { TenantFilter } from '@kopi/contract';
import type { AuthedContext } from './request-context';

// Whose users, roles and log entries a call works on (issue 7). Tenant staff — and a platform
// user working inside a tenant (POST /api/tenants/{id}/enter) — work on that one tenant. A
// platform user outside any tenant works platform-wide: lists span every tenant (narrowed with
// a `tenant_id` filter) and what they create belongs to the platform (tenant null).

export type AccessScope = { kind: 'tenant'; tenantId: string } | { kind: 'platform' };

export const scopeOf = (ctx: AuthedContext): AccessScope =>
  ctx.principal.tenantId
    ? { kind: 'tenant', tenantId: ctx.principal.tenantId }
    : { kind: 'platform' };

/**
 * The tenant condition of a list: a tenant's id, `null` for platform rows only, or `undefined`
 * for no condition (platform scope without a filter). The filter is ignored in tenant scope.
 */
export function tenantCondition(
  scope: AccessScope,
  filter: TenantFilter | undefined,
): string | null | undefined {
  if (scope.kind === 'tenant') return scope.tenantId;
  if (filter === undefined) return undefined;
  return filter === 'platform' ? null : filter;
}

/** Whether a row of `tenantId` (null: platform) is visible in the scope. */
export const inScope = (scope: AccessScope, tenantId: string | null) =>
  scope.kind === 'platform' || tenantId === scope.tenantId;
