import { auditDiff, type Role, roleSchema } from '@kopi/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema/access';
import { demoOutlet, otherTenant } from '../../test/catalogue-fixtures';
import { createUser, latestAudit, signedInUser } from '../../test/fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { expectCode, expectCodeWithDetails } from '../../test/expect-code';

// Roles: cards, create and edit with the permission set, delete of unused roles,
// the immutable superadmin role, tenant scope, the escalation guard and no self lock-out.

type Headers = { authorization: string };
let tenantId: string;
let rival: Awaited<ReturnType<typeof otherTenant>>;

const { t, api, as } = useTestApp({ signIn: ['admin', 'superadmin'], api: 'admin' });
const { admin, superadmin } = as;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  rival = await otherTenant(t, 'roles-rival');
});

async function role(name: string, tenant: string | null = tenantId) {
  const [row] = await t.database.db
    .select()
    .from(roles)
    .where(and(eq(roles.name, name), tenant ? eq(roles.tenantId, tenant) : isNull(roles.tenantId)));
  return row!;
}

describe('GET /api/roles', () => {
  it("lists the tenant's roles with permissions, user counts and a few holders", async () => {
    const res = await api.get('/api/roles');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.map((r: unknown) => roleSchema.strict().parse(r));
    expect(rows.map((r: { name: string }) => r.name)).toEqual([
      'admin',
      'cashier',
      'finance',
      'manager',
      'marketing',
    ]);
    const cashier = rows.find((r: { name: string }) => r.name === 'cashier');
    expect(cashier).toMatchObject({
      tenant_id: tenantId,
      is_builtin: true,
      is_immutable: false,
      user_count: 1,
      users_preview: [{ username: 'cashier', fullname: 'Siti Nurhaliza', avatar: null }],
    });
    expect(cashier.permissions).toContain('create-pos');
    expect(res.body).not.toContain('superadmin');
    expect(res.body).not.toContain('roles-rival');
  });

  it('previews only the holders an outlet-bound viewer may see; the count stays whole', async () => {
    const kl = await demoOutlet(t, 'KL01');
    const pg = await demoOutlet(t, 'PG01');
    const cashierRole = await role('cashier');
    const penang = await api.post('/api/users', {
      username: 'roles-penang-cashier',
      fullname: 'Penang cashier',
      role_id: cashierRole.id,
      id_outlet: pg.id,
      password_setup: { method: 'temporary', password: 'Kopi@5678' },
    });
    expect(penang.statusCode, penang.body).toBe(201);
    const viewer = await createUser(t, {
      username: 'roles-kl-viewer',
      tenantId,
      permissions: ['read-role-permission'],
      outletId: kl.id,
    });
    const bound = t.bearer((await t.login(viewer.username)).token);
    const preview = async (headers: Headers) => {
      const rows = (await api.get('/api/roles', headers)).json().data as Role[];
      const cashier = rows.find((r) => r.name === 'cashier')!;
      return { names: cashier.users_preview.map((u) => u.username), count: cashier.user_count };
    };
    expect(await preview(admin)).toEqual({ names: ['cashier', 'roles-penang-cashier'], count: 2 });
    expect(await preview(bound)).toEqual({ names: ['cashier'], count: 2 });
    const one = (await api.get(`/api/roles/${cashierRole.id}`, bound)).json().data as Role;
    expect(one.users_preview.map((u) => u.username)).toEqual(['cashier']);
    await api.del(`/api/users/${penang.json().data.id}`);
  });

  it('gives a platform superadmin every role, narrowed by tenant_id', async () => {
    const all = await api.get('/api/roles?page_size=100', superadmin);
    const names = all.json().data.map((r: { name: string }) => r.name);
    expect(names[0]).toBe('superadmin');
    expect(names).toEqual(expect.arrayContaining(['admin', 'role-roles-rival-admin']));
    const platform = await api.get('/api/roles?tenant_id=platform', superadmin);
    expect(platform.json().data).toEqual([
      expect.objectContaining({ name: 'superadmin', is_immutable: true, tenant_id: null }),
    ]);
  });

  it('answers 401 without a token, 403 without read-role-permission, 404 across tenants', async () => {
    expect((await api.get('/api/roles', anonymous)).statusCode).toBe(401);
    const cashier = t.bearer((await t.login('cashier')).token);
    expect((await api.get('/api/roles', cashier)).statusCode).toBe(403);
    const demoAdmin = await role('admin');
    expect((await api.get(`/api/roles/${demoAdmin.id}`, rival.headers)).statusCode).toBe(404);
    const platform = await role('superadmin', null);
    expect((await api.get(`/api/roles/${platform.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/roles', () => {
  it('creates a role in the tenant with a clean permission set, audited', async () => {
    const res = await api.post('/api/roles', {
      name: 'Barista',
      description: 'Makes drinks',
      permissions: ['read-status-order', 'UPDATE-status-order', 'read-status-order', 'read-pos'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Barista',
      tenant_id: tenantId,
      is_builtin: false,
      user_count: 0,
      permissions: ['read-pos', 'read-status-order', 'update-status-order'],
    });
    const entry = await latestAudit(t, 'role.create');
    expect(entry).toMatchObject({ tenantId, entityId: res.json().data.id, before: null });
    expect(entry?.after).toMatchObject({ name: 'Barista' });
  });

  it('answers 400 for a taken name, unknown or platform permissions', async () => {
    const taken = await api.post('/api/roles', { name: 'Barista', permissions: [] });
    expectCode(taken, 400, 'role_name_taken');
    const unknown = await api.post('/api/roles', { name: 'X', permissions: ['fly-rocket'] });
    expect(unknown.json()).toMatchObject({
      code_message: 'validation_failed',
      details: [{ path: 'permissions.0', message: 'validation.invalid' }],
    });
    // Only the superadmin hands out platform permissions, and only on platform roles.
    const platform = await api.send(
      'POST',
      '/api/roles',
      { name: 'Tenant spy', permissions: ['read-tenant'] },
      superadmin,
    );
    expect(platform.statusCode).toBe(201);
    await api.post(`/api/tenants/${tenantId}/enter`, undefined, superadmin);
    const inTenant = await api.send(
      'POST',
      '/api/roles',
      { name: 'Tenant spy', permissions: ['read-tenant'] },
      superadmin,
    );
    expectCode(inTenant, 400, 'platform_permission_not_allowed');
    await api.post('/api/tenants/leave', undefined, superadmin);
  });

  it('refuses permissions the caller does not hold (escalation guard)', async () => {
    const clerk = await signedInUser(t, {
      username: 'role-clerk',
      tenantId,
      permissions: [
        'read-role-permission',
        'create-role-permission',
        'update-role-permission',
        'delete-role-permission',
        'read-pos',
      ],
    });
    const res = await api.send(
      'POST',
      '/api/roles',
      { name: 'Auditor', permissions: ['read-pos', 'read-log', 'read-order'] },
      clerk,
    );
    expect(expectCode(res, 403, 'permission_escalation')).toMatchObject({
      details: [
        { path: 'permissions', message: 'read-log' },
        { path: 'permissions', message: 'read-order' },
      ],
    });
    expect(
      (await api.post('/api/roles', { name: 'Till', permissions: ['read-pos'] }, clerk)).statusCode,
    ).toBe(201);
    // A role that can do more than the clerk is out of the clerk's reach.
    const cashier = await role('cashier');
    const edit = await api.send(
      'PUT',
      `/api/roles/${cashier.id}`,
      { name: 'cashier', permissions: ['read-pos'] },
      clerk,
    );
    expectCode(edit, 403, 'target_outranks_you');
  });
});

describe('PUT /api/roles/{id}', () => {
  it("applies a new permission set to holders' very next request, audited as a difference", async () => {
    const cashierSession = t.bearer((await t.login('cashier')).token);
    expect((await api.get('/api/roles', cashierSession)).statusCode).toBe(403);
    const cashier = await role('cashier');
    const current = (await api.get(`/api/roles/${cashier.id}`)).json().data.permissions as string[];
    const res = await api.put(`/api/roles/${cashier.id}`, {
      name: 'cashier',
      description: 'Till and board',
      permissions: [...current.filter((p) => p !== 'toggle-sold-out'), 'read-role-permission'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await api.get('/api/roles', cashierSession)).statusCode).toBe(200);
    const entry = await latestAudit(t, 'role.update');
    expect(auditDiff(entry?.before, entry?.after)).toEqual([
      {
        path: 'description',
        kind: 'changed',
        before: 'POS, status board and own orders at one outlet',
        after: 'Till and board',
      },
      { path: 'permissions[]', kind: 'added', before: null, after: 'read-role-permission' },
      { path: 'permissions[]', kind: 'removed', before: 'toggle-sold-out', after: null },
    ]);
  });

  it('never changes the superadmin role', async () => {
    const platform = await role('superadmin', null);
    const res = await api.send(
      'PUT',
      `/api/roles/${platform.id}`,
      { name: 'superadmin', permissions: [] },
      superadmin,
    );
    expectCode(res, 409, 'role_immutable');
    expect(
      (await api.del(`/api/roles/${platform.id}`, undefined, superadmin)).json().code_message,
    ).toBe('role_immutable');
    // To a tenant admin the platform role does not exist.
    expect(
      (await api.put(`/api/roles/${platform.id}`, { name: 'x', permissions: [] })).statusCode,
    ).toBe(404);
  });

  it('refuses a change that removes your own access to roles (no self lock-out)', async () => {
    const adminRole = await role('admin');
    const current = (await api.get(`/api/roles/${adminRole.id}`)).json().data
      .permissions as string[];
    const res = await api.put(`/api/roles/${adminRole.id}`, {
      name: 'admin',
      permissions: current.filter((p) => p !== 'update-role-permission'),
    });
    expect(expectCode(res, 409, 'role_self_lockout')).toMatchObject({
      details: [{ path: 'permissions', message: 'update-role-permission' }],
    });
    expect((await api.get(`/api/roles/${adminRole.id}`)).json().data.permissions).toEqual(current);
    // Create and delete count too: dropping either is refused, and the details name each one.
    for (const dropped of ['create-role-permission', 'delete-role-permission']) {
      const lost = await api.put(`/api/roles/${adminRole.id}`, {
        name: 'admin',
        permissions: current.filter((p) => p !== dropped),
      });
      expect(lost.statusCode, dropped).toBe(409);
      expect(lost.json(), dropped).toMatchObject({
        code_message: 'role_self_lockout',
        details: [{ path: 'permissions', message: dropped }],
      });
    }
    const allRoles = await api.put(`/api/roles/${adminRole.id}`, {
      name: 'admin',
      permissions: current.filter((p) => !p.endsWith('-role-permission')),
    });
    expect(allRoles.json().details.map((d: { message: string }) => d.message)).toEqual([
      'create-role-permission',
      'read-role-permission',
      'update-role-permission',
      'delete-role-permission',
    ]);
    expect((await api.get(`/api/roles/${adminRole.id}`)).json().data.permissions).toEqual(current);
    // Renaming your own role, keeping its permissions, is fine.
    const renamed = await api.put(`/api/roles/${adminRole.id}`, {
      name: 'Administrator',
      permissions: current,
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('answers 400 with a code_message for a bad edit', async () => {
    const manager = await role('manager');
    const res = await api.put(`/api/roles/${manager.id}`, {
      name: '',
      permissions: ['fly-rocket'],
    });
    expectCodeWithDetails(res, 400, 'validation_failed', [
      expect.objectContaining({ path: 'name' }),
      { path: 'permissions.0', message: 'validation.invalid' },
    ]);
    const noPermissions = await api.put(`/api/roles/${manager.id}`, { name: 'manager' });
    expect(noPermissions.json().details).toEqual([
      expect.objectContaining({ path: 'permissions' }),
    ]);
    const badId = await api.put('/api/roles/not-a-uuid', { name: 'x', permissions: [] });
    expectCode(badId, 400, 'validation_failed');
    expect((await api.get(`/api/roles/${manager.id}`)).json().data.name).toBe('manager');
  });

  it("is a 404 for another tenant's role", async () => {
    const manager = await role('manager');
    const res = await api.send(
      'PUT',
      `/api/roles/${manager.id}`,
      { name: 'manager', permissions: [] },
      rival.headers,
    );
    expect(res.statusCode).toBe(404);
    expect((await api.del(`/api/roles/${manager.id}`, undefined, rival.headers)).statusCode).toBe(
      404,
    );
  });
});

describe('DELETE /api/roles/{id}', () => {
  it('refuses while users hold the role, deletes an unused one', async () => {
    const manager = await role('manager');
    const held = await api.del(`/api/roles/${manager.id}`);
    expectCode(held, 409, 'role_in_use');
    const barista = await role('Barista');
    const res = await api.del(`/api/roles/${barista.id}`);
    expect(res.json().data).toEqual({ id: barista.id, deleted: true });
    expect((await api.get(`/api/roles/${barista.id}`)).statusCode).toBe(404);
    expect((await latestAudit(t, 'role.delete'))?.before).toMatchObject({ name: 'Barista' });
  });
});
