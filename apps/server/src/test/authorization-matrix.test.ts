import { randomUUID } from 'node:crypto';
import { addDays, type SessionData } from '@kopi/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, roles, sessions, users } from '../db/schema/access';
import { banners } from '../db/schema/banners';
import { membershipTiers } from '../db/schema/membership-tiers';
import { addons, categories } from '../db/schema/catalogue';
import { contentTextOverrides } from '../db/schema/content-texts';
import { customers } from '../db/schema/customers';
import { paymentGateways } from '../db/schema/payments';
import { auditLog, notifications } from '../db/schema/platform';
import { addOpenShift, addTill } from './shift-rows';
import { outletClosures, outlets, tenants } from '../db/schema/tenancy';
import { appFeatureCatalogue } from '../db/seed-app-features';
import { DEMO_PASSWORD } from '../db/seed-data';
import {
  authorizationMatrix,
  type MatrixRole,
  type MatrixRow,
  matrixRoles,
} from './authorization-matrix';
import { matrixExclusions, publicRoutes } from './authorization-matrix-outside';
import {
  demoCategory,
  demoOutletIds,
  demoProduct,
  multipart,
  pngImage,
  addVariantGroup,
} from './catalogue-fixtures';
import { bannerBody } from './banner-fixtures';
import { voucherCampaignMatrixRequests } from './authorization-matrix-voucher-campaigns';
import { rewardMatrixAudits, rewardMatrixRequests } from './authorization-matrix-rewards';
import { approvalMatrixAudits, approvalMatrixRequests } from './authorization-matrix-approvals';
import {
  drawerMatrixAudits,
  drawerMatrixRequests,
  matrixPinBody,
} from './authorization-matrix-drawer';
import { boardMatrixAudits, boardMatrixRequests } from './authorization-matrix-board';
import { voucherMatrixRequests } from './authorization-matrix-vouchers';
import { voucherUsageMatrixRequests } from './authorization-matrix-voucher-usage';
import {
  counterTopupMatrixAudits,
  counterTopupMatrixRequests,
} from './authorization-matrix-counter-topups';
import { posRefundMatrixAudits, posRefundMatrixRequests } from './authorization-matrix-pos-refunds';
import { startFakeBillplzOf, type FakeBillplz } from './billplz-fake';
import {
  createUser,
  demoBusinessSettings,
  newPassword,
  signedInUser,
  tenantBody,
  insertRow,
} from './fixtures';
import { addProduct, demoTenantId, ensureShift } from './order-fixtures';
import { defaultLoyaltySettings, defaultReferralSettings } from './points-fixtures';
import { type HttpMethod, type Payload } from './test-app';
import { useTestApp } from './use-test-app';
import { addVoucher } from './voucher-fixtures';
import { pendingAdjustment, walletCustomer } from './wallet-fixtures';
import { issuedCode } from './wallet-pay-fixtures';

// Runs the authorization matrix (authorization-matrix.ts): every row's minimal valid request as
// each of the five demo users, against the expected answer. Writes get fresh rows of their own,
// so one role's success never changes what the next role sees. Every successful write must also
// have added an audit entry (DESIGN §5), except the few listed in `unaudited`.

type Headers = Record<string, string>;
interface Request {
  url: string;
  payload?: Payload;
  headers?: Headers;
  /** Send as this session instead of the role's shared one. */
  as?: Headers;
  /** Undo what the request changed about the signed-in user. */
  after?: () => Promise<void>;
}
type Builder = (role: MatrixRole) => Promise<Request> | Request;

let tenantId: string;
let kl: string;
let pg: string;
const shared = new Map<MatrixRole, SessionData>();
const passwordHashes = new Map<MatrixRole, string>();
let counter = 0;
const n = () => ++counter;

/** Signs a role in; the superadmin then works inside the demo tenant (see the matrix legend). */
async function signIn(role: MatrixRole) {
  const session = await t.login(role);
  if (role === 'superadmin') {
    const entered = await api.post(
      `/api/tenants/${tenantId}/enter`,
      undefined,
      t.bearer(session.token),
    );
    expect(entered.statusCode).toBe(200);
  }
  shared.set(role, session);
}
const as = (role: MatrixRole) => t.bearer(shared.get(role)!.token);
const admin = () => as('admin');
const fresh = (role: MatrixRole) => t.login(role);
const userOf = async (role: MatrixRole) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, role));
  return row!;
};

// ---- Fresh rows for writes --------------------------------------------------------------------
const db = () => t.database.db;

const newCategory = () =>
  insertRow(t, categories, { tenantId, nameEn: `Matrix ${n()}`, nameMy: 'Matriks' });
const GATEWAY_CREDENTIALS = {
  api_key: 'matrix-billplz-api-key-0001',
  x_signature_key: 'S-matrix-billplz-signature-key',
  collection_id: 'matrix_col',
};
const gatewayBody = {
  provider: 'billplz',
  mode: 'sandbox',
  methods: ['fpx'],
  is_default: true,
  enabled: true,
  credentials: GATEWAY_CREDENTIALS,
};
/** Where the app reaches "Billplz" for test-connection: a loopback fake started below. */
const gatewayUrls: Partial<Record<string, string>> = {};
let fakeBillplz: FakeBillplz | undefined;
const dropGateways = () =>
  db().delete(paymentGateways).where(eq(paymentGateways.tenantId, tenantId));
/** The demo tenant's Billplz account, set up through the API (its credentials are sealed). */
async function demoGateway(): Promise<string> {
  const [row] = await db()
    .select({ id: paymentGateways.id })
    .from(paymentGateways)
    .where(eq(paymentGateways.tenantId, tenantId));
  if (row) return row.id;
  const res = await api.post('/api/payment-gateways', gatewayBody, admin());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
const newBanner = () => insertRow(t, banners, { tenantId, titleEn: `Matrix banner ${n()}` });
const newAddon = () => insertRow(t, addons, { tenantId, name: `Matrix add-on ${n()}`, price: 100 });
const newVariantGroup = () => addVariantGroup(t, tenantId, `Matrix size ${n()}`);
const newOutlet = () =>
  insertRow(t, outlets, { tenantId, code: `MX${n()}`, name: 'Matrix outlet' });
const newProduct = () => addProduct(t, { sku: `MX-${n()}`, price: 1000 });
const newTenant = (status: 'active' | 'suspended' = 'active') =>
  insertRow(t, tenants, { name: 'Matrix tenant', slug: `matrix-${n()}`, status });
const newRole = () => insertRow(t, roles, { tenantId, name: `Matrix role ${n()}` });
const newStaff = () =>
  createUser(t, { username: `matrix-${n()}`, tenantId, permissions: ['read-dashboard'] });
const newMenuItem = () =>
  insertRow(t, menuItems, { title: `menu.matrix_${n()}`, titleEn: 'Matrix', titleMy: 'Matriks' });
async function uploadImage(productId: string) {
  const body = multipartRequest(await pngImage(40, 40));
  const res = await api.post(`/api/products/${productId}/images`, body.payload, {
    ...admin(),
    ...body.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string }[];
}

/** A card sale of one 10.00 product (10.60 with SST), PENDING after payment. */
const saleBody = (outletId: string, productId: string) => ({
  outlet_id: outletId,
  serving_method: 'pick_up',
  items: [{ product_id: productId, quantity: 1 }],
  payments: [{ method: 'card', amount: 1060, reference: `MX-${n()}` }],
  allow_outside_hours: true,
});
let saleProductId: string;
/** A voucher code to preview on a one-line cart at `outletId`. */
const voucherCheckBody = async (outletId: string) => ({
  code: (await addVoucher(t)).code,
  outlet_id: outletId,
  serving_method: 'pick_up',
  items: [{ product_id: saleProductId, quantity: 1 }],
});
async function sale(outletId: string) {
  const res = await api.post('/api/orders', saleBody(outletId, saleProductId), {
    ...admin(),
    'idempotency-key': randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
}
/** A sale moved to ready (COMPLETED) by the admin, waiting to be handed over. */
async function readySale(outletId: string) {
  const { id } = await sale(outletId);
  for (const status of ['APPROVED', 'COMPLETED']) {
    const res = await api.post(`/api/orders/${id}/status`, { status }, admin());
    expect(res.statusCode, res.body).toBe(200);
  }
  return { id };
}
/** A user outside the matrix holding `permissions`, signed in the first time it is needed. */
function outsider(username: string, permissions: string[]) {
  let headers: Headers | undefined;
  return async () => (headers ??= await signedInUser(t, { username, tenantId, permissions }));
}
/** Asks for refunds, so no matrix role reviews its own request. */
const refunderHeaders = outsider('matrix-refunder', ['create-order', 'read-order']);
const refundBody = (orderId: string, method = 'original') => ({
  order_id: orderId,
  kind: 'amount',
  amount: 100,
  method,
  reason: 'quality_issue',
  ...(method === 'bank_transfer'
    ? { bank: { bank_code: 'MBB', account_holder: 'Matrix', account_number: '1234567890' } }
    : {}),
});
/** A PENDING refund of a fresh sale at the outlet (APPROVED when asked), by the refunder. */
async function refund(outletId: string, options: { method?: string; approved?: boolean } = {}) {
  const res = await api.post(
    '/api/refunds',
    refundBody((await sale(outletId)).id, options.method),
    { ...(await refunderHeaders()), 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json().data as { id: string };
  if (options.approved) {
    const moved = await api.post(`/api/refunds/${id}/status`, { status: 'APPROVED' }, admin());
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return id;
}
/** A fresh customer of the demo tenant (an app account), blocked when asked. */
const matrixPhone = () => `+6018${String(10_000_000 + n()).padStart(8, '0')}`;
const newCustomer = (status: 'active' | 'disabled' = 'active') =>
  insertRow(t, customers, {
    tenantId,
    name: `Matrix customer ${n()}`,
    phone: matrixPhone(),
    referralCode: `MX${randomUUID().slice(0, 8).toUpperCase()}`,
    status,
  });
/** A request to a fresh customer's route (`suffix`: what follows its id), with `payload` if any. */
async function onNewCustomer(
  suffix: string,
  payload?: Payload,
  status?: 'active' | 'disabled',
): Promise<Request> {
  const url = `/api/customers/${(await newCustomer(status)).id}${suffix}`;
  return payload === undefined ? { url } : { url, payload };
}
const closedDay = '2020-06-01';
/** A customer of the demo tenant with RM 10.00 in the wallet. */
const newWalletCustomer = () => walletCustomer(db(), tenantId, { balance: 1000 });
/** Asks for adjustments, so any matrix role may decide them. */
const walletRequester = outsider('matrix-wallet-requester', ['read-wallet', 'adjust-wallet']);
/** A pending adjustment above the limit of a fresh customer, asked for by that user. */
const walletAdjustment = async () =>
  pendingAdjustment(t, await walletRequester(), (await newWalletCustomer()).id, 100_000);
const tierBody = (threshold: number) => ({
  name_en: `Matrix tier ${threshold}`,
  name_my: 'Peringkat matriks',
  threshold,
  points_per_rm: 100,
  colour: '#336699',
});
const newTier = async (threshold: number) =>
  (
    await insertRow(t, membershipTiers, {
      tenantId,
      nameEn: 'Matrix tier',
      nameMy: 'Matriks',
      threshold,
      colour: '#336699',
    })
  ).id;
let closeDayFrom = '2021-01-01';

/** A fresh till of the outlet; with `openBy`, a shift that role opened on it. */
const newTill = (outletId: string) => addTill(db(), tenantId, outletId, `Matrix till ${n()}`);
const newShift = async (role: MatrixRole, outletId: string) =>
  addOpenShift(
    db(),
    tenantId,
    outletId,
    { id: (await userOf(role)).id, name: role },
    `Matrix till ${n()}`,
  );
const shiftRequests = (outletId: () => string): Record<string, Builder> => ({
  tills: () => ({ url: `/api/tills?outlet_id=${outletId()}` }),
  current: () => ({ url: `/api/shifts/current?outlet_id=${outletId()}` }),
  get: async (role) => ({ url: `/api/shifts/${(await newShift(role, outletId())).id}` }),
  working: async (role) => ({
    url: `/api/shifts/${(await newShift(role, outletId())).id}/working`,
  }),
  workingExport: async (role) => ({
    url: `/api/shifts/${(await newShift(role, outletId())).id}/working/export?lang=en`,
  }),
  open: async () => ({
    url: '/api/shifts',
    headers: { 'idempotency-key': randomUUID() },
    payload: { till_id: (await newTill(outletId())).id, float: { note_10: 5 } },
  }),
  movement: async (role) => ({
    url: `/api/shifts/${(await newShift(role, outletId())).id}/movements`,
    headers: { 'idempotency-key': randomUUID() },
    payload: { kind: 'cash_in', reason: 'other', amount: 1000, note: 'Matrix change' },
  }),
  close: async (role) => ({
    url: `/api/shifts/${(await newShift(role, outletId())).id}/close`,
    headers: { 'idempotency-key': randomUUID() },
    payload: { counted: {} },
  }),
});
const ownShifts = shiftRequests(() => kl);
const otherShifts = shiftRequests(() => pg);

/** The demo tenant's own wording of a text, so that a reset has something to undo. */
async function overriddenText(key: string) {
  await db()
    .insert(contentTextOverrides)
    .values({ tenantId, key, textEn: `Matrix ${n()}`, textMy: null })
    .onConflictDoNothing();
  return key;
}
const platformTextBody = () => ({
  description: `Matrix ${n()}`,
  format: 'plain',
  text_en: 'Matrix wording',
  text_my: 'Kata-kata matriks',
});
const menuBody = (title: string) => ({ title, title_en: 'Matrix', title_my: 'Matriks' });
const customerRequest = (): Request => ({
  url: `/api/mobile/orders/${randomUUID()}`,
  payload: {},
});

// ---- The request of every row -----------------------------------------------------------------
const requests: Record<string, Builder> = {
  'GET /api/tills': ownShifts.tills!,
  'GET /api/tills|other outlet': otherShifts.tills!,
  'POST /api/tills': () => ({ url: '/api/tills', payload: { outlet_id: kl, name: `T${n()}` } }),
  'PUT /api/tills/:id': async () => ({
    url: `/api/tills/${(await newTill(kl)).id}`,
    payload: { name: `Renamed ${n()}` },
  }),
  'DELETE /api/tills/:id': async () => ({ url: `/api/tills/${(await newTill(kl)).id}` }),
  'GET /api/shifts': () => ({ url: '/api/shifts?status=open' }),
  'GET /api/shifts/current': ownShifts.current!,
  'GET /api/shifts/current|other outlet': otherShifts.current!,
  'GET /api/shifts/:id': ownShifts.get!,
  'GET /api/shifts/:id|other outlet': otherShifts.get!,
  'GET /api/shifts/:id/working': ownShifts.working!,
  'GET /api/shifts/:id/working|other outlet': otherShifts.working!,
  'GET /api/shifts/:id/working/export': ownShifts.workingExport!,
  'GET /api/shifts/:id/working/export|other outlet': otherShifts.workingExport!,
  'POST /api/shifts': ownShifts.open!,
  'POST /api/shifts|other outlet': otherShifts.open!,
  'POST /api/shifts/:id/movements': ownShifts.movement!,
  'POST /api/shifts/:id/movements|other outlet': otherShifts.movement!,
  'POST /api/shifts/:id/close': ownShifts.close!,
  'POST /api/shifts/:id/close|other outlet': otherShifts.close!,
  'POST /api/logout': async (role) => ({
    url: '/api/logout',
    as: t.bearer((await fresh(role)).token),
  }),
  'POST /api/changepassword': async (role) => ({
    url: '/api/changepassword',
    as: t.bearer((await fresh(role)).token),
    payload: {
      old_password: DEMO_PASSWORD,
      ...newPassword('Matrix@2468'),
    },
    // It ends the user's other sessions too: put the password back and sign in again.
    after: async () => {
      await db()
        .update(users)
        .set({ passwordHash: passwordHashes.get(role)! })
        .where(eq(users.username, role));
      await signIn(role);
    },
  }),
  'PUT /api/registrationdata/:id': (role) => ({
    url: `/api/registrationdata/${shared.get(role)!.id}`,
    payload: { fullname: shared.get(role)!.fullname },
  }),
  'POST /api/refresh-token': async (role) => ({
    url: '/api/refresh-token',
    as: t.bearer((await fresh(role)).refresh_token),
  }),
  'GET /api/app/settings': async (role) => ({
    url: '/api/app/settings',
    as: t.bearer((await fresh(role)).refresh_token),
  }),
  'GET /api/account/sessions': () => ({ url: '/api/account/sessions' }),
  'DELETE /api/account/sessions/:id': async (role) => {
    const other = await fresh(role);
    const list = await api.get('/api/account/sessions', t.bearer(other.token));
    const id = list.json().data.find((s: { current: boolean }) => s.current).id as string;
    return { url: `/api/account/sessions/${id}` };
  },
  'POST /api/account/sessions/revoke-others': () => ({
    url: '/api/account/sessions/revoke-others',
  }),
  'POST /api/account/two-step/setup': (role) => ({
    url: '/api/account/two-step/setup',
    after: async () => {
      await db().update(users).set({ twoStepSecret: null }).where(eq(users.username, role));
    },
  }),
  'POST /api/account/two-step/enable': async (role) => {
    const setup = await api.post('/api/account/two-step/setup', undefined, as(role));
    const secret = setup.json().data.secret as string;
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    return {
      url: '/api/account/two-step/enable',
      payload: { code },
      after: async () => {
        await db()
          .update(users)
          .set({ twoStepEnabled: false, twoStepSecret: null, twoStepLastStep: null })
          .where(eq(users.username, role));
      },
    };
  },
  'POST /api/account/two-step/disable': async (role) => {
    await db()
      .update(users)
      .set({ twoStepEnabled: true, twoStepSecret: new Secret({ size: 20 }).base32 })
      .where(eq(users.username, role));
    return { url: '/api/account/two-step/disable', payload: { password: DEMO_PASSWORD } };
  },
  'POST /api/account/avatar': async () => ({
    url: '/api/account/avatar',
    ...multipartRequest(await pngImage(40, 40)),
  }),
  'GET /api/notification': () => ({ url: '/api/notification' }),
  'PUT /api/notification/read/:id': async (role) => {
    const [row] = await db()
      .insert(notifications)
      .values({ tenantId, userId: (await userOf(role)).id, title: 'Matrix' })
      .returning();
    return { url: `/api/notification/read/${row!.id}` };
  },
  'POST /api/notification/read-all': () => ({ url: '/api/notification/read-all' }),
  'GET /api/tenants/context': () => ({ url: '/api/tenants/context' }),
  'POST /api/tenants/leave': async (role) => ({
    url: '/api/tenants/leave',
    as: t.bearer((await fresh(role)).token),
  }),

  'GET /api/tenants': () => ({ url: '/api/tenants' }),
  'GET /api/tenants/:id': () => ({ url: `/api/tenants/${tenantId}` }),
  'GET /api/tenants/:id/outlets': () => ({ url: `/api/tenants/${tenantId}/outlets` }),
  'POST /api/tenants': () => {
    const slug = `matrix-new-${n()}`;
    const firstAdmin = { username: `${slug}-admin`, fullname: 'Matrix Admin' };
    return {
      url: '/api/tenants',
      payload: {
        ...tenantBody(slug),
        first_admin: { ...firstAdmin, password_setup: { method: 'temporary' } },
      },
    };
  },
  'PUT /api/tenants/:id': async () => {
    const tenant = await newTenant();
    return { url: `/api/tenants/${tenant.id}`, payload: tenantBody(tenant.slug) };
  },
  'POST /api/tenants/:id/suspend': async () => ({
    url: `/api/tenants/${(await newTenant()).id}/suspend`,
  }),
  'POST /api/tenants/:id/activate': async () => ({
    url: `/api/tenants/${(await newTenant('suspended')).id}/activate`,
  }),
  'POST /api/tenants/:id/enter': () => ({ url: `/api/tenants/${tenantId}/enter` }),
  'GET /api/tenant-settings': () => ({ url: '/api/tenant-settings' }),
  'PUT /api/tenant-settings': () => ({
    url: '/api/tenant-settings',
    // The footer varies per request, so each one changes something.
    payload: { ...demoBusinessSettings, receipt_footer: `Matrix ${n()}` },
  }),
  'POST /api/tenant-settings/logo': async () => ({
    url: '/api/tenant-settings/logo',
    ...multipartRequest(await pngImage(40, 40)),
  }),
  'DELETE /api/tenant-settings/logo': async () => {
    const uploaded = await t.inject({
      method: 'POST',
      url: '/api/tenant-settings/logo',
      ...withHeaders(multipartRequest(await pngImage(40, 40)), admin()),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return { url: '/api/tenant-settings/logo' };
  },

  'GET /api/general-settings/features': () => ({ url: '/api/general-settings/features' }),
  'PUT /api/general-settings/features/:code': () => {
    // The seeded values again: allowed or not, the catalogue stays as the other rows expect it.
    const f = appFeatureCatalogue.find((c) => c.code === 'order_notes')!;
    return {
      url: '/api/general-settings/features/order_notes',
      payload: {
        name_en: f.nameEn,
        name_my: f.nameMy,
        description_en: f.descriptionEn,
        description_my: f.descriptionMy,
        default_enabled: f.defaultEnabled,
        locked: false,
      },
    };
  },
  'GET /api/app-features': () => ({ url: '/api/app-features' }),
  'PUT /api/app-features/:code': () => ({
    url: '/api/app-features/wallet_top_up',
    payload: { enabled: true },
  }),
  'PUT /api/app-features/:code/outlets/:outletId': () => ({
    url: `/api/app-features/order_notes/outlets/${kl}`,
    payload: { enabled: true },
  }),

  'GET /api/outlets': () => ({ url: '/api/outlets' }),
  'GET /api/outlets/:id': () => ({ url: `/api/outlets/${kl}` }),
  'GET /api/outlets/:id|other outlet': () => ({ url: `/api/outlets/${pg}` }),
  'POST /api/outlets': () => ({
    url: '/api/outlets',
    payload: { code: `MN${n()}`, name: 'Matrix new', serving_methods: ['pick_up'] },
  }),
  'PUT /api/outlets/:id': async () => {
    const outlet = await newOutlet();
    return {
      url: `/api/outlets/${outlet.id}`,
      payload: { code: outlet.code, name: 'Matrix renamed', serving_methods: ['pick_up'] },
    };
  },
  'DELETE /api/outlets/:id': async () => ({ url: `/api/outlets/${(await newOutlet()).id}` }),
  'GET /api/outlets/:id/hours': () => ({ url: `/api/outlets/${kl}/hours` }),
  'GET /api/outlets/:id/hours|other outlet': () => ({ url: `/api/outlets/${pg}/hours` }),
  'PUT /api/outlets/:id/hours': async () => ({
    url: `/api/outlets/${(await newOutlet()).id}/hours`,
    payload: {
      hours: [{ day: 1, ranges: [{ open: '08:00', close: '17:00' }] }],
      last_order_minutes: 0,
    },
  }),
  'GET /api/outlets/:id/closures': () => ({ url: `/api/outlets/${kl}/closures` }),
  'POST /api/outlets/:id/closures': async () => ({
    url: `/api/outlets/${(await newOutlet()).id}/closures`,
    payload: { from: '2030-01-01', to: '2030-01-02', reason: 'Matrix' },
  }),
  'DELETE /api/outlets/:id/closures/:closureId': async () => {
    const outlet = await newOutlet();
    const [closure] = await db()
      .insert(outletClosures)
      .values({ tenantId, outletId: outlet.id, fromDate: '2030-02-01', toDate: '2030-02-01' })
      .returning();
    return { url: `/api/outlets/${outlet.id}/closures/${closure!.id}` };
  },

  'GET /api/categories': () => ({ url: '/api/categories' }),
  'GET /api/categories/:id': async () => ({
    url: `/api/categories/${(await demoCategory(t, 'Kopi')).id}`,
  }),
  'POST /api/categories': () => ({
    url: '/api/categories',
    payload: { name_en: `Matrix new ${n()}`, name_my: 'Matriks' },
  }),
  'PUT /api/categories/:id': async () => {
    const category = await newCategory();
    return {
      url: `/api/categories/${category.id}`,
      payload: { name_en: category.nameEn, name_my: 'Matriks baharu' },
    };
  },
  'DELETE /api/categories/:id': async () => ({
    url: `/api/categories/${(await newCategory()).id}`,
  }),
  'POST /api/categories/:id/image': async () => ({
    url: `/api/categories/${(await newCategory()).id}/image`,
    ...multipartRequest(await pngImage(40, 40)),
  }),
  'PUT /api/categories/order': async () => {
    const rows = await db()
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.tenantId, tenantId))
      .orderBy(asc(categories.sortOrder), asc(categories.id));
    return { url: '/api/categories/order', payload: { ids: rows.map((r) => r.id) } };
  },
  ...voucherMatrixRequests(() => ({ db: db(), tenantId })),
  ...voucherCampaignMatrixRequests(() => ({ db: db(), tenantId })),
  ...rewardMatrixRequests(() => ({ db: db(), tenantId })),
  ...approvalMatrixRequests(() => ({ own: kl, other: pg })),
  ...boardMatrixRequests(readySale, () => ({ own: kl, other: pg })),
  ...voucherUsageMatrixRequests(() => ({ db: db(), tenantId })),
  ...posRefundMatrixRequests(() => ({ db: db(), kl, pg, sale })),
  ...drawerMatrixRequests(() => ({
    db: db(),
    tenantId,
    outlets: { own: kl, other: pg },
    userId: async (role) => (await userOf(role)).id,
    setManagerPin: async (pin) => {
      await api.put('/api/account/pin', matrixPinBody(pin), as('manager'));
    },
  })),
  ...counterTopupMatrixRequests(() => ({ db: db(), tenantId, own: kl, other: pg })),
  'GET /api/banners': () => ({ url: '/api/banners?state=live' }),
  'GET /api/banners/preview': () => ({ url: `/api/banners/preview?outlet_id=${kl}&lang=my` }),
  'GET /api/banners/:id': async () => ({ url: `/api/banners/${(await newBanner()).id}` }),
  'POST /api/banners': () => ({
    url: '/api/banners',
    payload: bannerBody({ title_en: `Matrix banner ${n()}`, all_outlets: false, outlet_ids: [kl] }),
  }),
  'PUT /api/banners/:id': async () => ({
    url: `/api/banners/${(await newBanner()).id}`,
    payload: bannerBody({ title_en: 'Matrix renamed', target_type: 'outlet', target_id: pg }),
  }),
  'DELETE /api/banners/:id': async () => ({ url: `/api/banners/${(await newBanner()).id}` }),
  'GET /api/payment-gateways': () => ({ url: '/api/payment-gateways' }),
  'GET /api/payment-gateways/:id': async () => ({
    url: `/api/payment-gateways/${await demoGateway()}`,
  }),
  'POST /api/payment-gateways': async () => {
    await dropGateways();
    return { url: '/api/payment-gateways', payload: gatewayBody };
  },
  'PUT /api/payment-gateways/:id': async () => ({
    url: `/api/payment-gateways/${await demoGateway()}`,
    payload: { mode: 'sandbox', methods: ['fpx', 'card'], is_default: true, enabled: true },
  }),
  'DELETE /api/payment-gateways/:id': async () => ({
    url: `/api/payment-gateways/${await demoGateway()}`,
  }),
  'POST /api/payment-gateways/:id/test-connection': async () => ({
    url: `/api/payment-gateways/${await demoGateway()}/test-connection`,
  }),
  // A day with no Billplz payments: the run asks the gateway nothing.
  'POST /api/payment-gateways/:id/reconciliation': async () => ({
    url: `/api/payment-gateways/${await demoGateway()}/reconciliation?from=2026-06-10&to=2026-06-10`,
  }),
  'POST /api/payment-gateways/:id/reconciliation/export': async () => ({
    url: `/api/payment-gateways/${await demoGateway()}/reconciliation/export?from=2026-06-10&to=2026-06-10`,
  }),
  'POST /api/banners/reorder': async () => ({
    url: '/api/banners/reorder',
    payload: { ids: [(await newBanner()).id] },
  }),
  'POST /api/banners/:id/image': async () => ({
    url: `/api/banners/${(await newBanner()).id}/image`,
    ...multipartRequest(await pngImage(40, 20)),
  }),
  'GET /api/variant-groups': () => ({ url: '/api/variant-groups' }),
  'GET /api/variant-groups/:id': async () => ({
    url: `/api/variant-groups/${(await newVariantGroup()).id}`,
  }),
  'POST /api/variant-groups': () => ({
    url: '/api/variant-groups',
    payload: { variant_name: `Matrix ${n()}`, options: [{ options_name: 'Small', price: 0 }] },
  }),
  'PUT /api/variant-groups/:id': async () => ({
    url: `/api/variant-groups/${(await newVariantGroup()).id}`,
    payload: { variant_name: `Matrix ${n()}`, options: [{ options_name: 'Large', price: 100 }] },
  }),
  'DELETE /api/variant-groups/:id': async () => ({
    url: `/api/variant-groups/${(await newVariantGroup()).id}`,
  }),
  'GET /api/addons': () => ({ url: '/api/addons' }),
  'GET /api/addons/:id': async () => ({ url: `/api/addons/${(await newAddon()).id}` }),
  'POST /api/addons': () => ({
    url: '/api/addons',
    payload: { addons_name: `Matrix ${n()}`, price: 150 },
  }),
  'PUT /api/addons/:id': async () => ({
    url: `/api/addons/${(await newAddon()).id}`,
    payload: { addons_name: `Matrix ${n()}`, price: 200 },
  }),
  'DELETE /api/addons/:id': async () => ({ url: `/api/addons/${(await newAddon()).id}` }),
  'GET /api/products': () => ({ url: '/api/products' }),
  'GET /api/products/export': () => ({ url: '/api/products/export' }),
  'POST /api/products/import': () => ({
    url: '/api/products/import?mode=preview',
    ...multipartRequest(
      Buffer.from(
        'sku,name,category,base_price,discounted_price,barcode,description,status,tags\n' +
          `MXI-${n()},Imported,Kopi,5.00,,,,active,\n`,
      ),
      'products.csv',
      'text/csv',
    ),
  }),
  'POST /api/products/bulk-status': async () => ({
    url: '/api/products/bulk-status',
    payload: { ids: [(await newProduct()).id], status: 'disabled' },
  }),
  'GET /api/products/:id': async () => ({
    url: `/api/products/${(await demoProduct(t, 'KOP-001')).id}`,
  }),
  'POST /api/products': async () => ({
    url: '/api/products',
    payload: {
      name: 'Matrix latte',
      sku: `MXP-${n()}`,
      category: (await demoCategory(t, 'Kopi')).id,
      base_price: 900,
    },
  }),
  'PUT /api/products/:id': async () => {
    const product = await newProduct();
    return {
      url: `/api/products/${product.id}`,
      payload: {
        name: 'Matrix renamed',
        sku: product.sku,
        category: product.categoryId,
        base_price: 1000,
      },
    };
  },
  'DELETE /api/products/:id': async () => ({ url: `/api/products/${(await newProduct()).id}` }),
  'POST /api/products/:id/archive': async () => ({
    url: `/api/products/${(await newProduct()).id}/archive`,
  }),
  'POST /api/products/:id/images': async () => ({
    url: `/api/products/${(await newProduct()).id}/images`,
    ...multipartRequest(await pngImage(40, 40)),
  }),
  'DELETE /api/products/:id/images/:imageId': async () => {
    const product = await newProduct();
    const [image] = await uploadImage(product.id);
    return { url: `/api/products/${product.id}/images/${image!.id}` };
  },
  'PUT /api/products/:id/images/:imageId/main': async () => {
    const product = await newProduct();
    await uploadImage(product.id);
    const images = await uploadImage(product.id);
    return { url: `/api/products/${product.id}/images/${images[1]!.id}/main` };
  },
  'GET /api/products/:id/outlets': async () => ({
    url: `/api/products/${(await demoProduct(t, 'KOP-001')).id}/outlets`,
  }),
  'PUT /api/products/:id/outlets/:outletId': async () => ({
    url: `/api/products/${(await newProduct()).id}/outlets/${pg}`,
    payload: { available: true, price_override: 1100 },
  }),
  'PUT /api/products/:id/outlets/:outletId/sold-out': async () => ({
    url: `/api/products/${(await newProduct()).id}/outlets/${kl}/sold-out`,
    payload: { sold_out: true },
  }),
  'PUT /api/products/:id/outlets/:outletId/sold-out|other outlet': async () => ({
    url: `/api/products/${(await newProduct()).id}/outlets/${pg}/sold-out`,
    payload: { sold_out: true },
  }),

  'GET /api/pos/context': () => ({ url: `/api/pos/context?outlet_id=${kl}` }),
  'GET /api/pos/context|other outlet': () => ({ url: `/api/pos/context?outlet_id=${pg}` }),
  'GET /api/pos/menu': () => ({ url: `/api/pos/menu?outlet_id=${kl}` }),
  'GET /api/pos/menu|other outlet': () => ({ url: `/api/pos/menu?outlet_id=${pg}` }),
  'GET /api/pos/outlets': () => ({ url: '/api/pos/outlets' }),
  'POST /api/orders': () => ({
    url: '/api/orders',
    headers: { 'idempotency-key': randomUUID() },
    payload: saleBody(kl, saleProductId),
  }),
  'POST /api/orders|other outlet': () => ({
    url: '/api/orders',
    headers: { 'idempotency-key': randomUUID() },
    payload: saleBody(pg, saleProductId),
  }),
  'GET /api/orders': () => ({ url: '/api/orders' }),
  'GET /api/orders/export': () => ({ url: '/api/orders/export' }),
  'GET /api/orders/outlets': () => ({ url: '/api/orders/outlets' }),
  'GET /api/orders/board': () => ({ url: '/api/orders/board' }),
  'GET /api/orders/:id': async () => ({ url: `/api/orders/${(await sale(kl)).id}` }),
  'GET /api/orders/:id|other outlet': async () => ({ url: `/api/orders/${(await sale(pg)).id}` }),
  'POST /api/orders/:id/status': async () => ({
    url: `/api/orders/${(await sale(kl)).id}/status`,
    payload: { status: 'APPROVED' },
  }),
  'POST /api/orders/:id/status|other outlet': async () => ({
    url: `/api/orders/${(await sale(pg)).id}/status`,
    payload: { status: 'APPROVED' },
  }),
  'POST /api/orders/:id/handed-over': async () => ({
    url: `/api/orders/${(await readySale(kl)).id}/handed-over`,
  }),
  'POST /api/orders/:id/handed-over|other outlet': async () => ({
    url: `/api/orders/${(await readySale(pg)).id}/handed-over`,
  }),
  'POST /api/orders/close-day': () => {
    closeDayFrom = addDays(closeDayFrom, 1);
    return {
      url: '/api/orders/close-day',
      payload: { outlet_id: kl, business_date: closeDayFrom },
    };
  },
  'POST /api/orders/close-day|other outlet': () => {
    closeDayFrom = addDays(closeDayFrom, 1);
    return {
      url: '/api/orders/close-day',
      payload: { outlet_id: pg, business_date: closeDayFrom },
    };
  },
  'GET /api/orders/z-reports': () => ({
    url: `/api/orders/z-reports?outlet_id=${kl}&business_date=${closedDay}`,
  }),
  'GET /api/orders/z-reports|other outlet': () => ({
    url: `/api/orders/z-reports?outlet_id=${pg}&business_date=${closedDay}`,
  }),
  'GET /api/orders/z-reports/working': () => ({
    url: `/api/orders/z-reports/working?outlet_id=${kl}&business_date=${closedDay}`,
  }),
  'GET /api/orders/z-reports/working|other outlet': () => ({
    url: `/api/orders/z-reports/working?outlet_id=${pg}&business_date=${closedDay}`,
  }),
  'GET /api/orders/z-reports/working/export': () => ({
    url: `/api/orders/z-reports/working/export?outlet_id=${kl}&business_date=${closedDay}`,
  }),
  'GET /api/orders/z-reports/working/export|other outlet': () => ({
    url: `/api/orders/z-reports/working/export?outlet_id=${pg}&business_date=${closedDay}`,
  }),

  'GET /api/refunds': () => ({ url: '/api/refunds' }),
  'GET /api/refunds/status-counts': () => ({ url: '/api/refunds/status-counts' }),
  'GET /api/refunds/export': () => ({ url: '/api/refunds/export' }),
  'GET /api/refunds/:id': async () => ({ url: `/api/refunds/${await refund(kl)}` }),
  'GET /api/refunds/:id|other outlet': async () => ({ url: `/api/refunds/${await refund(pg)}` }),
  'POST /api/refunds': async () => ({
    url: '/api/refunds',
    headers: { 'idempotency-key': randomUUID() },
    payload: refundBody((await sale(kl)).id),
  }),
  'POST /api/refunds|other outlet': async () => ({
    url: '/api/refunds',
    headers: { 'idempotency-key': randomUUID() },
    payload: refundBody((await sale(pg)).id),
  }),
  'POST /api/refunds/:id/status': async () => ({
    url: `/api/refunds/${await refund(kl)}/status`,
    payload: { status: 'APPROVED' },
  }),
  'POST /api/refunds/:id/status|other outlet': async () => ({
    url: `/api/refunds/${await refund(pg)}/status`,
    payload: { status: 'APPROVED' },
  }),
  'POST /api/refunds/:id/proof': async () => ({
    url: `/api/refunds/${await refund(kl, { method: 'bank_transfer', approved: true })}/proof`,
    ...multipartRequest(await pngImage(40, 40)),
  }),
  'GET /api/refunds/:id/proof': async () => {
    const id = await refund(kl, { method: 'bank_transfer', approved: true });
    const uploaded = await t.inject({
      method: 'POST',
      url: `/api/refunds/${id}/proof`,
      ...withHeaders(multipartRequest(await pngImage(40, 40)), admin()),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return { url: `/api/refunds/${id}/proof` };
  },
  'GET /api/orders/:id/refundable': async () => ({
    url: `/api/orders/${(await sale(kl)).id}/refundable`,
  }),
  'GET /api/orders/:id/refundable|other outlet': async () => ({
    url: `/api/orders/${(await sale(pg)).id}/refundable`,
  }),

  'GET /api/customers': () => ({ url: '/api/customers?q=a' }),
  'GET /api/customers/export': () => ({ url: '/api/customers/export' }),
  'GET /api/customers/lookup': async () => ({
    url: `/api/customers/lookup?phone=${encodeURIComponent((await newCustomer()).phone)}`,
  }),
  'POST /api/customers': () => ({
    url: '/api/customers',
    payload: { name: 'Matrix walk-in', phone: matrixPhone() },
  }),
  'GET /api/customers/:id': () => onNewCustomer(''),
  'PUT /api/customers/:id': () => onNewCustomer('', { name: 'Matrix renamed' }),
  'GET /api/customers/:id/orders': () => onNewCustomer('/orders'),
  'POST /api/customers/:id/block': () => onNewCustomer('/block', { reason: 'Matrix' }),
  'POST /api/customers/:id/unblock': () => onNewCustomer('/unblock', {}, 'disabled'),
  'GET /api/customers/:id/notes': () => onNewCustomer('/notes'),
  'POST /api/customers/:id/notes': () => onNewCustomer('/notes', { body: 'Matrix note' }),
  'GET /api/customers/:id/personal-data': () => onNewCustomer('/personal-data'),
  'POST /api/customers/:id/anonymise': () => onNewCustomer('/anonymise', { confirm: true }),

  'GET /api/dashboard': () => ({ url: '/api/dashboard' }),
  'GET /api/dashboard|other outlet': () => ({ url: `/api/dashboard?outlet_id=${pg}` }),
  'GET /api/dashboard/outlets': () => ({ url: '/api/dashboard/outlets' }),
  'GET /api/reports/sales': () => ({ url: `/api/reports/sales?from=${closedDay}&to=${closedDay}` }),
  'GET /api/reports/sales|other outlet': () => ({
    url: `/api/reports/sales?from=${closedDay}&to=${closedDay}&outlet_id=${pg}`,
  }),
  'GET /api/reports/sales/export': () => ({
    url: `/api/reports/sales/export?from=${closedDay}&to=${closedDay}`,
  }),
  'GET /api/reports/outlets': () => ({ url: '/api/reports/outlets' }),

  'GET /api/users': () => ({ url: '/api/users' }),
  'GET /api/users/options': () => ({ url: '/api/users/options' }),
  'GET /api/users/:id': async () => ({ url: `/api/users/${(await userOf('cashier')).id}` }),
  'POST /api/users': async () => {
    const cashier = await userOf('cashier');
    return {
      url: '/api/users',
      payload: {
        username: `matrix-new-${n()}`,
        fullname: 'Matrix staff',
        role_id: cashier.roleId,
        id_outlet: kl,
        password_setup: { method: 'temporary' },
      },
    };
  },
  'PUT /api/users/:id': async () => {
    const user = await newStaff();
    return {
      url: `/api/users/${user.id}`,
      payload: { username: user.username, fullname: 'Matrix renamed', role_id: user.roleId },
    };
  },
  'DELETE /api/users/:id': async () => ({ url: `/api/users/${(await newStaff()).id}` }),
  'POST /api/users/:id/disable': async () => ({
    url: `/api/users/${(await newStaff()).id}/disable`,
  }),
  'POST /api/users/:id/enable': async () => {
    const user = await newStaff();
    await db().update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    return { url: `/api/users/${user.id}/enable` };
  },
  'POST /api/users/:id/reset-password': async () => ({
    url: `/api/users/${(await newStaff()).id}/reset-password`,
    payload: { method: 'temporary' },
  }),
  'GET /api/users/:id/sessions': async () => ({
    url: `/api/users/${(await userOf('cashier')).id}/sessions`,
  }),
  'DELETE /api/users/:id/sessions/:sessionId': async () => {
    const user = await newStaff();
    await t.login(user.username);
    const [session] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    return { url: `/api/users/${user.id}/sessions/${session!.id}` };
  },
  'POST /api/users/:id/sessions/revoke-all': async () => ({
    url: `/api/users/${(await newStaff()).id}/sessions/revoke-all`,
  }),
  'GET /api/users/:id/activity': async () => ({
    url: `/api/users/${(await userOf('cashier')).id}/activity`,
  }),
  'GET /api/roles': () => ({ url: '/api/roles' }),
  'GET /api/roles/:id': async () => ({ url: `/api/roles/${(await userOf('cashier')).roleId}` }),
  'POST /api/roles': () => ({
    url: '/api/roles',
    payload: { name: `Matrix new role ${n()}`, permissions: ['read-dashboard'] },
  }),
  'PUT /api/roles/:id': async () => {
    const role = await newRole();
    return {
      url: `/api/roles/${role.id}`,
      payload: { name: role.name, permissions: ['read-pos'] },
    };
  },
  'DELETE /api/roles/:id': async () => ({ url: `/api/roles/${(await newRole()).id}` }),
  'GET /api/permissions': () => ({ url: '/api/permissions' }),
  'GET /api/menus': () => ({ url: '/api/menus' }),
  'POST /api/menus': () => ({ url: '/api/menus', payload: menuBody(`menu.matrix_new_${n()}`) }),
  'PUT /api/menus/:id': async () => {
    const item = await newMenuItem();
    return { url: `/api/menus/${item.id}`, payload: { ...menuBody(item.title), hidden: true } };
  },
  'PUT /api/menus/order': async () => ({
    url: '/api/menus/order',
    payload: { items: [{ id: (await newMenuItem()).id, parent_id: null, sort_order: 9000 }] },
  }),
  'DELETE /api/menus/:id': async () => ({ url: `/api/menus/${(await newMenuItem()).id}` }),
  'GET /api/logs': () => ({ url: '/api/logs' }),
  'GET /api/logs/:id': async () => {
    const [entry] = await db()
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.actorUsername, 'admin')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    return { url: `/api/logs/${entry!.id}` };
  },
  'GET /api/logs/filters': () => ({ url: '/api/logs/filters' }),
  'GET /api/logs/export': () => ({ url: '/api/logs/export' }),

  'GET /api/membership-tiers': () => ({ url: '/api/membership-tiers' }),
  'POST /api/membership-tiers': () => ({
    url: '/api/membership-tiers',
    payload: tierBody(20_000 + n()),
  }),
  'PUT /api/membership-tiers/:id': async () => {
    const threshold = 30_000 + n();
    return {
      url: `/api/membership-tiers/${await newTier(threshold)}`,
      payload: tierBody(threshold),
    };
  },
  'DELETE /api/membership-tiers/:id': async () => ({
    url: `/api/membership-tiers/${await newTier(40_000 + n())}`,
  }),
  'GET /api/loyalty-settings': () => ({ url: '/api/loyalty-settings' }),
  'PUT /api/loyalty-settings': () => ({
    url: '/api/loyalty-settings',
    payload: defaultLoyaltySettings,
  }),
  'GET /api/referral-settings': () => ({ url: '/api/referral-settings' }),
  'PUT /api/referral-settings': () => ({
    url: '/api/referral-settings',
    payload: defaultReferralSettings,
  }),
  'GET /api/referrals': () => ({ url: '/api/referrals?status=pending' }),
  'GET /api/mobile/points': () => ({ url: '/api/mobile/points' }),
  'POST /api/mobile/points/redeem': () => ({
    url: '/api/mobile/points/redeem',
    payload: { points: 100 },
  }),
  'GET /api/mobile/referrals': () => ({ url: '/api/mobile/referrals' }),

  'POST /api/mobile/auth/sign-out': () => ({ url: '/api/mobile/auth/sign-out', payload: {} }),
  'GET /api/mobile/me': () => ({ url: '/api/mobile/me' }),
  'GET /api/mobile/orders': () => ({ url: '/api/mobile/orders' }),
  'POST /api/mobile/orders': () => ({ url: '/api/mobile/orders', payload: {} }),
  'GET /api/mobile/orders/:id': customerRequest,
  'POST /api/mobile/orders/:id/cancel': () => ({
    url: `/api/mobile/orders/${randomUUID()}/cancel`,
    payload: {},
  }),
  'POST /api/mobile/orders/:id/pay': () => ({
    url: `/api/mobile/orders/${randomUUID()}/pay`,
    payload: {},
  }),
  'GET /api/mobile/wallet': () => ({ url: '/api/mobile/wallet' }),
  'GET /api/mobile/payment-options': () => ({ url: '/api/mobile/payment-options' }),
  'GET /api/mobile/wallet/entries': () => ({ url: '/api/mobile/wallet/entries' }),
  'POST /api/mobile/wallet/topups': () => ({
    url: '/api/mobile/wallet/topups',
    payload: { amount: 1000 },
  }),

  'GET /api/content-texts': () => ({ url: '/api/content-texts?q=terms&state=default' }),
  'GET /api/content-texts/:key': () => ({ url: '/api/content-texts/terms' }),
  'PUT /api/content-texts/:key': () => ({
    url: '/api/content-texts/order_notice',
    payload: { text_en: `Matrix notice ${n()}`, text_my: null },
  }),
  'POST /api/content-texts/:key/reset': async () => ({
    url: `/api/content-texts/${await overriddenText('pickup_info')}/reset`,
  }),
  'GET /api/content-texts/:key/history': () => ({ url: '/api/content-texts/order_notice/history' }),
  'GET /api/general-settings/content-texts': () => ({
    url: '/api/general-settings/content-texts?format=markdown',
  }),
  'GET /api/general-settings/content-texts/:key': () => ({
    url: '/api/general-settings/content-texts/terms',
  }),
  'POST /api/general-settings/content-texts': () => ({
    url: '/api/general-settings/content-texts',
    payload: { key: `matrix_text_${n()}`, ...platformTextBody() },
  }),
  'PUT /api/general-settings/content-texts/:key': () => ({
    url: '/api/general-settings/content-texts/support_contact',
    payload: platformTextBody(),
  }),
  'GET /api/general-settings/content-texts/:key/history': () => ({
    url: '/api/general-settings/content-texts/support_contact/history',
  }),
  'GET /api/customers/:id/wallet': async () => ({
    url: `/api/customers/${(await newWalletCustomer()).id}/wallet`,
  }),
  'GET /api/customers/:id/points': async () => ({
    url: `/api/customers/${(await newWalletCustomer()).id}/points`,
  }),
  'POST /api/customers/:id/wallet/adjust': async () => ({
    url: `/api/customers/${(await newWalletCustomer()).id}/wallet/adjust`,
    payload: { amount: 100, reason: 'Matrix goodwill' },
    headers: { 'idempotency-key': randomUUID() },
  }),
  'GET /api/wallet-adjustments': () => ({ url: '/api/wallet-adjustments?status=pending' }),
  'POST /api/wallet-adjustments/:id/approve': async () => ({
    url: `/api/wallet-adjustments/${await walletAdjustment()}/approve`,
  }),
  'POST /api/wallet-adjustments/:id/reject': async () => ({
    url: `/api/wallet-adjustments/${await walletAdjustment()}/reject`,
  }),
  'GET /api/wallet-entries': () => ({ url: '/api/wallet-entries?kind=topup' }),
  'GET /api/wallet-entries/export': () => ({ url: '/api/wallet-entries/export?lang=my' }),
  'GET /api/wallet-liability': () => ({ url: '/api/wallet-liability' }),
  'POST /api/mobile/wallet/payment-code': () => ({ url: '/api/mobile/wallet/payment-code' }),
  'POST /api/mobile/orders/:id/pay-with-wallet': () => ({
    url: `/api/mobile/orders/${randomUUID()}/pay-with-wallet`,
  }),
  'POST /api/vouchers/check': async () => ({
    url: '/api/vouchers/check',
    payload: await voucherCheckBody(kl),
  }),
  'POST /api/vouchers/check|other outlet': async () => ({
    url: '/api/vouchers/check',
    payload: await voucherCheckBody(pg),
  }),
  'GET /api/mobile/vouchers': () => ({ url: '/api/mobile/vouchers' }),
  'POST /api/mobile/vouchers/check': () => ({ url: '/api/mobile/vouchers/check', payload: {} }),
  'POST /api/wallet-payment-codes/check': async () => ({
    url: '/api/wallet-payment-codes/check',
    payload: { code: await issuedCode(t) },
  }),
};

const withHeaders = (
  request: { payload: unknown; headers: Record<string, string> },
  headers: Record<string, string>,
) => ({ payload: request.payload as string, headers: { ...request.headers, ...headers } });

function multipartRequest(content: Buffer, filename?: string, type?: string) {
  const body = multipart(content, filename, type);
  return { payload: body.payload, headers: { 'content-type': body.contentType } };
}

/**
 * Writes that add no audit entry, and why. Every other successful non-GET request of the matrix
 * must add at least one (DESIGN §5: every write is audited).
 */
const unaudited: Record<string, string> = {
  'PUT /api/notification/read/:id': 'read state is personal display state (decision 005)',
  'POST /api/notification/read-all': 'read state is personal display state (decision 005)',
  'POST /api/products/import': 'the preview writes nothing; a commit is audited',
  'POST /api/payment-gateways/:id/test-connection': 'asks the gateway; writes nothing',
  'POST /api/payment-gateways/:id/reconciliation':
    'compares payments with the gateway; writes nothing',
  'POST /api/payment-gateways/:id/reconciliation/export':
    'the same comparison as a file; writes nothing',
  'POST /api/tenants/leave': 'a session outside any tenant has nothing to leave',
  'POST /api/wallet-payment-codes/check': 'reads a payment code without using it: nothing changes',
  'POST /api/vouchers/check': 'previews a voucher on a cart: nothing changes',
  'POST /api/refresh-token':
    'token rotation is not a change worth the log; the session row keeps its last use (decision 020)',
};
/**
 * The entry (`action entity`) each audited write must add: a write that logs the wrong thing
 * (another action, or only a side effect) fails like one that logs nothing.
 */
const auditedAs: Record<string, string> = {
  ...rewardMatrixAudits,
  ...approvalMatrixAudits,
  ...posRefundMatrixAudits,
  ...drawerMatrixAudits,
  ...counterTopupMatrixAudits,
  ...boardMatrixAudits,
  'DELETE /api/account/sessions/:id': 'session.revoke session',
  'DELETE /api/addons/:id': 'addon.delete addon',
  'DELETE /api/banners/:id': 'banner.delete banner',
  'DELETE /api/categories/:id': 'category.delete category',
  'DELETE /api/membership-tiers/:id': 'membership_tier.delete membership_tier',
  'DELETE /api/menus/:id': 'menu.delete menu_item',
  'DELETE /api/outlets/:id': 'outlet.delete outlet',
  'DELETE /api/outlets/:id/closures/:closureId': 'outlet.closure_remove outlet',
  'DELETE /api/products/:id': 'product.delete product',
  'DELETE /api/products/:id/images/:imageId': 'product.image_remove product',
  'DELETE /api/roles/:id': 'role.delete role',
  'DELETE /api/users/:id': 'user.delete user',
  'DELETE /api/users/:id/sessions/:sessionId': 'session.revoke session',
  'DELETE /api/variant-groups/:id': 'variant_group.delete variant_group',
  'POST /api/account/avatar': 'user.avatar_change user',
  'POST /api/account/sessions/revoke-others': 'session.revoke_others user',
  'POST /api/account/two-step/disable': 'user.two_step_disable user',
  'POST /api/account/two-step/enable': 'user.two_step_enable user',
  'POST /api/account/two-step/setup': 'user.two_step_setup user',
  'POST /api/addons': 'addon.create addon',
  'POST /api/banners': 'banner.create banner',
  'POST /api/vouchers': 'voucher.create voucher',
  'PUT /api/vouchers/:id': 'voucher.update voucher',
  'DELETE /api/vouchers/:id': 'voucher.delete voucher',
  'POST /api/vouchers/:id/codes': 'voucher.codes_generate voucher',
  'POST /api/voucher-campaigns': 'voucher_campaign.create voucher_campaign',
  'PUT /api/voucher-campaigns/:id': 'voucher_campaign.update voucher_campaign',
  'POST /api/voucher-campaigns/:id/status': 'voucher_campaign.schedule voucher_campaign',
  'DELETE /api/voucher-campaigns/:id': 'voucher_campaign.delete voucher_campaign',
  'POST /api/banners/:id/image': 'banner.image banner',
  'POST /api/banners/reorder': 'banner.reorder banner',
  'POST /api/categories': 'category.create category',
  'POST /api/categories/:id/image': 'category.image category',
  'POST /api/customers': 'customer.create customer',
  'POST /api/customers/:id/anonymise': 'customer.anonymise customer',
  'POST /api/customers/:id/block': 'customer.block customer',
  'POST /api/customers/:id/notes': 'customer.note customer',
  'POST /api/customers/:id/unblock': 'customer.unblock customer',
  'PUT /api/customers/:id': 'customer.update customer',
  'POST /api/changepassword': 'user.password_change user',
  'POST /api/logout': 'session.revoke session',
  'POST /api/membership-tiers': 'membership_tier.create membership_tier',
  'POST /api/menus': 'menu.create menu_item',
  'POST /api/orders': 'order.create order',
  'POST /api/orders/:id/status': 'order.status order',
  'POST /api/orders/:id/handed-over': 'order.handed_over order',
  'POST /api/orders/close-day': 'order.close_day z_report',
  'POST /api/tills': 'till.create till',
  'PUT /api/tills/:id': 'till.update till',
  'DELETE /api/tills/:id': 'till.delete till',
  'POST /api/shifts': 'shift.open shift',
  'POST /api/shifts/:id/movements': 'shift.cash_in shift',
  'POST /api/shifts/:id/close': 'shift.close shift',
  'POST /api/outlets': 'outlet.create outlet',
  'POST /api/outlets/:id/closures': 'outlet.closure_add outlet',
  'POST /api/products': 'product.create product',
  'POST /api/refunds': 'refund.create refund',
  'POST /api/refunds/:id/proof': 'refund.proof refund',
  'POST /api/refunds/:id/status': 'refund.status refund',
  'POST /api/customers/:id/wallet/adjust': 'wallet.adjust customer',
  'POST /api/wallet-adjustments/:id/approve': 'wallet.adjustment_approve wallet_adjustment',
  'POST /api/wallet-adjustments/:id/reject': 'wallet.adjustment_reject wallet_adjustment',
  'POST /api/products/:id/archive': 'product.archive product',
  'POST /api/products/:id/images': 'product.image_add product',
  'POST /api/products/bulk-status': 'product.bulk_status product',
  'POST /api/roles': 'role.create role',
  'POST /api/tenants': 'tenant.create tenant',
  'POST /api/tenants/:id/activate': 'tenant.activate tenant',
  'POST /api/tenants/:id/enter': 'tenant.enter tenant',
  'POST /api/tenants/:id/suspend': 'tenant.suspend tenant',
  'POST /api/users': 'user.create user',
  'POST /api/users/:id/disable': 'user.disable user',
  'POST /api/users/:id/enable': 'user.enable user',
  'POST /api/users/:id/reset-password': 'user.password_temporary user',
  'POST /api/users/:id/sessions/revoke-all': 'session.revoke_all user',
  'POST /api/variant-groups': 'variant_group.create variant_group',
  'PUT /api/addons/:id': 'addon.update addon',
  'PUT /api/banners/:id': 'banner.update banner',
  'PUT /api/categories/:id': 'category.update category',
  'PUT /api/categories/order': 'category.reorder category',
  'PUT /api/content-texts/:key': 'content_text.override content_text',
  'POST /api/content-texts/:key/reset': 'content_text.reset content_text',
  'POST /api/general-settings/content-texts': 'content_text_default.create content_text_default',
  'PUT /api/general-settings/content-texts/:key':
    'content_text_default.update content_text_default',
  'PUT /api/loyalty-settings': 'loyalty_settings.update loyalty_settings',
  'PUT /api/membership-tiers/:id': 'membership_tier.update membership_tier',
  'PUT /api/menus/:id': 'menu.update menu_item',
  'PUT /api/menus/order': 'menu.reorder menu_item',
  'PUT /api/outlets/:id': 'outlet.update outlet',
  'PUT /api/outlets/:id/hours': 'outlet.hours_update outlet',
  'PUT /api/products/:id': 'product.update product',
  'PUT /api/products/:id/images/:imageId/main': 'product.image_main product',
  'PUT /api/products/:id/outlets/:outletId': 'product.outlet_update product',
  'PUT /api/products/:id/outlets/:outletId/sold-out': 'product.sold_out product',
  'PUT /api/referral-settings': 'referral_settings.update referral_settings',
  'PUT /api/registrationdata/:id': 'user.update_profile user',
  'PUT /api/roles/:id': 'role.update role',
  'PUT /api/tenants/:id': 'tenant.update tenant',
  'PUT /api/tenant-settings': 'business_settings.update tenant',
  'POST /api/tenant-settings/logo': 'business_settings.logo tenant',
  'DELETE /api/tenant-settings/logo': 'business_settings.logo tenant',
  'PUT /api/users/:id': 'user.update user',
  'PUT /api/variant-groups/:id': 'variant_group.update variant_group',
  'PUT /api/general-settings/features/:code': 'app_feature.update app_feature',
  'PUT /api/app-features/:code': 'app_feature.switch app_feature',
  'PUT /api/app-features/:code/outlets/:outletId': 'app_feature.switch app_feature',
  'POST /api/payment-gateways': 'payment-gateway.create payment-gateway',
  'PUT /api/payment-gateways/:id': 'payment-gateway.update payment-gateway',
  'DELETE /api/payment-gateways/:id': 'payment-gateway.delete payment-gateway',
};

const auditIds = async () =>
  new Set((await db().select({ id: auditLog.id }).from(auditLog)).map((r) => r.id));
/** `action entity` of the entries added since `before`. */
const auditedSince = async (before: Set<string>) =>
  (
    await db()
      .select({ id: auditLog.id, action: auditLog.action, entity: auditLog.entity })
      .from(auditLog)
  )
    .filter((r) => !before.has(r.id))
    .map((r) => `${r.action} ${r.entity}`);

const keyOf = (row: MatrixRow) => (row.variant ? `${row.route}|${row.variant}` : row.route);
const codeOf: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' };

const { t, api } = useTestApp({ config: { paymentGatewayBaseUrls: gatewayUrls } });
beforeAll(async () => {
  fakeBillplz = await startFakeBillplzOf(GATEWAY_CREDENTIALS, () =>
    Promise.reject(new Error('the matrix sends no callbacks')),
  );
  gatewayUrls.billplz = fakeBillplz.url;
  tenantId = await demoTenantId(t);
  ({ kl, pg } = await demoOutletIds(t));
  const rows = await db()
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.username, [...matrixRoles]));
  for (const r of rows) passwordHashes.set(r.username as MatrixRole, r.passwordHash);
  for (const role of matrixRoles) await signIn(role);
  saleProductId = (await newProduct()).id;
  // Counter sales go into the till's open shift (tenants require one by default).
  for (const outletId of [kl, pg]) await ensureShift(t, outletId);
  for (const outletId of [kl, pg]) {
    const closed = await api.post(
      '/api/orders/close-day',
      { outlet_id: outletId, business_date: closedDay },
      admin(),
    );
    expect(closed.statusCode, closed.body).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await fakeBillplz?.close();
  await t?.close();
});

describe('authorization matrix', () => {
  it('covers every registered route, with a request for every row and no stale rows', () => {
    const covered = new Set(authorizationMatrix.map((r) => r.route));
    const registered = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    const missing = t.routes
      .filter((r) => !covered.has(`${r.method} ${r.url}`))
      .filter((r) => !matrixExclusions.some((e) => e.applies(r)))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes with neither a matrix row nor an exclusion').toEqual([]);
    const stale = authorizationMatrix.filter((r) => !registered.has(r.route)).map(keyOf);
    expect(stale, 'matrix rows of routes that do not exist').toEqual([]);
    const keys = authorizationMatrix.map(keyOf);
    expect(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      'duplicate rows',
    ).toEqual([]);
    expect(
      keys.filter((k) => !requests[k]),
      'rows without a request',
    ).toEqual([]);
    expect(
      Object.keys(requests).filter((k) => !keys.includes(k)),
      'unused requests',
    ).toEqual([]);
    const routes = authorizationMatrix.map((r) => r.route);
    expect(
      Object.keys(auditedAs).filter((k) => !routes.includes(k) || unaudited[k]),
      'expected audit entries of routes without a row, or listed as unaudited',
    ).toEqual([]);
  });

  it('has exactly the pinned public routes', () => {
    const registered = t.routes
      .filter((r) => r.public && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(
      registered,
      'public routes (review publicRoutes in authorization-matrix-outside.ts)',
    ).toEqual([...publicRoutes].sort());
  });

  for (const row of authorizationMatrix) {
    it(keyOf(row).replace('|', ' — '), async () => {
      const [method, url] = row.route.split(' ') as [HttpMethod, string];
      const got: Partial<Record<MatrixRole, unknown>> = {};
      const problems: string[] = [];
      for (const role of matrixRoles) {
        const request = await requests[keyOf(row)]!(role);
        expect(request.url.split('?')[0]!.split('/').length, `${url} shape`).toBe(
          url.split('/').length,
        );
        const auditedBefore = await auditIds();
        const res = await api.send(method, request.url, request.payload, {
          ...(request.as ?? as(role)),
          ...request.headers,
        });
        const audited = await auditedSince(auditedBefore);
        await request.after?.();
        got[role] = res.statusCode;
        const wanted = row.expect[role];
        const code = codeOf[wanted];
        const wrongCode = code !== undefined && res.json().code_message !== code;
        if (res.statusCode !== wanted || wrongCode) {
          problems.push(
            `${role}: expected ${wanted}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
        const wrote = method !== 'GET' && res.statusCode < 300;
        if (wrote && !unaudited[row.route]) {
          const wanted = auditedAs[row.route];
          if (audited.length === 0) problems.push(`${role}: the write added no audit entry`);
          else if (!wanted || !audited.includes(wanted)) {
            problems.push(`${role}: expected audit entry ${wanted}, got ${audited.join(', ')}`);
          }
        }
      }
      expect(problems, JSON.stringify(got)).toEqual([]);
    });
  }

  it('leaves every demo user signed in, with their own password', async () => {
    for (const role of matrixRoles) {
      const res = await api.get('/api/notification', as(role));
      expect(res.statusCode, role).toBe(200);
      await expect(t.login(role)).resolves.toMatchObject({ username: role });
    }
  });
});
