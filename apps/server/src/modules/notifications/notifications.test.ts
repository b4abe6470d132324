import { notificationListDataSchema } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/platform';
import { outlets } from '../../db/schema/tenancy';
import { createTenant, createUser } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { expectCode } from '../../test/expect-code';

const { t, api } = useTestApp();

async function list(token: string) {
  const res = await api.get('/api/notification', t.bearer(token));
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

  it('answers the unread list_notify_order newest first, each with its time, and the count', async () => {
    const { token } = await t.login('manager');
    const data = await list(token);
    expect(data.unread).toBe(data.list_notify_order.length);
    const times = data.list_notify_order.map((n) => n.time);
    expect([...times].sort().reverse()).toEqual(times);
    expect(data.list_notify_order.every((n) => n.read === false && n.id_notify)).toBe(true);
    expect(data.list_notify_order.every((n) => n.time === n.created_at)).toBe(true);
    // Each carries what the web translates, besides the English fallback.
    expect(
      data.list_notify_order
        .map((n) => [n.title_key, n.params])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['outletOpen', { outlet: 'Kuala Lumpur' }],
      ['welcome', null],
    ]);
  });

  it('answers 401 without a token', async () => {
    const res = await api.get('/api/notification');
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/notification/read/{id}', () => {
  it('marks one read for this user only (it leaves their list) and answers data.id_notify', async () => {
    const manager = await t.login('manager');
    const before = await list(manager.token);
    const target = before.list_notify_order[0]!;
    const res = await api.put(
      `/api/notification/read/${target.id_notify}`,
      undefined,
      t.bearer(manager.token),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id_notify: target.id_notify });
    const after = await list(manager.token);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.list_notify_order).toHaveLength(before.list_notify_order.length - 1);
    expect(after.list_notify_order.some((n) => n.id_notify === target.id_notify)).toBe(false);
    // The cashier of the same outlet still has it unread.
    const cashier = await t.login('cashier');
    const theirs = await list(cashier.token);
    expect(theirs.list_notify_order.find((n) => n.id_notify === target.id_notify)?.read).toBe(
      false,
    );
    // Marking it again changes nothing and still answers its id.
    const again = await api.put(
      `/api/notification/read/${target.id_notify}`,
      undefined,
      t.bearer(manager.token),
    );
    expect(again.json().data).toEqual({ id_notify: target.id_notify });
    expect((await list(manager.token)).unread).toBe(after.unread);
  });

  it('answers 400 with code_message for an id that is not a UUID', async () => {
    const { token } = await t.login('manager');
    const res = await api.put('/api/notification/read/not-a-uuid', undefined, t.bearer(token));
    expect(res.statusCode).toBe(400);
    expect(res.json().code_message).toBeTruthy();
  });

  it('answers 404 for another tenant’s notification', async () => {
    const other = await createTenant(t, 'read-elsewhere');
    const [theirs] = await t.database.db
      .insert(notifications)
      .values({ tenantId: other.tenant.id, title: 'Theirs' })
      .returning();
    const { token } = await t.login('admin');
    const res = await api.put(`/api/notification/read/${theirs!.id}`, undefined, t.bearer(token));
    expectCode(res, 404, 'not_found');
  });

  it('answers 401 without a token', async () => {
    const res = await api.put('/api/notification/read/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for a notification the user cannot see', async () => {
    const admin = await t.login('admin');
    const adminOnly = (await list(admin.token)).list_notify_order.find(
      (n) => n.title === 'Finish setting up',
    )!;
    const cashier = await t.login('cashier');
    const res = await api.put(
      `/api/notification/read/${adminOnly.id_notify}`,
      undefined,
      t.bearer(cashier.token),
    );
    expectCode(res, 404, 'not_found');
  });
});

describe('POST /api/notification/read-all', () => {
  it('marks everything read for the user', async () => {
    const admin = await t.login('admin');
    const before = await list(admin.token);
    expect(before.unread).toBeGreaterThan(0);
    const res = await api.post('/api/notification/read-all', undefined, t.bearer(admin.token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: before.unread });
    const after = await list(admin.token);
    expect(after.unread).toBe(0);
    expect(after.list_notify_order).toEqual([]);
    // Another user's notifications stay unread.
    const cashier = await t.login('cashier');
    expect((await list(cashier.token)).unread).toBeGreaterThan(0);
  });

  it('answers 401 without a token', async () => {
    const res = await api.post('/api/notification/read-all');
    expect(res.statusCode).toBe(401);
  });
});
