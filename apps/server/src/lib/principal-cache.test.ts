import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles, sessions, users } from '../db/schema/access';
import { tenants } from '../db/schema/tenancy';
import { createTestApp, engine, requestAs, type TestApp } from '../test/test-app';
import type { Principal } from './principal';
import { createPrincipalCache, type PrincipalLoader } from './principal-cache';

// Principals are kept in memory between requests (decision 025). What must hold: a change that
// could alter a principal, committed by any code path, is seen by the next request; other
// writes leave the cache alone; an answer read before a change is never kept after it.

const principalOf = (userId: string): Principal => ({
  userId,
  sessionId: `s-${userId}`,
  tenantId: 't1',
  username: userId,
  outletId: null,
  roleId: 'r1',
  roleName: 'Admin',
  permissions: ['read-user'],
});

function countingLoader(expiresAt = new Date(Date.now() + 3_600_000)) {
  const calls: string[] = [];
  const loader: PrincipalLoader = async (sessionId, userId) => {
    calls.push(sessionId);
    return userId === 'gone'
      ? null
      : { principal: principalOf(userId), sessionExpiresAt: expiresAt };
  };
  return { calls, loader };
}

describe('the principal cache', () => {
  it('loads a session once, then answers from memory with a copy of its own', async () => {
    const { calls, loader } = countingLoader();
    const cache = createPrincipalCache(loader);
    const first = await cache.load('s1', 'u1');
    first!.permissions.push('delete-user');
    const second = await cache.load('s1', 'u1');
    expect(second!.permissions).toEqual(['read-user']);
    expect(calls).toEqual(['s1']);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, size: 1 });
  });

  it('reads again after clear, for another user of the same session id, and after expiry', async () => {
    let now = 1_000_000;
    const { calls, loader } = countingLoader(new Date(now + 5_000));
    const cache = createPrincipalCache(loader, { ttlMs: 60_000, now: () => now });
    await cache.load('s1', 'u1');
    cache.clear();
    await cache.load('s1', 'u1');
    await cache.load('s1', 'u2');
    await cache.load('s1', 'u2');
    now += 5_000; // the session's own expiry comes before the time to live
    await cache.load('s1', 'u2');
    expect(calls).toEqual(['s1', 's1', 's1', 's1']);
  });

  it('keeps nothing for an ended session', async () => {
    const { calls, loader } = countingLoader();
    const cache = createPrincipalCache(loader);
    expect(await cache.load('s1', 'gone')).toBeNull();
    expect(await cache.load('s1', 'gone')).toBeNull();
    expect(calls).toHaveLength(2);
    expect(cache.stats().size).toBe(0);
  });

  it('does not keep an answer that was being read when a change was announced', async () => {
    let release = () => {};
    const calls: string[] = [];
    const cache = createPrincipalCache(async (sessionId, userId) => {
      calls.push(sessionId);
      if (calls.length === 1) await new Promise<void>((r) => (release = r));
      return { principal: principalOf(userId), sessionExpiresAt: new Date(Date.now() + 60_000) };
    });
    const reading = cache.load('s1', 'u1');
    cache.clear(); // the change commits while the first read is on its way
    release();
    expect(await reading).not.toBeNull();
    await cache.load('s1', 'u1');
    expect(calls).toEqual(['s1', 's1']);
  });

  it('starts afresh past its size', async () => {
    const { loader } = countingLoader();
    const cache = createPrincipalCache(loader, { maxEntries: 2 });
    for (const s of ['a', 'b', 'c']) await cache.load(s, 'u1');
    expect(cache.stats().size).toBe(1);
  });
});

describe('principals of a running server', () => {
  let t: TestApp;
  let tenantId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await t.database.db.select({ id: tenants.id }).from(tenants).limit(1);
    tenantId = row!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh session of a fresh admin-like user: each test changes its own. */
  async function signedIn(role = 'admin') {
    const session = await t.login(role);
    const headers = t.bearer(session.token);
    const get = (url = '/api/notification') => requestAs(t, headers).get(url);
    expect((await get()).statusCode).toBe(200);
    return { session, headers, get };
  }

  it('answers a signed-in user from memory after the first request', async () => {
    const { get } = await signedIn();
    const before = t.principals.stats();
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    const after = t.principals.stats();
    expect(after.hits - before.hits).toBe(2);
    expect(after.misses - before.misses).toBe(0);
  });

  it('refuses at once a session revoked in the database, by any code path', async () => {
    const { session, get } = await signedIn();
    const [row] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, session.id));
    expect(row).toBeDefined();
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, session.id));
    expect((await get()).statusCode).toBe(401);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: null })
      .where(eq(sessions.userId, session.id));
  });

  it('refuses at once a disabled user, and takes a removed permission away at once', async () => {
    const { session, get } = await signedIn('manager');
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, session.id));
    expect((await get()).statusCode).toBe(401);
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, session.id));
    expect((await get()).statusCode).toBe(200);
    expect((await get('/api/categories')).statusCode).toBe(200);

    const [user] = await t.database.db
      .select({ roleId: users.roleId })
      .from(users)
      .where(eq(users.id, session.id));
    const permission = and(
      eq(rolePermissions.roleId, user!.roleId),
      eq(rolePermissions.permission, 'read-category'),
    );
    await t.database.db.delete(rolePermissions).where(permission);
    expect((await get('/api/categories')).statusCode).toBe(403);
    await t.database.db
      .insert(rolePermissions)
      .values({ roleId: user!.roleId, permission: 'read-category' });
    expect((await get('/api/categories')).statusCode).toBe(200);
  });

  it('refuses at once the users of a suspended tenant, and sees a renamed role', async () => {
    const { session, get } = await signedIn('finance');
    await t.database.db
      .update(tenants)
      .set({ status: 'suspended' })
      .where(eq(tenants.id, tenantId));
    try {
      expect((await get()).statusCode).toBe(401);
    } finally {
      await t.database.db.update(tenants).set({ status: 'active' }).where(eq(tenants.id, tenantId));
    }
    expect((await get()).statusCode).toBe(200);
    const [user] = await t.database.db
      .select({ roleId: users.roleId })
      .from(users)
      .where(eq(users.id, session.id));
    const misses = t.principals.stats().misses;
    await t.database.db.update(roles).set({ name: 'Finance' }).where(eq(roles.id, user!.roleId));
    await get();
    expect(t.principals.stats().misses).toBe(misses + 1);
  });

  it('keeps what it has through sign-ins and profile edits', async () => {
    const { session, get } = await signedIn();
    await t.login('cashier');
    await t.database.db
      .update(users)
      .set({ fullname: 'Aisyah R.', lastSignInAt: new Date() })
      .where(eq(users.id, session.id));
    const before = t.principals.stats();
    expect((await get()).statusCode).toBe(200);
    expect(t.principals.stats().hits).toBe(before.hits + 1);
  });
});

describe.runIf(engine === 'postgres')('principals on two instances of one PostgreSQL', () => {
  it('a user disabled through one instance is refused by the other within a moment', async () => {
    const first = await createTestApp();
    const second = await createTestApp({ target: first.target, seedDemo: false });
    try {
      const session = await first.login('cashier');
      const get = () => requestAs(first, first.bearer(session.token)).get('/api/notification');
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(200); // now from the first instance's memory
      await second.database.db
        .update(users)
        .set({ status: 'disabled' })
        .where(eq(users.id, session.id));
      const deadline = Date.now() + 2_000;
      let status = (await get()).statusCode;
      while (status !== 401 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        status = (await get()).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
