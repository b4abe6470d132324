import type { TenantFilter } from '@kopi/contract';
import { and, type Column, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { tenants } from './schema/tenancy';

// The one way a query names its tenant. Every read and write of a tenant-owned table carries the
// tenant in its WHERE (or in the values it inserts), built here: the app connects as a role that
// bypasses row-level security, so the predicate in the query is the isolation. The generated
// tenant-isolation test (src/test/tenant-isolation.test.ts) replays every repository function
// with another tenant to hold every query to it.

/**
 * Whose rows a call works on. Tenant staff (and a platform user working inside a tenant) work on
 * that one tenant; a platform user outside any tenant works platform-wide.
 */
export type AccessScope = { kind: 'tenant'; tenantId: string } | { kind: 'platform' };

/** A list's tenant: a tenant's id, `null` for platform rows only, `undefined` for every row. */
export type TenantCondition = string | null | undefined;

/** A table with a tenant_id column. */
interface Owned {
  tenantId: Column;
}

/** Rows of `tenantId`. */
export const ownedBy = (table: Owned, tenantId: string): SQL => eq(table.tenantId, tenantId);

/** The tenant row itself: its settings (zone, cutoff, …) read or written for `tenantId`. */
export const isTenant = (tenantId: string): SQL => eq(tenants.id, tenantId);

/** Joins a row to its own tenant's row (`innerJoin(tenants, tenantOfRow(orders))`). */
export const tenantOfRow = (table: Owned): SQL => eq(tenants.id, table.tenantId);

/**
 * Rows of `tenantId` whose columns equal `values` (compared in the order written), and any `more`
 * conditions after them: the WHERE of most reads and writes of one tenant's rows. A value that is
 * missing (undefined) or null throws: `column = NULL` matches nothing and an omitted key matches
 * everything, and either would quietly read or write the wrong rows.
 */
export const ownedWhere = <T extends PgTable & Owned>(
  table: T,
  tenantId: string,
  values: { [K in keyof T['$inferSelect']]?: NonNullable<T['$inferSelect'][K]> },
  ...more: (SQL | undefined)[]
): SQL | undefined =>
  and(
    ownedBy(table, tenantId),
    ...Object.entries(values).map(([key, value]) => {
      if (value === undefined || value === null) {
        throw new Error(`ownedWhere: ${key} is ${String(value)}; name the row it means`);
      }
      return eq(table[key as keyof T] as Column, value);
    }),
    ...more,
  );

/** Rows the scope holds: its tenant's, or every row for the platform scope. */
export const ownedByScope = (table: Owned, scope: AccessScope): SQL | undefined =>
  scope.kind === 'tenant' ? ownedBy(table, scope.tenantId) : undefined;

/** Rows of a list's tenant condition: a tenant's, platform rows (null), or every row. */
export const ownedWithin = (table: Owned, condition: TenantCondition): SQL | undefined =>
  condition === undefined
    ? undefined
    : condition === null
      ? isNull(table.tenantId)
      : ownedBy(table, condition);

/**
 * `id` if it names a row of `tenantId` in `table`, else NULL: written into a NOT NULL reference,
 * another tenant's id makes the insert fail instead of pointing across tenants.
 */
export const ownedId = (table: PgTable & Owned & { id: Column }, tenantId: string, id: string) =>
  sql<string>`(select ${table.id} from ${table} where ${ownedBy(table, tenantId)} and ${eq(table.id, id)})`;

/** `alias.tenant_id = tenantId` for raw SQL, where `alias` is a table alias of the statement. */
export const tenantIs = (alias: string, tenantId: string): SQL =>
  sql`${sql.raw(alias)}.tenant_id = ${tenantId}::uuid`;

/**
 * `alias.tenant_id = outer.tenant_id` for a correlated subquery: the inner row belongs to the
 * tenant of the outer row it is read for (`outer` may be a quoted table name).
 */
export const sameTenant = (alias: string, outer: string): SQL =>
  sql.raw(`${alias}.tenant_id = ${outer}.tenant_id`);

/** The tenant of a scope, or null (platform) for the platform scope: whose rows it creates. */
export const tenantOfScope = (scope: AccessScope): string | null =>
  scope.kind === 'tenant' ? scope.tenantId : null;

/**
 * The tenant condition of a list: the scope's tenant, or for the platform scope the `tenant_id`
 * filter (`platform`: platform rows only; none: every row). The filter is ignored in a tenant.
 */
export function tenantCondition(
  scope: AccessScope,
  filter: TenantFilter | undefined,
): TenantCondition {
  if (scope.kind === 'tenant') return scope.tenantId;
  if (filter === undefined) return undefined;
  return filter === 'platform' ? null : filter;
}
