import {
  type PasswordSetup,
  type PasswordSetupResult,
  type StaffUserDetail,
  type TenantFirstAdmin,
  type UserFormOptions,
  type UserListQuery,
  userSortKeys,
  messageKey,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { tenantCondition, tenantOfScope } from '../../db/tenant-scope';
import { audit, audited } from '../../lib/audit';
import { AppError, validationError } from '../../lib/errors';
import { offsetOf, pageAnswer, parseSort } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { scopeOf } from '../../lib/caller-tenant';
import { generateOpaqueToken } from '../../lib/tokens';
import { staffAccounts } from '../auth/auth.service';
import { assertCanGrant, assertKeepsRoleManagement, notHeld } from '../roles/roles.service';
import { createUserAccess } from './user-access';
import { createUserPasswords, type UserPasswordDeps } from './user-passwords';
import { createUserSessions } from './user-sessions';
import {
  generateTemporaryPassword,
  snapshot,
  toStaffUser,
  type UserInput,
  usernameTaken,
  valuesOf,
} from './user-view';
import * as repo from './users.repo';

// Staff users: list, profile with effective permissions, create and edit, disable
// and enable, delete of a user with no history. Who may touch whom is decided here and in
// user-access.ts (see the contract's users.ts header and the roles module's rules). Password
// set-up and sessions are parts of their own, joined here into the one service the routes use.

export type UserServiceDeps = UserPasswordDeps;

export function createUserService(deps: UserServiceDeps) {
  const { db, hasher } = deps;
  const access = createUserAccess(db);
  const { require, requireManageable } = access;
  const passwords = createUserPasswords(deps, access);
  const { queuePasswordLink, deliver } = passwords;

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

  /** A new user's first password, hashed before any transaction opens (hashing is slow). */
  async function firstPassword(setup: PasswordSetup) {
    const temporary =
      setup.method === 'temporary' ? (setup.password ?? generateTemporaryPassword()) : null;
    // With an e-mailed link nobody knows the first password: the user chooses one.
    const hash = await hasher.hash(temporary ?? generateOpaqueToken());
    return { setup, temporary, hash };
  }
  type FirstPassword = Awaited<ReturnType<typeof firstPassword>>;

  /** Writes a new user and its audit entry in `tx`, queuing the invite of an e-mailed set-up. */
  async function insertUser(
    tx: Db,
    ctx: AuthedContext,
    tenantId: string | null,
    values: repo.UserValues,
    password: FirstPassword,
  ) {
    const id = await repo
      .insert(tx, {
        ...values,
        tenantId,
        passwordHash: password.hash,
        mustChangePassword: password.temporary !== null,
      })
      .catch(usernameTaken);
    await audit.record(tx, ctx, {
      action: 'user.create',
      entity: 'user',
      entityId: id,
      tenantId,
      after: { ...snapshot(values), password_setup: password.setup.method },
    });
    const mailId =
      password.setup.method === 'email'
        ? await queuePasswordLink(
            tx,
            ctx,
            { id, ...values, email: values.email!, tenantId },
            'account_invite',
          )
        : null;
    return { id, mailId };
  }

  /** What the answer says of a password set-up: a generated password is shown this once. */
  const setupResult = ({ setup, temporary }: FirstPassword, email: string | null) =>
    ({
      method: setup.method,
      temporary_password: setup.method === 'temporary' && !setup.password ? temporary : null,
      email_sent_to: setup.method === 'email' ? email : null,
      sessions_ended: 0,
    }) satisfies PasswordSetupResult;

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
      const sort = parseSort<repo.SortKey>(q.sort, userSortKeys, 'username');
      return pageAnswer(
        q,
        await repo.list(
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
        ),
        toStaffUser,
      );
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
      const password = await firstPassword(input.password_setup);
      const { id, mailId } = await db.transaction((tx) =>
        insertUser(tx, ctx, tenantId, values, password),
      );
      deliver(mailId);
      return {
        ...(await detail(ctx, await require(ctx, id))),
        password_setup: setupResult(password, values.email),
      };
    },

    /**
     * The first admin of a tenant being created, for the tenants service: the password is hashed
     * now, the user written by `insert` inside the tenant's own transaction with the tenant's
     * built-in admin role and every outlet. The creator's permissions are not compared with the
     * role's: the platform hands the business to its own admin, and that role holds tenant
     * permissions only. `deliver` sends the invite once the transaction has committed.
     */
    async prepareTenantAdmin(ctx: AuthedContext, input: TenantFirstAdmin) {
      const password = await firstPassword(input.password_setup);
      const values = (roleId: string) =>
        valuesOf({ ...input, role_id: roleId, id_outlet: null, status: 'active' });
      return {
        async insert(tx: Db, tenantId: string, adminRoleId: string) {
          const vals = values(adminRoleId);
          const { id, mailId } = await insertUser(tx, ctx, tenantId, vals, password);
          return {
            mailId,
            user: {
              id,
              username: vals.username,
              password_setup: setupResult(password, vals.email),
            },
          };
        },
        deliver,
      };
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
      const entry = (ended: number) => ({
        action: 'user.update',
        entity: 'user',
        entityId: id,
        tenantId: before.tenantId,
        before: snapshot(before),
        after: { ...snapshot(values), ...(ended > 0 ? { sessions_ended: ended } : {}) },
      });
      await audited(db, ctx, entry, async (tx) => {
        await repo.update(tx, scopeOf(ctx), id, values);
        return values.status === 'disabled' && before.status !== 'disabled'
          ? staffAccounts.endSessions(tx, id, 'user_disabled')
          : 0;
      }).catch(usernameTaken);
      return detail(ctx, await require(ctx, id));
    },

    disable: (ctx: AuthedContext, id: string) => setStatus(ctx, id, 'disabled'),
    enable: (ctx: AuthedContext, id: string) => setStatus(ctx, id, 'active'),

    resetPassword: passwords.resetPassword,

    /** Only a user who never did anything (a mistaken entry); anyone else is disabled instead. */
    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      if (id === ctx.principal.userId) throw new AppError('self_delete');
      const before = await requireManageable(ctx, id);
      if (await repo.hasHistory(db, scopeOf(ctx), id)) throw new AppError('user_in_use');
      const entry = {
        action: 'user.delete',
        entity: 'user',
        entityId: id,
        tenantId: before.tenantId,
        before: snapshot(before),
      };
      await audited(db, ctx, entry, (tx) => repo.remove(tx, scopeOf(ctx), id));
      return { id, deleted: true };
    },

    ...createUserSessions(db, access),

    require,
  };
}

export type UserService = ReturnType<typeof createUserService>;
