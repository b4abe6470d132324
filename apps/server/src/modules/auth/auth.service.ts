import {
  type AppSettingEntry,
  type ChangePasswordRequest,
  type LoginRequest,
  type LoginResponseData,
  type ProfileUpdate,
  type RefreshData,
  type SessionData,
  type SessionUserExtras,
  type UserFields,
} from '@kopi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { hasPermission } from '../../lib/access';
import { audit, audited } from '../../lib/audit';
import { removeAvatar } from '../../lib/avatars';
import { scopeOf } from '../../lib/caller-tenant';
import { AppError, validationError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/password';
import { loadPrincipal } from '../../lib/principal';
import type { AuthedContext, RequestContext } from '../../lib/request-context';
import { generateOpaqueToken, hashToken, type TokenSigner } from '../../lib/tokens';
import type { AppFeatureService } from '../app-features/app-features.service';
import * as repo from './auth.repo';
import { accountBlock, actorOf, toUserFields } from './staff-user';

// Other modules reach these through this service (module boundaries).
export { accountBlock };
import { buildMenuTree } from './menu-tree';
import {
  accountWithPassword,
  backoffBucket,
  createSignInBackoff,
  KNOWN_ADDRESS_DAYS,
} from './sign-in-backoff.service';

export interface AuthDeps {
  db: Db;
  config: Config;
  hasher: PasswordHasher;
  signer: TokenSigner;
  log: FastifyBaseLogger;
  /** The customer app's feature switches, listed with the app settings (decision 041). */
  appFeatures: Pick<AppFeatureService, 'settingEntries'>;
}

const TWO_STEP_CHALLENGE_TTL_MS = 5 * 60_000;
/**
 * How long after its rotation a refresh token may come back as a retry (the answer lost to a
 * reload), while its successor is unused (decision 003).
 */
export const REFRESH_RETRY_GRACE_MS = 30_000;

/**
 * The staff-account reads and writes the account flows and user administration share. They are
 * keyed by a user the caller signed in as, or already found within their scope.
 */
export const staffAccounts = {
  findById: repo.findUserById,
  findByUsername: repo.findUserByUsername,
  rolePermissions: repo.rolePermissionStrings,
  setPassword: repo.updatePasswordHash,
  endSessions: repo.revokeUserSessions,
  clearLoginThrottle: repo.clearLoginThrottle,
  /** The tenant a platform user's session works inside, if any. */
  actingTenant: repo.actingTenantOf,
};

/** A username's password bucket: apart for an address the user is known at (decision 029). */
export const throttleKey = (username: string, knownAddress: string | null = null) =>
  backoffBucket(`user:${username.trim().toLowerCase()}`, knownAddress);

export function createAuthService(deps: AuthDeps) {
  const { db, config, hasher, signer } = deps;

  async function sessionData(
    user: repo.UserRecord,
    token: string,
    refreshToken: string,
    acting: { id: string; name: string } | null = null,
  ) {
    const permissions = await repo.rolePermissionStrings(db, user.roleId);
    const menus = buildMenuTree(await repo.listVisibleMenuItems(db), permissions);
    return {
      ...toUserFields(user),
      outlet_name: user.outletName,
      two_step_enabled: user.twoStepEnabled,
      must_change_password: user.mustChangePassword,
      // A platform user working inside a tenant (tenants module): the web shows whose data it is.
      acting_tenant_id: acting?.id ?? null,
      acting_tenant_name: acting?.name ?? null,
      token,
      refresh_token: refreshToken,
      permissions,
      menus,
      role_name: user.roleName,
    } satisfies SessionData & SessionUserExtras;
  }

  const backoff = createSignInBackoff(db);

  /** The bucket a password attempt of `username` from `address` is counted in. */
  async function passwordBucket(username: string, userId: string | null, address: string) {
    const known =
      userId !== null && (await repo.signedInFrom(db, userId, address, KNOWN_ADDRESS_DAYS));
    return throttleKey(username, known ? address : null);
  }

  /** Checks a username and password (throttled, same answer for unknown users and bad passwords). */
  async function verifyCredentials(username: string, password: string, address: string) {
    const user = await repo.findUserByUsername(db, username);
    const bucket = await passwordBucket(username, user?.id ?? null, address);
    return backoff.guard(bucket, 'invalid_credentials', () =>
      accountWithPassword(hasher, user, password),
    );
  }

  /**
   * The signed-in user's own password, before a change that needs it; guessing it with a stolen
   * token is throttled like signing in. 400 `old_password_incorrect` when wrong.
   */
  async function confirmPassword(user: repo.UserRecord, password: string, ctx: RequestContext) {
    const bucket = await passwordBucket(user.username, user.id, ctx.ip);
    await backoff.guard(bucket, 'old_password_incorrect', async () =>
      (await hasher.verify(user.passwordHash, password)) ? true : null,
    );
  }

  /** Opens a session (refresh-token family) and answers the SPEC §7 sign-in data. */
  async function issueSession(
    user: repo.UserRecord,
    ctx: RequestContext,
  ): Promise<SessionData & SessionUserExtras> {
    const refreshToken = generateOpaqueToken();
    const sessionId = await db.transaction(async (tx) => {
      const id = await repo.createSession(tx, {
        userId: user.id,
        tenantId: user.tenantId,
        expiresAt: new Date(Date.now() + config.refreshTokenTtlMs),
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      });
      await repo.insertSessionToken(tx, id, hashToken(refreshToken));
      await repo.setLastSignIn(tx, user.id);
      await audit.record(tx, ctx, {
        action: 'session.create',
        entity: 'session',
        entityId: id,
        after: { user_id: user.id, ip: ctx.ip, user_agent: ctx.userAgent },
        actor: actorOf(user),
        tenantId: user.tenantId,
      });
      return id;
    });
    const token = await signer.sign(
      'access',
      { userId: user.id, sessionId },
      config.accessTokenTtlMs,
    );
    return sessionData(user, token, refreshToken);
  }

  return {
    verifyCredentials,
    issueSession,
    confirmPassword,

    /**
     * The second factor, counted apart from the password: reaching it takes the right password,
     * so hammering the password cannot keep the real user from it. 400 `two_step_code_invalid`.
     */
    async guardSecondFactor(userId: string, check: () => Promise<boolean>) {
      await backoff.guard(`two-step:${userId}`, 'two_step_code_invalid', async () =>
        (await check()) ? true : null,
      );
    },

    async login(
      input: LoginRequest,
      ctx: RequestContext,
    ): Promise<LoginResponseData & Partial<SessionUserExtras>> {
      const user = await verifyCredentials(input.username, input.password, ctx.ip);
      const block = accountBlock(user);
      if (block) throw new AppError(block);
      if (hasher.needsRehash(user.passwordHash)) {
        // Stored with weaker parameters than today's: upgrade while we hold the password.
        await repo.upgradePasswordHash(db, user.id, await hasher.hash(input.password));
      }
      if (user.twoStepEnabled) {
        const challenge = await signer.sign(
          'two-step',
          { userId: user.id },
          TWO_STEP_CHALLENGE_TTL_MS,
        );
        return { two_step_required: true, challenge_token: challenge };
      }
      return issueSession(user, ctx);
    },

    async refresh(
      refreshToken: string,
      ctx: RequestContext,
    ): Promise<RefreshData & SessionUserExtras> {
      const tokenHash = hashToken(refreshToken);
      const found = await repo.findSessionByTokenHash(db, tokenHash);
      if (!found || found.revokedAt || found.expired) throw new AppError('refresh_token_invalid');
      const next = generateOpaqueToken();
      const outcome = await db.transaction(async (tx) => {
        const user = await repo.findUserById(tx, found.userId);
        const rotated =
          (await repo.rotateToken(tx, tokenHash)) ||
          (await repo.retryRotation(tx, found.sessionId, tokenHash, REFRESH_RETRY_GRACE_MS));
        if (!rotated) {
          // A rotated token came back: it was copied. End the whole family (ASVS 10.4.5).
          await repo.revokeSession(tx, found.sessionId, 'refresh_token_reused');
          await audit.record(tx, ctx, {
            action: 'session.reuse_detected',
            entity: 'session',
            entityId: found.sessionId,
            actor: user ? actorOf(user) : undefined,
            tenantId: found.tenantId,
          });
          return 'reused' as const;
        }
        if (!user || accountBlock(user)) {
          await repo.revokeSession(tx, found.sessionId, 'account_blocked');
          return 'blocked' as const;
        }
        await repo.insertSessionToken(tx, found.sessionId, hashToken(next));
        // Not audited (decision 020): a refresh every few minutes per open tab flooded the
        // append-only log. The session row keeps when, from where and with what it was last used;
        // sign-in, reuse and revocation stay audited.
        await repo.touchSession(tx, found.sessionId, ctx.ip, ctx.userAgent);
        return user;
      });
      if (outcome === 'reused') {
        deps.log.warn({ sessionId: found.sessionId }, 'refresh token reused: session revoked');
        throw new AppError('refresh_token_invalid');
      }
      if (outcome === 'blocked') throw new AppError('refresh_token_invalid');
      const token = await signer.sign(
        'access',
        { userId: outcome.id, sessionId: found.sessionId },
        config.accessTokenTtlMs,
      );
      const acting =
        outcome.tenantId === null ? await repo.actingTenantOf(db, found.sessionId) : null;
      const data = await sessionData(outcome, token, next, acting);
      return { ...data, role: outcome.roleName };
    },

    async logout(ctx: AuthedContext): Promise<void> {
      await db.transaction(async (tx) => {
        if (await repo.revokeSession(tx, ctx.principal.sessionId, 'logout')) {
          await audit.record(tx, ctx, {
            action: 'session.revoke',
            entity: 'session',
            entityId: ctx.principal.sessionId,
            after: { reason: 'logout' },
          });
        }
      });
    },

    async changePassword(
      input: ChangePasswordRequest,
      ctx: AuthedContext,
    ): Promise<{ sessions_ended: number }> {
      const user = await repo.findUserById(db, ctx.principal.userId);
      if (!user) throw new AppError('unauthorized');
      await confirmPassword(user, input.old_password, ctx);
      if (await hasher.verify(user.passwordHash, input.password)) {
        throw new AppError('password_reused');
      }
      const passwordHash = await hasher.hash(input.password);
      const ended = await db.transaction(async (tx) => {
        await repo.updatePasswordHash(tx, user.id, passwordHash);
        const count = await repo.revokeUserSessions(
          tx,
          user.id,
          'password_changed',
          ctx.principal.sessionId,
        );
        await audit.record(tx, ctx, {
          action: 'user.password_change',
          entity: 'user',
          entityId: user.id,
          after: { other_sessions_ended: count },
        });
        return count;
      });
      return { sessions_ended: ended };
    },

    async updateProfile(
      targetId: string,
      input: ProfileUpdate,
      ctx: AuthedContext,
    ): Promise<UserFields> {
      const { principal } = ctx;
      // Your own profile is always yours (a platform user working inside a tenant included);
      // another user's is found only within the caller's scope.
      const target =
        targetId === principal.userId
          ? await repo.findUserById(db, targetId)
          : await repo.findUserInScope(db, scopeOf(ctx), targetId);
      if (!target) throw new AppError('not_found');
      if (target.id !== principal.userId && !hasPermission(principal, 'update-user')) {
        throw new AppError('forbidden');
      }
      // The avatar is set by uploading one (POST /api/account/avatar); here it may only be kept
      // or cleared. Pointing it at another file would let the next upload delete that file.
      if (input.avatar !== undefined && input.avatar !== null && input.avatar !== target.avatar) {
        throw validationError([{ path: 'avatar', message: 'validation.url_invalid' }]);
      }
      const patch = {
        fullname: input.fullname,
        ...(input.email !== undefined ? { email: input.email.trim() || null } : {}),
        ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
        // The language travels inside the layout settings (SPEC §5 strips the top-level field);
        // the column follows it so server-side texts (e-mails) use it too.
        ...(input.settings?.language ? { language: input.settings.language } : {}),
        // Preferences merge: a client that knows only some keys does not wipe the others.
        ...(input.settings !== undefined
          ? { settings: { ...(target.settings ?? {}), ...input.settings } }
          : {}),
      };
      const entry = {
        action: 'user.update_profile',
        entity: 'user',
        entityId: target.id,
        tenantId: target.tenantId,
        before: {
          fullname: target.fullname,
          email: target.email,
          avatar: target.avatar,
          settings: target.settings,
        },
        after: patch,
      };
      await audited(db, ctx, entry, (tx) => repo.updateProfile(tx, target.id, patch));
      if (patch.avatar === null) await removeAvatar(config.dataDir, target.avatar);
      const updated = await repo.findUserById(db, target.id);
      return toUserFields(updated!);
    },

    /** GET /api/app/settings: the refresh token (or an access token) names the tenant. */
    async appSettings(bearer: string): Promise<{ status: AppSettingEntry[] }> {
      let userId: string | null = null;
      let actingTenantId: string | null = null;
      const found = await repo.findSessionByTokenHash(db, hashToken(bearer));
      if (found && !found.rotatedAt && !found.revokedAt && !found.expired) {
        userId = found.userId;
        actingTenantId = found.actingTenantId;
      } else {
        const claims = await signer.verify('access', bearer);
        const principal =
          claims?.sessionId && (await loadPrincipal(db, claims.sessionId, claims.userId));
        if (principal) {
          userId = principal.userId;
          actingTenantId = principal.acting ? principal.tenantId : null;
        }
      }
      const user = userId ? await repo.findUserById(db, userId) : null;
      if (!user || accountBlock(user)) throw new AppError('unauthorized');
      // A platform user working inside a tenant sees that tenant's settings.
      const tenantId = user.tenantId ?? actingTenantId;
      const rows = await repo.listAppSettings(db, tenantId);
      // The app's features follow, in their layers (platform, tenant, the user's outlet), so
      // the last entry of a feature's code is its value for this user (SPEC §3).
      const features = tenantId
        ? await deps.appFeatures.settingEntries(tenantId, user.idOutlet ?? null)
        : [];
      if (rows.length === 0 && features.length === 0) throw new AppError('settings_empty');
      return {
        status: [
          ...rows.map((r) => ({
            code: r.code,
            name: r.name,
            enabled: r.enabled,
            ...(r.value !== null && r.value !== undefined ? { value: r.value } : {}),
          })),
          ...features,
        ],
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
