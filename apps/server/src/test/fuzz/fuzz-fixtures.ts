import { randomUUID } from 'node:crypto';
import { walletAdjustments } from '../../db/schema/loyalty';
import { notifications } from '../../db/schema/platform';
import { voucherCampaigns, voucherRewards } from '../../db/schema/vouchers';
import { demoOutlet, multipart, pngImage } from '../catalogue-fixtures';
import { createTenant } from '../fixtures';
import {
  CUSTOMER_PASSWORD,
  demoTenantHeader,
  placeOrder,
  verifiedCustomer,
} from '../mobile-fixtures';
import { addProduct, cardSale, demoTenantId, sell, testClock } from '../order-fixtures';
import { createTestApp, requestAs, type RequestHeaders, type TestApp } from '../test-app';
import { uniqueVoucherBody } from '../voucher-admin-fixtures';
import { walletCustomer } from '../wallet-fixtures';
import type { Operation } from './openapi-operations';

// The fuzzer's world: the demo tenant with one fresh row of every resource an operation can name
// in its path (so that path ids are real), and the principals that send the requests. Each
// principal can sign in again when a fuzzed request (a sign-out, a revocation) took its token.

const NOON_KL = '2026-06-10T04:00:00Z'; // a Wednesday noon in Kuala Lumpur: the outlets are open

export interface Principal {
  name: string;
  headers(): RequestHeaders;
  /** Signs in again: the fuzz may have ended the session. */
  renew(): Promise<void>;
}

export interface FuzzWorld {
  t: TestApp;
  /** Real ids by resource name (outlet, product, order, mobile_order, user…; the payment provider). */
  ids: Record<string, string>;
  png: Buffer;
  principals: { admin: Principal; superadmin: Principal; refresh: Principal; customer: Principal };
  /** The error each failed request raised inside the server, by request id (the server log's). */
  causes: Map<string, string>;
}

type Json = { data?: unknown };

/** The first `id` anywhere in an answer's data (a list, a tree, one row). */
function firstId(value: unknown, skip?: (row: Record<string, unknown>) => boolean): string {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.shift();
    if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object') {
      const row = v as Record<string, unknown>;
      if (typeof row.id === 'string' && !skip?.(row)) return row.id;
      stack.push(...Object.values(row));
    }
  }
  throw new Error(`fuzz fixtures: no id in ${JSON.stringify(value).slice(0, 200)}`);
}

/**
 * An error as a failure line shows it: the database's own error under a failed query (its code and
 * message, which name the real cause), else the error's; then the first frame in the server's code.
 */
function causeOf(error: Error & { code?: unknown; cause?: unknown }): string {
  const inner = error.cause instanceof Error ? (error.cause as Error & { code?: unknown }) : error;
  const code = typeof inner.code === 'string' ? `${inner.code} ` : '';
  const frame = (error.stack ?? '')
    .split('\n')
    .find((line) => line.includes('/src/') && !line.includes('node_modules'));
  const where = frame ? ` @ ${frame.trim().replace(/^at /, '')}` : '';
  return `${inner.name}: ${code}${inner.message.split('\n')[0]!.slice(0, 160)}${where}`;
}

function staff(t: TestApp, username: string, password?: string, useRefresh = false): Principal {
  let headers: RequestHeaders = {};
  return {
    name: useRefresh ? `${username} (refresh token)` : username,
    headers: () => headers,
    async renew() {
      const session = await t.login(username, password);
      headers = t.bearer(useRefresh ? session.refresh_token : session.token);
    },
  };
}

async function customerPrincipal(t: TestApp): Promise<Principal & { phone: string }> {
  const customer = await verifiedCustomer(t, { name: 'Fuzz Customer' });
  let headers: RequestHeaders = { ...customer.headers, ...demoTenantHeader };
  return {
    name: 'customer',
    phone: customer.phone,
    headers: () => headers,
    async renew() {
      const res = await requestAs(t, demoTenantHeader).post('/api/mobile/auth/sign-in', {
        phone: customer.phone,
        password: CUSTOMER_PASSWORD,
      });
      headers = { ...t.bearer(res.json().data.token as string), ...demoTenantHeader };
    },
  };
}

/** Builds the app on PGlite (or TEST_DATABASE_URL) and makes one row of every resource. */
export async function createFuzzWorld(): Promise<FuzzWorld> {
  const causes = new Map<string, string>();
  const t = await createTestApp({
    now: testClock(NOON_KL).now,
    config: { mobileRateLimit: 1_000_000 },
    // The hook sees what the error handler logs for a 500: the error, before it is hidden.
    extraRoutes: (api) => {
      api.addHook('onError', async (request, _reply, error) => {
        causes.set(request.id, causeOf(error));
      });
    },
  });
  const admin = staff(t, 'admin');
  const superadmin = staff(t, 'superadmin');
  const refresh = staff(t, 'admin', undefined, true);
  for (const p of [admin, superadmin, refresh]) await p.renew();
  const customer = await customerPrincipal(t);
  const png = await pngImage(40, 40);

  const call = async (who: Principal, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await requestAs(t, { ...who.headers(), 'idempotency-key': randomUUID() }).send(
      method,
      url,
      body as object | undefined,
    );
    if (res.statusCode >= 300) throw new Error(`fuzz fixtures: ${method} ${url} ${res.body}`);
    return (res.json() as Json).data as Record<string, unknown> & { id: string };
  };
  const post = (url: string, body: unknown = {}) => call(admin, 'POST', url, body);
  const get = (url: string, who = admin) => call(who, 'GET', url);

  const tenant = await demoTenantId(t);
  const kl = (await demoOutlet(t, 'KL01')).id;
  const outlet = await post('/api/outlets', {
    code: 'FZX1',
    name: 'Fuzz outlet',
    serving_methods: ['pick_up'],
  });
  const closure = await post(`/api/outlets/${outlet.id}/closures`, {
    from: '2030-01-01',
    to: '2030-01-02',
    reason: 'Fuzz',
  });
  const category = await post('/api/categories', { name_en: 'Fuzz', name_my: 'Fuzz' });
  const group = await post('/api/variant-groups', {
    variant_name: 'Fuzz size',
    options: [{ options_name: 'Small', price: 0 }],
  });
  const addon = await post('/api/addons', { addons_name: 'Fuzz shot', price: 100 });
  const product = await post('/api/products', {
    sku: 'FUZZ-1',
    name: 'Fuzz latte',
    base_price: 900,
    category: category.id,
    variant_group_ids: [group.id],
    addon_ids: [addon.id],
  });
  const upload = multipart(png);
  const images = await requestAs(t).post(`/api/products/${product.id}/images`, upload.payload, {
    ...admin.headers(),
    'content-type': upload.contentType,
  });
  const plain = await addProduct(t, { sku: 'FUZZ-PLAIN', price: 1000 });
  const sale = await sell(t, admin.headers(), cardSale(kl, plain.id, 1060));
  // The sale opened a shift on the outlet's first till (order-fixtures' ensureShift).
  const [openShift] = (
    (await get(`/api/shifts/current?outlet_id=${kl}`)) as unknown as {
      shifts: { id: string; till_id: string }[];
    }
  ).shifts;
  const refund = await post('/api/refunds', {
    order_id: firstId(sale.json().data),
    kind: 'amount',
    amount: 100,
    method: 'original',
    reason: 'wrong_item',
  });
  const appOrder = await placeOrder(t, customer.headers(), {
    outlet_id: kl,
    items: [{ product_id: plain.id, quantity: 1 }],
  });
  const role = await post('/api/roles', { name: 'Fuzz role', permissions: ['read-dashboard'] });
  const user = await post('/api/users', {
    username: 'fuzz-staff',
    fullname: 'Fuzz Staff',
    role_id: role.id,
    id_outlet: null,
    password_setup: { method: 'temporary', password: 'Fuzz@12345678' },
  });
  await t.login('fuzz-staff', 'Fuzz@12345678');
  const userSession = firstId(await get(`/api/users/${user.id}/sessions`));
  await t.login('admin');
  const ownSession = firstId(await get('/api/account/sessions'), (row) => row.current === true);
  const [note] = await t.database.db
    .insert(notifications)
    .values({ tenantId: tenant, title: 'Fuzz' })
    .returning();
  const other = await createTenant(t, 'fuzz-tenant');
  const tier = await post('/api/membership-tiers', {
    name_en: 'Fuzz tier',
    name_my: 'Fuzz tier',
    threshold: 777,
    points_per_rm: 100,
    colour: '#123456',
  });
  const walletHolder = await walletCustomer(t.database.db, tenant, { balance: 1000 });
  // Asked for by another staff member, so the admin may approve or reject it.
  const [adjustment] = await t.database.db
    .insert(walletAdjustments)
    .values({
      tenantId: tenant,
      customerId: walletHolder.id,
      amount: 100_000,
      reason: 'Fuzz goodwill',
      requestedBy: user.id,
      requestedByName: 'Fuzz Staff',
    })
    .returning();
  const shopper = await post('/api/customers', { name: 'Fuzz Customer', phone: '+60179990002' });
  const banner = await post('/api/banners', {
    title_en: 'Fuzz banner',
    target_type: 'none',
    all_outlets: true,
    status: 'active',
  });
  // A voucher of unique codes, with a job making two of them, for the codes routes.
  const voucher = await post('/api/vouchers', uniqueVoucherBody({ name_en: 'Fuzz voucher' }));
  const voucherJob = await post(`/api/vouchers/${voucher.id}/codes`, { count: 2, prefix: 'FZ' });
  const [campaign] = await t.database.db
    .insert(voucherCampaigns)
    .values({
      tenantId: tenant,
      voucherId: voucher.id,
      nameEn: 'Fuzz campaign',
      audienceKind: 'all',
      startsAt: new Date('2026-01-01T00:00:00Z'),
      endsAt: new Date('2026-12-31T00:00:00Z'),
    })
    .returning();
  const [reward] = await t.database.db
    .insert(voucherRewards)
    .values({
      tenantId: tenant,
      voucherId: voucher.id,
      nameEn: 'Fuzz reward',
      pointsPrice: 100,
      startsAt: new Date('2026-01-01T00:00:00Z'),
    })
    .returning();
  // Its host is the tests' unreachable loopback default: "test connection" answers 400.
  const gateway = await post('/api/payment-gateways', {
    provider: 'billplz',
    mode: 'sandbox',
    methods: ['fpx'],
    is_default: true,
    enabled: true,
    credentials: { api_key: 'fuzz-api-key', x_signature_key: 'S-fuzz', collection_id: 'fuzz' },
  });

  const ids: Record<string, string> = {
    tenant_self: tenant,
    outlet: kl,
    fuzz_outlet: outlet.id,
    closure: closure.id,
    category: category.id,
    variant_group: group.id,
    option: firstId((group as { options?: unknown }).options),
    addon: addon.id,
    product: product.id,
    plain_product: plain.id,
    image: firstId(images.json().data),
    order: firstId(sale.json().data),
    mobile_order: firstId(appOrder.json().data),
    refund: firstId(refund),
    customer: shopper.id,
    role: role.id,
    user: user.id,
    user_session: userSession,
    account_session: ownSession,
    me: firstId((await t.login('admin')) as unknown),
    menu: firstId(await get('/api/menus', superadmin)),
    log: firstId(await get('/api/logs')),
    notification: note!.id,
    tenant: other.tenant.id,
    provider: 'sandbox',
    membership_tier: tier.id,
    wallet_adjustment: adjustment!.id,
    shift: openShift!.id,
    till: openShift!.till_id,
    // The customer app's texts are named by key, shared by every tenant.
    content_text: 'terms',
    app_feature: 'delivery',
    banner: banner.id,
    payment_gateway: gateway.id,
    voucher: voucher.id,
    voucher_job: voucherJob.id,
    voucher_campaign: campaign!.id,
    voucher_reward: reward!.id,
  };
  return { t, ids, png, causes, principals: { admin, superadmin, refresh, customer } };
}

/** The resource a path's `{id}` names, by the segment before it. */
const RESOURCE_OF_SEGMENT: Record<string, string> = {
  outlets: 'fuzz_outlet',
  tenants: 'tenant',
  categories: 'category',
  products: 'product',
  'variant-groups': 'variant_group',
  addons: 'addon',
  orders: 'order',
  refunds: 'refund',
  customers: 'customer',
  users: 'user',
  roles: 'role',
  menus: 'menu',
  logs: 'log',
  read: 'notification',
  sessions: 'account_session',
  registrationdata: 'me',
  'membership-tiers': 'membership_tier',
  'wallet-adjustments': 'wallet_adjustment',
  shifts: 'shift',
  tills: 'till',
  banners: 'banner',
  'payment-gateways': 'payment_gateway',
  vouchers: 'voucher',
  'voucher-campaigns': 'voucher_campaign',
  'voucher-rewards': 'voucher_reward',
  rewards: 'voucher_reward',
};
const RESOURCE_OF_PARAM: Record<string, string> = {
  closureId: 'closure',
  imageId: 'image',
  outletId: 'outlet',
  sessionId: 'user_session',
  provider: 'provider',
  // No payment is started in the fuzz world: an app order's id is a real id naming no payment.
  paymentId: 'mobile_order',
  key: 'content_text',
  code: 'app_feature',
  jobId: 'voucher_job',
};

/** The resource a path parameter names, or undefined when the fuzzer has no row of it. */
export function resourceOfPathParam(op: Operation, param: string): string | undefined {
  if (param !== 'id') return RESOURCE_OF_PARAM[param];
  const segments = op.path.split('/');
  const segment = segments[segments.indexOf('{id}') - 1] ?? '';
  if (op.path.startsWith('/api/mobile/orders')) return 'mobile_order';
  if (op.path.startsWith('/api/mobile/outlets')) return 'outlet';
  return RESOURCE_OF_SEGMENT[segment];
}

/** The resource a body field or query parameter names, by its name and the operation's path. */
export function resourceOfField(op: Operation, name: string): string | undefined {
  if (['outlet_id', 'id_outlet', 'outlet'].includes(name)) return 'outlet';
  if (name === 'product_id') return 'plain_product';
  if (name === 'order_id') return 'order';
  if (name === 'customer_id') return 'customer';
  if (name === 'till_id') return 'till';
  if (name === 'cashier_id') return 'me';
  if (name === 'tenant_id') return 'tenant_self';
  if (name === 'actor_id' || name === 'entity_id') return 'me';
  if (name === 'id') return op.path.startsWith('/api/variant-groups') ? 'option' : undefined;
  if (name === 'ids') return RESOURCE_OF_SEGMENT[op.path.split('/')[2] ?? ''];
  const base = name.replace(/_ids?$/, '');
  return ['category', 'role', 'addon', 'option', 'variant_group'].includes(base) ? base : undefined;
}
