import { tenantCreatedSchema, tenantSchema } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema/access';
import { auditLog } from '../../db/schema/platform';
import { tenants } from '../../db/schema/tenancy';
import { createTenant, createUser, auditsOf } from '../../test/fixtures';
import { anonymous } from '../../test/test-app';
import { detailPaths, expectCode } from '../../test/expect-code';
import { useTestApp } from '../../test/use-test-app';

// Tenants (superadmin): list, create, settings, suspend/activate, their outlets, and working
// inside a tenant with every action audited under the real user.

let demoTenantId: string;

const { t, api } = useTestApp({ signIn: ['superadmin'], api: 'superadmin' });
beforeAll(async () => {
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.slug, 'kopi-demo'));
  demoTenantId = demo!.id;
});

const settings = {
  legal_name: 'Kopi Baru Enterprise',
  sst_registration_no: 'B16-1809-22000001',
  tin: 'IG12345678090',
  brn: '202401000001',
  service_tax_rate_bp: 600,
  service_charge_rate_bp: 1000,
  service_charge_methods: ['dine_in'],
  service_charge_taxable: true,
  cash_rounding: true,
  timezone: 'Asia/Kuching',
  business_day_cutoff_hour: 5,
};
/** A first admin who signs in with a password the server generates. */
const firstAdmin = (username: string) => ({
  username,
  fullname: 'Pentadbir Pertama',
  password_setup: { method: 'temporary' },
});
const tenantAnswer = { ...settings, name: 'Kopi Baru', slug: 'kopi-baru', plan: 'basic' };
const newTenant = { ...tenantAnswer, first_admin: firstAdmin('kopi-baru-admin') };
/** The demo tenant's update body: its own name, slug and plan with the settings above. */
const demoBody = { ...settings, name: 'Kopi Demo', slug: 'kopi-demo', plan: 'business' };
/** A new tenant like `newTenant` under `slug`, with its first admin `<slug>-admin`. */
const createTenantAt = (slug: string) =>
  api.post('/api/tenants', { ...newTenant, slug, first_admin: firstAdmin(`${slug}-admin`) });

/** A new tenant with one user holding `permissions`, and that user's bearer headers. */
async function signedInTenantUser(slug: string, username: string, permissions: string[]) {
  const { tenant } = await createTenant(t, slug);
  await createUser(t, { username, tenantId: tenant.id, permissions });
  return { tenant, headers: t.bearer((await t.login(username)).token) };
}

describe('GET /api/tenants', () => {
  it('lists tenants with outlet and user counts, for the superadmin only', async () => {
    const res = await api.get('/api/tenants');
    expect(res.statusCode).toBe(200);
    const [demo] = res.json().data.map((r: unknown) => tenantSchema.strict().parse(r));
    expect(demo).toMatchObject({
      slug: 'kopi-demo',
      legal_name: 'Kopi Demo Sdn Bhd',
      status: 'active',
      outlet_count: 3,
      user_count: 5,
      service_charge_taxable: true,
    });
    const admin = t.bearer((await t.login('admin')).token);
    expect((await api.get('/api/tenants', admin)).statusCode).toBe(403);
    expect((await api.get(`/api/tenants/${demoTenantId}`, admin)).statusCode).toBe(403);
    expect((await api.get('/api/tenants?q=nothing-like-it')).json().meta.total).toBe(0);
    expect((await api.get('/api/tenants?status=suspended')).json().meta.total).toBe(0);
  });

  it('shows a tenant with its outlets ("Tenant and Outlet"), 404 for an unknown id', async () => {
    const outlets = await api.get(`/api/tenants/${demoTenantId}/outlets`);
    expect(outlets.json().data.map((o: { code: string }) => o.code)).toEqual([
      'JB01',
      'KL01',
      'PG01',
    ]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await api.get(`/api/tenants/${unknown}`)).statusCode).toBe(404);
    expect((await api.get(`/api/tenants/${unknown}/outlets`)).statusCode).toBe(404);
  });
});

describe('POST and PUT /api/tenants', () => {
  it('creates a tenant with the built-in roles, its first admin and no outlets, audited', async () => {
    const res = await api.post('/api/tenants', newTenant);
    expect(res.statusCode, res.body).toBe(201);
    const created = tenantCreatedSchema.strict().parse(res.json().data);
    expect(created).toMatchObject({
      ...tenantAnswer,
      status: 'active',
      outlet_count: 0,
      user_count: 1,
      first_admin: { username: 'kopi-baru-admin' },
    });
    const tenantRoles = await t.database.db
      .select()
      .from(roles)
      .where(eq(roles.tenantId, created.id));
    expect(tenantRoles.map((r) => r.name).sort()).toEqual([
      'admin',
      'cashier',
      'finance',
      'manager',
      'marketing',
    ]);
    const [entry] = await auditsOf(t, 'tenant.create', created.id);
    expect(entry).toMatchObject({ actorUsername: 'superadmin', tenantId: created.id });
  });

  it('answers 400 for a taken slug, a bad slug, missing settings or an unknown time zone', async () => {
    const taken = await api.post('/api/tenants', { ...newTenant, slug: 'kopi-demo' });
    expectCode(taken, 400, 'tenant_slug_taken');
    const bad = await api.post('/api/tenants', { name: 'X', slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad)).toEqual(
      expect.arrayContaining([
        'slug',
        'legal_name',
        'service_tax_rate_bp',
        'timezone',
        'first_admin',
      ]),
    );
    const zone = await api.post('/api/tenants', {
      ...newTenant,
      slug: 'zone',
      timezone: 'Asia/Atlantis',
    });
    expect(zone.json().details).toEqual([{ path: 'timezone', message: 'validation.invalid' }]);
  });

  it('updates settings; service_charge_taxable maps to the tax-on-service-charge column', async () => {
    const res = await api.put(`/api/tenants/${demoTenantId}`, {
      ...settings,
      name: 'Kopi Demo',
      slug: 'kopi-demo',
      plan: 'business',
      service_charge_taxable: false,
      service_charge_methods: ['dine_in', 'pick_up'],
      service_tax_rate_bp: 800,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Kopi Demo',
      service_charge_taxable: false,
      service_tax_rate_bp: 800,
    });
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, demoTenantId));
    expect(row).toMatchObject({
      serviceTaxOnServiceCharge: false,
      legalName: 'Kopi Baru Enterprise',
    });
  });

  it("sets the manager's refund limit, keeping it when an update leaves it out", async () => {
    const created = await createTenantAt('limit-default');
    expect(created.json().data.refund_manager_limit).toBe(5000);
    const set = await api.put(`/api/tenants/${demoTenantId}`, {
      ...demoBody,
      refund_manager_limit: 12_000,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.refund_manager_limit).toBe(12_000);
    const kept = await api.put(`/api/tenants/${demoTenantId}`, demoBody);
    expect(kept.json().data.refund_manager_limit).toBe(12_000);
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, demoTenantId));
    expect(row!.refundManagerLimit).toBe(12_000);
    const negative = await api.put(`/api/tenants/${demoTenantId}`, {
      ...demoBody,
      refund_manager_limit: -1,
    });
    expect(detailPaths(negative)).toEqual(['refund_manager_limit']);
    await api.put(`/api/tenants/${demoTenantId}`, { ...demoBody, refund_manager_limit: 5000 });
  });

  it('sets whether a sale needs a shift and the drawer tolerance, keeping them when left out', async () => {
    const created = await createTenantAt('shift-default');
    expect(created.json().data).toMatchObject({
      shifts_required: true,
      shift_variance_tolerance: 500,
    });
    const set = await api.put(`/api/tenants/${demoTenantId}`, {
      ...demoBody,
      shifts_required: false,
      shift_variance_tolerance: 1000,
    });
    expect(set.json().data).toMatchObject({
      shifts_required: false,
      shift_variance_tolerance: 1000,
    });
    const kept = await api.put(`/api/tenants/${demoTenantId}`, demoBody);
    expect(kept.json().data).toMatchObject({
      shifts_required: false,
      shift_variance_tolerance: 1000,
    });
    const negative = await api.put(`/api/tenants/${demoTenantId}`, {
      ...demoBody,
      shift_variance_tolerance: -1,
    });
    expect(detailPaths(negative)).toEqual(['shift_variance_tolerance']);
    await api.put(`/api/tenants/${demoTenantId}`, {
      ...demoBody,
      shifts_required: true,
      shift_variance_tolerance: 500,
    });
  });
});

describe('suspend and activate', () => {
  it('stops sign-in with tenant_suspended and ends live sessions at once, until activated', async () => {
    const { tenant, headers: live } = await signedInTenantUser('late-payer', 'late-admin', [
      'read-outlet',
    ]);
    expect((await api.get('/api/outlets', live)).statusCode).toBe(200);

    const res = await api.post(`/api/tenants/${tenant.id}/suspend`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('suspended');
    const login = await api.post(
      '/api/login',
      { username: 'late-admin', password: 'Kopi@1234' },
      anonymous,
    );
    expect(expectCode(login, 400, 'tenant_suspended')).toMatchObject({
      message: 'This business is suspended. Please contact support.',
    });
    expect((await api.get('/api/outlets', live)).statusCode).toBe(401);

    expect((await api.post(`/api/tenants/${tenant.id}/activate`)).json().data.status).toBe(
      'active',
    );
    expect((await t.login('late-admin')).token).toBeTruthy();
    const admin = t.bearer((await t.login('admin')).token);
    expect((await api.post(`/api/tenants/${tenant.id}/suspend`, undefined, admin)).statusCode).toBe(
      403,
    );
  });
});

describe('working inside a tenant', () => {
  it('lets the superadmin act in a tenant, audited with the real actor, until leaving', async () => {
    const session = await t.login('superadmin');
    const headers = t.bearer(session.token);
    expect((await api.get('/api/categories', headers)).json().code_message).toBe('tenant_required');

    const entered = await api.post(`/api/tenants/${demoTenantId}/enter`, undefined, headers);
    expect(entered.statusCode).toBe(200);
    expect(entered.json().data).toEqual({
      acting_tenant_id: demoTenantId,
      acting_tenant_name: 'Kopi Demo',
    });

    const categories = await api.get('/api/categories', headers);
    expect(categories.json().meta.total).toBe(6);
    const created = await api.send(
      'POST',
      '/api/categories',
      { name_en: 'Platform pick', name_my: 'Pilihan' },
      headers,
    );
    expect(created.statusCode).toBe(201);
    const [entry] = await auditsOf(t, 'category.create', created.json().data.id);
    expect(entry).toMatchObject({
      actorId: session.id,
      actorUsername: 'superadmin',
      tenantId: demoTenantId,
    });
    const [enter] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tenant.enter'), eq(auditLog.actorId, session.id)));
    expect(enter?.tenantId).toBe(demoTenantId);
    // The tenant's admin sees what the superadmin made.
    const admin = t.bearer((await t.login('admin')).token);
    expect((await api.get('/api/categories?q=Platform', admin)).json().meta.total).toBe(1);

    // Refreshed session data and app settings follow the tenant.
    const refresh = await api.post(
      '/api/refresh-token',
      undefined,
      t.bearer(session.refresh_token),
    );
    expect(refresh.json().data).toMatchObject({
      tenant_id: null,
      acting_tenant_id: demoTenantId,
      acting_tenant_name: 'Kopi Demo',
      role: 'superadmin',
    });
    const appSettings = await api.get(
      '/api/app/settings',
      t.bearer(refresh.json().data.refresh_token),
    );
    expect(appSettings.json().data.status.map((s: { code: string }) => s.code)).toContain(
      'business_name',
    );
    expect((await api.get('/api/tenants/context', headers)).json().data.acting_tenant_id).toBe(
      demoTenantId,
    );

    const left = await api.post('/api/tenants/leave', undefined, headers);
    expect(left.json().data).toEqual({ acting_tenant_id: null, acting_tenant_name: null });
    expect((await api.get('/api/categories', headers)).json().code_message).toBe('tenant_required');
    // Another session of the same superadmin was never inside.
    const other = t.bearer((await t.login('superadmin')).token);
    expect((await api.get('/api/tenants/context', other)).json().data.acting_tenant_id).toBeNull();
  });

  it('is for platform users only', async () => {
    const { headers } = await signedInTenantUser('curious', 'curious-admin', ['read-tenant']);
    const res = await api.post(`/api/tenants/${demoTenantId}/enter`, undefined, headers);
    expectCode(res, 403, 'not_platform_user');
    const admin = t.bearer((await t.login('admin')).token);
    expect(
      (await api.post(`/api/tenants/${demoTenantId}/enter`, undefined, admin)).statusCode,
    ).toBe(403);
  });
});
