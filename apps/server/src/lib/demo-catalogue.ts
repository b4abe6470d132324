import type { ServingMethod, VoucherInput, VoucherSource } from '@kopi/contract';
import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { categories, products } from '../db/schema/catalogue';
import { outletClosures, outlets, tenants } from '../db/schema/tenancy';
import { ownedBy } from '../db/tenant-scope';
import type { SaleOutlet } from './demo-sales';

// What the demos share: the demo catalogue they name rows of (an outlet by code, a product by
// SKU, a category by its English name), and for the voucher, campaign and reward demos a demo
// voucher's terms as their data files write them and the voucher as the back office form sends it.

/** What a demo voucher gives, and for how much. */
export interface DemoVoucherTerms {
  nameEn: string;
  nameMy: string;
  type: 'percent' | 'fixed' | 'free_item';
  /** Basis points for percent, sen for fixed, 0 for a free item. */
  value: number;
  maxDiscount?: number;
  freeItem?: { kind: 'product'; sku: string } | { kind: 'category'; category: string };
  minSpend: number;
}

/** Where and when a demo voucher may be used: anywhere, any time, unless named. */
export interface DemoVoucherLimits {
  daysOfWeek?: number[];
  hours?: { from: string; until: string };
  totalLimit?: number;
  perCustomerLimit?: number;
  outlets?: string[];
  sources?: VoucherSource[];
  servingMethods?: ServingMethod[];
  skus?: string[];
  categories?: string[];
  requiresCustomer?: boolean;
  status?: 'active' | 'inactive';
}

/**
 * The demo tenant (`kopi-demo` unless named) a demo seeds once: null when there is no such
 * tenant, or when `table` already holds rows of it (the demo was seeded before).
 */
export async function demoTenantToSeed(
  db: Db,
  slug: string | undefined,
  table: PgTable & { id: PgColumn; tenantId: PgColumn },
) {
  const [tenant] = await db
    .select({ id: tenants.id, slug: tenants.slug, cutoff: tenants.businessDayCutoffHour })
    .from(tenants)
    .where(eq(tenants.slug, slug ?? 'kopi-demo'));
  if (!tenant) return null;
  const existing = await db
    .select({ id: table.id })
    .from(table)
    .where(ownedBy(table, tenant.id))
    .limit(1);
  return existing.length > 0 ? null : tenant;
}

/** The demo's outlets in code order, with what decides when and how they sell. */
export const demoOutletRows = (db: Db, tenantId: string) =>
  db
    .select({
      id: outlets.id,
      code: outlets.code,
      timezone: outlets.timezone,
      hours: outlets.hours,
      lastOrderMinutes: outlets.lastOrderMinutes,
      servingMethods: outlets.servingMethods,
    })
    .from(outlets)
    .where(ownedBy(outlets, tenantId))
    .orderBy(asc(outlets.code));

/** The demo's outlets (with their hours and closures), products and categories by name. */
export async function demoCatalogue(db: Db, tenantId: string) {
  const outletRows = await demoOutletRows(db, tenantId);
  const closures = await db
    .select({
      outletId: outletClosures.outletId,
      from: outletClosures.fromDate,
      to: outletClosures.toDate,
      reason: outletClosures.reason,
    })
    .from(outletClosures)
    .where(ownedBy(outletClosures, tenantId));
  const productRows = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(ownedBy(products, tenantId));
  const categoryRows = await db
    .select({ id: categories.id, name: categories.nameEn })
    .from(categories)
    .where(ownedBy(categories, tenantId));
  return {
    outlets: outletRows.map((o): SaleOutlet => ({
      id: o.id,
      code: o.code,
      timezone: o.timezone,
      hours: o.hours,
      servingMethods: o.servingMethods,
      last_order_minutes: o.lastOrderMinutes,
      closures: closures.filter((c) => c.outletId === o.id),
    })),
    outletOf: (code: string) => outletRows.find((o) => o.code === code)!.id,
    productOf: (sku: string) => productRows.find((p) => p.sku === sku)!.id,
    categoryOf: (name: string) => categoryRows.find((c) => c.name === name)!.id,
  };
}

export type DemoCatalogue = Awaited<ReturnType<typeof demoCatalogue>>;

/** The demo voucher as the back office form sends it, valid over `valid` with these codes. */
export function demoVoucherInput(
  v: DemoVoucherTerms & DemoVoucherLimits,
  refs: DemoCatalogue,
  o: {
    codes: { kind: 'unique' | 'shared'; code: string | null };
    valid: { from: string; until: string | null };
  },
): VoucherInput {
  return {
    name_en: v.nameEn,
    name_my: v.nameMy,
    code_kind: o.codes.kind,
    code: o.codes.code,
    type: v.type,
    value: v.value,
    max_discount: v.maxDiscount ?? null,
    free_item_kind: v.freeItem?.kind ?? null,
    free_item_id: v.freeItem
      ? v.freeItem.kind === 'product'
        ? refs.productOf(v.freeItem.sku)
        : refs.categoryOf(v.freeItem.category)
      : null,
    min_spend: v.minSpend,
    valid_from: o.valid.from,
    valid_until: o.valid.until,
    days_of_week: v.daysOfWeek ?? [],
    hours_from: v.hours?.from ?? null,
    hours_until: v.hours?.until ?? null,
    total_limit: v.totalLimit ?? null,
    per_customer_limit: v.perCustomerLimit ?? null,
    outlet_ids: (v.outlets ?? []).map(refs.outletOf),
    sources: v.sources ?? [],
    serving_methods: v.servingMethods ?? [],
    product_ids: (v.skus ?? []).map(refs.productOf),
    category_ids: (v.categories ?? []).map(refs.categoryOf),
    requires_customer: v.requiresCustomer ?? false,
    status: v.status ?? 'active',
  };
}
