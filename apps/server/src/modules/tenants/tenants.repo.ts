import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { pageWithTotal, searchAny } from '../../db/list-page';
import { createTenantRoles } from '../../db/seed';
import { sessions, users } from '../../db/schema/access';
import { outlets, tenants } from '../../db/schema/tenancy';
import { isTenant } from '../../db/tenant-scope';

/** Tenants themselves (platform data) and a platform user's session. */
export const tenantFree = ['list', 'insert', 'update', 'setActingTenant'] as const;

// Tenants (platform data, superadmin only) and the acting tenant of a platform user's session.

export type TenantRow = typeof tenants.$inferSelect & { outletCount: number; userCount: number };

const columns = {
  tenant: tenants,
  // Qualified by hand: drizzle leaves columns unqualified in a one-table select list.
  outletCount: sql<number>`(select count(*)::int from ${outlets} o where o.tenant_id = "tenants"."id")`,
  userCount: sql<number>`(select count(*)::int from ${users} u where u.tenant_id = "tenants"."id")`,
};

export interface TenantFilter {
  q?: string | undefined;
  status?: string | undefined;
}

function where(f: TenantFilter) {
  return and(
    f.status ? eq(tenants.status, f.status) : undefined,
    searchAny(f.q, [tenants.name, tenants.slug, tenants.legalName]),
  );
}

const flatten = (r: {
  tenant: typeof tenants.$inferSelect;
  outletCount: number;
  userCount: number;
}) => ({ ...r.tenant, outletCount: r.outletCount, userCount: r.userCount }) as TenantRow;

export async function list(
  db: Db,
  f: TenantFilter,
  limit: number,
  offset: number,
): Promise<{ rows: TenantRow[]; total: number }> {
  const { rows, total } = await pageWithTotal(
    db
      .select(columns)
      .from(tenants)
      .where(where(f))
      .orderBy(asc(sql`lower(${tenants.name})`), asc(tenants.id))
      .limit(limit)
      .offset(offset),
    db,
    tenants,
    where(f),
  );
  return { rows: rows.map(flatten), total };
}

export async function findById(db: Db, id: string): Promise<TenantRow | null> {
  const [row] = await db.select(columns).from(tenants).where(isTenant(id)).limit(1);
  return row ? flatten(row) : null;
}

export type TenantValues = Omit<
  typeof tenants.$inferInsert,
  'id' | 'status' | 'createdAt' | 'updatedAt'
>;

/** A new tenant with its built-in roles, answering its id and its `admin` role's. */
export async function insert(
  tx: Db,
  values: TenantValues,
): Promise<{ id: string; adminRoleId: string }> {
  const [row] = await tx.insert(tenants).values(values).returning({ id: tenants.id });
  const roleIds = await createTenantRoles(tx, row!.id);
  return { id: row!.id, adminRoleId: roleIds.get('admin')! };
}

export async function update(
  tx: Db,
  id: string,
  values: Partial<TenantValues> & { status?: string },
) {
  await tx
    .update(tenants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(isTenant(id));
}

export async function setActingTenant(tx: Db, sessionId: string, tenantId: string | null) {
  await tx.update(sessions).set({ actingTenantId: tenantId }).where(eq(sessions.id, sessionId));
}
