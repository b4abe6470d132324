import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { type PaymentStart, SANDBOX_SIGNATURE_HEADER } from '@kopi/contract';
import { orders } from '../db/schema/orders';
import { notifications } from '../db/schema/platform';
import { tenants } from '../db/schema/tenancy';
import { signSandboxBody } from '../modules/payments/intents/sandbox-provider';
import { createTenant } from './fixtures';
import { demoCategory, demoOutlet, demoProduct, multipart, pngImage } from './catalogue-fixtures';
import {
  demoTenantHeader,
  latestCode,
  newPhone,
  payWithSandbox,
  placeOrder,
  signUp,
  verifiedCustomer,
} from './mobile-fixtures';
import { addProduct, demoTenantId, requiredChoices, testClock } from './order-fixtures';
import { createTestApp, type TestApp } from './test-app';
import { walletScenario } from './tenant-isolation-wallet';
import { runPointsScenario } from './tenant-isolation-points';
import { customersPart } from './tenant-isolation-customers';
import { businessSettingsPart } from './tenant-isolation-business-settings';
import { contentTextsPart } from './tenant-isolation-content-texts';
import { appFeaturesPart } from './tenant-isolation-app-features';
import { rewardsPart } from './tenant-isolation-rewards';
import { walletPayScenario } from './tenant-isolation-wallet-pay';
import { voucherOrdersPart } from './tenant-isolation-voucher-orders';
import { campaignsPart } from './tenant-isolation-campaigns';
import { approvalsPart } from './tenant-isolation-approvals';
import { posRefundsPart } from './tenant-isolation-pos-refunds';
import { drawerPart } from './tenant-isolation-drawer';
import { counterTopupsPart } from './tenant-isolation-counter-topups';
import { boardPart } from './tenant-isolation-board';
import { cataloguePart } from './tenant-isolation-catalogue';
import { accessPart } from './tenant-isolation-access';
import { closeOpenShifts, shiftsPart } from './tenant-isolation-shifts';
import { type Headers, idempotencyKey as key } from './tenant-isolation-send';
import { isolationGatewayUrls, paymentGatewaysPart } from './tenant-isolation-payment-gateways';

// The tenant-isolation test's scenario: the demo tenant (A) used through the whole HTTP API, as
// its staff, its customers, the platform superadmin inside it and the payment provider, so that
// every repository function runs with tenant A's data. Then an empty tenant B to replay with.

const NOON_KL = '2026-06-10T04:00:00Z'; // a Wednesday noon in Kuala Lumpur: the outlets are open

export interface Scenario {
  t: TestApp;
  tenantA: string;
  tenantB: string;
  /** Requests of the scenario that were refused: each leaves functions unreached. */
  refused: string[];
}

const SANDBOX_SECRET = 'tenant-isolation-sandbox-secret';

export async function runScenario(): Promise<Scenario> {
  const clock = testClock(NOON_KL);
  const refundCallbacks: NonNullable<PaymentStart['sandbox_callback']>[] = [];
  const t = await createTestApp({
    now: clock.now,
    config: { paymentSandboxSecret: SANDBOX_SECRET, paymentGatewayBaseUrls: isolationGatewayUrls },
    sandboxDelivery: (callback) => refundCallbacks.push(callback),
  });
  const tenantA = await demoTenantId(t);
  const refused: string[] = [];

  const send = async (
    headers: Headers,
    method: InjectOptions['method'],
    url: string,
    payload?: InjectOptions['payload'],
    extra: Headers = {},
  ) => {
    const res = await t.inject({
      method,
      url,
      headers: { ...headers, ...extra },
      ...(payload !== undefined ? { payload } : {}),
    });
    if (res.statusCode >= 300) {
      refused.push(`${method} ${url} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    const json = String(res.headers['content-type']).startsWith('application/json');
    return (json ? res.json() : { data: res.body }) as { data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const upload = (headers: Headers, url: string, file: Buffer, name?: string, type?: string) => {
    const body = multipart(file, name, type);
    return send(headers, 'POST', url, body.payload, { 'content-type': body.contentType });
  };

  const admin = t.bearer((await t.login('admin')).token);
  const as = (headers: Headers) => ({
    get: (url: string) => send(headers, 'GET', url),
    post: (url: string, body: object = {}) => send(headers, 'POST', url, body),
    put: (url: string, body: object) => send(headers, 'PUT', url, body),
    del: (url: string) => send(headers, 'DELETE', url),
  });
  const a = as(admin);
  const kl = (await demoOutlet(t, 'KL01')).id;
  const kopi = await demoCategory(t, 'Kopi');

  // ---- Outlets, hours, closures --------------------------------------------------------------
  await a.get('/api/outlets?q=KL');
  await a.get(`/api/outlets/${kl}`);
  const outlet = (
    await a.post('/api/outlets', { code: 'ISO1', name: 'Isolation', serving_methods: ['pick_up'] })
  ).data as { id: string };
  await a.put(`/api/outlets/${outlet.id}`, {
    code: 'ISO1',
    name: 'Isolation renamed',
    serving_methods: ['pick_up'],
  });
  await a.get(`/api/outlets/${kl}/hours`);
  await a.put(`/api/outlets/${outlet.id}/hours`, {
    hours: [{ day: 1, ranges: [{ open: '08:00', close: '17:00' }] }],
    last_order_minutes: 0,
  });
  const closure = (
    await a.post(`/api/outlets/${outlet.id}/closures`, {
      from: '2030-01-01',
      to: '2030-01-02',
      reason: 'Isolation',
    })
  ).data as { id: string };
  await a.get(`/api/outlets/${outlet.id}/closures`);
  await a.del(`/api/outlets/${outlet.id}/closures/${closure.id}`);
  await a.del(`/api/outlets/${outlet.id}`);
  await businessSettingsPart(a, (url, file) => upload(admin, url, file));
  await contentTextsPart(a);
  await appFeaturesPart(a, kl);

  // ---- Catalogue (tenant-isolation-catalogue.ts) ----------------------------------------------
  await cataloguePart(t, a, (url, file, name, type) => upload(admin, url, file, name, type), {
    outletId: kl,
    categoryId: kopi.id,
  });
  const plain = await addProduct(t, { sku: 'ISO-5', price: 1000 });
  const kopiO = await demoProduct(t, 'KOP-001');
  await a.get(`/api/pos/context?outlet_id=${kl}`);
  await a.get(`/api/pos/menu?outlet_id=${kl}`);
  await a.get('/api/pos/outlets');
  await shiftsPart(send, admin, kl);
  const sale = async (idempotency = key()) =>
    (
      await send(
        admin,
        'POST',
        '/api/orders',
        {
          outlet_id: kl,
          serving_method: 'pick_up',
          items: [{ product_id: plain.id, quantity: 2 }],
          payments: [{ method: 'card', amount: 2120, reference: 'ISO-CARD' }],
        },
        idempotency,
      )
    ).data as { id: string };
  const first = await sale();
  const repeated = key();
  const second = await sale(repeated);
  await sale(repeated);
  await a.get('/api/orders?q=0&status=PENDING');
  await a.get(`/api/orders?outlet_id=${kl}`);
  await a.get('/api/orders/export');
  await a.get('/api/orders/outlets');
  await a.get('/api/orders/board');
  await a.get(`/api/orders/${first.id}`);
  await a.post(`/api/orders/${first.id}/status`, { status: 'APPROVED' });
  await a.post(`/api/orders/${first.id}/status`, { status: 'COMPLETED' });
  await a.post(`/api/orders/${first.id}/handed-over`);
  await a.post(`/api/orders/${second.id}/status`, { status: 'REJECTED', reason: 'Isolation' });

  // ---- Refunds: asked for by the admin, paid out by bank transfer by finance -------------------
  const financeHeaders = t.bearer((await t.login('finance')).token);
  const finance = as(financeHeaders);
  await a.get(`/api/orders/${first.id}/refundable`);
  const sold = (await a.get(`/api/orders/${first.id}`)).data as { items: { id: string }[] };
  const refund = (
    await send(
      admin,
      'POST',
      '/api/refunds',
      {
        order_id: first.id,
        kind: 'items',
        items: [{ order_item_id: sold.items[0]!.id, quantity: 1 }],
        method: 'bank_transfer',
        reason: 'wrong_item',
        bank: { bank_code: 'MBB', account_holder: 'Iso', account_number: '1234567890' },
      },
      key(),
    )
  ).data as { id: string; refund_no: string };
  const refundMove = (status: string, extra: object = {}) =>
    finance.post(`/api/refunds/${refund.id}/status`, { status, ...extra });
  await refundMove('APPROVED');
  await refundMove('WAITING TRANSFER');
  await upload(financeHeaders, `/api/refunds/${refund.id}/proof`, await pngImage(40, 40));
  await refundMove('TRANSFERED', { transfer_reference: 'ISO-TRF' });
  await refundMove('COMPLETED');
  // A manager (bound to KL01) approves a refund within their limit on the same order.
  const small = (
    await send(
      admin,
      'POST',
      '/api/refunds',
      { order_id: first.id, kind: 'amount', amount: 100, method: 'original', reason: 'wrong_item' },
      key(),
    )
  ).data as { id: string };
  const manager = as(t.bearer((await t.login('manager')).token));
  await manager.post(`/api/refunds/${small.id}/status`, { status: 'APPROVED' });
  await a.get(`/api/refunds?q=${refund.refund_no}&status=COMPLETED&outlet_id=${kl}`);
  await a.get('/api/refunds?from=2026-06-01&to=2026-06-30&sort=-amount');
  await a.get('/api/refunds/status-counts?method=bank_transfer');
  await a.get('/api/refunds/export');
  await a.get(`/api/refunds/${refund.id}`);

  // ---- The customer app and the payment provider ----------------------------------------------
  const customer = await verifiedCustomer(t, { name: 'Iso Customer' });
  const app = as(customer.headers);
  await send(demoTenantHeader, 'GET', '/api/mobile/outlets?lat=3.1&lng=101.6');
  await send(demoTenantHeader, 'GET', `/api/mobile/outlets/${kl}/menu`);
  const phone = newPhone();
  await signUp(t, {
    name: 'Iso Referred',
    phone,
    password: 'Kopi@1234',
    referral_code: customer.session.customer.referral_code,
  });
  await send(demoTenantHeader, 'POST', '/api/mobile/auth/resend-code', { phone });
  await send(demoTenantHeader, 'POST', '/api/mobile/auth/verify-phone', {
    phone,
    code: await latestCode(t, phone),
  });
  await send(demoTenantHeader, 'POST', '/api/mobile/auth/sign-in', {
    phone: customer.phone,
    password: 'Kopi@1234',
  });
  await app.get('/api/mobile/me');
  const unverified = newPhone();
  await signUp(t, { name: 'Iso Twice', phone: unverified, password: 'Kopi@1234' });
  await signUp(t, { name: 'Iso Twice', phone: unverified, password: 'Kopi@1234' });
  const appOrder = async () => {
    const res = await placeOrder(t, customer.headers, {
      outlet_id: kl,
      items: [
        { product_id: plain.id, quantity: 1 },
        { product_id: kopiO.id, quantity: 1, option_ids: await requiredChoices(t, kopiO.id) },
      ],
    });
    if (res.statusCode !== 201)
      throw new Error(`scenario: app order ${res.statusCode} ${res.body}`);
    return res.json().data as { id: string };
  };
  const paid = await appOrder();
  const repeatKey = randomUUID();
  const again = await placeOrder(
    t,
    customer.headers,
    { outlet_id: kl, items: [{ product_id: plain.id, quantity: 1 }] },
    repeatKey,
  );
  await placeOrder(
    t,
    customer.headers,
    { outlet_id: kl, items: [{ product_id: plain.id, quantity: 1 }] },
    repeatKey,
  );
  void again;
  await payWithSandbox(t, customer.headers, paid.id);
  const failed = await appOrder();
  await payWithSandbox(t, customer.headers, failed.id, { outcome: 'failed' });
  const cancelled = await appOrder();
  await app.post(`/api/mobile/orders/${cancelled.id}/cancel`, { reason: 'Isolation' });
  // Staff read an order with a customer that earned nothing: its receipt prints today's balances.
  await a.get(`/api/orders/${cancelled.id}`);
  // Paid, then cancelled: refunded through the sandbox; and a provider refund that fails.
  for (const outcome of ['refunded', 'failed']) {
    const owed = await appOrder();
    await payWithSandbox(t, customer.headers, owed.id);
    await app.post(`/api/mobile/orders/${owed.id}/cancel`, {});
    const sent = JSON.parse(refundCallbacks.pop()!.body) as Record<string, unknown>;
    const body = JSON.stringify({ ...sent, status: outcome });
    await send(
      { [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(SANDBOX_SECRET, body) },
      'POST',
      '/api/payments/sandbox/callback',
      body,
      { 'content-type': 'application/json' },
    );
  }
  await paymentGatewaysPart(t, a, customer, appOrder);
  await app.get('/api/mobile/orders');
  await app.get(`/api/mobile/orders/${paid.id}`);
  await a.post(`/api/orders/${paid.id}/status`, { status: 'APPROVED' });
  await a.post(`/api/orders/${paid.id}/status`, { status: 'COMPLETED' });
  await boardPart(a, paid.id);

  await walletPayScenario(t, send, admin, kl);
  await voucherOrdersPart(t, send, admin, kl);
  await campaignsPart(t, a, { tenantId: tenantA, outletId: kl, now: clock.now });
  await approvalsPart(t, as, { outletId: kl, now: clock.now });
  await posRefundsPart(t, send, admin, { outletId: kl, productId: plain.id });
  await drawerPart(t, send, admin, kl);
  await counterTopupsPart(t, send, admin, { tenantId: tenantA, outletId: kl });
  await rewardsPart(t, send, admin);

  const leaving = await verifiedCustomer(t, { name: 'Iso Leaving' });
  await send(leaving.headers, 'POST', '/api/mobile/auth/sign-out', {});
  await closeOpenShifts(send, admin, kl);
  await a.post('/api/orders/close-day', { outlet_id: kl, business_date: '2026-06-10' });
  await a.get(`/api/orders/z-reports?outlet_id=${kl}&business_date=2026-06-10`);
  await a.get(`/api/orders/z-reports/working?outlet_id=${kl}&business_date=2026-06-10`);
  await a.get(
    `/api/orders/z-reports/working/export?outlet_id=${kl}&business_date=2026-06-10&lang=my`,
  );
  await customersPart(t, tenantA, a, customer.phone);

  // ---- Reports, dashboard ----------------------------------------------------------------------
  for (const groupBy of [
    'day',
    'outlet',
    'product',
    'payment_method',
    'serving_method',
    'source',
    'voucher',
  ]) {
    await a.get(`/api/reports/sales?from=2026-05-01&to=2026-06-10&group_by=${groupBy}`);
  }
  await a.get(`/api/reports/sales/export?from=2026-06-01&to=2026-06-10&outlet_id=${kl}`);
  await a.get('/api/reports/outlets');
  await a.get('/api/dashboard');
  await a.get(`/api/dashboard?outlet_id=${kl}`);
  await a.get('/api/dashboard/outlets');

  // ---- Membership, referrals, points (tenant-isolation-points.ts) ------------------------------
  await runPointsScenario(t, { admin, refused });

  // ---- Notifications ---------------------------------------------------------------------------
  const listed = (await a.get('/api/notification')).data as { id: string }[];
  const [note] = await t.database.db
    .insert(notifications)
    .values({ tenantId: tenantA, title: 'Isolation' })
    .returning();
  await a.put(`/api/notification/read/${listed[0]?.id ?? note!.id}`, {});
  await a.post('/api/notification/read-all');

  // ---- Users, roles, sessions; the signed-in user's own account (tenant-isolation-access.ts) --
  await accessPart(t, { a, as, send, upload }, { outletId: kl });

  // ---- The audit log ---------------------------------------------------------------------------
  // Another staff member's profile, edited by the tenant's admin (found within the tenant).
  const staff = (await a.get('/api/users?q=cashier')).data as { id: string; fullname: string }[];
  await a.put(`/api/registrationdata/${staff[0]!.id}`, { fullname: staff[0]!.fullname });
  const log = (await a.get('/api/logs?q=iso')).data as { id: string }[];
  await a.get(`/api/logs/${log[0]!.id}`);
  await a.get('/api/logs/filters');
  await a.get('/api/logs/export');

  // ---- The platform superadmin inside the tenant -----------------------------------------------
  const superadmin = t.bearer((await t.login('superadmin')).token);
  const s = as(superadmin);
  await s.get('/api/tenants?q=kopi');
  await s.get(`/api/tenants/${tenantA}`);
  await s.get(`/api/tenants/${tenantA}/outlets`);
  await s.post(`/api/tenants/${tenantA}/enter`);
  await s.get('/api/tenants/context');
  await s.get('/api/users');
  await s.get('/api/permissions');
  await s.post('/api/tenants/leave');

  // ---- Live events over the websocket ----------------------------------------------------------
  await live(t, (await t.login('admin')).token, kl);

  // A second request with a used Idempotency-Key that races past the idempotency plugin meets the
  // orders' unique index, and the order core names the order it already made: no request can
  // time that race here, so the lookup is made directly.
  const [keyed] = await t.database.db
    .select({ key: orders.idempotencyKey })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantA), isNotNull(orders.idempotencyKey)))
    .limit(1);
  const ordersRepo = await import('../modules/orders/orders.repo');
  await ordersRepo.findByIdempotencyKey(t.database.db, tenantA, keyed!.key!);

  await walletScenario(t, tenantA, send, admin);

  // Another business, with settings of its own: what it answers is its own, not A's.
  const { tenant } = await createTenant(t, 'isolation-b');
  await t.database.db
    .update(tenants)
    .set({ timezone: 'Asia/Kuching', businessDayCutoffHour: 5 })
    .where(eq(tenants.id, tenant.id));
  return { t, tenantA, tenantB: tenant.id, refused };
}

/** Opens the live socket with a `since` (replay) and waits for its first message. */
async function live(t: TestApp, token: string, outletId: string) {
  const { WebSocket } = await import('ws');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address.replace('http', 'ws')}/ws?token=${token}&outlet_id=${outletId}&since=1`;
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.on('message', () => resolve());
    ws.on('error', reject);
    setTimeout(resolve, 3000);
  });
  ws.close();
}
