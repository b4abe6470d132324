import {
  businessDate,
  addDays,
  customerDetailsSchema,
  customerSummarySchema,
  type CustomerSummary,
} from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { otherTenant } from '../../test/catalogue-fixtures';
import {
  addCustomer,
  addTiers,
  customerSale,
  pointsEntry,
  setTier,
  walletEntry,
} from '../../test/customer-fixtures';
import { expectCode, expectInvalid } from '../../test/expect-code';
import { latestAudit } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';

// The staff customer list (search, filters, sort, paging, CSV), one customer's details and
// orders, and editing the profile.

const { t, api, as } = useTestApp({ signIn: ['admin', 'manager', 'cashier'], api: 'admin' });
const { manager } = as;

type Row = Awaited<ReturnType<typeof addCustomer>>;
let siti: Row;
let tan: Row;
let ravi: Row;
let walkIn: Row;
let tiers: Awaited<ReturnType<typeof addTiers>>;
let lastSale: { id: string };
// Joined and last-order days are calendar days in the tenant's zone, Kuala Lumpur. A day is taken
// from the row it names, so a run crossing midnight compares the day the row was written on.
const klDay = (at: Date | string) => businessDate(new Date(at), 'Asia/Kuala_Lumpur', 0);

beforeAll(async () => {
  tiers = await addTiers(t);
  tan = await addCustomer(t, { name: 'Tan Ah Kow', phone: '+60162223333' });
  siti = await addCustomer(t, {
    name: 'Siti Nurhaliza',
    phone: '+60123450001',
    email: 'siti@example.my',
    referredBy: tan.id,
  });
  ravi = await addCustomer(t, { name: 'Ravi Kumar', phone: '+60193334444', status: 'disabled' });
  walkIn = await addCustomer(t, { name: 'Lim Walk-in', phone: '+60175556666', passwordHash: null });
  await walletEntry(t, siti, 5000);
  await walletEntry(t, siti, -1250);
  await pointsEntry(t, siti, 600);
  await setTier(t, siti.id, tiers[1]!.id);
  const admin = as.admin;
  await customerSale(t, admin, siti);
  await customerSale(t, admin, siti, { outlet: 'PG01' });
  lastSale = await customerSale(t, admin, siti);
  // Another business with a customer of the same phone: never in these answers.
  const other = await otherTenant(t, 'other-kopi');
  await addCustomer(t, { name: 'Secret Siti', phone: siti.phone, tenantId: other.tenant.id });
});

const list = async (query: string) => {
  const res = await api.get(`/api/customers?page_size=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: CustomerSummary[]; meta: { total: number } };
};
const names = async (query: string) => (await list(query)).data.map((c) => c.name);

describe('GET /api/customers', () => {
  it('lists the tenant’s customers newest first with tier, balances and orders', async () => {
    const body = await list('');
    const rows = body.data.map((c) => customerSummarySchema.strict().parse(c));
    // The two app customers of the demo seed, and this file's four.
    expect(body.meta.total).toBe(6);
    expect(rows.map((c) => c.name).slice(0, 4)).toEqual([
      'Lim Walk-in',
      'Ravi Kumar',
      'Siti Nurhaliza',
      'Tan Ah Kow',
    ]);
    expect(rows.find((c) => c.id === siti.id)).toMatchObject({
      phone: '+60123450001',
      status: 'active',
      tier: { id: tiers[1]!.id, name_en: 'Gold', name_my: 'Emas', colour: '#D4AF37' },
      points: 600,
      wallet_balance: 3750,
      orders: 3,
      app_account: true,
      anonymised: false,
    });
    expect(rows.find((c) => c.id === siti.id)!.last_order_at).not.toBeNull();
    expect(rows.find((c) => c.id === walkIn.id)).toMatchObject({
      app_account: false,
      orders: 0,
      last_order_at: null,
      tier: null,
    });
    expect(JSON.stringify(body)).not.toContain('Secret Siti');
  });

  it('searches name and e-mail, and phone digits in local or international form', async () => {
    expect(await names('q=nurhal')).toEqual(['Siti Nurhaliza']);
    expect(await names('q=SITI%40EXAMPLE')).toEqual(['Siti Nurhaliza']);
    for (const q of ['012-345 0001', '0123450001', '+60 12-345 0001', '60123450001', '450001']) {
      expect(await names(`q=${encodeURIComponent(q)}`), q).toEqual(['Siti Nurhaliza']);
    }
    expect(await names('q=016-222')).toEqual(['Tan Ah Kow']);
    expect(await names('q=nobody')).toEqual([]);
    // LIKE wildcards are searched for, not obeyed.
    expect(await names('q=%25')).toEqual([]);
  });

  it('filters by status, tier, wallet balance, joined and last order days', async () => {
    expect(await names('status=disabled')).toEqual(['Ravi Kumar']);
    expect(await names(`tier_id=${tiers[1]!.id}`)).toEqual(['Siti Nurhaliza']);
    // Only Siti was given a tier: `none` is everyone else of the six.
    const noTier = await list('tier_id=none');
    expect(noTier.meta.total).toBe(5);
    expect(noTier.data.map((c) => c.name)).not.toContain('Siti Nurhaliza');
    expectCode(await api.get('/api/customers?tier_id=nothing'), 400, 'validation_failed');
    expect(await names('has_wallet=true')).toEqual(['Siti Nurhaliza']);
    expect(await names('has_wallet=false')).not.toContain('Siti Nurhaliza');
    // Tan joined first, so every customer joined on Tan's day or later.
    const joined = klDay(tan.createdAt);
    expect((await list(`joined_from=${joined}`)).meta.total).toBe(6);
    expect((await list(`joined_to=${addDays(joined, -1)}`)).meta.total).toBe(0);
    const lastOrder = klDay((await api.get(`/api/orders/${lastSale.id}`)).json().data.created_at);
    expect(await names(`last_order_from=${lastOrder}&last_order_to=${lastOrder}`)).toEqual([
      'Siti Nurhaliza',
    ]);
    expect(await names(`last_order_to=${addDays(lastOrder, -1)}`)).toEqual([]);
    const bad = await api.get('/api/customers?status=gone&joined_from=yesterday');
    expectInvalid(bad, ['joined_from', 'status']);
  });

  it('sorts by each key (customers without orders last) and pages', async () => {
    expect((await names('sort=name')).slice(0, 3)).toEqual([
      'Daniel Lim',
      'Lim Walk-in',
      'Nur Aina',
    ]);
    expect((await names('sort=-wallet'))[0]).toBe('Siti Nurhaliza');
    expect((await names('sort=-points'))[0]).toBe('Siti Nurhaliza');
    expect((await names('sort=last_order'))[0]).toBe('Siti Nurhaliza');
    expect((await names('sort=created')).at(-1)).toBe('Lim Walk-in');
    expectCode(await api.get('/api/customers?sort=phone'), 400, 'validation_failed');
    const page = await api.get('/api/customers?page=2&page_size=5&sort=name');
    expect(page.json().meta).toEqual({ page: 2, page_size: 5, total: 6 });
    expect(page.json().data.map((c: CustomerSummary) => c.name)).toEqual(['Tan Ah Kow']);
  });
});

describe('GET /api/customers/export', () => {
  it('writes the filtered list as CSV in English or Malay', async () => {
    const res = await api.get('/api/customers/export?q=siti');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="customers-\d{8}\.csv"$/,
    );
    const [header, row, ...rest] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe(
      'Name,Phone,E-mail,Status,Tier,Points,Wallet balance (RM),Orders,Last order,App account,Joined',
    );
    expect(rest).toEqual([]);
    // A phone starts with "+": quoted so a spreadsheet does not read it as a formula.
    expect(row).toMatch(
      /^Siti Nurhaliza,'\+60123450001,siti@example\.my,Active,Gold,600,37\.50,3,\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2},Yes,/,
    );
    const my = await api.get('/api/customers/export?lang=my&status=disabled');
    const lines = my.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Nama,Telefon,E-mel,Status,Peringkat,Mata,Baki dompet (RM)');
    expect(lines[1]).toMatch(/^Ravi Kumar,'\+60193334444,,Disekat,,0,0\.00,0,,Ya,/);
  });
});

describe('GET /api/customers/{id}', () => {
  it('shows the profile, total spend, who referred them and the next tier', async () => {
    const res = await api.get(`/api/customers/${siti.id}`);
    expect(res.statusCode).toBe(200);
    const details = customerDetailsSchema.strict().parse(res.json().data);
    expect(details).toMatchObject({
      name: 'Siti Nurhaliza',
      referral_code: siti.referralCode,
      referred_by: { id: tan.id, name: 'Tan Ah Kow' },
      phone_verified: false,
      orders: 3,
      // Three Banana Cakes with 6% service tax: paid minus refunded.
      total_spend: 3 * 636,
      // 600 points of the last 12 months; Platinum starts at 1,500.
      next_tier: { name_en: 'Platinum', name_my: 'Platinum', basis: 'points', remaining: 900 },
    });
    const daniel = await api.get('/api/customers?q=daniel');
    const id = daniel.json().data[0].id;
    const referred = (await api.get(`/api/customers/${id}`)).json().data;
    expect(referred.referred_by.name).toBe('Nur Aina');
    expect(referred.next_tier).toMatchObject({ name_en: 'Silver', remaining: 100 });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const res = await api.get('/api/customers/00000000-0000-4000-8000-000000000000');
    expectCode(res, 404, 'not_found');
    expectCode(await api.get('/api/customers/nope'), 400, 'validation_failed');
  });
});

describe('GET /api/customers/{id}/orders', () => {
  it('lists the customer’s orders newest first; an outlet-bound manager sees that outlet’s', async () => {
    const res = await api.get(`/api/customers/${siti.id}/orders?page_size=5`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, page_size: 5, total: 3 });
    expect(body.data.map((o: { outlet_name: string }) => o.outlet_name)).toEqual([
      'Kuala Lumpur',
      'Penang',
      'Kuala Lumpur',
    ]);
    expect(body.data[0]).toMatchObject({ source: 'pos-apps', total: 636, refunded: 0 });
    const bound = await api.get(`/api/customers/${siti.id}/orders`, manager);
    expect(bound.json().meta.total).toBe(2);
    expect((await api.get(`/api/customers/${tan.id}/orders`)).json().meta.total).toBe(0);
  });
});

describe('PUT /api/customers/{id}', () => {
  it('changes name, e-mail and birthday and audits before and after', async () => {
    const res = await api.put(`/api/customers/${tan.id}`, {
      name: 'Tan Ah Kow Senior',
      email: 'tan@example.my',
      birthday: '1960-02-29',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Tan Ah Kow Senior',
      email: 'tan@example.my',
      birthday: '1960-02-29',
      phone: '+60162223333',
    });
    const entry = await latestAudit(t, 'customer.update');
    expect(entry).toMatchObject({
      entityId: tan.id,
      actorUsername: 'admin',
      // Which fields changed, never their values (decision 051).
      before: null,
      after: { changed: ['name', 'email', 'birthday'] },
    });
    // Left out keeps, null clears.
    const cleared = await api.put(`/api/customers/${tan.id}`, { name: 'Tan Ah Kow', email: null });
    expect(cleared.json().data).toMatchObject({ email: null, birthday: '1960-02-29' });
  });

  it('refuses a blank name, a bad e-mail and an impossible birthday with field details', async () => {
    const res = await api.put(`/api/customers/${tan.id}`, {
      name: ' ',
      email: 'not-an-email',
      birthday: '1990-13-01',
    });
    expectInvalid(res, ['birthday', 'email', 'name']);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, tan.id));
    expect(row!.name).toBe('Tan Ah Kow');
  });

  it('answers 403 to a manager (read only) and 404 to an unknown customer', async () => {
    const body = { name: 'X' };
    expectCode(await api.put(`/api/customers/${ravi.id}`, body, manager), 403, 'forbidden');
    const unknown = '/api/customers/00000000-0000-4000-8000-000000000000';
    expectCode(await api.put(unknown, body), 404, 'not_found');
  });
});
