import { randomInt } from 'node:crypto';
import {
  messageKey,
  type PasswordSetup,
  type PasswordSetupResult,
  type StaffUser,
  type StaffUserDetail,
  type UserFormOptions,
  type UserListQuery,
  type UserSession,
  userSortKeys,
} from '@kopi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { userInputSchema } from '@kopi/contract';
import type { Db } from '../../db/database';
import { tenantCondition, tenantOfScope } from '../../db/tenant-scope';
import { audit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { listMeta, offsetOf } from '../../lib/paging';
import type { PasswordHasher } from '../../lib/password';
import type { AuthedContext } from '../../lib/request-context';
import { scopeOf } from '../../lib/tenant-scope';
import { staffMail } from '../../lib/staff-mail';
import { generateOpaqueToken, hashToken } from '../../lib/tokens';
import { issueResetToken } from '../account/account.service';
import { staffAccounts } from '../auth/auth.service';
import {
  assertCanGrant,
  assertKeepsRoleManagement,
  assertNotOutranked,
  notHeld,
} from '../roles/role-rules';
import * as repo from './users.repo';

// Staff users: list, profile with effective permissions, create and edit, disable
// and enable, password set-up and reset, sessions, delete of a user with no history. Who may
// touch whom is decided here (see the contract's users.ts header and role-rules.ts).

type UserInput = z.output<typeof userInputSchema>;

export interface UserServiceDeps {
  db: Db;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** Public origin for e-mailed links. */
  appUrl: string;
  log: FastifyBaseLogger;
}

/** Links an administrator sends stay valid a day: staff may not read mail within minutes. */
const ADMIN_LINK_TTL_MS = 24 * 3_600_000;

export function toStaffUser(r: repo.UserRow): StaffUser {
  return {
    id: r.id,
    username: r.username,
    fullname: r.fullname,
    email: r.email,
    avatar: r.avatar,
    role_id: r.roleId,
    role_name: r.roleName,
    id_outlet: r.idOutlet,
    outlet_name: r.outletName,
    tenant_id: r.tenantId,
    tenant_name: r.tenantName,
    status: r.status as StaffUser['status'],
    language: r.language === 'my' ? 'my' : 'en',
    last_sign_in_at: r.lastSignInAt?.toISOString() ?? null,
    must_change_password: r.mustChangePassword,
    two_step_enabled: r.twoStepEnabled,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a user (never the password hash or two-step secret). */
const snapshot = (r: {
  username: string;
  fullname: string;
  email: string | null;
  roleId: string;
  idOutlet: string | null;
  status: string;
  language: string;
}) => ({
  username: r.username,
  fullname: r.fullname,
  email: r.email,
  role_id: r.roleId,
  id_outlet: r.idOutlet,
  status: r.status,
  language: r.language,
});

/** A password that meets SPEC §5: 14 characters with every required kind, from a CSPRNG. */
export function generateTemporaryPassword(): string {
  const sets = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!.@#$%&*'];
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [...sets.map(pick), ...Array.from({ length: 10 }, () => pick(sets.join('')))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

function parseSort(sort: string | undefined): { key: repo.SortKey; desc: boolean } {
  if (!sort) return { key: 'username', desc: false };
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as repo.SortKey;
  if (!(userSortKeys as readonly string[]).includes(key)) {
    throw validationError([{ path: 'sort', message: messageKey('invalid') }]);
  }
  return { key, desc };
}

function usernameTaken(error: unknown): never {
  if (uniqueViolation(error) === 'users_username_lower_unique') {
    throw new AppError('username_taken', {
      details: [{ path: 'username', message: messageKey('not_unique') }],
    });
  }
  throw error;
}

export function createUserService(deps: UserServiceDeps) {
  const { db, hasher, mailer, log } = deps;

  /** The user if the caller may see them: same scope, and same outlet for outlet-bound staff. */
  async function require(ctx: AuthedContext, id: string) {
    const row = await repo.findById(db, scopeOf(ctx), id, ctx.principal.outletId);
    if (!row) throw new AppError('not_found');
    return row;
  }

  /** The user if the caller may also change them: their role must not outrank the caller. */
  async function requireManageable(ctx: AuthedContext, id: string) {
    const row = await require(ctx, id);
    assertNotOutranked(ctx.principal, await staffAccounts.rolePermissions(db, row.roleId));
    return row;
  }

  /**
   * Checks the role and outlet given to a user of `tenantId` (null: a platform user) and
   * answers the role's permissions. A role or outlet of another tenant is simply invalid.
   */
  async function checkAssignment(ctx: AuthedContext, tenantId: string | null, input: UserInput) {
    const role = await repo.findRole(db, tenantId, input.role_id);
    if (!role) {
      throw validationError([{ path: 'role_id', message: messageKey('invalid') }]);
    }
    const permissions = await staffAccounts.rolePermissions(db, role.id);
    assertCanGrant(ctx.principal, permissions);
    const bound = ctx.principal.outletId;
    if (input.id_outlet !== null || bound) {
      const outlet =
        input.id_outlet && tenantId !== null
          ? await repo.findOutlet(db, tenantId, input.id_outlet)
          : null;
      // Staff bound to an outlet only place users in their own outlet.
      const ok = outlet !== null && (!bound || outlet.id === bound);
      if (!ok) throw validationError([{ path: 'id_outlet', message: messageKey('invalid') }]);
    }
    return permissions;
  }

  const valuesOf = (input: UserInput): repo.UserValues => ({
    username: input.username,
    fullname: input.fullname,
    email: input.email?.trim() || null,
    roleId: input.role_id,
    idOutlet: input.id_outlet,
    status: input.status,
    language: input.language,
  });

  /** Queues the e-mail with a single-use link to choose a password (inside `tx`). */
  async function queuePasswordLink(
    tx: Db,
    ctx: AuthedContext,
    user: {
      id: string;
      username: string;
      fullname: string;
      email: string;
      tenantId: string | null;
      /** The mail is written in the recipient's language. */
      language: string;
    },
    kind: 'account_invite' | 'password_reset',
  ): Promise<string> {
    const token = generateOpaqueToken();
    await issueResetToken(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ADMIN_LINK_TTL_MS),
      ip: ctx.ip,
    });
    const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const mail = staffMail(
      kind === 'account_invite' ? 'account_invite' : 'password_reset_by_admin',
      user.language,
      { fullname: user.fullname, username: user.username, link },
    );
    return mailer.enqueue(tx, { kind, to: user.email, tenantId: user.tenantId, ...mail });
  }

  const deliver = (mailId: string | null) => {
    if (mailId)
      void mailer.deliver(mailId).catch((error: unknown) => log.error({ err: error }, 'mail'));
  };

  async function detail(ctx: AuthedContext, row: repo.UserRow): Promise<StaffUserDetail> {
    const [permissions, active] = await Promise.all([
      staffAccounts.rolePermissions(db, row.roleId),
      repo.liveSessionCount(db, scopeOf(ctx), row.id),
    ]);
    return {
      ...toStaffUser(row),
      permissions,
      active_sessions: active,
      is_verify: row.isVerify,
    };
  }

  async function setStatus(ctx: AuthedContext, id: string, status: 'active' | 'disabled') {
    if (status === 'disabled' && id === ctx.principal.userId) throw new AppError('self_disable');
    const before = await requireManageable(ctx, id);
    let ended = 0;
    if (before.status !== status) {
      await db.transaction(async (tx) => {
        await repo.update(tx, scopeOf(ctx), id, { status });
        // Disabling ends every session in the same transaction; the per-request session check
        // (lib/principal.ts) refuses the user's access tokens from the next request on.
        if (status === 'disabled') {
          ended = await staffAccounts.endSessions(tx, id, 'user_disabled');
        }
        await audit.record(tx, ctx, {
          action: status === 'disabled' ? 'user.disable' : 'user.enable',
          entity: 'user',
          entityId: id,
          tenantId: before.tenantId,
          before: { status: before.status },
          after: { status, ...(status === 'disabled' ? { sessions_ended: ended } : {}) },
        });
      });
    }
    return { ...toStaffUser(await require(ctx, id)), sessions_ended: ended };
  }

  return {
    async list(ctx: AuthedContext, q: UserListQuery) {
      const sort = parseSort(q.sort);
      const { rows, total } = await repo.list(
        db,
        {
          tenantId: tenantCondition(scopeOf(ctx), q.tenant_id),
          boundOutletId: ctx.principal.outletId,
          q: q.q,
          status: q.status,
          roleId: q.role_id,
          outlet: q.id_outlet,
        },
        sort,
        q.page_size,
        offsetOf(q),
      );
      return { data: rows.map(toStaffUser), meta: listMeta(q, total) };
    },

    /** The drawer's choices: roles in scope (and which the caller may give) and outlets. */
    async options(ctx: AuthedContext): Promise<UserFormOptions> {
      const tenantId = tenantOfScope(scopeOf(ctx));
      const [roleRows, outletRows] = await Promise.all([
        repo.assignableRoles(db, tenantId),
        tenantId ? repo.outletsOf(db, tenantId, ctx.principal.outletId) : Promise.resolve([]),
      ]);
      return {
        roles: roleRows.map((r) => ({
          id: r.id,
          name: r.name,
          assignable: notHeld(ctx.principal, r.permissions).length === 0,
        })),
        outlets: outletRows,
      };
    },

    async get(ctx: AuthedContext, id: string): Promise<StaffUserDetail> {
      return detail(ctx, await require(ctx, id));
    },

    /** A user of the caller's tenant (a platform user when the caller works platform-wide). */
    async create(ctx: AuthedContext, input: UserInput & { password_setup: PasswordSetup }) {
      const tenantId = tenantOfScope(scopeOf(ctx));
      await checkAssignment(ctx, tenantId, input);
      const values = valuesOf(input);
      const setup = input.password_setup;
      const temporary =
        setup.method === 'temporary' ? (setup.password ?? generateTemporaryPassword()) : null;
      // With an e-mailed link nobody knows the first password: the user chooses one.
      const passwordHash = await hasher.hash(temporary ?? generateOpaqueToken());
      let mailId: string | null = null;
      const id = await db
        .transaction(async (tx) => {
          const newId = await repo.insert(tx, {
            ...values,
            tenantId,
            passwordHash,
            mustChangePassword: temporary !== null,
          });
          await audit.record(tx, ctx, {
            action: 'user.create',
            entity: 'user',
            entityId: newId,
            tenantId,
            after: { ...snapshot(values), password_setup: setup.method },
          });
          if (setup.method === 'email') {
            mailId = await queuePasswordLink(
              tx,
              ctx,
              { id: newId, ...values, email: values.email!, tenantId },
              'account_invite',
            );
          }
          return newId;
        })
        .catch(usernameTaken);
      deliver(mailId);
      const result: PasswordSetupResult = {
        method: setup.method,
        temporary_password: setup.method === 'temporary' && !setup.password ? temporary : null,
        email_sent_to: setup.method === 'email' ? values.email : null,
        sessions_ended: 0,
      };
      return { ...(await detail(ctx, await require(ctx, id))), password_setup: result };
    },

    async update(ctx: AuthedContext, id: string, input: UserInput): Promise<StaffUserDetail> {
      const self = id === ctx.principal.userId;
      if (self && input.status === 'disabled') throw new AppError('self_disable');
      const before = await requireManageable(ctx, id);
      const permissions = await checkAssignment(ctx, before.tenantId, input);
      if (self && input.role_id !== before.roleId) {
        assertKeepsRoleManagement(ctx.principal, permissions);
      }
      const values = valuesOf(input);
      await db
        .transaction(async (tx) => {
          await repo.update(tx, scopeOf(ctx), id, values);
          const ended =
            values.status === 'disabled' && before.status !== 'disabled'
              ? await staffAccounts.endSessions(tx, id, 'user_disabled')
              : 0;
          await audit.record(tx, ctx, {
            action: 'user.update',
            entity: 'user',
            entityId: id,
            tenantId: before.tenantId,
            before: snapshot(before),
            after: { ...snapshot(values), ...(ended > 0 ? { sessions_ended: ended } : {}) },
          });
        })
        .catch(usernameTaken);
      return detail(ctx, await require(ctx, id));
    },

    disable: (ctx: AuthedContext, id: string) => setStatus(ctx, id, 'disabled'),
    enable: (ctx: AuthedContext, id: string) => setStatus(ctx, id, 'active'),

    /**
     * An e-mailed single-use link (the current password keeps working until it is used), or a
     * temporary password: set at once, every session ends, and the user must change it next.
     */
    async resetPassword(
      ctx: AuthedContext,
      id: string,
      setup: PasswordSetup,
    ): Promise<PasswordSetupResult> {
      const user = await requireManageable(ctx, id);
      if (setup.method === 'email') {
        if (!user.email) throw new AppError('user_email_missing');
        const email = user.email;
        const mailId = await db.transaction(async (tx) => {
          const queued = await queuePasswordLink(tx, ctx, { ...user, email }, 'password_reset');
          await audit.record(tx, ctx, {
            action: 'user.password_reset_link',
            entity: 'user',
            entityId: id,
            tenantId: user.tenantId,
            after: { email_sent_to: email },
          });
          return queued;
        });
        deliver(mailId);
        return {
          method: 'email',
          temporary_password: null,
          email_sent_to: email,
          sessions_ended: 0,
        };
      }
      const temporary = setup.password ?? generateTemporaryPassword();
      const passwordHash = await hasher.hash(temporary);
      const ended = await db.transaction(async (tx) => {
        await repo.setTemporaryPassword(tx, scopeOf(ctx), id, passwordHash);
        const count = await staffAccounts.endSessions(tx, id, 'temporary_password');
        await audit.record(tx, ctx, {
          action: 'user.password_temporary',
          entity: 'user',
          entityId: id,
          tenantId: user.tenantId,
          before: { must_change_password: user.mustChangePassword },
          after: { must_change_password: true, sessions_ended: count },
        });
        return count;
      });
      return {
        method: 'temporary',
        temporary_password: setup.password ? null : temporary,
        email_sent_to: null,
        sessions_ended: ended,
      };
    },

    /** Only a user who never did anything (a mistaken entry); anyone else is disabled instead. */
    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      if (id === ctx.principal.userId) throw new AppError('self_delete');
      const before = await requireManageable(ctx, id);
      if (await repo.hasHistory(db, scopeOf(ctx), id)) throw new AppError('user_in_use');
      await db.transaction(async (tx) => {
        await repo.remove(tx, scopeOf(ctx), id);
        await audit.record(tx, ctx, {
          action: 'user.delete',
          entity: 'user',
          entityId: id,
          tenantId: before.tenantId,
          before: snapshot(before),
        });
      });
      return { id, deleted: true };
    },

    async sessions(ctx: AuthedContext, id: string): Promise<UserSession[]> {
      await require(ctx, id);
      const rows = await repo.liveSessions(db, scopeOf(ctx), id);
      return rows.map((s) => ({
        id: s.id,
        created_at: s.createdAt.toISOString(),
        last_used_at: s.lastUsedAt?.toISOString() ?? null,
        expires_at: s.expiresAt.toISOString(),
        ip: s.ip,
        user_agent: s.userAgent,
        acting_tenant_id: s.actingTenantId,
        current: s.id === ctx.principal.sessionId,
      }));
    },

    async revokeSession(ctx: AuthedContext, id: string, sessionId: string) {
      const user = await requireManageable(ctx, id);
      await db.transaction(async (tx) => {
        if (!(await repo.revokeSession(tx, scopeOf(ctx), id, sessionId, 'revoked_by_admin'))) {
          throw new AppError('not_found');
        }
        await audit.record(tx, ctx, {
          action: 'session.revoke',
          entity: 'session',
          entityId: sessionId,
          tenantId: user.tenantId,
          after: { user_id: id, reason: 'revoked_by_admin' },
        });
      });
      return { id: sessionId, revoked: true as const };
    },

    async revokeAllSessions(ctx: AuthedContext, id: string) {
      const user = await requireManageable(ctx, id);
      const ended = await db.transaction(async (tx) => {
        const count = await staffAccounts.endSessions(tx, id, 'revoked_by_admin');
        await audit.record(tx, ctx, {
          action: 'session.revoke_all',
          entity: 'user',
          entityId: id,
          tenantId: user.tenantId,
          after: { sessions_ended: count },
        });
        return count;
      });
      return { sessions_ended: ended };
    },

    require,
  };
}

export type UserService = ReturnType<typeof createUserService>;
