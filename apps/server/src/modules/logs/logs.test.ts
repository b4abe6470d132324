import { auditEntryDetailSchema, auditEntrySchema, auditExportColumns } from '@kopi/contract';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/access';
import { paymentGateways } from '../../db/schema/payments';
import { auditLog } from '../../db/schema/platform';
import { shifts, tills } from '../../db/schema/shifts';
import { demoOutlet, otherTenant } from '../../test/catalogue-fixtures';
import { createUser, signedInUser, userByUsername } from '../../test/fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { expectCode } from '../../test/expect-code';

// The audit log: tenant scope (superadmin: every tenant), filters, the detail with
// its difference, CSV export, and no way to edit or delete an entry.

type Headers = { authorization: string };
let tenantId: string;
let rival: Awaited<ReturnType<typeof otherTenant>>;
let cashierRoleId: string;

const { t, api, as } = useTestApp({ signIn: ['admin', 'superadmin'], api: 'admin' });
const { admin, superadmin } = as;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  rival = await otherTenant(t, 'logs-rival');
  await t.login('cashier');
  cashierRoleId = (await userByUsername(t, 'cashier')).roleId;
  // A write to show in the log: the admin renames a role.
  const res = await api.put(`/api/roles/${cashierRoleId}`, {
    name: '=cashier',
    permissions: ['read-pos'],
  });
  expect(res.statusCode, res.body).toBe(200);
});

type Entry = { id: string; action: string; tenant_id: string | null; actor_username: string };
const entries = async (query = '', headers: Headers = admin): Promise<Entry[]> =>
  (await api.get(`/api/logs?page_size=100${query}`, headers)).json().data;

describe('GET /api/logs', () => {
  it("lists the tenant's entries newest first, never another tenant's", async () => {
    const res = await api.get('/api/logs?page_size=100');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.map((e: unknown) => auditEntrySchema.strict().parse(e));
    expect(rows.every((e: Entry) => e.tenant_id === tenantId)).toBe(true);
    expect(rows[0]).toMatchObject({ action: 'role.update', actor_username: 'admin' });
    expect(res.body).not.toContain('logs-rival');
    const times = rows.map((e: { created_at: string }) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by user, action, entity, date range and text', async () => {
    const cashier = await userByUsername(t, 'cashier');
    const byUser = await entries(`&actor_id=${cashier.id}`);
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((e) => e.actor_username === 'cashier')).toBe(true);
    const byAction = await entries('&action=role.update&entity=role');
    expect(byAction.map((e) => e.action)).toEqual(['role.update']);
    const future = encodeURIComponent('2999-01-01T00:00:00+08:00');
    expect(await entries(`&from=${future}`)).toEqual([]);
    const past = encodeURIComponent('2000-01-01T00:00:00+08:00');
    expect(await entries(`&to=${past}`)).toEqual([]);
    expect((await entries('&q=role.upd')).map((e) => e.action)).toEqual(['role.update']);
    const bad = await api.get('/api/logs?from=yesterday');
    expectCode(bad, 400, 'validation_failed');
  });

  it('gives a platform superadmin every tenant, narrowed by tenant_id', async () => {
    const all = await entries('', superadmin);
    const tenants = new Set(all.map((e) => e.tenant_id));
    expect(tenants).toEqual(new Set([tenantId, rival.tenant.id, null]));
    const platform = await entries('&tenant_id=platform', superadmin);
    expect(platform.every((e) => e.tenant_id === null)).toBe(true);
    // Tenant staff cannot widen their scope with the filter.
    expect(await entries(`&tenant_id=${rival.tenant.id}`)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ tenant_id: rival.tenant.id })]),
    );
  });

  it('lets finance read the log; 403 without read-log, 401 without a token', async () => {
    const finance = t.bearer((await t.login('finance')).token);
    expect((await api.get('/api/logs', finance)).statusCode).toBe(200);
    const cashier = t.bearer((await t.login('cashier')).token);
    expect((await api.get('/api/logs', cashier)).statusCode).toBe(403);
    expect((await api.get('/api/logs', anonymous)).statusCode).toBe(401);
  });

  it('shows staff bound to an outlet only what users of that outlet did', async () => {
    const kl = await demoOutlet(t, 'KL01');
    const auditor = await signedInUser(t, {
      username: 'kl-auditor',
      tenantId,
      outletId: kl.id,
      permissions: ['read-log'],
    });
    const rows = await entries('', auditor);
    const actors = new Set(rows.map((e) => e.actor_username));
    expect(actors.has('kl-auditor')).toBe(true);
    expect(actors.has('cashier')).toBe(true);
    expect(actors.has('admin')).toBe(false);
    const adminEntry = (await entries('&action=role.update'))[0]!;
    expect((await api.get(`/api/logs/${adminEntry.id}`, auditor)).statusCode).toBe(404);
  });
});

describe('GET /api/logs/{id} and /api/logs/filters', () => {
  it('answers before, after and their readable difference', async () => {
    const [entry] = await entries('&action=role.update');
    const res = await api.get(`/api/logs/${entry!.id}`);
    expect(res.statusCode).toBe(200);
    const detail = auditEntryDetailSchema.strict().parse(res.json().data);
    expect(detail.changes).toEqual(
      expect.arrayContaining([
        { path: 'name', kind: 'changed', before: 'cashier', after: '=cashier' },
        { path: 'permissions[]', kind: 'removed', before: 'create-pos', after: null },
      ]),
    );
    expect((await api.get(`/api/logs/${entry!.id}`, rival.headers)).statusCode).toBe(404);
  });

  it('names the roles and outlets the snapshots refer to, within the entry tenant only', async () => {
    const kl = await demoOutlet(t, 'KL01');
    const pg = await demoOutlet(t, 'PG01');
    const staff = await createUser(t, {
      username: 'logs-names',
      tenantId,
      permissions: ['read-dashboard'],
      outletId: kl.id,
    });
    const moved = await api.put(`/api/users/${staff.id}`, {
      username: staff.username,
      fullname: 'Names test',
      role_id: cashierRoleId,
      id_outlet: pg.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [entry] = await entries(`&action=user.update&entity_id=${staff.id}`);
    const detail = auditEntryDetailSchema
      .strict()
      .parse((await api.get(`/api/logs/${entry!.id}`)).json().data);
    expect(detail.names).toEqual({
      [staff.roleId]: 'role-logs-names',
      [cashierRoleId]: '=cashier',
      [kl.id]: kl.name,
      [pg.id]: pg.name,
    });
    // An id of another tenant's role or outlet is never named, even if an entry carried it.
    const rivalRoleId = (await userByUsername(t, 'logs-rival-admin')).roleId;
    const [forged] = await t.database.db
      .insert(auditLog)
      .values({
        tenantId,
        action: 'user.update',
        entity: 'user',
        before: { role_id: rivalRoleId, id_outlet: rival.outlet.id },
        after: { role_id: cashierRoleId, id_outlet: kl.id },
      })
      .returning();
    const names = (await api.get(`/api/logs/${forged!.id}`)).json().data.names;
    expect(names).toEqual({ [cashierRoleId]: '=cashier', [kl.id]: kl.name });
  });

  it('names the staff a snapshot refers to (a sign-in’s user), within the entry tenant only', async () => {
    const [signIn] = await entries(`&action=session.create`);
    expect(signIn).toBeDefined();
    const detail = (await api.get(`/api/logs/${signIn!.id}`)).json().data;
    const userId = (detail.after as { user_id: string }).user_id;
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(detail.names[userId]).toBe(user!.fullname);

    const rivalAdmin = await userByUsername(t, 'logs-rival-admin');
    const [forged] = await t.database.db
      .insert(auditLog)
      .values({
        tenantId,
        action: 'order.status',
        entity: 'order',
        after: { staff_id: rivalAdmin.id },
      })
      .returning();
    expect((await api.get(`/api/logs/${forged!.id}`)).json().data.names).toEqual({});
  });

  it('offers the actions, entities and actors of the scope', async () => {
    const res = await api.get('/api/logs/filters');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.actions).toEqual(
      expect.arrayContaining(['role.update', 'session.create']),
    );
    expect(res.json().data.entities).toEqual(expect.arrayContaining(['role', 'session']));
    expect(res.json().data.actors.map((a: { username: string }) => a.username)).toEqual(
      expect.arrayContaining(['admin', 'cashier']),
    );
    expect(res.body).not.toContain('logs-rival');
    // A platform user narrows the options to one tenant.
    const rivalOnly = await api.get(`/api/logs/filters?tenant_id=${rival.tenant.id}`, superadmin);
    expect(rivalOnly.statusCode).toBe(200);
    expect(rivalOnly.json().data.actors.map((a: { username: string }) => a.username)).toEqual([
      'logs-rival-admin',
    ]);
  });

  it('answers 400 with a code_message for a bad query', async () => {
    const res = await api.get('/api/logs/filters?tenant_id=nope');
    expect(expectCode(res, 400, 'validation_failed')).toMatchObject({
      details: [expect.objectContaining({ path: 'tenant_id' })],
    });
  });
});

describe('GET /api/logs/export', () => {
  it('exports the filtered log as CSV with the changes on one line', async () => {
    const res = await api.get('/api/logs/export?entity=role');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-/);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...auditExportColumns]);
    expect(rows.map((r) => r.action)).toEqual(['role.update']);
    expect(rows[0]).toMatchObject({ tenant: 'Kopi Demo Sdn Bhd', actor: 'admin', entity: 'role' });
    expect(rows[0]!.changes).toContain('name: "cashier" → "=cashier"');
    expect(rows[0]!.changes).toContain('permissions[]: − "create-pos"');
    expect(
      (await api.get('/api/logs/export', t.bearer((await t.login('cashier')).token))).statusCode,
    ).toBe(403);
  });

  it('answers 400 with a code_message for a bad query', async () => {
    for (const query of ['from=yesterday', 'actor_id=42', 'tenant_id=nope']) {
      const res = await api.get(`/api/logs/export?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code_message, query).toBe('validation_failed');
      expect(res.json().details[0].path, query).toBe(query.split('=')[0]);
    }
  });
});

describe('entries cannot be edited or deleted', () => {
  it('has no route that writes the log', async () => {
    const writes = t.routes.filter(
      (r) => r.url.startsWith('/api/logs') && r.method !== 'GET' && r.method !== 'HEAD',
    );
    expect(writes).toEqual([]);
    const [entry] = await entries();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await api.send(method, `/api/logs/${entry!.id}`, undefined, superadmin);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().code_message).toBe('route_not_found');
    }
  });

  it('is refused by the database itself', async () => {
    const [entry] = await entries();
    await expect(
      t.database.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, entry!.id)),
    ).rejects.toThrow();
    await expect(
      t.database.db.delete(auditLog).where(eq(auditLog.id, entry!.id)),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    // TRUNCATE fires no row trigger; migration 0012 refuses it with a statement trigger.
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/append-only: TRUNCATE/) }),
    });
    const res = await api.get(`/api/logs/${entry!.id}`);
    expect(res.json().data.action).toBe(entry!.action);
  });
});

describe('what an entry calls its record', () => {
  it('names the record as it is now within the entry tenant, else as its snapshot did', async () => {
    const kl = await demoOutlet(t, 'KL01');
    const cashier = await userByUsername(t, 'cashier');
    // Written directly (the database refuses only UPDATE and DELETE), dated long ago so the
    // other tests' newest-first views are untouched.
    const entry = (entity: string, entityId: string, before: unknown = null) =>
      sql`(${tenantId}::uuid, 'test.label', ${entity}, ${entityId}, ${JSON.stringify(before)}::jsonb,
        '2020-01-01T00:00:00Z'::timestamptz + ${entity.length} * interval '1 minute')`;
    await t.database.db.execute(sql`
      insert into audit_log (tenant_id, action, entity, entity_id, before, created_at) values
      ${sql.join(
        [
          entry('user', cashier.id),
          entry('role', cashierRoleId),
          entry('outlet', kl.id),
          // Another tenant's outlet: never named here, even by its id.
          entry('outlet', rival.outlet.id),
          // A product since deleted: its snapshot's name.
          entry('product', '2b4d7e1a-0000-4000-8000-000000000001', { name: 'Old Latte' }),
          entry('order', 'not-a-uuid'),
        ],
        sql`, `,
      )}`);
    const res = await api.get('/api/logs?page_size=100&action=test.label');
    expect(res.statusCode, res.body).toBe(200);
    const labels = res
      .json()
      .data.map((e: { entity: string; entity_id: string; entity_label: string | null }) => [
        e.entity,
        e.entity_id === rival.outlet.id ? 'rival' : e.entity_id,
        e.entity_label,
      ]);
    expect(labels).toEqual(
      expect.arrayContaining([
        ['user', cashier.id, 'cashier'],
        ['role', cashierRoleId, '=cashier'],
        ['outlet', kl.id, kl.name],
        ['outlet', 'rival', null],
        ['product', '2b4d7e1a-0000-4000-8000-000000000001', 'Old Latte'],
        ['order', 'not-a-uuid', null],
      ]),
    );
    expect(labels).toHaveLength(6);
    expect(res.body).not.toContain(rival.outlet.name);

    // The export carries the same names, a leading '=' kept from running as a formula.
    const csv = await api.get('/api/logs/export?action=test.label');
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.entity === 'role')!.entity_label).toBe("'=cashier");
    expect(rows.find((r) => r.entity === 'user')!.entity_label).toBe('cashier');
  });

  it('names a shift by its till, cashier and day, and a gateway by its provider and mode', async () => {
    const db = t.database.db;
    const kl = await demoOutlet(t, 'KL01');
    const [till] = await db
      .insert(tills)
      .values({ tenantId, outletId: kl.id, name: 'Label Till' })
      .returning();
    const [shift] = await db
      .insert(shifts)
      .values({
        tenantId,
        outletId: kl.id,
        tillId: till!.id,
        cashierName: 'Aminah',
        businessDate: '2026-06-10',
        status: 'closed',
        openedAt: new Date('2026-06-10T00:00:00Z'),
        openingFloat: 0,
        floatCount: {},
      })
      .returning();
    const [gateway] = await db
      .insert(paymentGateways)
      .values({
        tenantId,
        provider: 'ipay88',
        mode: 'sandbox',
        credentials: 'v1:x:y:z',
        methods: [],
      })
      .returning();
    const named: [string, string][] = [
      ['shift', shift!.id],
      ['till', till!.id],
      ['payment-gateway', gateway!.id],
    ];
    await db.insert(auditLog).values(
      named.map(([entity, entityId]) => ({
        tenantId,
        action: 'test.label-more',
        entity,
        entityId,
        createdAt: new Date('2020-01-02T00:00:00Z'),
      })),
    );
    const listed = (await api.get('/api/logs?page_size=100&action=test.label-more')).json().data;
    expect(
      Object.fromEntries(
        listed.map((e: { entity: string; entity_label: string }) => [e.entity, e.entity_label]),
      ),
    ).toEqual({
      shift: 'Label Till · Aminah · 2026/06/10',
      till: 'Label Till',
      'payment-gateway': 'iPay88 · sandbox',
    });
  });
});
