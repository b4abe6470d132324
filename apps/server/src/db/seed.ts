import { permissionCatalogue } from '@kopi/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { PasswordHasher } from '../lib/password';
import type { Db } from './database';
import {
  appSettings,
  menuItems,
  notifications,
  outlets,
  permissions,
  rolePermissions,
  roles,
  tenants,
  users,
} from './schema';
import {
  builtinRoles,
  DEMO_PASSWORD,
  demoOutlets,
  demoTenant,
  demoTenantAppSettings,
  demoUsers,
  type MenuSeed,
  menuSeed,
  platformAppSettings,
  SUPERADMIN_ROLE,
  superadminPermissions,
} from './seed-data';

/**
 * Reference data every installation needs, applied at every start and safe to repeat: the
 * permission catalogue, the superadmin role holding all of it, the menu and platform settings.
 * Existing rows are left as they are (an admin may have edited them); new ones are added.
 */
export async function seedBase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(
        permissionCatalogue.map((e) => ({
          permission: e.permission,
          action: e.action,
          subject: e.subject,
          area: e.area,
          isPlatform: e.platform,
        })),
      )
      .onConflictDoUpdate({
        target: permissions.permission,
        set: { area: sql`excluded.area`, isPlatform: sql`excluded.is_platform` },
      });

    const superadminRoleId = await ensureSuperadminRole(tx);
    await tx
      .insert(rolePermissions)
      .values(superadminPermissions.map((permission) => ({ roleId: superadminRoleId, permission })))
      .onConflictDoNothing();

    await insertMenu(tx, menuSeed, null);

    await tx
      .insert(appSettings)
      .values(
        platformAppSettings.map((s, i) => ({
          tenantId: null,
          code: s.code,
          name: s.name,
          enabled: s.enabled,
          value: s.value ?? null,
          sortOrder: i,
        })),
      )
      .onConflictDoNothing();
  });
}

export async function ensureSuperadminRole(tx: Db): Promise<string> {
  await tx
    .insert(roles)
    .values({
      tenantId: null,
      name: SUPERADMIN_ROLE,
      description: 'The whole platform, every tenant',
      isBuiltin: true,
      isImmutable: true,
    })
    .onConflictDoNothing();
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(isNull(roles.tenantId), eq(roles.name, SUPERADMIN_ROLE)));
  return role!.id;
}

async function insertMenu(tx: Db, items: MenuSeed[], parentId: string | null): Promise<void> {
  for (const [index, item] of items.entries()) {
    await tx
      .insert(menuItems)
      .values({
        parentId,
        title: item.title,
        titleEn: item.en,
        titleMy: item.my,
        icon: item.icon,
        path: item.path ?? null,
        action: item.action ?? null,
        subject: item.subject ?? null,
        sortOrder: (index + 1) * 10,
      })
      .onConflictDoNothing();
    if (item.children) {
      const [row] = await tx
        .select({ id: menuItems.id })
        .from(menuItems)
        .where(eq(menuItems.title, item.title));
      await insertMenu(tx, item.children, row!.id);
    }
  }
}

/** True when no tenant and no user exists yet: the only time the demo data is added. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [t] = await db.select({ n: count() }).from(tenants);
  const [u] = await db.select({ n: count() }).from(users);
  return t!.n === 0 && u!.n === 0;
}

/** The demo business of issue 2: one tenant, three outlets, five users, all `Kopi@1234`. */
export async function seedDemo(db: Db, hasher: PasswordHasher): Promise<void> {
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [tenant] = await tx.insert(tenants).values(demoTenant).returning({ id: tenants.id });
    const tenantId = tenant!.id;

    const outletRows = await tx
      .insert(outlets)
      .values(demoOutlets.map((o) => ({ ...o, tenantId })))
      .returning({ id: outlets.id, code: outlets.code });
    const outletId = (code: string) => outletRows.find((o) => o.code === code)!.id;

    const roleIds = new Map<string, string>();
    roleIds.set(SUPERADMIN_ROLE, await ensureSuperadminRole(tx));
    for (const role of builtinRoles) {
      const [row] = await tx
        .insert(roles)
        .values({ tenantId, name: role.name, description: role.description, isBuiltin: true })
        .returning({ id: roles.id });
      roleIds.set(role.name, row!.id);
      await tx
        .insert(rolePermissions)
        .values(role.permissions.map((permission) => ({ roleId: row!.id, permission, tenantId })));
    }

    const userRows = await tx
      .insert(users)
      .values(
        demoUsers.map((u) => ({
          tenantId: u.role === SUPERADMIN_ROLE ? null : tenantId,
          username: u.username,
          fullname: u.fullname,
          email: u.email,
          roleId: roleIds.get(u.role)!,
          idOutlet: u.outlet ? outletId(u.outlet) : null,
          isVerify: true,
          passwordHash,
        })),
      )
      .returning({ id: users.id, username: users.username });

    await tx.insert(appSettings).values(
      demoTenantAppSettings.map((s, i) => ({
        tenantId,
        code: s.code,
        name: s.name,
        enabled: s.enabled,
        value: s.value ?? null,
        sortOrder: i,
      })),
    );

    const admin = userRows.find((u) => u.username === 'admin')!;
    await tx.insert(notifications).values([
      {
        tenantId,
        title: 'Welcome to Kopi HQ',
        body: 'Your demo business is ready: three outlets and a user for every role.',
      },
      {
        tenantId,
        outletId: outletId('KL01'),
        title: 'Kuala Lumpur outlet is open',
        body: 'Orders from the POS and the mobile app will appear here.',
      },
      {
        tenantId,
        userId: admin.id,
        title: 'Finish setting up',
        body: 'Add your products and categories, then invite your staff.',
      },
    ]);
  });
}
