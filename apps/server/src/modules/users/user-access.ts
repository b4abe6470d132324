import type { Db } from '../../db/database';
import { found } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { scopeOf } from '../../lib/caller-tenant';
import { staffAccounts } from '../auth/auth.service';
import { assertNotOutranked } from '../roles/roles.service';
import * as repo from './users.repo';

// Which users a caller reaches: seeing one needs the same scope (and the same outlet for
// outlet-bound staff); changing one also needs a role that does not outrank the caller's.

export function createUserAccess(db: Db) {
  /** The user if the caller may see them: same scope, and same outlet for outlet-bound staff. */
  const require = async (ctx: AuthedContext, id: string) =>
    found(await repo.findById(db, scopeOf(ctx), id, ctx.principal.outletId));

  /** The user if the caller may also change them: their role must not outrank the caller. */
  async function requireManageable(ctx: AuthedContext, id: string) {
    const row = await require(ctx, id);
    assertNotOutranked(ctx.principal, await staffAccounts.rolePermissions(db, row.roleId));
    return row;
  }

  return { require, requireManageable };
}

export type UserAccess = ReturnType<typeof createUserAccess>;
