import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders';
import { refunds } from '../db/schema/refunds';
import { shifts } from '../db/schema/shifts';
import { routesTakingIdempotencyKey } from '../lib/idempotency';
import { demoOutletIds } from './catalogue-fixtures';
import { expectCode } from './expect-code';
import { addProduct, cardSale, demoTenantId, ensureShift } from './order-fixtures';
import { paidOrder } from './refund-fixtures';
import type { RequestHeaders } from './test-app';
import { useTestApp } from './use-test-app';
import { balanceOf, walletCustomer } from './wallet-fixtures';

// One rule for every route that takes an Idempotency-Key: the same user sending the same key with
// another body gets 422 idempotency_key_reused, never the first answer, a 500 or a silent no-op;
// the same body still replays. The table below drives each such route; a route the app registers
// without an entry (or a place on the list still to drive) fails the walk, so none is forgotten.

const { t, api, as } = useTestApp({ signIn: ['admin'], api: 'admin' });

interface Drive {
  url: string;
  first: Record<string, unknown>;
  /** Valid too, but different from `first`. */
  second: Record<string, unknown>;
  /** What the first request changed, read before and after the reused key: must not move. */
  effect: () => Promise<unknown>;
  headers?: RequestHeaders;
}

let kl: string;
let counter = 0;
const n = () => ++counter;

async function newTill(name = `Reuse till ${n()}`) {
  const res = await api.post('/api/tills', { outlet_id: kl, name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
async function openShift() {
  const res = await api.post(
    '/api/shifts',
    { till_id: await newTill(), float: {} },
    { ...as.admin, 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
const shiftsOn = (tillId: string) =>
  t.database.db.select({ id: shifts.id }).from(shifts).where(eq(shifts.tillId, tillId));
const shiftReport = async (id: string) => (await api.get(`/api/shifts/${id}`)).json().data;
const tillsOfKl = async () =>
  (await api.get(`/api/tills?outlet_id=${kl}`)).json().data.map((x: { name: string }) => x.name);

const drivers: Record<string, () => Promise<Drive>> = {
  'POST /api/shifts': async () => {
    const [a, b] = [await newTill(), await newTill()];
    return {
      url: '/api/shifts',
      first: { till_id: a, float: {} },
      second: { till_id: b, float: {} },
      effect: async () => [await shiftsOn(a), await shiftsOn(b)],
    };
  },
  'POST /api/shifts/:id/movements': async () => {
    const id = await openShift();
    return {
      url: `/api/shifts/${id}/movements`,
      first: { kind: 'cash_in', reason: 'petty_cash', amount: 100 },
      second: { kind: 'cash_in', reason: 'petty_cash', amount: 200 },
      effect: () => shiftReport(id),
    };
  },
  'POST /api/shifts/:id/close': async () => {
    const id = await openShift();
    return {
      url: `/api/shifts/${id}/close`,
      first: { counted: { note_10: 1 }, note: 'Counted once' },
      second: { counted: { note_10: 2 }, note: 'Counted twice' },
      effect: () => shiftReport(id),
    };
  },
  'POST /api/orders': async () => {
    const product = await addProduct(t, { sku: `REUSE-${n()}`, price: 500 });
    await ensureShift(t, kl);
    // 6% service tax on RM 5.00.
    const sale = { ...cardSale(kl, product.id, 530), allow_outside_hours: true };
    return {
      url: '/api/orders',
      first: { serving_method: 'pick_up', ...sale },
      second: {
        serving_method: 'pick_up',
        ...sale,
        items: [{ product_id: product.id, quantity: 2 }],
        payments: [{ method: 'card', amount: 1060, reference: 'CARD-0002' }],
      },
      effect: async () => (await t.database.db.select().from(orders)).length,
    };
  },
  'POST /api/refunds': async () => {
    const product = await addProduct(t, { sku: `REUSE-${n()}`, price: 500 });
    const order = await paidOrder(t, as.admin, cardSale(kl, product.id, 530));
    const refund = (amount: number) => ({
      order_id: order.id,
      kind: 'amount',
      amount,
      method: 'original',
      reason: 'quality_issue',
    });
    return {
      url: '/api/refunds',
      first: refund(100),
      second: refund(200),
      effect: () => t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id)),
    };
  },
  'POST /api/customers/:id/wallet/adjust': async () => {
    const customer = await walletCustomer(t.database.db, await demoTenantId(t));
    return {
      url: `/api/customers/${customer.id}/wallet/adjust`,
      first: { amount: 100, reason: 'Goodwill' },
      second: { amount: 200, reason: 'Goodwill' },
      effect: () => balanceOf(t.database.db, customer.id),
    };
  },
  'POST /api/tills': async () => ({
    url: '/api/tills',
    first: { outlet_id: kl, name: `Reuse new ${n()}` },
    second: { outlet_id: kl, name: `Reuse other ${n()}` },
    effect: tillsOfKl,
  }),
  'PUT /api/tills/:id': async () => {
    const id = await newTill();
    return {
      url: `/api/tills/${id}`,
      first: { name: `Reuse renamed ${n()}` },
      second: { name: `Reuse renamed ${n()}` },
      effect: tillsOfKl,
    };
  },
  'POST /api/customers/:id/notes': async () => {
    const customer = await walletCustomer(t.database.db, await demoTenantId(t));
    const url = `/api/customers/${customer.id}/notes`;
    return {
      url,
      first: { body: 'Likes kopi-O' },
      second: { body: 'Likes teh tarik' },
      effect: async () => (await api.get(url)).json().data,
    };
  },
};

/**
 * Header-taking routes the table does not drive yet. The hook treats them like the routes above
 * (one check in lib/idempotency.ts); listing them keeps a new route from slipping past the walk.
 */
const notYetDriven: string[] = [
  'POST /api/logout',
  'POST /api/changepassword',
  'PUT /api/registrationdata/:id',
  'POST /api/account/two-step/disable',
  'DELETE /api/account/sessions/:id',
  'POST /api/account/sessions/revoke-others',
  'PUT /api/notification/read/:id',
  'POST /api/notification/read-all',
  'POST /api/outlets',
  'PUT /api/outlets/:id',
  'DELETE /api/outlets/:id',
  'PUT /api/outlets/:id/hours',
  'POST /api/outlets/:id/closures',
  'DELETE /api/outlets/:id/closures/:closureId',
  'POST /api/tenants/leave',
  'POST /api/tenants',
  'PUT /api/tenants/:id',
  'POST /api/tenants/:id/suspend',
  'POST /api/tenants/:id/activate',
  'POST /api/tenants/:id/enter',
  'PUT /api/tenant-settings',
  'DELETE /api/tenant-settings/logo',
  'POST /api/categories',
  'PUT /api/categories/order',
  'PUT /api/categories/:id',
  'DELETE /api/categories/:id',
  'POST /api/products/bulk-status',
  'POST /api/products',
  'PUT /api/products/:id',
  'DELETE /api/products/:id',
  'POST /api/products/:id/archive',
  'DELETE /api/products/:id/images/:imageId',
  'PUT /api/products/:id/images/:imageId/main',
  'PUT /api/products/:id/outlets/:outletId',
  'PUT /api/products/:id/outlets/:outletId/sold-out',
  'POST /api/variant-groups',
  'PUT /api/variant-groups/:id',
  'DELETE /api/variant-groups/:id',
  'POST /api/addons',
  'PUT /api/addons/:id',
  'DELETE /api/addons/:id',
  'DELETE /api/tills/:id',
  'POST /api/orders/close-day',
  'POST /api/orders/:id/status',
  'POST /api/orders/:id/handed-over',
  'POST /api/refunds/:id/status',
  'POST /api/payment-gateways',
  'PUT /api/payment-gateways/:id',
  'DELETE /api/payment-gateways/:id',
  'POST /api/mobile/auth/sign-out',
  'POST /api/mobile/orders',
  'POST /api/mobile/orders/:id/pay',
  'POST /api/mobile/orders/:id/cancel',
  'POST /api/membership-tiers',
  'PUT /api/membership-tiers/:id',
  'DELETE /api/membership-tiers/:id',
  'PUT /api/loyalty-settings',
  'PUT /api/referral-settings',
  'POST /api/mobile/points/redeem',
  'POST /api/mobile/wallet/payment-code',
  'POST /api/mobile/orders/:id/pay-with-wallet',
  'POST /api/wallet-adjustments/:id/approve',
  'POST /api/wallet-adjustments/:id/reject',
  'POST /api/mobile/wallet/topups',
  'POST /api/customers',
  'PUT /api/customers/:id',
  'POST /api/customers/:id/block',
  'POST /api/customers/:id/unblock',
  'POST /api/customers/:id/anonymise',
  'PUT /api/general-settings/features/:code',
  'PUT /api/app-features/:code',
  'PUT /api/app-features/:code/outlets/:outletId',
  'PUT /api/content-texts/:key',
  'POST /api/content-texts/:key/reset',
  'POST /api/general-settings/content-texts',
  'PUT /api/general-settings/content-texts/:key',
  'POST /api/banners',
  'POST /api/banners/reorder',
  'PUT /api/banners/:id',
  'DELETE /api/banners/:id',
  'POST /api/users',
  'PUT /api/users/:id',
  'DELETE /api/users/:id',
  'POST /api/users/:id/disable',
  'POST /api/users/:id/enable',
  'POST /api/users/:id/reset-password',
  'DELETE /api/users/:id/sessions/:sessionId',
  'POST /api/users/:id/sessions/revoke-all',
  'POST /api/roles',
  'PUT /api/roles/:id',
  'DELETE /api/roles/:id',
  'POST /api/menus',
  'PUT /api/menus/order',
  'PUT /api/menus/:id',
  'DELETE /api/menus/:id',
];

beforeAll(async () => {
  kl = (await demoOutletIds(t)).kl;
});

describe('Idempotency-Key reused with another body', () => {
  it('has a driver (or a listed gap) for every route that takes the header', () => {
    const taking = routesTakingIdempotencyKey(t.app).map((r) => `${r.method} ${r.url}`);
    expect(taking.length).toBeGreaterThan(0);
    const covered = [...Object.keys(drivers), ...notYetDriven];
    expect(taking.filter((r) => !covered.includes(r))).toEqual([]);
    // A stale entry (a route renamed or no longer taking the header) is a gap too.
    expect(covered.filter((r) => !taking.includes(r))).toEqual([]);
  });

  for (const route of Object.keys(drivers)) {
    it(`${route}: 422 idempotency_key_reused, the first effect unchanged, the same body replays`, async () => {
      const drive = await drivers[route]!();
      const method = route.split(' ')[0] as 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const headers = { ...(drive.headers ?? as.admin), 'idempotency-key': randomUUID() };
      const first = await api.send(method, drive.url, drive.first, headers);
      expect(first.statusCode, first.body).toBeLessThan(300);
      const before = JSON.stringify(await drive.effect());

      const reused = await api.send(method, drive.url, drive.second, headers);
      expectCode(reused, 422, 'idempotency_key_reused');
      expect(JSON.stringify(await drive.effect())).toBe(before);

      const retry = await api.send(method, drive.url, drive.first, headers);
      expect(retry.statusCode).toBe(first.statusCode);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toBe(first.body);
    });
  }

  it('refuses a cash movement key reused on another shift, and keeps both drawers as they were', async () => {
    const [one, two] = [await openShift(), await openShift()];
    const headers = { ...as.admin, 'idempotency-key': randomUUID() };
    const body = { kind: 'cash_in', reason: 'petty_cash', amount: 100 };
    const first = await api.post(`/api/shifts/${one}/movements`, body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const before = JSON.stringify([await shiftReport(one), await shiftReport(two)]);
    const reused = await api.post(`/api/shifts/${two}/movements`, body, headers);
    expectCode(reused, 422, 'idempotency_key_reused');
    expect(JSON.stringify([await shiftReport(one), await shiftReport(two)])).toBe(before);
  });

  it('lets another user send the same key with another body', async () => {
    const key = randomUUID();
    const [a, b] = [await newTill(), await newTill()];
    const mine = await api.post(
      '/api/shifts',
      { till_id: a, float: {} },
      { ...as.admin, 'idempotency-key': key },
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const manager = await t.login('manager');
    const theirs = await api.post(
      '/api/shifts',
      { till_id: b, float: {} },
      { ...t.bearer(manager.token), 'idempotency-key': key },
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
  });
});
