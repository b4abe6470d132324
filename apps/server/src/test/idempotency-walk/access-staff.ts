import { and, asc, eq, inArray } from 'drizzle-orm';
import { menuItems, roles, users } from '../../db/schema/access';
import { demoTenantId } from '../order-fixtures';
import type { TestAppContext } from '../use-test-app';
import { accessHelpers, n } from './access-fixtures';
import { twoTargets, type Drivers } from './walk';
import { insertRow } from '../fixtures';

// The tenant's staff and roles (as its admin) and the platform's menu (as the superadmin).

const menuBody = (title: string, titleEn = 'Reuse') => ({
  title,
  title_en: titleEn,
  title_my: 'Guna semula',
});

export function staffDrivers(ctx: TestAppContext<'admin'>): Drivers {
  const { t, api } = ctx;
  const { db, newStaff, signIn, platform, sessionIdOf, sessionsOf, usersById } = accessHelpers(ctx);

  async function disabledStaff() {
    const user = await newStaff();
    await db().update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    return user;
  }
  const newRole = async () =>
    insertRow(t, roles, { tenantId: await demoTenantId(t), name: `Reuse role ${n()}` });
  const rolesNamed = async (...names: string[]) =>
    db()
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(and(eq(roles.tenantId, await demoTenantId(t)), inArray(roles.name, names)))
      .orderBy(asc(roles.name));
  const rolesById = (...ids: string[]) =>
    db().select().from(roles).where(inArray(roles.id, ids)).orderBy(asc(roles.id));
  const newMenuItem = () =>
    insertRow(t, menuItems, {
      title: `menu.reuse_access_${n()}`,
      titleEn: 'Reuse',
      titleMy: 'Guna semula',
    });
  const menuItemsWhere = (column: typeof menuItems.id | typeof menuItems.title, values: string[]) =>
    db().select().from(menuItems).where(inArray(column, values)).orderBy(asc(menuItems.title));

  return {
    'POST /api/users': async () => {
      const [a, b] = [`reuse-access-new-${n()}`, `reuse-access-new-${n()}`];
      const role = await newRole();
      const create = (username: string) => ({
        username,
        fullname: 'Reuse staff',
        role_id: role.id,
        id_outlet: null,
        password_setup: { method: 'temporary' },
      });
      return {
        url: '/api/users',
        first: create(a),
        second: create(b),
        effect: () =>
          db()
            .select({ username: users.username })
            .from(users)
            .where(inArray(users.username, [a, b]))
            .orderBy(asc(users.username)),
      };
    },
    'PUT /api/users/:id': async () => {
      const user = await newStaff();
      const update = (fullname: string) => ({
        username: user.username,
        fullname,
        role_id: user.roleId,
      });
      return {
        url: `/api/users/${user.id}`,
        first: update('Reuse renamed once'),
        second: update('Reuse renamed twice'),
        effect: () => usersById(user.id),
      };
    },
    'DELETE /api/users/:id': () =>
      twoTargets(
        newStaff,
        (a) => `/api/users/${a.id}`,
        (a, b) => usersById(a.id, b.id),
      ),
    'POST /api/users/:id/disable': () =>
      twoTargets(
        newStaff,
        (a) => `/api/users/${a.id}/disable`,
        (a, b) => usersById(a.id, b.id),
      ),
    'POST /api/users/:id/enable': () =>
      twoTargets(
        disabledStaff,
        (a) => `/api/users/${a.id}/enable`,
        (a, b) => usersById(a.id, b.id),
      ),
    'POST /api/users/:id/reset-password': () =>
      twoTargets(
        newStaff,
        (a) => `/api/users/${a.id}/reset-password`,
        (a, b) => usersById(a.id, b.id),
        { first: { method: 'temporary' } },
      ),
    'DELETE /api/users/:id/sessions/:sessionId': async () => {
      const user = await newStaff();
      const [one, two] = [await signIn(user.username), await signIn(user.username)];
      return {
        url: `/api/users/${user.id}/sessions/${await sessionIdOf(one)}`,
        secondUrl: `/api/users/${user.id}/sessions/${await sessionIdOf(two)}`,
        effect: () => sessionsOf(user.id),
      };
    },
    'POST /api/users/:id/sessions/revoke-all': () =>
      twoTargets(
        async () => {
          const user = await newStaff();
          await signIn(user.username);
          return user;
        },
        (a) => `/api/users/${a.id}/sessions/revoke-all`,
        (a, b) => sessionsOf(a.id, b.id),
      ),
    'POST /api/roles': async () => {
      const [a, b] = [`Reuse new role ${n()}`, `Reuse new role ${n()}`];
      return {
        url: '/api/roles',
        first: { name: a, permissions: ['read-dashboard'] },
        second: { name: b, permissions: ['read-dashboard'] },
        effect: () => rolesNamed(a, b),
      };
    },
    'PUT /api/roles/:id': async () => {
      const role = await newRole();
      const url = `/api/roles/${role.id}`;
      return {
        url,
        first: { name: role.name, permissions: ['read-dashboard'] },
        second: { name: role.name, permissions: ['read-pos'] },
        effect: async () => (await api.get(url)).json().data,
      };
    },
    'DELETE /api/roles/:id': () =>
      twoTargets(
        newRole,
        (a) => `/api/roles/${a.id}`,
        (a, b) => rolesById(a.id, b.id),
      ),
    'POST /api/menus': async () => {
      const [a, b] = [`menu.reuse_access_new_${n()}`, `menu.reuse_access_new_${n()}`];
      return {
        url: '/api/menus',
        first: menuBody(a),
        second: menuBody(b),
        effect: () => menuItemsWhere(menuItems.title, [a, b]),
        headers: await platform(),
      };
    },
    'PUT /api/menus/order': async () => {
      const [a, b] = [await newMenuItem(), await newMenuItem()];
      return {
        url: '/api/menus/order',
        first: { items: [{ id: b.id, parent_id: a.id, sort_order: 0 }] },
        second: { items: [{ id: a.id, parent_id: null, sort_order: 9000 }] },
        effect: () => menuItemsWhere(menuItems.id, [a.id, b.id]),
        headers: await platform(),
      };
    },
    'PUT /api/menus/:id': async () => {
      const item = await newMenuItem();
      return {
        url: `/api/menus/${item.id}`,
        first: { ...menuBody(item.title, 'Reuse once'), hidden: true },
        second: { ...menuBody(item.title, 'Reuse twice'), hidden: false },
        effect: () => menuItemsWhere(menuItems.id, [item.id]),
        headers: await platform(),
      };
    },
    'DELETE /api/menus/:id': async () =>
      twoTargets(
        newMenuItem,
        (a) => `/api/menus/${a.id}`,
        (a, b) => menuItemsWhere(menuItems.id, [a.id, b.id]),
        { headers: await platform() },
      ),
  };
}
