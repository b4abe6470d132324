import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { endSessionsWhere } from '../../db/session-end';
import {
  loginThrottle,
  menuItems,
  passwordResetTokens,
  rolePermissions,
  roles,
  sessions,
  sessionTokens,
  users,
} from '../../db/schema/access';
import { appSettings } from '../../db/schema/platform';
import { outlets, tenants } from '../../db/schema/tenancy';
import {
  type AccessScope,
  ownedBy,
  ownedByScope,
  ownedWithin,
  tenantOfRow,
} from '../../db/tenant-scope';

/**
 * Every function here works on one staff account or session, found by what the caller signed in
 * with (username, token, session): a user is global (platform users have no tenant), and the
 * tenant is known only once the user is.
 */
export const tenantFree = [
  'findUserByUsername',
  'findUserById',
  'rolePermissionStrings',
  'listVisibleMenuItems',
  'insertSessionToken',
  'findSessionByTokenHash',
  'rotateToken',
  'retryRotation',
  'touchSession',
  'revokeSession',
  'revokeUserSessions',
  'setLastSignIn',
  'upgradePasswordHash',
  'updatePasswordHash',
  'updateProfile',
  'claimLoginAttempt',
  'clearLoginThrottle',
  'signedInFrom',
  'actingTenantOf',
] as const;

// Staff accounts, sessions (refresh-token families), sign-in throttling, menus and app settings.

const userColumns = {
  id: users.id,
  tenantId: users.tenantId,
  tenantName: tenants.name,
  tenantStatus: tenants.status,
  username: users.username,
  fullname: users.fullname,
  email: users.email,
  avatar: users.avatar,
  idOutlet: users.idOutlet,
  outletName: outlets.name,
  roleId: users.roleId,
  roleName: roles.name,
  status: users.status,
  language: users.language,
  settings: users.settings,
  isVerify: users.isVerify,
  kycStatus: users.kycStatus,
  kycRejectionReason: users.kycRejectionReason,
  passwordHash: users.passwordHash,
  twoStepEnabled: users.twoStepEnabled,
  mustChangePassword: users.mustChangePassword,
};

export type UserRecord = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

function selectUsers(db: Db) {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(tenants, tenantOfRow(users))
    .leftJoin(outlets, eq(outlets.id, users.idOutlet));
}

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await selectUsers(db)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** A user the scope holds: one of its tenant's, or any user for the platform scope. */
export async function findUserInScope(db: Db, scope: AccessScope, id: string) {
  const [row] = await selectUsers(db)
    .where(and(ownedByScope(users, scope), eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

export async function rolePermissionStrings(db: Db, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(asc(rolePermissions.permission));
  return rows.map((r) => r.permission);
}

export async function listVisibleMenuItems(db: Db) {
  return db
    .select()
    .from(menuItems)
    .where(eq(menuItems.hidden, false))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.title));
}
export type MenuItemRow = Awaited<ReturnType<typeof listVisibleMenuItems>>[number];

export async function createSession(
  tx: Db,
  values: {
    userId: string;
    tenantId: string | null;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
): Promise<string> {
  // Written only for a user of that tenant: the session's tenant is always its user's.
  const user = and(ownedWithin(users, values.tenantId), eq(users.id, values.userId));
  const [row] = await tx
    .insert(sessions)
    .values({
      ...values,
      userId: sql<string>`(select ${users.id} from ${users} where ${user})`,
      lastUsedAt: sql`now()`,
    })
    .returning({ id: sessions.id });
  return row!.id;
}

export async function insertSessionToken(tx: Db, sessionId: string, tokenHash: string) {
  await tx.insert(sessionTokens).values({ sessionId, tokenHash });
}

export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      tenantId: sessions.tenantId,
      actingTenantId: sessions.actingTenantId,
      rotatedAt: sessionTokens.rotatedAt,
      revokedAt: sessions.revokedAt,
      expired: sql<boolean>`${sessions.expiresAt} <= now()`,
    })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .where(eq(sessionTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks a token used; false when it already was (a concurrent or repeated use). */
export async function rotateToken(tx: Db, tokenHash: string): Promise<boolean> {
  const rows = await tx
    .update(sessionTokens)
    .set({ rotatedAt: sql`now()` })
    .where(and(eq(sessionTokens.tokenHash, tokenHash), isNull(sessionTokens.rotatedAt)))
    .returning({ tokenHash: sessionTokens.tokenHash });
  return rows.length === 1;
}

/**
 * A token used again shortly after its rotation, whose successor was never used: the answer that
 * carried the successor was lost (the page reloaded while it was on its way). Within `graceMs` of
 * the rotation, and while nothing of the family has been used since, the unused successors are
 * retired and true says a new token may be issued; otherwise false (a copy: revoke the family).
 * The family's tokens are locked, so two such retries cannot both pass.
 */
export async function retryRotation(
  tx: Db,
  sessionId: string,
  tokenHash: string,
  graceMs: number,
): Promise<boolean> {
  const tokens = await tx
    .select({
      tokenHash: sessionTokens.tokenHash,
      rotatedAt: sessionTokens.rotatedAt,
      recent: sql<boolean>`${sessionTokens.rotatedAt} > now() - make_interval(secs => ${graceMs / 1000})`,
    })
    .from(sessionTokens)
    .where(eq(sessionTokens.sessionId, sessionId))
    .for('update');
  const presented = tokens.find((x) => x.tokenHash === tokenHash);
  if (!presented?.rotatedAt || !presented.recent) return false;
  const at = presented.rotatedAt.getTime();
  if (tokens.some((x) => x.rotatedAt && x.rotatedAt.getTime() > at)) return false;
  await tx
    .update(sessionTokens)
    .set({ rotatedAt: sql`now()` })
    .where(and(eq(sessionTokens.sessionId, sessionId), isNull(sessionTokens.rotatedAt)));
  return true;
}

export async function touchSession(
  tx: Db,
  sessionId: string,
  ip: string,
  userAgent: string | null,
) {
  await tx
    .update(sessions)
    .set({ lastUsedAt: sql`now()`, ip, userAgent })
    .where(eq(sessions.id, sessionId));
}

export async function revokeSession(tx: Db, sessionId: string, reason: string): Promise<boolean> {
  return (
    (await endSessionsWhere(
      tx,
      and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)),
      reason,
    )) === 1
  );
}

/** Ends every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  tx: Db,
  userId: string,
  reason: string,
  keepSessionId?: string,
): Promise<number> {
  return endSessionsWhere(
    tx,
    and(
      eq(sessions.userId, userId),
      isNull(sessions.revokedAt),
      keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
    ),
    reason,
  );
}

export async function setLastSignIn(tx: Db, userId: string) {
  await tx
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The same password stored with today's hashing parameters (nothing else changes). */
export async function upgradePasswordHash(db: Db, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function updatePasswordHash(tx: Db, userId: string, passwordHash: string) {
  await tx
    .update(users)
    // A password the user chose themselves ends a temporary one.
    .set({
      passwordHash,
      passwordChangedAt: sql`now()`,
      mustChangePassword: false,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

export async function updateProfile(
  tx: Db,
  userId: string,
  patch: {
    fullname?: string;
    email?: string | null;
    avatar?: string | null;
    settings?: Record<string, unknown>;
    language?: string;
  },
) {
  await tx
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

// Sign-in throttle (per bucket: an account's secret, see sign-in-backoff.service.ts). An attempt
// is counted before the secret is checked, in one atomic upsert that refuses while the wait is
// running: parallel guesses cannot slip through. From the 5th attempt on, the next one waits 1 s,
// doubling up to 60 s and never longer; success clears the row; 15 quiet minutes start the count
// again.
const LOCK_AFTER = sql.raw('5');
const MAX_WAIT_S = sql.raw('60');
const FORGET_AFTER = sql.raw(`interval '15 minutes'`);

export async function claimLoginAttempt(
  db: Db,
  key: string,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const count = sql`case when t.last_failure_at < now() - ${FORGET_AFTER} then 1 else t.failures + 1 end`;
  const claimed = rowsOf<{ failures: number }>(
    await db.execute(sql`
      insert into ${loginThrottle} as t (key, failures, next_allowed_at, last_failure_at)
      values (${key}, 1, now(), now())
      on conflict (key) do update set
        failures = ${count},
        last_failure_at = now(),
        next_allowed_at = case
          when ${count} >= ${LOCK_AFTER}
            then now() + least(${MAX_WAIT_S}, power(2, ${count} - ${LOCK_AFTER})) * interval '1 second'
          else t.next_allowed_at
        end
      where t.next_allowed_at <= now()
      returning t.failures`),
  );
  if (claimed.length > 0) return { allowed: true };
  const [wait] = rowsOf<{ seconds: number }>(
    await db.execute(
      sql`select greatest(1, ceil(extract(epoch from (next_allowed_at - now()))))::int as seconds
          from ${loginThrottle} where key = ${key}`,
    ),
  );
  return { allowed: false, retryAfterSeconds: wait?.seconds ?? 1 };
}

export async function clearLoginThrottle(db: Db, ...keys: string[]) {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}

/**
 * Whether the user signed in (a session last used there) or chose a password through an e-mailed
 * reset link from `ip` within the last `days`.
 */
export async function signedInFrom(db: Db, userId: string, ip: string, days: number) {
  const since = sql`${new Date(Date.now() - days * 86_400_000).toISOString()}::timestamptz`;
  const [row] = rowsOf<{ known: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from ${sessions}
        where ${sessions.userId} = ${userId} and ${sessions.ip} = ${ip}
          and coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}) > ${since}
      ) or exists (
        select 1 from ${passwordResetTokens}
        where ${passwordResetTokens.userId} = ${userId} and ${passwordResetTokens.usedIp} = ${ip}
          and ${passwordResetTokens.usedAt} > ${since}
      ) as known`),
  );
  return row?.known === true;
}

/** Platform defaults first, then the tenant's own entries (the last entry of a code wins). */
export async function listAppSettings(db: Db, tenantId: string | null) {
  return db
    .select({
      code: appSettings.code,
      name: appSettings.name,
      enabled: appSettings.enabled,
      value: appSettings.value,
    })
    .from(appSettings)
    .where(
      tenantId
        ? or(ownedWithin(appSettings, null), ownedBy(appSettings, tenantId))
        : ownedWithin(appSettings, null),
    )
    .orderBy(
      sql`${appSettings.tenantId} is not null`,
      asc(appSettings.sortOrder),
      asc(appSettings.code),
    );
}

/** The tenant a platform user's session works inside (POST /api/tenants/{id}/enter), if any. */
export async function actingTenantOf(db: Db, sessionId: string) {
  const [row] = await db
    .select({ id: tenants.id, name: tenants.name })
    .from(sessions)
    .innerJoin(tenants, eq(tenants.id, sessions.actingTenantId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ?? null;
}
