import { tenantCreatedSchema } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/access';
import { outbox } from '../../db/schema/platform';
import { tenants } from '../../db/schema/tenancy';
import { detailPaths, expectCode } from '../../test/expect-code';
import { latestAudit, tenantBody } from '../../test/fixtures';
import { anonymous, type RequestHeaders } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// Onboarding a business through the API alone: the superadmin creates the tenant and its first
// admin in one step; that admin signs in, runs the tenant (its settings, its staff) and nothing
// beyond it; a refused creation leaves neither behind.

const { t, api, as } = useTestApp({ signIn: ['superadmin', 'admin'], api: 'superadmin' });

const PASSWORD = 'Pertama@2026';

const tenantWithAdmin = (slug: string, firstAdmin: Record<string, unknown>) => ({
  ...tenantBody(slug),
  first_admin: firstAdmin,
});

const admin = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  fullname: 'Nurul Huda',
  password_setup: { method: 'temporary', password: PASSWORD },
  ...extra,
});

const tenantBySlug = async (slug: string) =>
  (await t.database.db.select().from(tenants).where(eq(tenants.slug, slug)))[0];
const userByName = async (username: string) =>
  (await t.database.db.select().from(users).where(eq(users.username, username)))[0];

/** Signs in with the first (temporary) password and replaces it, as the web makes one do. */
async function firstSignIn(username: string, password: string): Promise<RequestHeaders> {
  const session = await t.login(username, password);
  expect(session).toMatchObject({ must_change_password: true });
  const headers = t.bearer(session.token);
  const changed = await api.post(
    '/api/changepassword',
    { old_password: password, password: 'Sendiri@2026', password_confirmation: 'Sendiri@2026' },
    headers,
  );
  expect(changed.statusCode, changed.body).toBe(200);
  return headers;
}

describe('POST /api/tenants with its first admin', () => {
  it('gives the first admin the tenant’s admin role: they sign in and run the tenant', async () => {
    const res = await api.post(
      '/api/tenants',
      tenantWithAdmin('onboard-a', admin('onboard-a-admin')),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = tenantCreatedSchema.strict().parse(res.json().data);
    expect(created).toMatchObject({
      slug: 'onboard-a',
      user_count: 1,
      first_admin: {
        username: 'onboard-a-admin',
        password_setup: { method: 'temporary', temporary_password: null, email_sent_to: null },
      },
    });
    const row = await userByName('onboard-a-admin');
    expect(row).toMatchObject({
      id: created.first_admin.id,
      tenantId: created.id,
      idOutlet: null,
      mustChangePassword: true,
    });
    // Audited in the new tenant, never with the password.
    const entry = await latestAudit(t, 'user.create');
    expect(entry).toMatchObject({ entityId: row!.id, tenantId: created.id });
    expect(JSON.stringify(entry)).not.toContain(PASSWORD);

    const headers = await firstSignIn('onboard-a-admin', PASSWORD);
    // The settings the superadmin could not hand over: read and changed by the tenant's admin.
    const settings = await api.get('/api/tenant-settings', headers);
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().data.business_name).toBe('Kopi onboard-a');
    const {
      business_name: _n,
      receipt_logo_url: _l,
      updated_at: _u,
      ...input
    } = settings.json().data;
    const changed = await api.put(
      '/api/tenant-settings',
      { ...input, service_charge_rate_bp: 500 },
      headers,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.service_charge_rate_bp).toBe(500);
    // Their own staff: a cashier of the new tenant.
    const options = (await api.get('/api/users/options', headers)).json().data;
    const cashier = options.roles.find((r: { name: string }) => r.name === 'cashier');
    const staff = await api.post(
      '/api/users',
      {
        username: 'onboard-a-cashier',
        fullname: 'Ali Cashier',
        role_id: cashier.id,
        password_setup: { method: 'temporary' },
      },
      headers,
    );
    expect(staff.statusCode, staff.body).toBe(201);
    expect(staff.json().data.tenant_id).toBe(created.id);
    // Nothing of the platform's.
    expectCode(await api.get('/api/tenants', headers), 403, 'forbidden');
  });

  it('answers a generated password once, or e-mails a link instead', async () => {
    const generated = await api.post(
      '/api/tenants',
      tenantWithAdmin(
        'onboard-b',
        admin('onboard-b-admin', { password_setup: { method: 'temporary' } }),
      ),
    );
    expect(generated.statusCode, generated.body).toBe(201);
    const temporary = generated.json().data.first_admin.password_setup.temporary_password;
    expect(temporary).toEqual(expect.any(String));
    await firstSignIn('onboard-b-admin', temporary);

    const mailed = await api.post(
      '/api/tenants',
      tenantWithAdmin(
        'onboard-c',
        admin('onboard-c-admin', {
          email: 'owner@onboard-c.my',
          language: 'my',
          password_setup: { method: 'email' },
        }),
      ),
    );
    expect(mailed.statusCode, mailed.body).toBe(201);
    expect(mailed.json().data.first_admin.password_setup).toMatchObject({
      method: 'email',
      temporary_password: null,
      email_sent_to: 'owner@onboard-c.my',
    });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, 'owner@onboard-c.my'), eq(outbox.kind, 'account_invite')));
    expect(mail).toBeDefined();
    expect(await userByName('onboard-c-admin')).toMatchObject({
      mustChangePassword: false,
      language: 'my',
    });
  });

  it('answers 400 without a first admin or with a bad one, and creates nothing', async () => {
    const missing = await api.post('/api/tenants', {
      ...tenantWithAdmin('onboard-d', {}),
      first_admin: undefined,
    });
    expectCode(missing, 400, 'validation_failed');
    expect(detailPaths(missing)).toEqual(['first_admin']);
    const bad = await api.post(
      '/api/tenants',
      tenantWithAdmin('onboard-d', {
        username: 'a b',
        fullname: '',
        password_setup: { method: 'email' },
      }),
    );
    expectCode(bad, 400, 'validation_failed');
    expect(detailPaths(bad)).toEqual(
      expect.arrayContaining(['first_admin.username', 'first_admin.fullname', 'first_admin.email']),
    );
    const weak = await api.post(
      '/api/tenants',
      tenantWithAdmin(
        'onboard-d',
        admin('onboard-d-admin', { password_setup: { method: 'temporary', password: 'short' } }),
      ),
    );
    expect(detailPaths(weak)).toEqual(['first_admin.password_setup.password']);
    // A username taken anywhere (usernames sign in across tenants): the tenant is not created
    // either, so the same slug is free for the corrected request.
    const taken = await api.post('/api/tenants', tenantWithAdmin('onboard-d', admin('admin')));
    expectCode(taken, 400, 'username_taken');
    expect(detailPaths(taken)).toEqual(['first_admin.username']);
    expect(await tenantBySlug('onboard-d')).toBeUndefined();
    const retried = await api.post(
      '/api/tenants',
      tenantWithAdmin('onboard-d', admin('onboard-d-admin')),
    );
    expect(retried.statusCode, retried.body).toBe(201);
    // A taken slug leaves no user behind.
    const slugTaken = await api.post(
      '/api/tenants',
      tenantWithAdmin('onboard-d', admin('onboard-e-admin')),
    );
    expectCode(slugTaken, 400, 'tenant_slug_taken');
    expect(await userByName('onboard-e-admin')).toBeUndefined();
  });

  it('answers 401 without a token and 403 to a tenant’s own admin', async () => {
    const body = tenantWithAdmin('onboard-f', admin('onboard-f-admin'));
    expectCode(await api.post('/api/tenants', body, anonymous), 401, 'unauthorized');
    expectCode(await api.post('/api/tenants', body, as.admin), 403, 'forbidden');
    expect(await tenantBySlug('onboard-f')).toBeUndefined();
    expect(await userByName('onboard-f-admin')).toBeUndefined();
  });

  it('leaves other tenants as they were: neither side sees the other’s users', async () => {
    const demo = await tenantBySlug('kopi-demo');
    const demoUsers = async () =>
      (await t.database.db.select().from(users).where(eq(users.tenantId, demo!.id))).length;
    const before = await demoUsers();
    const res = await api.post(
      '/api/tenants',
      tenantWithAdmin('onboard-g', admin('onboard-g-admin')),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await demoUsers()).toBe(before);
    const headers = await firstSignIn('onboard-g-admin', PASSWORD);
    const own = (await api.get('/api/users', headers)).json().data;
    expect(own.map((u: { username: string }) => u.username)).toEqual(['onboard-g-admin']);
    const demoSide = (await api.get('/api/users?page_size=100', as.admin)).json().data;
    expect(demoSide.map((u: { username: string }) => u.username)).not.toContain('onboard-g-admin');
    const firstAdminId = res.json().data.first_admin.id as string;
    expectCode(await api.get(`/api/users/${firstAdminId}`, as.admin), 404, 'not_found');
  });
});
