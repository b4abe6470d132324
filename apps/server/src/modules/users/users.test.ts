import {
  passwordPattern,
  staffUserDetailSchema,
  staffUserSchema,
  userSessionSchema,
} from '@kopi/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema/access';
import { outbox } from '../../db/schema/platform';
import { demoOutlet, otherTenant } from '../../test/catalogue-fixtures';
import {
  createUser,
  latestAudit,
  newPassword,
  signedInUser,
  userByUsername,
} from '../../test/fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { anonymous } from '../../test/test-app';
import { detailPaths, expectCode } from '../../test/expect-code';
import { useTestApp } from '../../test/use-test-app';

// Staff users: list and scope, create with either password set-up, edit, disable
// (sessions end at once), reset password, sessions, activity, delete, and the guards.

let tenantId: string;
let rival: Awaited<ReturnType<typeof otherTenant>>;

const { t, api, as } = useTestApp({ signIn: ['admin', 'superadmin'], api: 'admin' });
const { superadmin } = as;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  rival = await otherTenant(t, 'users-rival');
});

async function roleId(name: string, tenant: string | null = tenantId) {
  const [row] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, name), tenant ? eq(roles.tenantId, tenant) : isNull(roles.tenantId)));
  return row!.id;
}

const newUser = async (username: string, extra: object = {}) => ({
  username,
  fullname: `Staff ${username}`,
  email: `${username}@kopi-demo.my`,
  role_id: await roleId('cashier'),
  id_outlet: (await demoOutlet(t, 'KL01')).id,
  password_setup: { method: 'temporary', password: 'Kopi@5678' },
  ...extra,
});

describe('GET /api/users', () => {
  it("lists the tenant's users with role, outlet and last sign-in", async () => {
    const res = await api.get('/api/users?page_size=50');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.map((u: unknown) => staffUserSchema.strict().parse(u));
    const names = rows.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'cashier', 'finance', 'manager']));
    expect(names).not.toContain('superadmin');
    expect(names).not.toContain('users-rival-admin');
    expect(rows.find((u: { username: string }) => u.username === 'cashier')).toMatchObject({
      role_name: 'cashier',
      outlet_name: 'Kuala Lumpur',
      tenant_name: 'Kopi Demo Sdn Bhd',
      status: 'active',
      last_sign_in_at: null,
    });
    expect(rows.find((u: { username: string }) => u.username === 'admin').last_sign_in_at).toEqual(
      expect.any(String),
    );
    expect(res.json().meta).toMatchObject({ page: 1, page_size: 50 });
  });

  it('searches, filters and sorts on the server', async () => {
    const siti = await api.get('/api/users?q=siti');
    expect(siti.json().data.map((u: { username: string }) => u.username)).toEqual(['cashier']);
    const allOutlets = await api.get('/api/users?id_outlet=all&sort=-username&page_size=50');
    const usernames = allOutlets.json().data.map((u: { username: string }) => u.username);
    expect(usernames).toEqual([...usernames].sort().reverse());
    expect(usernames).toContain('finance');
    expect(usernames).not.toContain('cashier');
    const managers = await api.get(`/api/users?role_id=${await roleId('manager')}`);
    expect(managers.json().data.map((u: { username: string }) => u.username)).toEqual(['manager']);
    const paged = await api.get('/api/users?page=2&page_size=5');
    expect(paged.json().meta.page).toBe(2);
    const bad = await api.get('/api/users?sort=password');
    expectCode(bad, 400, 'validation_failed');
  });

  it('answers 401 without a token and 403 without read-user', async () => {
    expect((await api.get('/api/users', anonymous)).statusCode).toBe(401);
    const cashier = t.bearer((await t.login('cashier')).token);
    const res = await api.get('/api/users', cashier);
    expectCode(res, 403, 'forbidden');
  });

  it("gives a platform superadmin every tenant's users, narrowed by tenant_id", async () => {
    const all = await api.get('/api/users?page_size=100', superadmin);
    const names = all.json().data.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['superadmin', 'admin', 'users-rival-admin']));
    const platform = await api.get('/api/users?tenant_id=platform', superadmin);
    expect(platform.json().data.map((u: { username: string }) => u.username)).toEqual([
      'superadmin',
    ]);
    const rivalOnly = await api.get(`/api/users?tenant_id=${rival.tenant.id}`, superadmin);
    expect(rivalOnly.json().data.map((u: { username: string }) => u.username)).toEqual([
      'users-rival-admin',
    ]);
    // Tenant staff cannot widen their scope with the filter.
    const widened = await api.get(`/api/users?tenant_id=${rival.tenant.id}`);
    expect(widened.body).not.toContain('users-rival-admin');
  });

  it('shows staff bound to an outlet only the users of that outlet (404 for the others)', async () => {
    const kl = await demoOutlet(t, 'KL01');
    const lead = await signedInUser(t, {
      username: 'kl-lead',
      tenantId,
      outletId: kl.id,
      permissions: ['read-user', 'update-user', 'read-role-permission'],
    });
    const res = await api.get('/api/users?page_size=50', lead);
    const names = res.json().data.map((u: { username: string }) => u.username);
    expect(names.sort()).toEqual(['cashier', 'kl-lead', 'manager']);
    const finance = await userByUsername(t, 'finance');
    expect((await api.get(`/api/users/${finance.id}`, lead)).statusCode).toBe(404);
    expect((await api.get(`/api/users/${finance.id}/sessions`, lead)).statusCode).toBe(404);
  });
});

describe('GET /api/users/options', () => {
  it('offers the roles in scope, which of them the caller may give, and the outlets', async () => {
    const res = await api.get('/api/users/options');
    expect(res.statusCode).toBe(200);
    const { roles: offered, outlets } = res.json().data;
    // Built-in roles first, then the tenant's own (an earlier test made role-kl-lead).
    expect(offered.map((r: { name: string }) => r.name)).toEqual([
      'admin',
      'cashier',
      'finance',
      'manager',
      'marketing',
      'role-kl-lead',
    ]);
    expect(offered.every((r: { assignable: boolean }) => r.assignable)).toBe(true);
    expect(outlets.map((o: { code: string }) => o.code)).toEqual(['JB01', 'KL01', 'PG01']);

    // The outlet-bound lead (read-user only for roles) may give none of the demo roles.
    const lead = t.bearer((await t.login('kl-lead')).token);
    const limited = (await api.get('/api/users/options', lead)).json().data;
    expect(limited.outlets.map((o: { code: string }) => o.code)).toEqual(['KL01']);
    expect(
      limited.roles
        .filter((r: { assignable: boolean }) => r.assignable)
        .map((r: { name: string }) => r.name),
    ).toEqual(['role-kl-lead']);

    const platform = (await api.get('/api/users/options', superadmin)).json().data;
    expect(platform).toEqual({
      roles: [expect.objectContaining({ name: 'superadmin', assignable: true })],
      outlets: [],
    });
  });
});

describe('GET /api/users/{id}', () => {
  it('answers the profile with effective permissions and live sessions', async () => {
    const manager = await userByUsername(t, 'manager');
    await t.login('manager');
    const res = await api.get(`/api/users/${manager.id}`);
    expect(res.statusCode).toBe(200);
    const user = staffUserDetailSchema.strict().parse(res.json().data);
    expect(user.permissions).toContain('close-day-order');
    expect(user.permissions).toEqual([...user.permissions].sort());
    expect(user.active_sessions).toBeGreaterThanOrEqual(1);
  });

  it("is a 404 for another tenant's user and for a platform user", async () => {
    const rivalAdmin = await userByUsername(t, 'users-rival-admin');
    const platform = await userByUsername(t, 'superadmin');
    expect((await api.get(`/api/users/${rivalAdmin.id}`)).statusCode).toBe(404);
    expect((await api.get(`/api/users/${platform.id}`)).json().code_message).toBe('not_found');
    const demoAdmin = await userByUsername(t, 'admin');
    expect((await api.get(`/api/users/${demoAdmin.id}`, rival.headers)).statusCode).toBe(404);
  });
});

describe('POST /api/users', () => {
  it('creates a user with a temporary password that must be changed first', async () => {
    const res = await api.post(
      '/api/users',
      await newUser('barista1', { password_setup: { method: 'temporary' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      username: 'barista1',
      role_name: 'cashier',
      outlet_name: 'Kuala Lumpur',
      tenant_id: tenantId,
      must_change_password: true,
      password_setup: { method: 'temporary', email_sent_to: null, sessions_ended: 0 },
    });
    const temporary = data.password_setup.temporary_password as string;
    expect(temporary).toMatch(passwordPattern);
    expect(JSON.stringify(await latestAudit(t, 'user.create'))).not.toContain(temporary);

    // Signed in with it, the user may only change it.
    const session = await t.login('barista1', temporary);
    expect(session).toMatchObject({ must_change_password: true });
    const blocked = await api.get('/api/pos/outlets', t.bearer(session.token));
    expectCode(blocked, 403, 'password_change_required');
    expect((await api.get('/api/notification', t.bearer(session.token))).statusCode).toBe(200);
    const changed = await api.post(
      '/api/changepassword',
      { old_password: temporary, password: 'Barista@1', password_confirmation: 'Barista@1' },
      t.bearer(session.token),
    );
    expect(changed.statusCode).toBe(200);
    expect((await api.get('/api/pos/outlets', t.bearer(session.token))).statusCode).toBe(200);
    expect(await t.login('barista1', 'Barista@1')).toMatchObject({ must_change_password: false });
  });

  it('creates a user who chooses a password through an e-mailed single-use link', async () => {
    const res = await api.post(
      '/api/users',
      await newUser('barista2', { password_setup: { method: 'email' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      must_change_password: false,
      password_setup: {
        method: 'email',
        temporary_password: null,
        email_sent_to: 'barista2@kopi-demo.my',
      },
    });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'barista2@kopi-demo.my'));
    expect(mail?.kind).toBe('account_invite');
    expect(mail?.subject).toBe('Your Kopi HQ account');
    expect(mail?.textBody).toMatch(/^Hello Staff barista2,/);
    const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail!.textBody)![1]!);
    const reset = await api.post('/api/reset-password', {
      token,
      ...newPassword('Barista@2'),
    });
    expect(reset.statusCode).toBe(200);
    await t.login('barista2', 'Barista@2');
  });

  it('answers 400 with a code_message for bad input, taken usernames and foreign roles', async () => {
    const bad = await api.post('/api/users', { username: 'a b', role_id: 'x' });
    expectCode(bad, 400, 'validation_failed');
    expect(detailPaths(bad)).toEqual(expect.arrayContaining(['username', 'fullname', 'role_id']));
    const noEmail = await api.post(
      '/api/users',
      await newUser('nomail', { email: '', password_setup: { method: 'email' } }),
    );
    expect(noEmail.json().details).toEqual([{ path: 'email', message: 'validation.required' }]);
    const taken = await api.post('/api/users', await newUser('ADMIN'));
    expectCode(taken, 400, 'username_taken');
    const foreignRole = await api.post(
      '/api/users',
      await newUser('foreign1', {
        role_id: await roleId('role-users-rival-admin', rival.tenant.id),
      }),
    );
    expect(foreignRole.json().details).toEqual([
      { path: 'role_id', message: 'validation.invalid' },
    ]);
    const foreignOutlet = await api.post(
      '/api/users',
      await newUser('foreign2', { id_outlet: rival.outlet.id }),
    );
    expect(foreignOutlet.json().details).toEqual([
      { path: 'id_outlet', message: 'validation.invalid' },
    ]);
    // The superadmin role is a platform role: never given to tenant staff.
    const platformRole = await api.post(
      '/api/users',
      await newUser('foreign3', { role_id: await roleId('superadmin', null) }),
    );
    expect(platformRole.json().details).toEqual([
      { path: 'role_id', message: 'validation.invalid' },
    ]);
  });

  it('refuses to hand out a role holding permissions the caller lacks', async () => {
    const hr = await signedInUser(t, {
      username: 'hr',
      tenantId,
      permissions: ['read-user', 'create-user', 'update-user', 'delete-user', 'read-pos'],
    });
    const res = await api.post('/api/users', await newUser('sneaky'), hr);
    expectCode(res, 403, 'permission_escalation');
    // Nor may they change (and so take over) a user whose role does more than theirs.
    const cashier = await userByUsername(t, 'cashier');
    const reset = await api.send(
      'POST',
      `/api/users/${cashier.id}/reset-password`,
      { method: 'temporary' },
      hr,
    );
    expectCode(reset, 403, 'target_outranks_you');
  });

  it('lets a platform superadmin create platform users, and tenant users inside a tenant', async () => {
    const platform = await api.post(
      '/api/users',
      await newUser('ops1', { role_id: await roleId('superadmin', null), id_outlet: null }),
      superadmin,
    );
    expect(platform.statusCode, platform.body).toBe(201);
    expect(platform.json().data).toMatchObject({ tenant_id: null, role_name: 'superadmin' });
    const entered = await api.post(`/api/tenants/${tenantId}/enter`, undefined, superadmin);
    expect(entered.statusCode).toBe(200);
    const inside = await api.post('/api/users', await newUser('barista3'), superadmin);
    expect(inside.statusCode, inside.body).toBe(201);
    expect(inside.json().data.tenant_id).toBe(tenantId);
    const entry = await latestAudit(t, 'user.create');
    expect(entry).toMatchObject({ tenantId, actorUsername: 'superadmin' });
    await api.post('/api/tenants/leave', undefined, superadmin);
  });
});

describe('PUT /api/users/{id}', () => {
  it('edits a user and records before and after', async () => {
    const user = await userByUsername(t, 'barista1');
    const pg = await demoOutlet(t, 'PG01');
    const res = await api.put(`/api/users/${user.id}`, {
      username: 'barista1',
      fullname: 'Nur Aina',
      email: '',
      role_id: await roleId('manager'),
      id_outlet: pg.id,
      language: 'my',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      fullname: 'Nur Aina',
      email: null,
      role_name: 'manager',
      outlet_name: 'Penang',
      language: 'my',
    });
    const entry = await latestAudit(t, 'user.update');
    expect(entry).toMatchObject({ entityId: user.id, tenantId });
    expect(entry?.before).toMatchObject({ fullname: 'Staff barista1', id_outlet: user.idOutlet });
    expect(entry?.after).toMatchObject({ fullname: 'Nur Aina', id_outlet: pg.id });
  });

  it('refuses to disable yourself or move yourself to a role without role management', async () => {
    const me = await userByUsername(t, 'admin');
    const base = {
      username: 'admin',
      fullname: me.fullname,
      role_id: me.roleId,
      id_outlet: null,
    };
    const disable = await api.put(`/api/users/${me.id}`, { ...base, status: 'disabled' });
    expectCode(disable, 409, 'self_disable');
    const demote = await api.put(`/api/users/${me.id}`, {
      ...base,
      role_id: await roleId('finance'),
    });
    expect(expectCode(demote, 409, 'role_self_lockout')).toMatchObject({
      details: [
        { path: 'permissions', message: 'create-role-permission' },
        { path: 'permissions', message: 'read-role-permission' },
        { path: 'permissions', message: 'update-role-permission' },
        { path: 'permissions', message: 'delete-role-permission' },
      ],
    });
    expect((await api.post(`/api/users/${me.id}/disable`)).json().code_message).toBe(
      'self_disable',
    );
    expect((await api.del(`/api/users/${me.id}`)).json().code_message).toBe('self_delete');
  });

  it("is a 404 for another tenant's user", async () => {
    const cashier = await userByUsername(t, 'cashier');
    const res = await api.send(
      'PUT',
      `/api/users/${cashier.id}`,
      { username: 'cashier', fullname: 'Hijacked', role_id: cashier.roleId, id_outlet: null },
      rival.headers,
    );
    expect(res.statusCode).toBe(404);
    expect(
      (await api.post(`/api/users/${cashier.id}/disable`, undefined, rival.headers)).statusCode,
    ).toBe(404);
  });
});

describe('disable, enable and sessions', () => {
  it("ends every session at once: the user's live access token is refused on the next call", async () => {
    const session = await t.login('finance');
    const headers = t.bearer(session.token);
    expect((await api.get('/api/notification', headers)).statusCode).toBe(200);
    const finance = await userByUsername(t, 'finance');
    const res = await api.post(`/api/users/${finance.id}/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'disabled' });
    expect(res.json().data.sessions_ended).toBeGreaterThanOrEqual(1);
    expect((await api.get('/api/notification', headers)).statusCode).toBe(401);
    const refresh = await api.post(
      '/api/refresh-token',
      undefined,
      t.bearer(session.refresh_token),
    );
    expect(refresh.statusCode).toBe(401);
    const login = await api.post(
      '/api/login',
      { username: 'finance', password: 'Kopi@1234' },
      anonymous,
    );
    expect(login.json().code_message).toBe('user_disabled');
    expect((await latestAudit(t, 'user.disable'))?.after).toMatchObject({ status: 'disabled' });

    const enabled = await api.post(`/api/users/${finance.id}/enable`);
    expect(enabled.json().data).toMatchObject({ status: 'active', sessions_ended: 0 });
    await t.login('finance');
  });

  it('lists live sessions and ends one or all of them', async () => {
    const manager = await userByUsername(t, 'manager');
    const first = await t.login('manager');
    const second = await t.login('manager');
    const list = await api.get(`/api/users/${manager.id}/sessions`);
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data.map((s: unknown) => userSessionSchema.strict().parse(s));
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.every((s: { current: boolean }) => !s.current)).toBe(true);

    const mine = (await api.get('/api/account/sessions', t.bearer(first.token))).json().data;
    const current = mine.find((s: { current: boolean }) => s.current).id;
    const revoked = await api.del(`/api/users/${manager.id}/sessions/${current}`);
    expect(revoked.json().data).toEqual({ id: current, revoked: true });
    expect((await api.get('/api/notification', t.bearer(first.token))).statusCode).toBe(401);
    expect((await api.get('/api/notification', t.bearer(second.token))).statusCode).toBe(200);
    expect((await api.del(`/api/users/${manager.id}/sessions/${current}`)).statusCode).toBe(404);
    // A session of another user is not found under this user.
    const cashier = await userByUsername(t, 'cashier');
    expect((await api.del(`/api/users/${cashier.id}/sessions/${current}`)).statusCode).toBe(404);

    const all = await api.post(`/api/users/${manager.id}/sessions/revoke-all`);
    expect(all.json().data.sessions_ended).toBeGreaterThanOrEqual(1);
    expect((await api.get('/api/notification', t.bearer(second.token))).statusCode).toBe(401);
    expect((await latestAudit(t, 'session.revoke_all'))?.entityId).toBe(manager.id);
  });
});

describe('POST /api/users/{id}/reset-password', () => {
  it('sets a temporary password: every session ends and it must be changed', async () => {
    const cashier = await userByUsername(t, 'cashier');
    const session = await t.login('cashier');
    const res = await api.post(`/api/users/${cashier.id}/reset-password`, {
      method: 'temporary',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.sessions_ended).toBeGreaterThanOrEqual(1);
    expect((await api.get('/api/notification', t.bearer(session.token))).statusCode).toBe(401);
    expect(await t.login('cashier', data.temporary_password)).toMatchObject({
      must_change_password: true,
    });
    expect((await latestAudit(t, 'user.password_temporary'))?.after).toMatchObject({
      must_change_password: true,
    });
  });

  it("writes the e-mails in the recipient's language", async () => {
    const created = await api.post(
      '/api/users',
      await newUser('barista-my', { language: 'my', password_setup: { method: 'email' } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const mails = async () =>
      t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.toAddress, 'barista-my@kopi-demo.my'))
        .orderBy(desc(outbox.createdAt));
    const [invite] = await mails();
    expect(invite).toMatchObject({ kind: 'account_invite', subject: 'Akaun Kopi HQ anda' });
    expect(invite!.textBody).toMatch(/^Salam Staff barista-my,/);
    expect(invite!.textBody).toContain('/reset-password?token=');
    const reset = await api.post(`/api/users/${created.json().data.id}/reset-password`, {
      method: 'email',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [again] = await mails();
    expect(again).toMatchObject({
      kind: 'password_reset',
      subject: 'Pilih kata laluan Kopi HQ yang baharu',
    });
    expect(again!.textBody).toContain('Seorang pentadbir meminta kata laluan baharu');
  });

  it('mails a link, or says the user has no e-mail address', async () => {
    const manager = await userByUsername(t, 'manager');
    const res = await api.post(`/api/users/${manager.id}/reset-password`, { method: 'email' });
    expect(res.json().data).toMatchObject({
      method: 'email',
      email_sent_to: 'manager@kopi-demo.my',
    });
    const noEmail = await userByUsername(t, 'barista1');
    const refused = await api.post(`/api/users/${noEmail.id}/reset-password`, {
      method: 'email',
    });
    expectCode(refused, 400, 'user_email_missing');
  });
});

describe('activity and delete', () => {
  it("shows what a user did, from the audit log, within the caller's tenant", async () => {
    const admin = await userByUsername(t, 'admin');
    const res = await api.get(`/api/users/${admin.id}/activity?page_size=50`);
    expect(res.statusCode).toBe(200);
    const actions = res.json().data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['session.create', 'user.create']));
    expect(res.json().data[0]).not.toHaveProperty('before');
    const rivalAdmin = await userByUsername(t, 'users-rival-admin');
    expect((await api.get(`/api/users/${rivalAdmin.id}/activity`)).statusCode).toBe(404);
  });

  it('deletes a user who never did anything, and refuses one with history', async () => {
    const created = await api.post('/api/users', await newUser('mistake'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const res = await api.del(`/api/users/${id}`);
    expect(res.json(), res.body).toEqual({ data: { id, deleted: true } });
    expect((await api.get(`/api/users/${id}`)).statusCode).toBe(404);
    expect((await latestAudit(t, 'user.delete'))?.before).toMatchObject({ username: 'mistake' });
    const cashier = await userByUsername(t, 'cashier');
    const refused = await api.del(`/api/users/${cashier.id}`);
    expectCode(refused, 409, 'user_in_use');
  });
});

describe("another tenant's user and bad input", () => {
  it("is a 404 on every user route for another tenant's user, and nothing changes", async () => {
    const victim = await createUser(t, {
      username: `cross-${Date.now()}`,
      tenantId,
      permissions: ['read-dashboard'],
    });
    const session = await t.login(victim.username);
    const [sessionRow] = (await api.get(`/api/users/${victim.id}/sessions`)).json().data as {
      id: string;
    }[];
    const attempts: [method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object][] = [
      ['DELETE', `/api/users/${victim.id}`],
      ['POST', `/api/users/${victim.id}/enable`],
      ['POST', `/api/users/${victim.id}/reset-password`, { method: 'temporary' }],
      ['GET', `/api/users/${victim.id}/sessions`],
      ['DELETE', `/api/users/${victim.id}/sessions/${sessionRow!.id}`],
      ['POST', `/api/users/${victim.id}/sessions/revoke-all`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await api.send(method, url, payload, rival.headers);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code_message, `${method} ${url}`).toBe('not_found');
    }
    // The user, their password and their session are untouched.
    expect((await api.get(`/api/users/${victim.id}`)).statusCode).toBe(200);
    expect((await api.get('/api/notification', t.bearer(session.token))).statusCode).toBe(200);
    await expect(t.login(victim.username)).resolves.toMatchObject({ must_change_password: false });
  });

  it('answers 400 with a code_message for a bad edit, reset or session id', async () => {
    const cashier = await createUser(t, {
      username: `bad-input-${Date.now()}`,
      tenantId,
      permissions: ['read-dashboard'],
    });
    const edit = await api.put(`/api/users/${cashier.id}`, {
      username: 'a b',
      fullname: '',
      role_id: 'not-a-uuid',
    });
    expectCode(edit, 400, 'validation_failed');
    expect(detailPaths(edit)).toEqual(expect.arrayContaining(['username', 'fullname', 'role_id']));
    const badId = await api.put('/api/users/not-a-uuid', {
      username: cashier.username,
      fullname: 'Siti',
      role_id: cashier.roleId,
    });
    expectCode(badId, 400, 'validation_failed');

    const method = await api.post(`/api/users/${cashier.id}/reset-password`, {
      method: 'sms',
    });
    expectCode(method, 400, 'validation_failed');
    const weak = await api.post(`/api/users/${cashier.id}/reset-password`, {
      method: 'temporary',
      password: 'short',
    });
    expect(expectCode(weak, 400, 'validation_failed')).toMatchObject({
      details: [expect.objectContaining({ path: 'password' })],
    });

    const session = await api.del(`/api/users/${cashier.id}/sessions/not-a-uuid`);
    expect(expectCode(session, 400, 'validation_failed')).toMatchObject({
      details: [expect.objectContaining({ path: 'sessionId' })],
    });
    // Nothing was changed by the refused requests.
    await expect(t.login(cashier.username)).resolves.toMatchObject({
      must_change_password: false,
    });
  });
});
