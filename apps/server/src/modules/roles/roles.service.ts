import type { Role, RoleInput, RoleListQuery } from '@kopi/contract';
import type { Db } from '../../db/database';
import { tenantCondition, tenantOfScope } from '../../db/tenant-scope';
import { audit } from '../../lib/audit';
import { inUseOnForeignKey, uniqueFieldTaken } from '../../lib/db-errors';
import { AppError, found } from '../../lib/errors';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { scopeOf } from '../../lib/caller-tenant';
import {
  assertCanGrant,
  assertKeepsRoleManagement,
  assertNotOutranked,
  assertTenantRolePermissions,
} from './role-rules';
import * as repo from './roles.repo';

// The users service holds a user's role to the same rules: it reaches them through this service.
export {
  assertCanGrant,
  assertKeepsRoleManagement,
  assertNotOutranked,
  notHeld,
} from './role-rules';

// Roles: cards with user counts, create and edit with the whole permission set,
// delete while nobody holds the role. A role's new permissions apply to its holders' very next
// request (the principal is loaded per request), and to their menus at the next refresh.

export function toRole(r: repo.RoleRow): Role {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    tenant_id: r.tenantId,
    tenant_name: r.tenantName,
    is_builtin: r.isBuiltin,
    is_immutable: r.isImmutable,
    user_count: r.userCount,
    users_preview: r.usersPreview,
    permissions: r.permissions,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a role. */
const snapshot = (r: { name: string; description: string | null; permissions: string[] }) => ({
  name: r.name,
  description: r.description,
  permissions: [...r.permissions].sort(),
});

const nameTaken = uniqueFieldTaken('roles_tenant_name_unique', 'role_name_taken', 'name');

export function createRoleService({ db }: { db: Db }) {
  /** The role if the caller's scope holds it; another tenant's role is a 404. */
  const require = async (ctx: AuthedContext, id: string) =>
    found(await repo.findById(db, scopeOf(ctx), id, ctx.principal.outletId));

  return {
    require,

    async list(ctx: AuthedContext, q: RoleListQuery) {
      const tenantId = tenantCondition(scopeOf(ctx), q.tenant_id);
      return pageAnswer(
        q,
        await repo.list(
          db,
          { tenantId, q: q.q, boundOutletId: ctx.principal.outletId },
          q.page_size,
          offsetOf(q),
        ),
        toRole,
      );
    },

    async get(ctx: AuthedContext, id: string): Promise<Role> {
      return toRole(await require(ctx, id));
    },

    /** A role of the caller's tenant, or a platform role when a platform user works outside one. */
    async create(ctx: AuthedContext, input: RoleInput): Promise<Role> {
      const tenantId = tenantOfScope(scopeOf(ctx));
      const permissions = [...new Set(input.permissions)].sort();
      assertTenantRolePermissions(tenantId, permissions);
      assertCanGrant(ctx.principal, permissions);
      const description = input.description?.trim() || null;
      const id = await db
        .transaction(async (tx) => {
          const newId = await repo.insert(tx, { tenantId, name: input.name, description });
          await repo.setPermissions(tx, tenantId, newId, permissions);
          await audit.record(tx, ctx, {
            action: 'role.create',
            entity: 'role',
            entityId: newId,
            tenantId,
            after: snapshot({ name: input.name, description, permissions }),
          });
          return newId;
        })
        .catch(nameTaken);
      return toRole(await require(ctx, id));
    },

    async update(ctx: AuthedContext, id: string, input: RoleInput): Promise<Role> {
      const before = await require(ctx, id);
      if (before.isImmutable) throw new AppError('role_immutable');
      assertNotOutranked(ctx.principal, before.permissions);
      const permissions = [...new Set(input.permissions)].sort();
      assertTenantRolePermissions(before.tenantId, permissions);
      assertCanGrant(ctx.principal, permissions);
      if (before.id === ctx.principal.roleId) assertKeepsRoleManagement(ctx.principal, permissions);
      const description = input.description?.trim() || null;
      await db
        .transaction(async (tx) => {
          await repo.lockRole(tx, scopeOf(ctx), id);
          await repo.update(tx, scopeOf(ctx), id, { name: input.name, description });
          await repo.setPermissions(tx, before.tenantId, id, permissions);
          await audit.record(tx, ctx, {
            action: 'role.update',
            entity: 'role',
            entityId: id,
            tenantId: before.tenantId,
            before: snapshot(before),
            after: snapshot({ name: input.name, description, permissions }),
          });
        })
        .catch(nameTaken);
      return toRole(await require(ctx, id));
    },

    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const before = await require(ctx, id);
      if (before.isImmutable) throw new AppError('role_immutable');
      assertNotOutranked(ctx.principal, before.permissions);
      await db
        .transaction(async (tx) => {
          // A user given the role at the same moment makes the delete fail on its foreign key.
          if (!(await repo.removeIfUnused(tx, scopeOf(ctx), id))) throw new AppError('role_in_use');
          await audit.record(tx, ctx, {
            action: 'role.delete',
            entity: 'role',
            entityId: id,
            tenantId: before.tenantId,
            before: snapshot(before),
          });
        })
        .catch(inUseOnForeignKey(() => new AppError('role_in_use')));
      return { id, deleted: true };
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
