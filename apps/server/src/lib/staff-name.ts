import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema/access';
import { ownedBy } from '../db/tenant-scope';
import type { AuthedContext } from './request-context';
import { tenantIdOf } from './caller-tenant';

/**
 * The name a record signs for the signed-in staff member: their full name, else (a platform user
 * working inside the tenant, who has no row in it) their username.
 */
export async function staffNameOf(db: Db, ctx: AuthedContext): Promise<string> {
  const [row] = await db
    .select({ fullname: users.fullname })
    .from(users)
    .where(and(ownedBy(users, tenantIdOf(ctx)), eq(users.id, ctx.principal.userId)))
    .limit(1);
  return row?.fullname ?? ctx.principal.username;
}
