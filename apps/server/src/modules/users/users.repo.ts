import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { endSessionsWhere } from '../../db/session-end';
import { countWhere, equalsGiven, pageWithTotal, searchAny } from '../../db/list-page';
import { roles, sessions, users } from '../../db/schema/access';
import { auditLog } from '../../db/schema/platform';
import { outlets, tenants } from '../../db/schema/tenancy';
import {
  ownedBy,
  ownedByScope,
  ownedWithin,
  tenantOfRow,
  type AccessScope,
} from '../../db/tenant-scope';

// Staff users with their role, outlet and tenant; their sessions. Every query holds the caller's
// access scope (a tenant, or platform-wide): a user of another tenant is simply not found.

const columns = {
  id: users.id,
  username: users.username,
  fullname: users.fullname,
  email: users.email,
  avatar: users.avatar,
  roleId: users.roleId,
  roleName: roles.name,
  idOutlet: users.idOutlet,
  outletName: outlets.name,
  tenantId: users.tenantId,
  tenantName: tenants.name,
  status: users.status,
  language: users.language,
  lastSignInAt: users.lastSignInAt,
  mustChangePassword: users.mustChangePassword,
  twoStepEnabled: users.twoStepEnabled,
  isVerify: users.isVerify,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export type UserRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

export interface UserFilter {
  tenantId: string | null | undefined;
  /** Staff bound to an outlet see only the users of that outlet. */
  boundOutletId: string | null;
  q?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  roleId?: string | undefined;
  /** An outlet's id, or 'all' for users of every outlet (not bound). */
  outlet?: string | undefined;
}

function where(f: UserFilter) {
  return and(
    ownedWithin(users, f.tenantId),
    f.boundOutletId ? eq(users.idOutlet, f.boundOutletId) : undefined,
    equalsGiven(users, f, ['status', 'roleId']),
    f.outlet === 'all'
      ? isNull(users.idOutlet)
      : f.outlet
        ? eq(users.idOutlet, f.outlet)
        : undefined,
    searchAny(f.q, [users.username, users.fullname, users.email]),
  );
}

export type SortKey = 'username' | 'fullname' | 'last_sign_in_at' | 'created_at';
const sortColumns = {
  username: sql`lower(${users.username})`,
  fullname: sql`lower(${users.fullname})`,
  last_sign_in_at: users.lastSignInAt,
  created_at: users.createdAt,
} satisfies Record<SortKey, unknown>;

function selectUsers(db: Db) {
  return db
    .select(columns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(outlets, eq(outlets.id, users.idOutlet))
    .leftJoin(tenants, tenantOfRow(users));
}

export async function list(
  db: Db,
  f: UserFilter,
  sort: { key: SortKey; desc: boolean },
  limit: number,
  offset: number,
) {
  const column = sortColumns[sort.key];
  // Never signed in sorts last either way.
  const order: SQL[] =
    sort.key === 'last_sign_in_at'
      ? [sort.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`]
      : [sort.desc ? desc(column) : asc(column)];
  return pageWithTotal(
    selectUsers(db)
      .where(where(f))
      .orderBy(...order, asc(users.id))
      .limit(limit)
      .offset(offset),
    db,
    users,
    where(f),
  );
}

/** The user if the scope holds them (and, for staff bound to an outlet, of that outlet). */
export async function findById(
  db: Db,
  scope: AccessScope,
  id: string,
  boundOutletId: string | null = null,
) {
  const [row] = await selectUsers(db)
    .where(
      and(
        ownedByScope(users, scope),
        eq(users.id, id),
        boundOutletId ? eq(users.idOutlet, boundOutletId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface UserValues {
  username: string;
  fullname: string;
  email: string | null;
  roleId: string;
  idOutlet: string | null;
  status: 'active' | 'disabled';
  language: 'en' | 'my';
}

export async function insert(
  tx: Db,
  values: UserValues & {
    tenantId: string | null;
    passwordHash: string;
    mustChangePassword: boolean;
  },
): Promise<string> {
  // The role (NOT NULL) and the outlet are written only when they are the user's tenant's.
  const role = and(ownedWithin(roles, values.tenantId), eq(roles.id, values.roleId));
  const [row] = await tx
    .insert(users)
    .values({
      ...values,
      roleId: sql<string>`(select ${roles.id} from ${roles} where ${role})`,
      idOutlet:
        values.idOutlet === null || values.tenantId === null
          ? null
          : sql<string>`(select ${outlets.id} from ${outlets} where ${and(ownedBy(outlets, values.tenantId), eq(outlets.id, values.idOutlet))})`,
    })
    .returning({ id: users.id });
  return row!.id;
}

export async function update(tx: Db, scope: AccessScope, id: string, values: Partial<UserValues>) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ownedByScope(users, scope), eq(users.id, id)));
}

/** A temporary password: it must be changed at the next sign-in. */
export async function setTemporaryPassword(
  tx: Db,
  scope: AccessScope,
  id: string,
  passwordHash: string,
) {
  await tx
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: true,
      passwordChangedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(ownedByScope(users, scope), eq(users.id, id)));
}

export async function remove(tx: Db, scope: AccessScope, id: string) {
  await tx.delete(users).where(and(ownedByScope(users, scope), eq(users.id, id)));
}

/** True once the user has done anything the audit log recorded (signed in, sold, edited). */
export async function hasHistory(db: Db, scope: AccessScope, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(and(ownedByScope(users, scope), eq(auditLog.actorId, id)))
    .limit(1);
  return row !== undefined;
}

/** A role users of `tenantId` (null: platform users) may hold. */
export async function findRole(db: Db, tenantId: string | null, id: string) {
  const [row] = await db
    .select({ id: roles.id, tenantId: roles.tenantId, name: roles.name })
    .from(roles)
    .where(and(ownedWithin(roles, tenantId), eq(roles.id, id)))
    .limit(1);
  return row ?? null;
}

/** The roles a user of `tenantId` (null: platform) may hold, with their permissions. */
export async function assignableRoles(db: Db, tenantId: string | null) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      permissions: sql<string[]>`coalesce((
        select json_agg(rp.permission) from role_permissions rp where rp.role_id = ${roles.id}
      ), '[]'::json)`,
    })
    .from(roles)
    .where(ownedWithin(roles, tenantId))
    .orderBy(desc(roles.isBuiltin), asc(roles.name));
}

export async function outletsOf(db: Db, tenantId: string, onlyId: string | null) {
  return db
    .select({ id: outlets.id, code: outlets.code, name: outlets.name })
    .from(outlets)
    .where(and(ownedBy(outlets, tenantId), onlyId ? eq(outlets.id, onlyId) : undefined))
    .orderBy(asc(outlets.code));
}

export async function findOutlet(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: outlets.id, tenantId: outlets.tenantId })
    .from(outlets)
    .where(and(ownedBy(outlets, tenantId), eq(outlets.id, id)))
    .limit(1);
  return row ?? null;
}

// ---- Sessions ---------------------------------------------------------------------------------

const live = (scope: AccessScope, userId: string) =>
  and(
    ownedByScope(sessions, scope),
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
  );

export async function liveSessions(db: Db, scope: AccessScope, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      actingTenantId: sessions.actingTenantId,
    })
    .from(sessions)
    .where(live(scope, userId))
    .orderBy(sql`${sessions.lastUsedAt} desc nulls last`, desc(sessions.createdAt));
}

export async function liveSessionCount(
  db: Db,
  scope: AccessScope,
  userId: string,
): Promise<number> {
  return countWhere(db, sessions, live(scope, userId));
}

export async function revokeSession(
  tx: Db,
  scope: AccessScope,
  userId: string,
  sessionId: string,
  reason: string,
): Promise<boolean> {
  return (
    (await endSessionsWhere(tx, and(eq(sessions.id, sessionId), live(scope, userId)), reason)) === 1
  );
}
