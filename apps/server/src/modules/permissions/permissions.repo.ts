import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rolePermissions, roles } from '../../db/schema/access';
import { tenants } from '../../db/schema/tenancy';
import { ownedBy, ownedWithin, tenantOfRow } from '../../db/tenant-scope';

/** How many roles hold each permission, over every tenant: the platform catalogue's counts. */
export const tenantFree = ['holderCounts'] as const;

// Who holds which permission: counts over every role, and the holders of chosen tenants.

/** Roles holding each permission, over every tenant. */
export async function holderCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ permission: rolePermissions.permission, n: sql<number>`count(*)::int` })
    .from(rolePermissions)
    .groupBy(rolePermissions.permission);
  return new Map(rows.map((r) => [r.permission, r.n]));
}

/** The holders among platform roles (`includePlatform`) and the roles of `tenantIds`. */
export async function holders(db: Db, options: { includePlatform: boolean; tenantIds: string[] }) {
  const conditions = [
    options.includePlatform ? ownedWithin(roles, null) : undefined,
    ...options.tenantIds.map((id) => ownedBy(roles, id)),
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return [];
  return db
    .select({
      permission: rolePermissions.permission,
      id: roles.id,
      name: roles.name,
      tenantId: roles.tenantId,
      tenantName: tenants.name,
    })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .leftJoin(tenants, tenantOfRow(roles))
    .where(or(...conditions))
    .orderBy(sql`${roles.tenantId} is not null`, asc(tenants.name), asc(roles.name));
}
