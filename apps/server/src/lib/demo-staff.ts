import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rolePermissions, roles, users } from '../db/schema/access';
import { ownedBy } from '../db/tenant-scope';
import type { AuthedContext } from './request-context';

// The demo seeds act as the demo staff through the same services as the API: each named user's
// request context, with the permissions their role holds now.

export async function demoStaffContexts(
  db: Db,
  tenantId: string,
  usernames: readonly string[],
): Promise<Map<string, AuthedContext>> {
  const staff = await db
    .select({
      id: users.id,
      username: users.username,
      outletId: users.idOutlet,
      roleId: users.roleId,
      roleName: roles.name,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(ownedBy(users, tenantId), inArray(users.username, [...usernames])));
  const contexts = new Map<string, AuthedContext>();
  for (const u of staff) {
    const permissions = await db
      .select({ p: rolePermissions.permission })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, u.roleId));
    contexts.set(u.username, {
      principal: {
        userId: u.id,
        sessionId: '00000000-0000-0000-0000-000000000000',
        tenantId,
        username: u.username,
        outletId: u.outletId,
        roleId: u.roleId,
        roleName: u.roleName,
        permissions: permissions.map((r) => r.p),
      },
      ip: '127.0.0.1',
      userAgent: 'demo seed',
      requestId: 'demo-seed',
    });
  }
  return contexts;
}
