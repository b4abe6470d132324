import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { insertedId } from '../../db/owned-rows';
import { pageWithTotal, searchAny } from '../../db/list-page';
import { rolePermissions, roles, users } from '../../db/schema/access';
import { tenants } from '../../db/schema/tenancy';
import {
  ownedByScope,
  ownedWithin,
  tenantIs,
  tenantOfRow,
  type AccessScope,
} from '../../db/tenant-scope';

// Roles with their permission strings, holders and tenant. Every query holds the caller's access
// scope (a tenant, or platform-wide): a role of another tenant is simply not found.

/**
 * `usersPreview` names users, so for staff bound to an outlet it shows only users of that outlet,
 * as the users list does. `userCount` stays the role's whole count: it names nobody, and it must
 * agree with the role_in_use answer of a delete.
 */
const columnsFor = (boundOutletId: string | null) => ({
  id: roles.id,
  name: roles.name,
  description: roles.description,
  tenantId: roles.tenantId,
  tenantName: tenants.name,
  isBuiltin: roles.isBuiltin,
  isImmutable: roles.isImmutable,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  userCount: sql<number>`(select count(*)::int from ${users} u where u.role_id = ${roles.id})`,
  permissions: sql<string[]>`coalesce((
    select json_agg(rp.permission order by rp.permission)
    from ${rolePermissions} rp where rp.role_id = ${roles.id}), '[]'::json)`,
  usersPreview: sql<{ id: string; username: string; fullname: string; avatar: string | null }[]>`
    coalesce((
      select json_agg(json_build_object('id', p.id, 'username', p.username,
        'fullname', p.fullname, 'avatar', p.avatar) order by p.username)
      from (select u.id, u.username, u.fullname, u.avatar from ${users} u
            where u.role_id = ${roles.id}
              ${boundOutletId === null ? sql`` : sql`and u.id_outlet = ${boundOutletId}`}
            order by u.username limit 4) p), '[]'::json)`,
});

export type RoleRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

function where(tenantId: string | null | undefined, q: string | undefined) {
  return and(ownedWithin(roles, tenantId), searchAny(q, [roles.name, roles.description]));
}

export async function list(
  db: Db,
  filter: {
    tenantId: string | null | undefined;
    q: string | undefined;
    boundOutletId: string | null;
  },
  limit: number,
  offset: number,
) {
  const condition = where(filter.tenantId, filter.q);
  return pageWithTotal(
    db
      .select(columnsFor(filter.boundOutletId))
      .from(roles)
      .leftJoin(tenants, tenantOfRow(roles))
      .where(condition)
      // Platform roles first, then by tenant; built-in roles before the tenant's own.
      .orderBy(
        sql`${roles.tenantId} is not null`,
        asc(tenants.name),
        desc(roles.isBuiltin),
        asc(roles.name),
        asc(roles.id),
      )
      .limit(limit)
      .offset(offset),
    db,
    roles,
    condition,
  );
}

export async function findById(
  db: Db,
  scope: AccessScope,
  id: string,
  boundOutletId: string | null = null,
) {
  const [row] = await db
    .select(columnsFor(boundOutletId))
    .from(roles)
    .leftJoin(tenants, tenantOfRow(roles))
    .where(and(ownedByScope(roles, scope), eq(roles.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insert(
  tx: Db,
  values: { tenantId: string | null; name: string; description: string | null },
): Promise<string> {
  return insertedId(tx.insert(roles).values(values).returning({ id: roles.id }));
}

export async function update(
  tx: Db,
  scope: AccessScope,
  id: string,
  values: { name: string; description: string | null },
) {
  await tx
    .update(roles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ownedByScope(roles, scope), eq(roles.id, id)));
}

/**
 * Replaces the permission set of a role of `tenantId` (null: a platform role) with
 * `permissions`; the new rows are written only when the role is that tenant's.
 */
export async function setPermissions(
  tx: Db,
  tenantId: string | null,
  roleId: string,
  permissions: readonly string[],
) {
  await tx
    .delete(rolePermissions)
    .where(and(ownedWithin(rolePermissions, tenantId), eq(rolePermissions.roleId, roleId)));
  if (permissions.length === 0) return;
  const owner = tenantId === null ? sql`r.tenant_id is null` : tenantIs('r', tenantId);
  await tx.execute(sql`
    insert into ${rolePermissions} (role_id, permission, tenant_id)
    select r.id, p.permission, r.tenant_id
    from ${roles} r, unnest(${`{${permissions.join(',')}}`}::text[]) as p(permission)
    where r.id = ${roleId}::uuid and ${owner}`);
}

/** Deletes the role unless a user holds it (checked in the same statement); false if held. */
export async function removeIfUnused(tx: Db, scope: AccessScope, id: string): Promise<boolean> {
  const rows = await tx
    .delete(roles)
    .where(
      and(
        ownedByScope(roles, scope),
        eq(roles.id, id),
        sql`not exists (select 1 from ${users} u where u.role_id = ${roles.id})`,
      ),
    )
    .returning({ id: roles.id });
  return rows.length === 1;
}

/** Locks the role row so concurrent edits of one role apply one after the other. */
export async function lockRole(tx: Db, scope: AccessScope, id: string) {
  await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(ownedByScope(roles, scope), eq(roles.id, id)))
    .for('update');
}
