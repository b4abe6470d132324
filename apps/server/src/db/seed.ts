import { builtinRoleTexts, permissionCatalogue } from '@kopi/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { PasswordHasher } from '../lib/password';
import type { Db } from './database';
import { menuItems, permissions, rolePermissions, roles, users } from './schema/access';
import {
  addons,
  categories,
  productAddons,
  productOutlets,
  products,
  productVariantGroups,
  variantGroups,
  variantOptions,
} from './schema/catalogue';
import { customers } from './schema/customers';
import { appSettings, notifications } from './schema/platform';
import { outletClosures, outlets, tenants } from './schema/tenancy';
import {
  builtinRoles,
  DEMO_PASSWORD,
  demoAddons,
  demoCategories,
  demoClosures,
  demoCustomers,
  demoOutlets,
  demoPriceOverrides,
  demoProducts,
  demoVariantGroups,
  demoTenant,
  demoTenantAppSettings,
  demoUsers,
  type MenuSeed,
  menuSeed,
  platformAppSettings,
  SUPERADMIN_ROLE,
  superadminPermissions,
} from './seed-data';
import { seedAppContentBase, seedDemoAppContent } from './seed-app-content';
import { demoProductMalayNames } from './seed-malay-names';

/**
 * Reference data every installation needs, applied at every start and safe to repeat: the
 * permission catalogue, the superadmin role holding all of it, the menu, platform settings and
 * the customer app's feature catalogue. Existing rows are left as they are (an admin may have
 * edited them; a feature's per-outlet flag and order are the code's); new ones are added.
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

    await seedAppContentBase(tx);
  });
}

export async function ensureSuperadminRole(tx: Db): Promise<string> {
  await tx
    .insert(roles)
    .values({
      tenantId: null,
      name: SUPERADMIN_ROLE,
      description: builtinRoleTexts.superadmin.description.en,
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

/** The demo menu: categories, the variant and add-on library, ~40 products, availability. */
async function seedDemoCatalogue(tx: Db, tenantId: string, outletId: (code: string) => string) {
  const categoryRows = await tx
    .insert(categories)
    .values(
      demoCategories.map((c, i) => ({
        tenantId,
        nameEn: c.nameEn,
        nameMy: c.nameMy,
        sortOrder: i + 1,
      })),
    )
    .returning({ id: categories.id, nameEn: categories.nameEn });
  const categoryId = (key: string) =>
    categoryRows.find((r) => r.nameEn === demoCategories.find((c) => c.key === key)!.nameEn)!.id;

  const groupIds = new Map<string, string>();
  for (const g of demoVariantGroups) {
    const [row] = await tx
      .insert(variantGroups)
      .values({
        tenantId,
        name: g.name,
        nameMy: g.nameMy,
        required: g.required,
        minSelect: g.minSelect,
        maxSelect: g.maxSelect,
      })
      .returning({ id: variantGroups.id });
    groupIds.set(g.key, row!.id);
    await tx.insert(variantOptions).values(
      g.options.map((o, i) => ({
        tenantId,
        groupId: row!.id,
        name: o.name,
        nameMy: o.nameMy,
        price: o.price,
        isDefault: 'isDefault' in o && o.isDefault,
        sortOrder: i,
      })),
    );
  }
  const addonRows = await tx
    .insert(addons)
    .values(demoAddons.map((a) => ({ tenantId, name: a.name, nameMy: a.nameMy, price: a.price })))
    .returning({ id: addons.id, name: addons.name });
  const addonId = (key: string) =>
    addonRows.find((r) => r.name === demoAddons.find((a) => a.key === key)!.name)!.id;

  const productRows = await tx
    .insert(products)
    .values(
      demoProducts.map((p) => ({
        tenantId,
        categoryId: categoryId(p.category),
        name: p.name,
        nameMy: demoProductMalayNames[p.sku] ?? null,
        sku: p.sku,
        barcode: p.barcode ?? null,
        description: p.description ?? null,
        tags: p.tags,
        basePrice: p.price,
        discountedPrice: p.discounted ?? null,
      })),
    )
    .returning({ id: products.id, sku: products.sku });
  const productId = (sku: string) => productRows.find((r) => r.sku === sku)!.id;

  const groupLinks = demoProducts.flatMap((p) =>
    (p.groups ?? []).map((g, i) => ({
      tenantId,
      productId: productId(p.sku),
      groupId: groupIds.get(g)!,
      sortOrder: i,
    })),
  );
  if (groupLinks.length > 0) await tx.insert(productVariantGroups).values(groupLinks);
  const addonLinks = demoProducts.flatMap((p) =>
    (p.addons ?? []).map((a, i) => ({
      tenantId,
      productId: productId(p.sku),
      addonId: addonId(a),
      sortOrder: i,
    })),
  );
  if (addonLinks.length > 0) await tx.insert(productAddons).values(addonLinks);

  // Everything is sold everywhere (no row needed) except what a shop does not make.
  const outletSettings = [
    ...demoProducts.flatMap((p) =>
      (p.notAt ?? []).map((code) => ({
        tenantId,
        productId: productId(p.sku),
        outletId: outletId(code),
        available: false,
        priceOverride: null as number | null,
      })),
    ),
    ...demoPriceOverrides.map((o) => ({
      tenantId,
      productId: productId(o.sku),
      outletId: outletId(o.outlet),
      available: true,
      priceOverride: o.price,
    })),
  ];
  if (outletSettings.length > 0) await tx.insert(productOutlets).values(outletSettings);
}

/** A new tenant's built-in roles (admin, manager, cashier, finance), copied from the templates. */
export async function createTenantRoles(tx: Db, tenantId: string): Promise<Map<string, string>> {
  const roleIds = new Map<string, string>();
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
  return roleIds;
}

/** True when no tenant and no user exists yet: the only time the demo data is added. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [t] = await db.select({ n: count() }).from(tenants);
  const [u] = await db.select({ n: count() }).from(users);
  return t!.n === 0 && u!.n === 0;
}

/** The demo business: one tenant, three outlets, five users, all `Kopi@1234`. */
export async function seedDemo(db: Db, hasher: PasswordHasher): Promise<void> {
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [tenant] = await tx.insert(tenants).values(demoTenant).returning({ id: tenants.id });
    const tenantId = tenant!.id;

    const outletRows = await tx
      .insert(outlets)
      .values(
        demoOutlets.map((o) => ({
          ...o,
          tenantId,
          servingMethods: [...o.servingMethods],
          hours: o.hours.map((d) => ({ day: d.day, ranges: d.ranges.map((r) => ({ ...r })) })),
        })),
      )
      .returning({ id: outlets.id, code: outlets.code });
    const outletId = (code: string) => outletRows.find((o) => o.code === code)!.id;
    await tx
      .insert(outletClosures)
      .values(
        demoClosures.map(({ outlet, ...c }) => ({ ...c, tenantId, outletId: outletId(outlet) })),
      );
    await seedDemoCatalogue(tx, tenantId, outletId);

    const roleIds = await createTenantRoles(tx, tenantId);
    roleIds.set(SUPERADMIN_ROLE, await ensureSuperadminRole(tx));

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

    await seedDemoAppContent(tx, tenantId);

    // Customers of the app: the second was referred by the first.
    const customerRows = await tx
      .insert(customers)
      .values(
        demoCustomers.map((c) => ({
          tenantId,
          name: c.name,
          phone: c.phone,
          email: c.email,
          birthday: c.birthday,
          referralCode: c.referralCode,
          passwordHash,
          phoneVerifiedAt: sql`now()`,
        })),
      )
      .returning({ id: customers.id, referralCode: customers.referralCode });
    for (const c of demoCustomers) {
      if (!c.referredBy) continue;
      await tx
        .update(customers)
        .set({ referredBy: customerRows.find((r) => r.referralCode === c.referredBy)!.id })
        .where(eq(customers.id, customerRows.find((r) => r.referralCode === c.referralCode)!.id));
    }

    const admin = userRows.find((u) => u.username === 'admin')!;
    await tx.insert(notifications).values([
      {
        tenantId,
        title: 'Welcome to Kopi HQ',
        body: 'Your demo business is ready: three outlets and a user for every role.',
        titleKey: 'welcome',
      },
      {
        tenantId,
        outletId: outletId('KL01'),
        title: 'Kuala Lumpur outlet is open',
        body: 'Orders from the POS and the mobile app will appear here.',
        titleKey: 'outletOpen',
        params: { outlet: 'Kuala Lumpur' },
      },
      {
        tenantId,
        userId: admin.id,
        title: 'Finish setting up',
        body: 'Add your products and categories, then invite your staff.',
        titleKey: 'finishSetup',
      },
    ]);
  });
}
