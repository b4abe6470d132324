import { notificationListDataSchema } from '@kopi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, outlets } from '../../db/schema';
import { createTenant, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function list(token: string) {
  const res = await t.inject({ method: 'GET', url: '/api/notification', headers: t.bearer(token) });
  expect(res.statusCode).toBe(200);
  return notificationListDataSchema.strict().parse(res.json().data);
}

const titles = (data: { list_notify_order: { title: string }[] }) =>
  data.list_notify_order.map((n) => n.title).sort();

describe('GET /api/notification', () => {
  it('shows a user their own, their outlet’s and tenant-wide notifications only', async () => {
    const other = await createTenant(t, 'elsewhere');
    await t.database.db
      .insert(notifications)
      .values({ tenantId: other.tenant.id, title: 'Other tenant secret' });

    const admin = await t.login('admin');
    expect(titles(await list(admin.token))).toEqual([
      'Finish setting up',
      'Kuala Lumpur outlet is open',
      'Welcome to Kopi HQ',
    ]);
    const cashier = await t.login('cashier'); // Kuala Lumpur outlet
    expect(titles(await list(cashier.token))).toEqual([
      'Kuala Lumpur outlet is open',
      'Welcome to Kopi HQ',
    ]);
    const superadmin = await t.login('superadmin');
    expect((await list(superadmin.token)).list_notify_order).toEqual([]);

    // A cashier of another outlet (Penang) does not see Kuala Lumpur's notification.
    const [penang] = await t.database.db.select().from(outlets).where(eq(outlets.code, 'PG01'));
    await createUser(t, {
      username: 'penang-cashier',
      tenantId: admin.tenant_id,
      permissions: [],
      outletId: penang!.id,
    });
    const penangCashier = await t.login('penang-cashier');
    expect(titles(await list(penangCashier.token))).toEqual(['Welcome to Kopi HQ']);
  });

  it('answers list_notify_order newest first with read flags and an unread count', async () => {
    const { token } = await t.login('manager');
    const data = await list(token);
    expect(data.unread).toBe(data.list_notify_order.length);
    const times = data.list_notify_order.map((n) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(data.list_notify_order.every((n) => n.read === false && n.id_notify)).toBe(true);
  });
});

describe('PUT /api/notification/read/{id}', () => {
  it('marks one read for this user only and answers data.id_notify', async () => {
    const manager = await t.login('manager');
    const before = await list(manager.token);
    const target = before.list_notify_order[0]!;
    const res = await t.inject({
      method: 'PUT',
      url: `/api/notification/read/${target.id_notify}`,
      headers: t.bearer(manager.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id_notify: target.id_notify });
    const after = await list(manager.token);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.list_notify_order.find((n) => n.id_notify === target.id_notify)?.read).toBe(true);
    // The cashier of the same outlet still has it unread.
    const cashier = await t.login('cashier');
    const theirs = await list(cashier.token);
    expect(theirs.list_notify_order.find((n) => n.id_notify === target.id_notify)?.read).toBe(
      false,
    );
  });

  it('answers 404 for a notification the user cannot see', async () => {
    const admin = await t.login('admin');
    const adminOnly = (await list(admin.token)).list_notify_order.find(
      (n) => n.title === 'Finish setting up',
    )!;
    const cashier = await t.login('cashier');
    const res = await t.inject({
      method: 'PUT',
      url: `/api/notification/read/${adminOnly.id_notify}`,
      headers: t.bearer(cashier.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code_message).toBe('not_found');
  });
});

describe('POST /api/notification/read-all', () => {
  it('marks everything read for the user', async () => {
    const admin = await t.login('admin');
    const before = await list(admin.token);
    expect(before.unread).toBeGreaterThan(0);
    const res = await t.inject({
      method: 'POST',
      url: '/api/notification/read-all',
      headers: t.bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: before.unread });
    expect((await list(admin.token)).unread).toBe(0);
  });
});
