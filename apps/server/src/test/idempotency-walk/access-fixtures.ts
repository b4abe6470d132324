import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { sessions, users } from '../../db/schema/access';
import { auditLog } from '../../db/schema/platform';
import { createUser } from '../fixtures';
import { demoTenantId } from '../order-fixtures';
import type { RequestHeaders } from '../test-app';
import type { TestAppContext } from '../use-test-app';

// Fresh users, sessions and read-backs for the access area's drivers: each driver signs in users
// of its own, so revoking or changing one never reaches another driver or the shared admin.

let counter = 0;
export const n = () => ++counter;

export function accessHelpers({ t, api }: TestAppContext<'admin'>) {
  const db = () => t.database.db;

  /** A staff user of the demo tenant with a role of its own; password DEMO_PASSWORD. */
  const newStaff = async () =>
    createUser(t, {
      username: `reuse-access-${n()}`,
      tenantId: await demoTenantId(t),
      permissions: ['read-dashboard'],
    });

  /** A new session of `username`: its bearer headers. */
  const signIn = async (username: string): Promise<RequestHeaders> =>
    t.bearer((await t.login(username)).token);

  /** A fresh session of the platform user, working inside no tenant. */
  const platform = () => signIn('superadmin');

  /** The id of the session whose headers these are. */
  async function sessionIdOf(headers: RequestHeaders) {
    const res = await api.get('/api/account/sessions', headers);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id: string; current: boolean }[]).find((s) => s.current)!.id;
  }

  /** Every session of the users, live or ended, in a stable order. */
  const sessionsOf = (...userIds: string[]) =>
    db()
      .select({
        id: sessions.id,
        revokedAt: sessions.revokedAt,
        actingTenantId: sessions.actingTenantId,
      })
      .from(sessions)
      .where(inArray(sessions.userId, userIds))
      .orderBy(asc(sessions.id));

  /** The users' rows, with whatever the user routes change about them. */
  const usersById = (...ids: string[]) =>
    db().select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.id));

  /** The audit entries of one action on one entity, for writes whose only trace is the entry. */
  const auditsOf = (action: string, entityId: string) =>
    db()
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.id));

  return { db, newStaff, signIn, platform, sessionIdOf, sessionsOf, usersById, auditsOf };
}
