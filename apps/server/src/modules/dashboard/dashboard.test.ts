import { type Dashboard, dashboardSchema, reportOutletSchema } from '@kopi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { otherTenant } from '../../test/catalogue-fixtures';
import { signedInUser } from '../../test/fixtures';
import { addProduct, demoTenantId, sell } from '../../test/order-fixtures';
import { expectCode } from '../../test/expect-code';
import { documentedAnswer } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';

// GET /api/dashboard: today's business day against the same weekday last week; and its outlet
// filter, GET /api/dashboard/outlets.

const NOW = '2026-06-10T04:00:00Z'; // Wednesday 12:00 in Kuala Lumpur
// refs.product: RM 10.00 → 10.60 with SST
let cake: string; // RM 5.00

async function saleAt(localIso: string, outlet: string, product: string, quantity: number) {
  clock.set(new Date(`${localIso}+08:00`).toISOString());
  const price = product === refs.product ? 1000 : 500;
  const amount = Math.round(price * quantity * 1.06);
  const res = await sell(t, admin, {
    outlet_id: outlet,
    allow_outside_hours: true,
    items: [{ product_id: product, quantity }],
    payments: [{ method: 'card', amount, reference: 'C' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; total: number };
}

const dashboard = (headers: Record<string, string>, query = '') =>
  api.get(`/api/dashboard${query}`, headers);
async function ok(headers: Record<string, string>, query = ''): Promise<Dashboard> {
  const res = await dashboard(headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.parse(res.json().data);
}

const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'cashier'],
  product: { sku: 'DASH-COFFEE', price: 1000 },
});
// cashier: bound to KL01
const { admin, cashier } = as;
beforeAll(async () => {
  cake = (await addProduct(t, { sku: 'DASH-CAKE', price: 500 })).id;
  // Last Wednesday: one sale before noon, one after.
  await saleAt('2026-06-03T10:15:00', refs.kl, refs.product, 1);
  await saleAt('2026-06-03T15:00:00', refs.pg, refs.product, 2);
  // Today 01:30 is still yesterday's business day (04:00 cut-off).
  await saleAt('2026-06-10T01:30:00', refs.kl, refs.product, 5);
  const first = await saleAt('2026-06-10T09:05:00', refs.kl, refs.product, 1);
  await saleAt('2026-06-10T11:20:00', refs.pg, cake, 3);
  const accepted = await api.post(`/api/orders/${first.id}/status`, { status: 'APPROVED' }, admin);
  expect(accepted.statusCode).toBe(200);
  clock.set(NOW);
});

describe('GET /api/dashboard', () => {
  it("compares today's business day with the same weekday last week", async () => {
    const d = await ok(admin);
    expect(d).toMatchObject({
      outlet_id: null,
      business_date: '2026-06-10',
      compare_date: '2026-06-03',
      timezone: 'Asia/Kuala_Lumpur',
      cutoff_hour: 4,
      generated_at: '2026-06-10T04:00:00.000Z',
    });
    expect(d.today).toMatchObject({ orders: 2, gross: 1000 + 1500, net: 1060 + 1590 });
    expect(d.compare).toMatchObject({ orders: 2, net: 1060 + 2120 });
    // Up to 12:00 last Wednesday only the 10:15 sale had happened.
    expect(d.compare_until_now).toEqual({ orders: 1, net: 1060, refunds: 0 });
    expect(d.by_hour).toHaveLength(24);
    expect(d.by_hour[0]!.hour).toBe(4);
    expect(d.by_hour.at(-1)!.hour).toBe(3);
    const hour = (h: number) => d.by_hour.find((x) => x.hour === h)!;
    expect(hour(9)).toEqual({ hour: 9, orders: 1, net: 1060, compare_orders: 0, compare_net: 0 });
    expect(hour(11)).toMatchObject({ orders: 1, net: 1590 });
    expect(hour(10)).toMatchObject({ orders: 0, compare_orders: 1, compare_net: 1060 });
    expect(hour(15)).toMatchObject({ compare_orders: 1, compare_net: 2120 });
    expect(hour(1)).toMatchObject({ orders: 0 }); // the 01:30 sale is yesterday's
    expect(d.top_products.map((p) => [p.name, p.quantity, p.gross])).toEqual([
      ['Test DASH-CAKE', 3, 1500],
      ['Test DASH-COFFEE', 1, 1000],
    ]);
    expect(d.outlets.map((o) => [o.code, o.orders, o.net, o.compare_net])).toEqual([
      ['PG01', 1, 1590, 2120],
      ['KL01', 1, 1060, 1060],
      ['JB01', 0, 0, 0],
    ]);
    expect(d.by_source).toEqual([
      { source: 'pos-apps', orders: 2, net: 2650 },
      { source: 'mobile-apps', orders: 0, net: 0 },
    ]);
    expect(d.by_serving_method.find((s) => s.serving_method === 'pick_up')).toEqual({
      serving_method: 'pick_up',
      orders: 2,
      net: 2650,
    });
    // Open right now, whatever their day: last week's two, yesterday's 01:30 and today's PG sale
    // wait; today's KL one is accepted.
    expect(d.open_orders).toMatchObject({ total: 5, created: 0, pending: 4, approved: 1 });
    expect(d.open_orders.by_outlet).toHaveLength(2);
  });

  it('shows an outlet-bound user only their outlet', async () => {
    const d = await ok(cashier);
    expect(d.outlet_id).toBe(refs.kl);
    expect(d.today.orders).toBe(1);
    expect(d.outlets.map((o) => o.outlet_id)).toEqual([refs.kl]);
    expect(d.open_orders).toMatchObject({ total: 3, pending: 2, approved: 1 });
    expect((await dashboard(cashier, `?outlet_id=${refs.pg}`)).statusCode).toBe(404);
    const pgOnly = await ok(admin, `?outlet_id=${refs.pg}`);
    expect(pgOnly.today).toMatchObject({ orders: 1, net: 1590 });
  });

  it('answers 401, 403, 400 and keeps tenants apart', async () => {
    expect((await api.get('/api/dashboard')).statusCode).toBe(401);
    const none = await signedInUser(t, {
      username: 'no-dashboard',
      tenantId: await demoTenantId(t),
      permissions: ['read-order'],
    });
    expect((await dashboard(none)).statusCode).toBe(403);
    const bad = await dashboard(admin, '?outlet_id=KL01');
    expect(expectCode(bad, 400, 'validation_failed')).toMatchObject({
      details: [{ path: 'outlet_id' }],
    });
    const rival = await otherTenant(t, 'rival-dashboard');
    const theirs = await ok(rival.headers);
    expect(theirs.today.orders).toBe(0);
    expect(theirs.open_orders.total).toBe(0);
    expect(theirs.top_products).toEqual([]);
    expect((await dashboard(rival.headers, `?outlet_id=${refs.kl}`)).statusCode).toBe(404);
  });

  it('answers 400 tenant_required to a superadmin outside any tenant', async () => {
    const superadmin = t.bearer((await t.login('superadmin')).token);
    const res = await dashboard(superadmin);
    expectCode(res, 400, 'tenant_required');
  });

  it('leaves out of the best sellers a product whose only sale today was rejected', async () => {
    const tea = (await addProduct(t, { sku: 'DASH-TEA', price: 800 })).id;
    clock.set(new Date('2026-06-10T11:30:00+08:00').toISOString());
    const res = await sell(t, admin, {
      outlet_id: refs.kl,
      allow_outside_hours: true,
      items: [{ product_id: tea, quantity: 2 }],
      payments: [{ method: 'card', amount: 1696, reference: 'C' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    clock.set(NOW);
    expect((await ok(admin)).top_products.map((p) => p.product_id)).toContain(tea);
    const rejected = await api.post(
      `/api/orders/${res.json().data.id}/status`,
      { status: 'REJECTED', reason: 'Made by mistake' },
      admin,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const d = await ok(admin);
    expect(d.top_products.map((p) => p.product_id)).not.toContain(tea);
    expect(d.top_products.every((p) => p.quantity > 0)).toBe(true);
    expect(d.today.rejected).toBe(1);
  });
});

describe('GET /api/dashboard/outlets', () => {
  const outletsOf = (headers?: Record<string, string>) =>
    api.get('/api/dashboard/outlets', headers);
  const listOf = async (headers: Record<string, string>) => {
    const res = await outletsOf(headers);
    expect(res.statusCode, res.body).toBe(200);
    return z.array(reportOutletSchema.strict()).parse(res.json().data);
  };

  it('gives every outlet by code, to finance too, and an outlet-bound user only theirs', async () => {
    const all = await listOf(admin);
    expect(all.map((o) => o.code)).toEqual(expect.arrayContaining(['KL01', 'PG01']));
    expect(all.map((o) => o.code)).toEqual(all.map((o) => o.code).sort());
    expect(all.find((o) => o.id === refs.pg)).toMatchObject({ code: 'PG01', status: 'active' });
    // Finance reads the dashboard without read-outlet: this is its outlet filter.
    const finance = t.bearer((await t.login('finance')).token);
    expect((await listOf(finance)).map((o) => o.id)).toEqual(all.map((o) => o.id));
    expect((await listOf(cashier)).map((o) => o.id)).toEqual([refs.kl]);
  });

  it('never shows another tenant their outlets, nor ours to them', async () => {
    const rival = await otherTenant(t, 'rival-dashboard-outlets');
    expect((await listOf(rival.headers)).map((o) => o.id)).toEqual([rival.outlet.id]);
    expect((await listOf(admin)).map((o) => o.id)).not.toContain(rival.outlet.id);
  });

  it('answers 401 without a token, 403 without read-dashboard, 400 outside any tenant', async () => {
    expect((await outletsOf()).statusCode).toBe(401);
    const none = await signedInUser(t, {
      username: 'no-dashboard-outlets',
      tenantId: await demoTenantId(t),
      permissions: ['read-outlet'],
    });
    expectCode(await outletsOf(none), 403, 'forbidden');
    const superadmin = t.bearer((await t.login('superadmin')).token);
    expectCode(await outletsOf(superadmin), 400, 'tenant_required');
  });

  it('is documented in the OpenAPI document with its answer schema', async () => {
    expect(await documentedAnswer(api, '/api/dashboard/outlets')).toContain('timezone');
  });
});
