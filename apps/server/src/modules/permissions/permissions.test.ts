import { permissionCatalogue, permissionEntrySchema } from '@kopi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { otherTenant } from '../../test/catalogue-fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { expectCode } from '../../test/expect-code';

// The permission catalogue: superadmin only; each string with its description and
// the roles holding it.

let tenantId: string;
let rivalTenantId: string;

const { t, api } = useTestApp({ signIn: ['superadmin'], api: 'superadmin' });
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  rivalTenantId = (await otherTenant(t, 'perm-rival')).tenant.id;
});

describe('GET /api/permissions', () => {
  it('lists the whole catalogue with descriptions and platform holders', async () => {
    const res = await api.get('/api/permissions');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.map((e: unknown) => permissionEntrySchema.strict().parse(e));
    expect(rows.map((e: { permission: string }) => e.permission)).toEqual(
      permissionCatalogue.map((e) => e.permission),
    );
    const readUser = rows.find((e: { permission: string }) => e.permission === 'read-user');
    expect(readUser).toMatchObject({
      action: 'read',
      subject: 'user',
      area: 'access',
      platform: false,
      description: { en: 'View staff users', my: 'Lihat pengguna kakitangan' },
      roles: [{ name: 'superadmin', tenant_id: null, tenant_name: null }],
    });
    // The demo admin and the rival's admin hold it too.
    expect(readUser.role_count).toBe(3);
    expect(rows.find((e: { permission: string }) => e.permission === 'read-tenant').platform).toBe(
      true,
    );
  });

  it("lists a tenant's holders with tenant_id, and searches and filters by area", async () => {
    const res = await api.get(`/api/permissions?tenant_id=${tenantId}&area=orders&q=refund`);
    const rows = res.json().data;
    expect(rows.map((e: { permission: string }) => e.permission)).toEqual([
      'read-order',
      'create-order',
      'update-order',
      'delete-order',
      'approve-refund',
      'transfer-refund',
    ]);
    const approve = rows.find((e: { permission: string }) => e.permission === 'approve-refund');
    expect(approve.roles.map((r: { name: string }) => r.name).sort()).toEqual([
      'admin',
      'finance',
      'manager',
    ]);
    expect(JSON.stringify(rows)).not.toContain(rivalTenantId);
  });

  it('is for the platform only: 401 without a token, 403 for tenant admins', async () => {
    expect((await api.get('/api/permissions', anonymous)).statusCode).toBe(401);
    const admin = t.bearer((await t.login('admin')).token);
    const res = await api.get('/api/permissions', admin);
    expectCode(res, 403, 'forbidden');
    const bad = await api.get('/api/permissions?tenant_id=nope');
    expectCode(bad, 400, 'validation_failed');
    const area = await api.get('/api/permissions?area=nope');
    expect(expectCode(area, 400, 'validation_failed')).toMatchObject({
      details: [{ path: 'area', message: 'validation.invalid' }],
    });
  });
});
