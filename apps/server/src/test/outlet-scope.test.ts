import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema/platform';
import { demoOutletIds, demoProduct } from './catalogue-fixtures';
import { signedInUser } from './fixtures';
import { addProduct, demoTenantId, ensureShift } from './order-fixtures';
import { useTestApp } from './use-test-app';

// Staff bound to an outlet see only that outlet's data in every list, board,
// notification and report, because the server's queries filter by it (details of other outlets
// are 404s: see the authorization matrix). The demo cashier and manager are bound to KL01.

type Headers = { authorization: string };
let kl: string;
let pg: string;

const { t, api, as } = useTestApp({ signIn: ['admin', 'cashier'], api: 'cashier' });
const { admin, cashier } = as;
beforeAll(async () => {
  ({ kl, pg } = await demoOutletIds(t));
  const product = await addProduct(t, { sku: 'SCOPE-1', price: 1000 });
  for (const outletId of [kl, pg]) {
    await ensureShift(t, outletId);
    const res = await api.post(
      '/api/orders',
      {
        outlet_id: outletId,
        serving_method: 'pick_up',
        items: [{ product_id: product.id, quantity: 1 }],
        payments: [{ method: 'card', amount: 1060, reference: 'SCOPE' }],
        allow_outside_hours: true,
      },
      { ...admin, 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(201);
  }
  const tenantId = await demoTenantId(t);
  await t.database.db.insert(notifications).values([
    { tenantId, outletId: kl, title: 'Scope KL' },
    { tenantId, outletId: pg, title: 'Scope PG' },
  ]);
});

const outletIds = (rows: { outlet_id: string }[]) => [...new Set(rows.map((r) => r.outlet_id))];

describe('outlet-bound staff see only their outlet', () => {
  it('in the outlet lists', async () => {
    expect((await api.get('/api/outlets')).json().data.map((o: { id: string }) => o.id)).toEqual([
      kl,
    ]);
    expect(
      (await api.get('/api/pos/outlets')).json().data.map((o: { id: string }) => o.id),
    ).toEqual([kl]);
  });

  it('in the order list, its export and the status board', async () => {
    expect(outletIds((await api.get('/api/orders?page_size=100')).json().data)).toEqual([kl]);
    expect(
      outletIds((await api.get('/api/orders?page_size=100', admin)).json().data).sort(),
    ).toEqual([kl, pg].sort());
    const csv = parse((await api.get('/api/orders/export?lang=en')).body, {
      bom: true,
      columns: true,
    }) as { Outlet: string }[];
    expect([...new Set(csv.map((r) => r.Outlet))]).toEqual(['Kuala Lumpur']);
    const board = (await api.get('/api/orders/board')).json().data;
    expect(outletIds(board.orders)).toEqual([kl]);
    expect(outletIds(board.thresholds)).toEqual([kl]);
  });

  it('in sales reports and the dashboard', async () => {
    const manager = t.bearer((await t.login('manager')).token);
    const day = (await api.get('/api/orders')).json().data[0].business_date as string;
    const report = (url: string, headers: Headers) =>
      api.get(`/api/reports/sales?group_by=outlet&from=${day}&to=${day}${url}`, headers);
    const own = (await report('', manager)).json().data;
    expect(own.rows.map((r: { key: string }) => r.key)).toEqual([kl]);
    const all = (await report('', admin)).json().data;
    expect(all.rows.map((r: { key: string }) => r.key).sort()).toEqual([kl, pg].sort());
    expect((await report(`&outlet_id=${pg}`, manager)).statusCode).toBe(404);
    expect((await api.get('/api/dashboard', manager)).json().data.outlet_id).toBe(kl);
    expect((await api.get('/api/dashboard', cashier)).json().data.outlet_id).toBe(kl);
  });

  it('in notifications', async () => {
    const titles = (await api.get('/api/notification'))
      .json()
      .data.list_notify_order.map((n: { title: string }) => n.title);
    expect(titles).toContain('Scope KL');
    expect(titles).not.toContain('Scope PG');
  });

  it("in a product's per-outlet availability and prices", async () => {
    const product = await demoProduct(t, 'KOP-001');
    const own = (await api.get(`/api/products/${product.id}/outlets`)).json().data;
    expect(own.map((o: { outlet_id: string }) => o.outlet_id)).toEqual([kl]);
    expect((await api.get(`/api/products/${product.id}/outlets`, admin)).json().data).toHaveLength(
      3,
    );
    const detail = (await api.get(`/api/products/${product.id}`)).json().data;
    expect(detail.outlets.map((o: { outlet_id: string }) => o.outlet_id)).toEqual([kl]);
    const list = (await api.get('/api/products?q=KOP-001')).json().data;
    expect(list[0].outlets.map((o: { outlet_id: string }) => o.outlet_id)).toEqual([kl]);
  });

  it('in the user list and the audit log', async () => {
    const tenantId = await demoTenantId(t);
    const lead = await signedInUser(t, {
      username: 'scope-lead',
      tenantId,
      outletId: kl,
      permissions: ['read-user', 'read-log'],
    });
    const people = (await api.get('/api/users?page_size=100', lead)).json().data;
    expect([...new Set(people.map((u: { id_outlet: string }) => u.id_outlet))]).toEqual([kl]);
    const log = (await api.get('/api/logs?page_size=100', lead)).json().data;
    const actors = new Set(log.map((e: { actor_username: string }) => e.actor_username));
    expect(actors.has('admin')).toBe(false);
    expect(actors.has('cashier')).toBe(true);
  });
});
