import { permissionCatalogue } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import { categories, products, variantGroups, variantOptions } from '../db/schema/catalogue';
import { outlets, tenants } from '../db/schema/tenancy';
import { createTenant, createUser, insertRow } from './fixtures';
import type { TestApp } from './test-app';

// Test data for the catalogue, outlets and tenants: a second tenant with its own admin, files to
// upload, and quick lookups into the demo menu.

const tenantWide = permissionCatalogue.filter((e) => !e.platform).map((e) => e.permission);

/** Another business with an outlet, a category and an admin holding every tenant permission. */
export async function otherTenant(t: TestApp, slug: string) {
  const { tenant, outlet } = await createTenant(t, slug);
  await createUser(t, { username: `${slug}-admin`, tenantId: tenant.id, permissions: tenantWide });
  const { token } = await t.login(`${slug}-admin`);
  const [category] = await t.database.db
    .insert(categories)
    .values({ tenantId: tenant.id, nameEn: 'Secret', nameMy: 'Rahsia' })
    .returning();
  return { tenant, outlet, category: category!, token, headers: t.bearer(token) };
}
export type OtherTenant = Awaited<ReturnType<typeof otherTenant>>;

/**
 * The file's other business, made in a `beforeAll` registered here: read its fields inside hooks
 * and tests. Register it after `useTestApp`, where the file made it before.
 */
export function useOtherTenant(t: TestApp, slug: string): OtherTenant {
  const other = {} as OtherTenant;
  beforeAll(async () => {
    Object.assign(other, await otherTenant(t, slug));
  });
  return other;
}

const boundary = '----kopi-catalogue-boundary';

/** A multipart/form-data body with one file field (default name "file"). */
export function multipart(
  content: Buffer,
  filename = 'picture.png',
  type = 'image/png',
  field = 'file',
) {
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A real PNG of the given size. */
export const pngImage = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 160, b: 110 } } })
    .png()
    .toBuffer();

async function demoTenantId(t: TestApp) {
  const [row] = await t.database.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.slug, 'kopi-demo'));
  return row!.id;
}

/** A variant group with its one free option, "Regular", written straight to the database. */
export async function addVariantGroup(t: TestApp, tenantId: string, name: string) {
  const group = await insertRow(t, variantGroups, { tenantId, name });
  await insertRow(t, variantOptions, { tenantId, groupId: group.id, name: 'Regular', price: 0 });
  return group;
}

/** The demo tenant's row of `table` whose `column` is `value` (a seeded row: it is there). */
async function demoRow<T extends PgTable & { tenantId: PgColumn }>(
  t: TestApp,
  table: T,
  column: PgColumn,
  value: string,
): Promise<T['$inferSelect']> {
  const [row] = await t.database.db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.tenantId, await demoTenantId(t)), eq(column, value)));
  return row as T['$inferSelect'];
}

/** A product of the demo tenant by SKU. */
export const demoProduct = (t: TestApp, sku: string) => demoRow(t, products, products.sku, sku);

/** The demo tenant's categories' English names, in their order. */
export const demoCategoryNames = [
  'Kopi',
  'Teh',
  'Espresso',
  'Matcha & Chocolate',
  'Food',
  'Bakery & Cakes',
];

/** A category of the demo tenant by English name. */
export const demoCategory = (t: TestApp, nameEn: string) =>
  demoRow(t, categories, categories.nameEn, nameEn);

/** A new product's form: a Cold Brew in Espresso at RM 12.00, under a fresh SKU. */
export async function newProductInput(t: TestApp, overrides: Record<string, unknown> = {}) {
  const espresso = await demoCategory(t, 'Espresso');
  return {
    name: 'Cold Brew',
    sku: `CB-${Math.random().toString(36).slice(2, 8)}`,
    category: espresso.id,
    base_price: 1200,
    ...overrides,
  };
}

/** An outlet of the demo tenant by code (KL01, PG01, JB01). */
export const demoOutlet = (t: TestApp, code: string) => demoRow(t, outlets, outlets.code, code);

/** The ids of the demo tenant's outlets KL01, PG01 and JB01. */
export async function demoOutletIds(t: TestApp) {
  return {
    kl: (await demoOutlet(t, 'KL01')).id,
    pg: (await demoOutlet(t, 'PG01')).id,
    jb: (await demoOutlet(t, 'JB01')).id,
  };
}

/** Runs `fn` with an outlet disabled, and makes it active again afterwards. */
export async function whileOutletDisabled<T>(t: TestApp, outletId: string, fn: () => Promise<T>) {
  const setStatus = (status: 'active' | 'disabled') =>
    t.database.db.update(outlets).set({ status }).where(eq(outlets.id, outletId));
  await setStatus('disabled');
  try {
    return await fn();
  } finally {
    await setStatus('active');
  }
}

/**
 * Asserts an outlet filter's rows: every outlet of the demo tenant, by code, with KL01 (`kl`)
 * named and in its time zone.
 */
export async function expectDemoOutletChoices(
  t: TestApp,
  rows: { id: string; code: string }[],
  kl: string,
) {
  const inDb = await t.database.db
    .select({ code: outlets.code })
    .from(outlets)
    .where(eq(outlets.tenantId, await demoTenantId(t)));
  expect(rows.map((o) => o.code)).toEqual(inDb.map((o) => o.code).sort());
  expect(rows.find((o) => o.id === kl)).toMatchObject({
    code: 'KL01',
    name: 'Kuala Lumpur',
    timezone: 'Asia/Kuala_Lumpur',
  });
}
