import fs from 'node:fs';
import path from 'node:path';
import { businessSettingsSchema, orderSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../db/schema/tenancy';
import { demoOutlet, multipart, otherTenant, pngImage } from '../../test/catalogue-fixtures';
import { expectCode, expectInvalid } from '../../test/expect-code';
import { demoBusinessSettings, latestAudit, signedInUser } from '../../test/fixtures';
import { addProduct, demoTenantId, sell, testClock } from '../../test/order-fixtures';
import { anonymous, type RequestHeaders } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// Business settings (/api/tenant-settings): the tenant's own admin edits its tax, service
// charge, rounding, registration numbers, receipt texts and logo and business-day cut-off; the
// tenant is the caller's, never the request's. Orders keep the amounts they were priced with.

const clock = testClock('2026-06-10T04:00:00Z'); // Wednesday 12:00 in Kuala Lumpur: open
const { t, api, as } = useTestApp({
  now: clock.now,
  signIn: ['admin', 'cashier', 'superadmin'],
  api: 'admin',
});
const { admin, cashier, superadmin } = as;

let demoId: string;
let other: Awaited<ReturnType<typeof otherTenant>>;
beforeAll(async () => {
  demoId = await demoTenantId(t);
  other = await otherTenant(t, 'settings-other');
});

const demoSettings = demoBusinessSettings;

const tenantRow = async (id: string) =>
  (await t.database.db.select().from(tenants).where(eq(tenants.id, id)))[0]!;

const uploadLogo = (file: Buffer, headers: RequestHeaders = admin, name = 'logo.png') => {
  const body = multipart(file, name);
  return t.inject({
    method: 'POST',
    url: '/api/tenant-settings/logo',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};

describe('GET /api/tenant-settings', () => {
  it("answers the caller's own tenant's settings", async () => {
    const res = await api.get('/api/tenant-settings');
    expect(res.statusCode, res.body).toBe(200);
    const settings = businessSettingsSchema.strict().parse(res.json().data);
    expect(settings).toMatchObject({ ...demoSettings, business_name: 'Kopi Demo Sdn Bhd' });
    expect(settings.receipt_logo_url).toBeNull();
    const own = await api.get('/api/tenant-settings', other.headers);
    expect(own.json().data.business_name).toBe('Tenant settings-other');
  });

  it('answers 401 without a token and 403 without the permission, the superadmin too', async () => {
    expectCode(await api.get('/api/tenant-settings', anonymous), 401, 'unauthorized');
    expectCode(await api.put('/api/tenant-settings', demoSettings, anonymous), 401, 'unauthorized');
    expectCode(await uploadLogo(await pngImage(10, 10), {}), 401, 'unauthorized');
    expectCode(await api.get('/api/tenant-settings', cashier), 403, 'forbidden');
    expectCode(await api.put('/api/tenant-settings', demoSettings, cashier), 403, 'forbidden');
    // The platform superadmin keeps /tenant; a tenant's business settings are its admin's.
    expectCode(await api.get('/api/tenant-settings', superadmin), 403, 'forbidden');
    await api.post(`/api/tenants/${demoId}/enter`, {}, superadmin);
    const inside = t.bearer((await t.login('superadmin')).token);
    expectCode(await api.put('/api/tenant-settings', demoSettings, inside), 403, 'forbidden');
    await api.post('/api/tenants/leave', {}, inside);
    // A reader may read but not change.
    const reader = await signedInUser(t, {
      username: 'settings-reader',
      tenantId: demoId,
      permissions: ['read-tenant-setting'],
    });
    expect((await api.get('/api/tenant-settings', reader)).statusCode).toBe(200);
    expectCode(await api.put('/api/tenant-settings', demoSettings, reader), 403, 'forbidden');
    expectCode(await uploadLogo(await pngImage(10, 10), reader), 403, 'forbidden');
    expectCode(await api.del('/api/tenant-settings/logo', undefined, reader), 403, 'forbidden');
  });
});

describe('PUT /api/tenant-settings', () => {
  it('refuses out-of-range rates and cut-off hours and unknown methods with 400 details', async () => {
    const bad = await api.put('/api/tenant-settings', {
      ...demoSettings,
      service_tax_rate_bp: 10_001,
      service_charge_rate_bp: -1,
      business_day_cutoff_hour: 24,
      service_charge_methods: ['takeaway'],
    });
    expectInvalid(bad, [
      'business_day_cutoff_hour',
      'service_charge_methods.0',
      'service_charge_rate_bp',
      'service_tax_rate_bp',
    ]);
    const fractional = await api.put('/api/tenant-settings', {
      ...demoSettings,
      business_day_cutoff_hour: 4.5,
    });
    expectCode(fractional, 400, 'validation_failed');
    expectCode(
      await api.put('/api/tenant-settings', { ...demoSettings, receipt_header: 'x'.repeat(501) }),
      400,
      'validation_failed',
    );
    expect(await tenantRow(demoId)).toMatchObject({
      serviceTaxRateBp: 600,
      businessDayCutoffHour: 4,
    });
  });

  it("changes only the caller's tenant, whatever the request names", async () => {
    const before = await tenantRow(demoId);
    const res = await api.put(
      '/api/tenant-settings',
      { ...demoSettings, service_tax_rate_bp: 800, tenant_id: demoId, id: demoId },
      other.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.service_tax_rate_bp).toBe(800);
    expect((await tenantRow(other.tenant.id)).serviceTaxRateBp).toBe(800);
    const after = await tenantRow(demoId);
    expect(after.serviceTaxRateBp).toBe(600);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it('saves every setting, stores empty texts as none and audits what changed', async () => {
    const res = await api.put('/api/tenant-settings', {
      ...demoSettings,
      sst_registration_no: '  W10-1808-32000999 ',
      tin: '',
      receipt_header: 'Halal certified\nFree Wi-Fi: kopi-guest',
      receipt_footer: 'Follow us @kopidemo',
      receipt_header_my: ' Disahkan halal ',
      receipt_footer_my: '',
      service_charge_methods: ['dine_in', 'delivery', 'dine_in'],
      cash_rounding: false,
      business_day_cutoff_hour: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      sst_registration_no: 'W10-1808-32000999',
      tin: null,
      receipt_header: 'Halal certified\nFree Wi-Fi: kopi-guest',
      receipt_footer: 'Follow us @kopidemo',
      receipt_header_my: 'Disahkan halal',
      receipt_footer_my: null,
      service_charge_methods: ['dine_in', 'delivery'],
      cash_rounding: false,
      business_day_cutoff_hour: 5,
    });
    const entry = await latestAudit(t, 'business_settings.update');
    expect(entry).toMatchObject({ tenantId: demoId, entity: 'tenant', entityId: demoId });
    expect(entry!.before).toEqual({
      sst_registration_no: 'W10-1808-32000123',
      tin: 'C2584563200',
      receipt_header: null,
      receipt_footer: null,
      receipt_header_my: null,
      service_charge_methods: ['dine_in'],
      cash_rounding: true,
      business_day_cutoff_hour: 4,
    });
    expect(entry!.after).toMatchObject({ tin: null, cash_rounding: false });
    // Saving the same settings again changes nothing and writes no entry.
    const again = await api.put('/api/tenant-settings', {
      ...demoSettings,
      ...res.json().data,
      business_name: undefined,
      receipt_logo_url: undefined,
      updated_at: undefined,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await latestAudit(t, 'business_settings.update'))!.id).toBe(entry!.id);
    // Back to the demo settings for the tests below.
    expect((await api.put('/api/tenant-settings', demoSettings)).statusCode).toBe(200);
  });
});

describe('POST and DELETE /api/tenant-settings/logo', () => {
  const onDisk = (url: string) => path.join(t.config.dataDir, url);

  it('refuses a file that is not a picture (checked by content, not name) with 400', async () => {
    const fake = await uploadLogo(Buffer.from('<svg onload=alert(1)>not a logo</svg>'));
    expectCode(fake, 400, 'unsupported_file_type');
    expectCode(await uploadLogo(Buffer.alloc(2 * 1024 * 1024 + 10, 0x89)), 400, 'file_too_large');
    expect((await tenantRow(demoId)).receiptLogoUrl).toBeNull();
  });

  it('stores the logo as WebP, replaces and removes it, audited', async () => {
    const first = await uploadLogo(await pngImage(900, 300));
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json().data.receipt_logo_url as string;
    expect(url).toMatch(/^\/uploads\/logos\/[0-9a-f-]{36}\.webp$/);
    expect(fs.existsSync(onDisk(url))).toBe(true);
    const second = await uploadLogo(await pngImage(200, 200), admin, 'looks-like.txt');
    const next = second.json().data.receipt_logo_url as string;
    expect(next).not.toBe(url);
    expect(fs.existsSync(onDisk(url))).toBe(false);
    expect((await latestAudit(t, 'business_settings.logo'))!.after).toEqual({
      receipt_logo_url: next,
    });
    // Another tenant's logo is its own.
    expect((await tenantRow(other.tenant.id)).receiptLogoUrl).toBeNull();
    const removed = await api.del('/api/tenant-settings/logo');
    expect(removed.json().data.receipt_logo_url).toBeNull();
    expect(fs.existsSync(onDisk(next))).toBe(false);
  });
});

describe('orders after a change', () => {
  it('prices new orders with the new rates and leaves placed orders as they were', async () => {
    const kl = (await demoOutlet(t, 'KL01')).id;
    const product = await addProduct(t, { sku: 'BIZ-1000', price: 1000 });
    const dineIn = (total: number) => ({
      outlet_id: kl,
      serving_method: 'dine_in' as const,
      table_no: '5',
      items: [{ product_id: product.id, quantity: 1 }],
      payments: [{ method: 'card', amount: total, reference: 'CARD-1' }],
    });
    // 10.00 + 10% service charge 1.00 + 6% SST on 11.00 = 0.66 → 11.66.
    const old = await sell(t, admin, dineIn(1166));
    expect(old.statusCode, old.body).toBe(201);
    const oldOrder = orderSchema.parse(old.json().data);
    expect(oldOrder).toMatchObject({ service_charge: 100, service_tax: 66, total: 1166 });

    const changed = await api.put('/api/tenant-settings', {
      ...demoSettings,
      service_tax_rate_bp: 800,
      service_charge_rate_bp: 500,
      service_charge_taxable: false,
      receipt_header: 'Halal certified',
      receipt_footer: 'See you again!',
      receipt_footer_my: 'Jumpa lagi!',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // 10.00 + 5% service charge 0.50 + 8% SST on 10.00 only = 0.80 → 11.30.
    const fresh = await sell(t, admin, dineIn(1130));
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json().data).toMatchObject({ service_charge: 50, service_tax: 80, total: 1130 });

    const reread = orderSchema.parse((await api.get(`/api/orders/${oldOrder.id}`)).json().data);
    expect(reread).toMatchObject({
      subtotal: oldOrder.subtotal,
      service_charge: 100,
      service_tax: 66,
      rounding: oldOrder.rounding,
      total: 1166,
    });
    // The receipt prints the business's texts as they are now, in both languages.
    expect(reread.receipt).toMatchObject({
      header: 'Halal certified',
      footer: 'See you again!',
      header_my: null,
      footer_my: 'Jumpa lagi!',
    });
    const pos = await api.get(`/api/pos/context?outlet_id=${kl}`);
    expect(pos.json().data.pricing).toMatchObject({ service_tax_rate_bp: 800 });
    expect(pos.json().data.receipt).toMatchObject({
      header: 'Halal certified',
      header_my: null,
      footer_my: 'Jumpa lagi!',
      logo_url: null,
    });
    expect((await api.put('/api/tenant-settings', demoSettings)).statusCode).toBe(200);
  });
});
