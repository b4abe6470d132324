import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { roles, sessions, users } from '../db/schema/access';
import { tenants } from '../db/schema/tenancy';

/** Who is calling: the signed-in user of a live session, with their role's permissions. */
export interface Principal {
  userId: string;
  sessionId: string;
  tenantId: string | null;
  username: string;
  outletId: string | null;
  roleId: string;
  roleName: string;
  permissions: string[];
  /**
   * True when a platform user works inside a tenant (POST /api/tenants/{id}/enter): `tenantId`
   * is then that tenant, so every tenant-scoped query runs in it, while `userId` stays the real
   * person for the audit trail.
   */
  acting?: boolean;
  /** Signed in with a temporary password: only AUTHENTICATED routes (change it) are open. */
  mustChangePassword?: boolean;
}

/**
 * Loads the principal of an access token in one indexed query (session by primary key, joined
 * to its user, role and tenant). Null when the session is revoked or expired, the user disabled
 * or the tenant suspended: that is what makes sign-out and disabling take effect at once.
 */
export async function loadPrincipal(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<Principal | null> {
  return (await loadSessionPrincipal(db, sessionId, userId))?.principal ?? null;
}

/** loadPrincipal, with when the session expires (a cached principal must not outlive it). */
export async function loadSessionPrincipal(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<{ principal: Principal; sessionExpiresAt: Date } | null> {
  const [row] = await db
    .select({
      userId: users.id,
      sessionId: sessions.id,
      tenantId: users.tenantId,
      actingTenantId: sessions.actingTenantId,
      username: users.username,
      outletId: users.idOutlet,
      roleId: users.roleId,
      roleName: roles.name,
      mustChangePassword: users.mustChangePassword,
      sessionExpiresAt: sessions.expiresAt,
      permissions: sql<
        string[] | null
      >`(select json_agg(rp.permission) from role_permissions rp where rp.role_id = ${users.roleId})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.status, 'active'),
        or(isNull(tenants.id), ne(tenants.status, 'suspended')),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { actingTenantId, mustChangePassword, sessionExpiresAt, ...rest } = row;
  // Only platform users (no tenant of their own) may act inside another tenant.
  const acting = rest.tenantId === null && actingTenantId !== null;
  const principal: Principal = {
    ...rest,
    tenantId: acting ? actingTenantId : rest.tenantId,
    permissions: rest.permissions ?? [],
    ...(acting ? { acting: true } : {}),
    ...(mustChangePassword ? { mustChangePassword: true } : {}),
  };
  return { principal, sessionExpiresAt };
}
