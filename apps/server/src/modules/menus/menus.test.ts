import { auditDiff, menuItemSchema, type MenuNode } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { latestAudit } from '../../test/fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { expectCode } from '../../test/expect-code';

// The menu editor: superadmin only; add, edit, hide, reorder, delete added items;
// users see the change at their next sign-in or refresh.

type Item = { id: string; title: string; parent_id: string | null; sort_order: number };

const { t, api } = useTestApp({ signIn: ['superadmin'], api: 'superadmin' });

const items = async (): Promise<Item[]> => (await api.get('/api/menus')).json().data;
const byTitle = async (title: string) => (await items()).find((i) => i.title === title)!;
const titlesOf = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => [n.title, ...titlesOf(n.children)]);
/** Adds a menu item by its title key and English and Malay titles, with any other fields. */
const addMenu = (title: string, title_en: string, title_my: string, more: object = {}) =>
  api.post('/api/menus', { ...more, title, title_en, title_my });
/** The admin's menu as the next sign-in builds it. */
const adminMenu = async () => (await t.login('admin')).menus;

const bodyOf = (item: Item & Record<string, unknown>, patch: object = {}) => ({
  parent_id: item.parent_id,
  title: item.title,
  title_en: item.title_en,
  title_my: item.title_my,
  icon: item.icon,
  path: item.path,
  action: item.action,
  subject: item.subject,
  sort_order: item.sort_order,
  hidden: item.hidden,
  ...patch,
});

describe('GET /api/menus', () => {
  it('lists every item flat, parents before their children, built-in ones marked', async () => {
    const res = await api.get('/api/menus');
    expect(res.statusCode).toBe(200);
    const rows: Item[] = res.json().data.map((i: unknown) => menuItemSchema.strict().parse(i));
    expect(rows[0]).toMatchObject({ title: 'menu.dashboard', builtin: true, parent_id: null });
    const seen = new Set<string>();
    for (const row of rows) {
      if (row.parent_id) expect(seen.has(row.parent_id), row.title).toBe(true);
      seen.add(row.id);
    }
  });

  it('is for the platform only', async () => {
    expect((await api.get('/api/menus', anonymous)).statusCode).toBe(401);
    const admin = t.bearer((await t.login('admin')).token);
    expect((await api.get('/api/menus', admin)).statusCode).toBe(403);
    expect(
      (await api.post('/api/menus', { title: 'menu.x', title_en: 'X', title_my: 'X' }, admin))
        .statusCode,
    ).toBe(403);
  });
});

describe('editing the menu', () => {
  it('adds an item that users holding its permission see at their next sign-in', async () => {
    const group = await byTitle('menu.role_permission');
    const res = await addMenu('menu.role_permission.audit', 'Audit trail', 'Jejak audit', {
      parent_id: group.id,
      icon: 'FactCheck',
      path: '/settings/logs',
      action: 'read',
      subject: 'log',
    });
    expect(res.statusCode, res.body).toBe(201);
    const siblings = (await items()).filter((i) => i.parent_id === group.id);
    expect(res.json().data).toMatchObject({ builtin: false, hidden: false });
    expect(res.json().data.sort_order).toBe(Math.max(...siblings.map((s) => s.sort_order)));
    expect(titlesOf(await adminMenu())).toContain('menu.role_permission.audit');
    const cashier = await t.login('cashier');
    expect(titlesOf(cashier.menus)).not.toContain('menu.role_permission.audit');
    const entry = await latestAudit(t, 'menu.create');
    expect(entry).toMatchObject({ tenantId: null, entity: 'menu_item' });
  });

  it('answers 400 for a taken title key, an unknown parent or a half-given ability', async () => {
    const taken = await addMenu('menu.dashboard', 'Again', 'Lagi');
    expectCode(taken, 400, 'menu_title_taken');
    const parent = await addMenu('menu.orphan', 'Orphan', 'Yatim', {
      parent_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(parent.json().details).toEqual([{ path: 'parent_id', message: 'validation.invalid' }]);
    const half = await addMenu('menu.half', 'Half', 'Separuh', { action: 'read' });
    expect(half.json()).toMatchObject({
      code_message: 'validation_failed',
      details: [{ path: 'subject', message: 'validation.required' }],
    });
  });

  it('hides an item from every menu, and shows it again', async () => {
    const logs = (await items()).find((i) => i.title === 'menu.logs') as Item &
      Record<string, unknown>;
    const hidden = await api.put(`/api/menus/${logs.id}`, bodyOf(logs, { hidden: true }));
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(titlesOf(await adminMenu())).not.toContain('menu.logs');
    expect((await byTitle('menu.logs')) as unknown).toMatchObject({ hidden: true });
    const entry = await latestAudit(t, 'menu.update');
    expect(auditDiff(entry?.before, entry?.after)).toEqual([
      { path: 'hidden', kind: 'changed', before: false, after: true },
    ]);
    await api.put(`/api/menus/${logs.id}`, bodyOf(logs, { hidden: false }));
    expect(titlesOf(await adminMenu())).toContain('menu.logs');
  });

  it('keeps the title key of a built-in item, so the seed never adds it twice', async () => {
    const pos = (await byTitle('menu.pos')) as Item & Record<string, unknown>;
    const res = await api.put(`/api/menus/${pos.id}`, bodyOf(pos, { title: 'menu.till' }));
    expect(expectCode(res, 409, 'menu_item_builtin_title')).toMatchObject({
      details: [{ path: 'title', message: 'validation.invalid' }],
    });
    expect((await byTitle('menu.pos')).id).toBe(pos.id);
    expect((await items()).some((i) => i.title === 'menu.till')).toBe(false);
    // Its display titles stay editable.
    const retitled = await api.send(
      'PUT',
      `/api/menus/${pos.id}`,
      bodyOf(pos, { title_en: 'Till', title_my: 'Kaunter' }),
    );
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.json().data).toMatchObject({ title: 'menu.pos', title_en: 'Till' });
    await api.put(`/api/menus/${pos.id}`, bodyOf(pos));
    // An added item's key may change.
    const added = await addMenu('menu.rename_me', 'Rename me', 'Namakan semula');
    expect(added.statusCode, added.body).toBe(201);
    const item = added.json().data as Item & Record<string, unknown>;
    const renamed = await api.send(
      'PUT',
      `/api/menus/${item.id}`,
      bodyOf(item, { title: 'menu.renamed' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.title).toBe('menu.renamed');
    await api.del(`/api/menus/${item.id}`);
  });

  it('refuses to put an item inside itself or its own children', async () => {
    const group = (await byTitle('menu.product')) as Item & Record<string, unknown>;
    const child = await byTitle('menu.product.list');
    const self = await api.send(
      'PUT',
      `/api/menus/${group.id}`,
      bodyOf(group, { parent_id: group.id }),
    );
    expectCode(self, 400, 'menu_parent_invalid');
    const loop = await api.put('/api/menus/order', {
      items: [{ id: group.id, parent_id: child.id, sort_order: 10 }],
    });
    expect(loop.json().code_message).toBe('menu_parent_invalid');
    expect((await byTitle('menu.product')).parent_id).toBeNull();
  });

  it('reorders by drag and drop in one change', async () => {
    const pos = await byTitle('menu.pos');
    const dashboard = await byTitle('menu.dashboard');
    const res = await api.put('/api/menus/order', {
      items: [
        { id: pos.id, parent_id: null, sort_order: 5 },
        { id: dashboard.id, parent_id: null, sort_order: dashboard.sort_order },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].title).toBe('menu.pos');
    expect((await adminMenu())[0]!.title).toBe('menu.pos');
    const entry = await latestAudit(t, 'menu.reorder');
    expect(auditDiff(entry?.before, entry?.after)).toEqual([
      { path: 'menu.pos.sort_order', kind: 'changed', before: pos.sort_order, after: 5 },
    ]);
  });

  it('deletes added items only, and only without sub-items', async () => {
    const builtin = await byTitle('menu.dashboard');
    const refused = await api.del(`/api/menus/${builtin.id}`);
    expectCode(refused, 409, 'menu_item_builtin');
    const group = await addMenu('menu.kitchen', 'Kitchen', 'Dapur', { icon: 'Kitchen' });
    const child = await addMenu('menu.kitchen.tickets', 'Tickets', 'Tiket', {
      parent_id: group.json().data.id,
      path: '/app/status-order',
      action: 'read',
      subject: 'status-order',
    });
    const withChildren = await api.del(`/api/menus/${group.json().data.id}`);
    expect(withChildren.json().code_message).toBe('menu_item_has_children');
    expect((await api.del(`/api/menus/${child.json().data.id}`)).json().data).toEqual({
      id: child.json().data.id,
      deleted: true,
    });
    expect((await api.del(`/api/menus/${group.json().data.id}`)).statusCode).toBe(200);
    expect((await api.del(`/api/menus/${group.json().data.id}`)).statusCode).toBe(404);
  });
});
