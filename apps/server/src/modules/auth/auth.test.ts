import {
  appSettingsDataSchema,
  type MenuNode,
  refreshDataSchema,
  sessionDataSchema,
  sessionUserExtrasSchema,
  userFieldsSchema,
} from '@kopi/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, sessionTokens, users } from '../../db/schema/access';
import { appFeatures, appFeatureSwitches } from '../../db/schema/app-features';
import { appSettings, auditLog } from '../../db/schema/platform';
import { tenants } from '../../db/schema/tenancy';
import {
  createTenant,
  createUser,
  latestAudit,
  newPassword,
  userByUsername,
} from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { expectCode } from '../../test/expect-code';
import { hashToken } from '../../lib/tokens';

const { t, api } = useTestApp();
/** POST /api/refresh-token with a refresh token as the bearer. */
const refreshWith = (refreshToken: string) =>
  api.post('/api/refresh-token', undefined, t.bearer(refreshToken));

const flatten = (nodes: MenuNode[]): MenuNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('POST /api/login', () => {
  it('answers the SPEC §7 session data for the demo admin', async () => {
    const res = await api.post('/api/login', { username: 'admin', password: 'Kopi@1234' });
    expect(res.statusCode).toBe(200);
    const data = sessionDataSchema
      .extend(sessionUserExtrasSchema.shape)
      .strict()
      .parse(res.json().data);
    expect(data.two_step_enabled).toBe(false);
    expect(data.outlet_name).toBeNull();
    expect(data.username).toBe('admin');
    expect(data.role_name).toBe('admin');
    expect(data.tenant_name).toBe('Kopi Demo Sdn Bhd');
    expect(data.token.split('.')).toHaveLength(3);
    expect(data.refresh_token.length).toBeGreaterThanOrEqual(43); // ≥ 256 bits, base64url
    expect(data.permissions).toContain('read-dashboard');
    expect(data.permissions).toContain('update-user');
    expect(data.permissions).not.toContain('read-tenant'); // platform-only
    expect(res.body).not.toMatch(/password_hash|argon2|"otp"/);
  });

  it('signs in case-insensitively on the username', async () => {
    const res = await api.post('/api/login', { username: 'ADMIN', password: 'Kopi@1234' });
    expect(res.statusCode).toBe(200);
  });

  it('builds the menu from the role: groups show when a child is allowed', async () => {
    const cashier = await t.login('cashier');
    const titles = flatten(cashier.menus).map((m) => m.title);
    expect(titles).toEqual(
      expect.arrayContaining(['menu.dashboard', 'menu.pos', 'menu.status_order', 'menu.order']),
    );
    expect(titles).not.toContain('menu.role_permission');
    // The cashier reads the menu (POS, sold-out switch) but cannot add products.
    const product = cashier.menus.find((m) => m.title === 'menu.product');
    expect(product?.children.map((c) => c.path)).toEqual([
      '/product/list',
      '/product/variant-addon',
      '/product/category',
    ]);
    expect(cashier.permissions.sort()).toEqual(
      [
        'create-order',
        'create-pos',
        'create-shift',
        'read-category',
        'read-dashboard',
        'read-list-product',
        'read-order',
        'read-outlet',
        'read-pos',
        'read-status-order',
        'read-variant-addon',
        'toggle-sold-out',
        'update-shift',
        'update-status-order',
      ].sort(),
    );

    const admin = await t.login('admin');
    const adminProduct = admin.menus.find((m) => m.title === 'menu.product');
    expect(adminProduct?.path).toBeNull();
    expect(adminProduct?.children.map((c) => c.path)).toEqual([
      '/product/add',
      '/product/list',
      '/product/variant-addon',
      '/product/category',
    ]);
    expect(adminProduct?.title_en).toBe('Product');
    expect(adminProduct?.title_my).toBe('Produk');
    // Admin has no platform subjects: the Tenant item is dropped, the group keeps Outlet.
    const tenantOutlet = admin.menus.find((m) => m.title === 'menu.tenant_outlet');
    expect(tenantOutlet?.children.map((c) => c.title)).toEqual([
      'menu.outlet',
      'menu.time_management',
      'menu.business_settings',
    ]);

    const superadmin = await t.login('superadmin');
    expect(superadmin.tenant_id).toBeNull();
    expect(superadmin.role_name).toBe('superadmin');
    const paths = flatten(superadmin.menus).map((m) => m.path);
    expect(paths).toEqual(expect.arrayContaining(['/tenant', '/settings/menu', '/settings/logs']));
  });

  it('gives each built-in role its DESIGN §1 permissions', async () => {
    const manager = await t.login('manager');
    expect(manager.id_outlet).not.toBeNull();
    expect(manager.permissions).toEqual(
      expect.arrayContaining(['read-pos', 'update-order', 'approve-refund', 'read-report']),
    );
    expect(manager.permissions).not.toContain('transfer-refund');
    const finance = await t.login('finance');
    expect(finance.permissions).toEqual(
      expect.arrayContaining(['read-report', 'approve-refund', 'transfer-refund', 'adjust-wallet']),
    );
    expect(finance.permissions).not.toContain('read-pos');
  });

  it('answers the same 400 for an unknown user and a wrong password', async () => {
    const wrongPassword = await api.post('/api/login', {
      username: 'finance',
      password: 'Nope@1234',
    });
    const unknownUser = await api.post('/api/login', { username: 'nobody', password: 'Nope@1234' });
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code_message: 'invalid_credentials',
        message: 'Incorrect username or password',
      });
    }
  });

  it('validates the payload with the contract messages', async () => {
    const res = await api.post('/api/login', { username: '', password: 'x'.repeat(129) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code_message).toBe('validation_failed');
    expect(body.message).toBe('This field is required');
    expect(body.details).toEqual([
      { path: 'username', message: 'validation.required' },
      { path: 'password', message: 'validation.max_length?max=128' },
    ]);
  });

  it('records the sign-in in the audit log without secrets', async () => {
    const data = await t.login('finance');
    const entry = await latestAudit(t, 'session.create');
    expect(entry).toMatchObject({ actorId: data.id, actorUsername: 'finance', entity: 'session' });
    expect(entry?.tenantId).toBe(data.tenant_id);
    expect(entry?.ip).toBe('127.0.0.1');
    expect(JSON.stringify(entry)).not.toContain(data.refresh_token);
  });
});

describe('POST /api/refresh-token', () => {
  it('rotates: the new pair works, the answer adds `role`', async () => {
    const first = await t.login('manager');
    const res = await refreshWith(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const data = refreshDataSchema
      .extend(sessionUserExtrasSchema.shape)
      .strict()
      .parse(res.json().data);
    expect(data.outlet_name).toBe('Kuala Lumpur');
    expect(data.role).toBe('manager');
    expect(data.role_name).toBe('manager');
    expect(data.refresh_token).not.toBe(first.refresh_token);
    const next = await refreshWith(data.refresh_token);
    expect(next.statusCode).toBe(200);
  });

  it('leaves no audit entry, but keeps the last use on the session (decision 020)', async () => {
    const session = await t.login('finance');
    const entries = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, session.id))).length;
    const before = await entries();
    const res = await api.post('/api/refresh-token', undefined, {
      ...t.bearer(session.refresh_token),
      'user-agent': 'kopi-refresh-test',
    });
    expect(res.statusCode).toBe(200);
    expect(await entries()).toBe(before);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, session.id), eq(sessions.userAgent, 'kopi-refresh-test')));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('revokes the whole family when a rotated token is presented again after its successor was used', async () => {
    const first = await t.login('manager');
    const second = (await refreshWith(first.refresh_token)).json().data;
    const third = (await refreshWith(second.refresh_token)).json().data;
    // An attacker replays the first (rotated) token.
    const replay = await refreshWith(first.refresh_token);
    expectCode(replay, 401, 'refresh_token_invalid');
    // The legitimate newest token and the access token of the family are dead too.
    const afterwards = await refreshWith(third.refresh_token);
    expect(afterwards.statusCode).toBe(401);
    const protectedCall = await api.get('/api/notification', t.bearer(third.token));
    expect(protectedCall.statusCode).toBe(401);
    expect(await latestAudit(t, 'session.reuse_detected')).toBeTruthy();
  });

  /** Moves a token's rotation `seconds` into the past, as if that long had gone by. */
  const rotatedAgo = (refreshToken: string, seconds: number) =>
    t.database.db
      .update(sessionTokens)
      .set({ rotatedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(sessionTokens.tokenHash, hashToken(refreshToken)));

  it('takes a token back within 30 s of its rotation while its successor is unused: the answer was lost to a reload', async () => {
    const first = await t.login('manager');
    const lost = (await refreshWith(first.refresh_token)).json().data;
    await rotatedAgo(first.refresh_token, 29);
    const retried = await refreshWith(first.refresh_token);
    expect(retried.statusCode, retried.body).toBe(200);
    // The retry's own token carries on; the successor that never arrived is retired.
    const kept = retried.json().data;
    expect((await refreshWith(kept.refresh_token)).statusCode).toBe(200);
    expectCode(await refreshWith(lost.refresh_token), 401, 'refresh_token_invalid');
  });

  it('refuses the retry one second past 30 s, or a second time, and revokes the family', async () => {
    const late = await t.login('manager');
    const lateNext = (await refreshWith(late.refresh_token)).json().data;
    await rotatedAgo(late.refresh_token, 31);
    expectCode(await refreshWith(late.refresh_token), 401, 'refresh_token_invalid');
    expect((await refreshWith(lateNext.refresh_token)).statusCode).toBe(401);

    const twice = await t.login('manager');
    await refreshWith(twice.refresh_token);
    expect((await refreshWith(twice.refresh_token)).statusCode).toBe(200);
    const third = await refreshWith(twice.refresh_token);
    expectCode(third, 401, 'refresh_token_invalid');
  });

  it('answers two concurrent uses of one token, the later as a retry, leaving one token alive', async () => {
    const first = await t.login('manager');
    const results = await Promise.all([0, 1].map(() => refreshWith(first.refresh_token)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const issued = results.map((r) => hashToken(r.json().data.refresh_token as string));
    const rows = await t.database.db
      .select({ rotatedAt: sessionTokens.rotatedAt })
      .from(sessionTokens)
      .where(inArray(sessionTokens.tokenHash, issued));
    expect(rows.map((r) => r.rotatedAt === null).sort()).toEqual([false, true]);
  });

  it('refuses unknown tokens, access tokens and a missing token', async () => {
    const session = await t.login('manager');
    for (const headers of [t.bearer('not-a-token'), t.bearer(session.token), {}]) {
      const res = await api.post('/api/refresh-token', undefined, headers);
      expect(res.statusCode).toBe(401);
    }
  });

  it('enforces the absolute expiry of the family', async () => {
    const session = await t.login('manager');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, session.id));
    const res = await refreshWith(session.refresh_token);
    expect(res.statusCode).toBe(401);
    const protectedCall = await api.get('/api/notification', t.bearer(session.token));
    expect(protectedCall.statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session: access and refresh tokens stop working at once', async () => {
    const session = await t.login('cashier');
    const res = await api.post('/api/logout', undefined, t.bearer(session.token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ signed_out: true });
    const protectedCall = await api.get('/api/notification', t.bearer(session.token));
    expect(protectedCall.statusCode).toBe(401);
    expect(protectedCall.json()).toEqual({
      code_message: 'unauthorized',
      message: 'Unauthorized access',
    });
    const refresh = await refreshWith(session.refresh_token);
    expect(refresh.statusCode).toBe(401);
    expect(await latestAudit(t, 'session.revoke')).toMatchObject({ actorUsername: 'cashier' });
  });

  it('leaves the user’s other sessions alone', async () => {
    const a = await t.login('cashier');
    const b = await t.login('cashier');
    await api.post('/api/logout', undefined, t.bearer(a.token));
    const res = await api.get('/api/notification', t.bearer(b.token));
    expect(res.statusCode).toBe(200);
  });
});

describe('disabled users and suspended tenants', () => {
  it('refuses a disabled user at sign-in and cuts their live session at once', async () => {
    const other = await createTenant(t, 'disabled-co');
    await createUser(t, { username: 'dina', tenantId: other.tenant.id, permissions: [] });
    const session = await t.login('dina');
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'dina'));

    const login = await api.post('/api/login', { username: 'dina', password: 'Kopi@1234' });
    expectCode(login, 400, 'user_disabled');
    const protectedCall = await api.get('/api/notification', t.bearer(session.token));
    expect(protectedCall.statusCode).toBe(401);
    const refresh = await refreshWith(session.refresh_token);
    expect(refresh.statusCode).toBe(401);
  });

  it('refuses users of a suspended tenant', async () => {
    const other = await createTenant(t, 'suspended-co');
    await createUser(t, { username: 'sam', tenantId: other.tenant.id, permissions: [] });
    const session = await t.login('sam');
    await t.database.db
      .update(tenants)
      .set({ status: 'suspended' })
      .where(eq(tenants.id, other.tenant.id));
    const login = await api.post('/api/login', { username: 'sam', password: 'Kopi@1234' });
    expectCode(login, 400, 'tenant_suspended');
    const protectedCall = await api.get('/api/notification', t.bearer(session.token));
    expect(protectedCall.statusCode).toBe(401);
  });
});

describe('POST /api/changepassword', () => {
  const change = (token: string, body: Record<string, unknown>) =>
    api.post('/api/changepassword', body, t.bearer(token));

  it('applies each SPEC §5 rule with its exact message', async () => {
    const { token } = await t.login('finance');
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { old_password: '', password: 'Teh@tarik1', password_confirmation: 'Teh@tarik1' },
        'old_password',
        'validation.required',
        'This field is required',
      ],
      [
        { old_password: 'Kopi@1234', password: '', password_confirmation: '' },
        'password',
        'validation.required',
        'This field is required',
      ],
      ...['tehtarik@1', 'TEHTARIK@1', 'Tehtarik@x', 'Tehtarik11', 'Te@t1'].map(
        (password) =>
          [
            { old_password: 'Kopi@1234', password, password_confirmation: password },
            'password',
            'validation.password',
            'Field must contain at least one uppercase, lowercase, special character and digit with min 8 chars',
          ] as [Record<string, unknown>, string, string, string],
      ),
      [
        { old_password: 'Kopi@1234', password: 'Teh@tarik1', password_confirmation: 'Teh@tarik2' },
        'password_confirmation',
        'validation.confirmed',
        'The Confirm Password field confirmation does not match',
      ],
      [
        {
          old_password: 'Kopi@1234',
          password: `Aa1@${'x'.repeat(125)}`,
          password_confirmation: `Aa1@${'x'.repeat(125)}`,
        },
        'password',
        'validation.max_length?max=128',
        'The maximum length is 128',
      ],
      [
        {
          old_password: 'x'.repeat(129),
          password: 'Teh@tarik1',
          password_confirmation: 'Teh@tarik1',
        },
        'old_password',
        'validation.max_length?max=128',
        'The maximum length is 128',
      ],
    ];
    for (const [body, path, key, text] of cases) {
      const res = await change(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({
        code_message: 'validation_failed',
        message: text,
        details: [{ path, message: key }],
      });
    }
  });

  it('refuses a wrong current password and an unchanged one', async () => {
    const { token } = await t.login('finance');
    const wrong = await change(token, {
      old_password: 'Wrong@1234',
      ...newPassword('Teh@tarik1'),
    });
    expectCode(wrong, 400, 'old_password_incorrect');
    const same = await change(token, {
      old_password: 'Kopi@1234',
      ...newPassword('Kopi@1234'),
    });
    expectCode(same, 400, 'password_reused');
  });

  it('changes the password and ends the other sessions, not this one', async () => {
    await createUser(t, { username: 'pat', tenantId: null, permissions: [] });
    const other = await t.login('pat');
    const current = await t.login('pat');
    const res = await change(current.token, {
      old_password: 'Kopi@1234',
      ...newPassword('Teh@tarik1'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ sessions_ended: 1 });

    const still = await api.get('/api/notification', t.bearer(current.token));
    expect(still.statusCode).toBe(200);
    const ended = await api.get('/api/notification', t.bearer(other.token));
    expect(ended.statusCode).toBe(401);
    expect(
      (await api.post('/api/login', { username: 'pat', password: 'Kopi@1234' })).statusCode,
    ).toBe(400);
    await t.login('pat', 'Teh@tarik1');

    const entry = await latestAudit(t, 'user.password_change');
    expect(entry).toMatchObject({ actorUsername: 'pat', entity: 'user' });
    expect(JSON.stringify(entry)).not.toMatch(/Teh@tarik1|argon2/);
  });

  it('needs a signed-in user', async () => {
    const res = await api.post('/api/changepassword', {
      old_password: 'Kopi@1234',
      ...newPassword('Teh@tarik1'),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/registrationdata/{id}', () => {
  const put = (id: string, token: string, payload: Record<string, unknown>) =>
    api.put(`/api/registrationdata/${id}`, payload, t.bearer(token));

  it('updates the own profile and ignores the stripped fields', async () => {
    const session = await t.login('cashier');
    const res = await put(session.id, session.token, {
      fullname: 'Siti Aminah',
      email: 'siti@kopi-demo.my',
      settings: { theme: 'dark', skin: 'bordered' },
      is_verify: false,
      kyc_status: 'approved',
      kyc_rejection_reason: 'x',
      language: 'my',
      otp: '123456',
      password: 'Hacked@123',
    });
    expect(res.statusCode).toBe(200);
    const data = userFieldsSchema.strict().parse(res.json().data);
    expect(data).toMatchObject({
      fullname: 'Siti Aminah',
      email: 'siti@kopi-demo.my',
      is_verify: true,
      kyc_status: null,
      kyc_rejection_reason: null,
      language: 'en',
      settings: { theme: 'dark', skin: 'bordered' },
    });
    // The password did not change.
    await t.login('cashier');
    const row = await userByUsername(t, 'cashier');
    expect(row.isVerify).toBe(true);
    expect(row.language).toBe('en');

    const entry = await latestAudit(t, 'user.update_profile');
    expect(entry?.entityId).toBe(session.id);
    expect(entry?.actorUsername).toBe('cashier');
    expect(entry?.before).toMatchObject({ fullname: 'Siti Nurhaliza' });
    expect(entry?.after).toMatchObject({ fullname: 'Siti Aminah' });

    // Settings merge: a later partial update keeps the other keys.
    const again = await put(session.id, session.token, {
      fullname: 'Siti Aminah',
      settings: { navLayout: 'horizontal' },
    });
    expect(again.json().data.settings).toEqual({
      theme: 'dark',
      skin: 'bordered',
      navLayout: 'horizontal',
    });
    // The language chosen in the layout settings is the user's language from then on.
    const language = await put(session.id, session.token, {
      fullname: 'Siti Aminah',
      settings: { language: 'my' },
    });
    expect(language.json().data.language).toBe('my');
  });

  it("refuses another user's profile without update-user (403)", async () => {
    const cashier = await t.login('cashier');
    const manager = await userByUsername(t, 'manager');
    const res = await put(manager.id, cashier.token, { fullname: 'Hijacked' });
    expectCode(res, 403, 'forbidden');
  });

  it('lets an admin with update-user edit a user of the same tenant', async () => {
    const admin = await t.login('admin');
    const manager = await userByUsername(t, 'manager');
    const res = await put(manager.id, admin.token, { fullname: 'Tan Wei Ming (KL)' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.fullname).toBe('Tan Wei Ming (KL)');
  });

  it('answers 404 for a user of another tenant, even with update-user', async () => {
    const other = await createTenant(t, 'other-co');
    const stranger = await createUser(t, {
      username: 'stranger',
      tenantId: other.tenant.id,
      permissions: ['update-user'],
    });
    const admin = await t.login('admin');
    const res = await put(stranger.id, admin.token, { fullname: 'Cross tenant' });
    expectCode(res, 404, 'not_found');
    const theirs = await t.login('stranger');
    const manager = await userByUsername(t, 'manager');
    expect((await put(manager.id, theirs.token, { fullname: 'x' })).statusCode).toBe(404);
  });

  it('validates the body and the id', async () => {
    const session = await t.login('cashier');
    const bad = await put(session.id, session.token, { fullname: ' ', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { path: 'fullname', message: 'validation.required' },
      { path: 'email', message: 'validation.email' },
    ]);
    const badId = await put('not-a-uuid', session.token, { fullname: 'x' });
    expectCode(badId, 400, 'validation_failed');
    const avatar = await put(session.id, session.token, {
      fullname: 'x',
      avatar: 'javascript:alert(1)',
    });
    expect(avatar.statusCode).toBe(400);
  });
});

describe('GET /api/app/settings', () => {
  it('answers data.status for a refresh token: platform defaults, then tenant entries', async () => {
    const session = await t.login('admin');
    const res = await api.get('/api/app/settings', t.bearer(session.refresh_token));
    expect(res.statusCode).toBe(200);
    const { status } = appSettingsDataSchema.parse(res.json().data);
    const codes = status.map((s) => s.code);
    expect(codes).toContain('dine_in');
    // The tenant's own "delivery" comes after the platform default, so the last match wins.
    const deliveries = status.filter((s) => s.code === 'delivery');
    expect(deliveries.map((d) => d.enabled)).toEqual([false, true]);
  });

  it('accepts an access token too and refuses no token', async () => {
    const session = await t.login('cashier');
    const ok = await api.get('/api/app/settings', t.bearer(session.token));
    expect(ok.statusCode).toBe(200);
    const none = await api.get('/api/app/settings');
    expect(none.statusCode).toBe(401);
    const junk = await api.get('/api/app/settings', t.bearer('junk'));
    expect(junk.statusCode).toBe(401);
  });

  it('answers 400 settings_empty when there is nothing to show', async () => {
    const other = await createTenant(t, 'empty-settings');
    await createUser(t, { username: 'erin', tenantId: other.tenant.id, permissions: [] });
    const session = await t.login('erin');
    // Nothing at all: no settings and no app features (the switches go with the features).
    const { db } = t.database;
    const saved = await db.select().from(appSettings);
    const features = await db.select().from(appFeatures);
    const switches = await db.select().from(appFeatureSwitches);
    await db.delete(appSettings).where(and(eq(appSettings.code, appSettings.code)));
    await db.delete(appFeatures).where(eq(appFeatures.code, appFeatures.code));
    try {
      const res = await api.get('/api/app/settings', t.bearer(session.refresh_token));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code_message: 'settings_empty', message: 'Settings is empty' });
    } finally {
      await db.insert(appSettings).values(saved);
      await db.insert(appFeatures).values(features);
      if (switches.length > 0) await db.insert(appFeatureSwitches).values(switches);
    }
  });
});
