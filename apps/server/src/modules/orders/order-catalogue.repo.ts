import { and, asc, eq, gte, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { ownedBy, ownedWhere, tenantIs, tenantOfRow } from '../../db/tenant-scope';
import { type Db, rowsOf } from '../../db/database';
import { users } from '../../db/schema/access';
import { categories } from '../../db/schema/catalogue';
import { orderCounters } from '../../db/schema/orders';
import { outletClosures, outlets, tenants } from '../../db/schema/tenancy';
import { runPrepared, uuidArray } from '../../db/prepared';
import type { CatalogueProduct } from './order-cart';

// What an outlet sells, read the same way by every channel: the outlet with its tenant's pricing
// and business-day settings, and its products with their variant groups, options and add-ons.
// Every query filters by tenant_id; none knows HTTP.

/** Which products `productSelect` reads: a cart's, or the menu a channel shows. */
export type ProductSet = { ids: string[] } | { menu: 'counter' | 'app' };

/** A product of a menu: the cart's shape plus what a menu shows. */
export interface MenuProductRow extends CatalogueProduct {
  barcode: string | null;
  description: string | null;
  imageUrl: string | null;
}

const menuFilter = {
  // The counter sells every product of an active category that is not archived; what it may not
  // sell now is greyed out by the POS, not hidden.
  counter: sql`cat.status = 'active' and p.status <> 'archived'`,
  // The app lists only what it can sell now.
  app: sql`cat.status = 'active' and p.status = 'active' and coalesce(po.available, true)`,
};

/**
 * The products of `set` as `outletId` sells them, groups (options in order) and add-ons as JSON:
 * one query, no lookup per product. A product of a disabled category is not available anywhere.
 */
function productSelect(tenantId: string, outletId: string, set: ProductSet): SQL {
  const menu = 'menu' in set;
  return sql`
    select p.id, p.name, p.name_my as "nameMy", p.sku, p.status, p.base_price as "basePrice",
      p.discounted_price as "discountedPrice", p.has_sales as "hasSales",
      case when cat.status <> 'active' then false else po.available end as available,
      po.price_override as "priceOverride", po.sold_out_date::text as "soldOutDate",
      coalesce((
        select json_agg(json_build_object(
          'id', g.id, 'name', g.name, 'nameMy', g.name_my, 'required', g.required, 'min', g.min_select,
          'max', g.max_select,
          'options', coalesce((
            select json_agg(json_build_object('id', o.id, 'name', o.name, 'nameMy', o.name_my,
              'price', o.price, 'is_default', o.is_default)
              order by o.sort_order, o.id)
            from variant_options o where o.group_id = g.id and ${tenantIs('o', tenantId)}
          ), '[]'::json)
        ) order by pvg.sort_order, g.id)
        from product_variant_groups pvg join variant_groups g on g.id = pvg.group_id
        where pvg.product_id = p.id and ${tenantIs('pvg', tenantId)}
      ), '[]'::json) as groups,
      coalesce((
        select json_agg(json_build_object('id', a.id, 'name', a.name, 'nameMy', a.name_my,
          'price', a.price,
          'status', a.status) order by pa.sort_order, a.id)
        from product_addons pa join addons a on a.id = pa.addon_id
        where pa.product_id = p.id and ${tenantIs('pa', tenantId)}
      ), '[]'::json) as addons, p.category_id as "categoryId"${
        menu
          ? sql`, p.barcode, p.description,
      (select i.thumb_url from product_images i
        where i.product_id = p.id and ${tenantIs('i', tenantId)} and i.is_main limit 1) as "imageUrl"`
          : sql``
      }
    from products p
    join categories cat on cat.id = p.category_id and ${tenantIs('cat', tenantId)}
    left join product_outlets po on po.product_id = p.id and po.outlet_id = ${outletId}
      and ${tenantIs('po', tenantId)}
    where ${tenantIs('p', tenantId)} and ${
      menu
        ? sql`${menuFilter[set.menu]}
    order by cat.sort_order, cat.id, lower(p.name), p.id`
        : sql`p.id = any(${uuidArray(set.ids)}::uuid[])`
    }`;
}

/** The menu a channel shows at `outletId`, by category order then name. */
export async function menuProducts(
  db: Db,
  tenantId: string,
  outletId: string,
  menu: 'counter' | 'app',
): Promise<MenuProductRow[]> {
  return rowsOf<MenuProductRow>(await db.execute(productSelect(tenantId, outletId, { menu })));
}

/** The tenant's active categories in menu order. */
export async function activeCategories(db: Db, tenantId: string) {
  return db
    .select({ id: categories.id, name_en: categories.nameEn, name_my: categories.nameMy })
    .from(categories)
    .where(and(ownedBy(categories, tenantId), eq(categories.status, 'active')))
    .orderBy(asc(categories.sortOrder), asc(sql`lower(${categories.nameEn})`), asc(categories.id));
}

const closuresFrom = (tenantId: string, fromDate: string) =>
  sql<{ from: string; to: string; reason: string }[]>`coalesce((
    select json_agg(json_build_object('from', c.from_date, 'to', c.to_date, 'reason', c.reason))
    from ${outletClosures} c
    where ${tenantIs('c', tenantId)} and c.outlet_id = ${outlets.id} and c.to_date >= ${fromDate}
  ), '[]'::json)`;

/** What decides whether an outlet is open and which business day it is. */
const clockColumns = {
  id: outlets.id,
  code: outlets.code,
  name: outlets.name,
  address: outlets.address,
  phone: outlets.phone,
  status: outlets.status,
  timezone: outlets.timezone,
  servingMethods: outlets.servingMethods,
  deliveryFee: outlets.deliveryFee,
  acceptingOrders: outlets.acceptingOrders,
  hours: outlets.hours,
  lastOrderMinutes: outlets.lastOrderMinutes,
  cutoffHour: tenants.businessDayCutoffHour,
};

/**
 * The outlet with its tenant's pricing, business-day and receipt settings, its closures from
 * `fromDate` on, the seller's name (a staff sale) and the cart's catalogue, in one query. Null
 * when the outlet is not the tenant's.
 */
export async function orderContext(
  db: Db,
  tenantId: string,
  outletId: string,
  o: {
    fromDate: string;
    /** The staff member selling, whose name the order keeps; null for a customer's order. */
    staffId: string | null;
    /** The cart's products: their catalogue comes back in the same query (one round trip). */
    productIds: string[];
  },
) {
  const [row] = await runPrepared(
    db
      .select({
        ...clockColumns,
        serviceTaxRateBp: tenants.serviceTaxRateBp,
        serviceTaxOnServiceCharge: tenants.serviceTaxOnServiceCharge,
        serviceChargeRateBp: tenants.serviceChargeRateBp,
        serviceChargeMethods: tenants.serviceChargeMethods,
        cashRounding: tenants.cashRounding,
        manualDiscountMaxBp: tenants.manualDiscountMaxBp,
        tenantName: tenants.name,
        legalName: tenants.legalName,
        sstRegistrationNo: tenants.sstRegistrationNo,
        tin: tenants.tin,
        brn: tenants.brn,
        receiptHeader: tenants.receiptHeader,
        receiptFooter: tenants.receiptFooter,
        receiptHeaderMy: tenants.receiptHeaderMy,
        receiptFooterMy: tenants.receiptFooterMy,
        receiptLogoUrl: tenants.receiptLogoUrl,
        closures: closuresFrom(tenantId, o.fromDate),
        staffName: o.staffId
          ? sql<
              string | null
            >`(select u.fullname from ${users} u where u.id = ${o.staffId} and (${tenantIs('u', tenantId)} or u.tenant_id is null))`
          : sql<string | null>`null::text`,
        catalogue:
          o.productIds.length > 0
            ? sql<CatalogueProduct[]>`coalesce((
              select json_agg(row_to_json(cart)) from (${productSelect(tenantId, outletId, { ids: o.productIds })}) cart
            ), '[]'::json)`
            : sql<CatalogueProduct[]>`'[]'::json`,
      })
      .from(outlets)
      .innerJoin(tenants, tenantOfRow(outlets))
      .where(and(ownedBy(outlets, tenantId), eq(outlets.id, outletId)))
      .limit(1),
  );
  return row ?? null;
}
export type OrderContext = NonNullable<Awaited<ReturnType<typeof orderContext>>>;

/** The tenant's active outlets (or one of them) with their closures from `fromDate` on. */
export async function activeOutlets(db: Db, tenantId: string, fromDate: string, outletId?: string) {
  return db
    .select({
      ...clockColumns,
      lat: outlets.lat,
      lng: outlets.lng,
      closures: closuresFrom(tenantId, fromDate),
    })
    .from(outlets)
    .innerJoin(tenants, tenantOfRow(outlets))
    .where(
      ownedWhere(
        outlets,
        tenantId,
        { status: 'active' },
        outletId ? eq(outlets.id, outletId) : undefined,
      ),
    )
    .orderBy(asc(outlets.name), asc(outlets.id))
    .limit(500);
}
export type ActiveOutletRow = Awaited<ReturnType<typeof activeOutlets>>[number];

/** The outlets a user sells at, by code: only `onlyId` for outlet-bound staff, else active ones. */
export async function counterOutlets(db: Db, tenantId: string, onlyId: string | null) {
  return db
    .select({ id: outlets.id, code: outlets.code, name: outlets.name, status: outlets.status })
    .from(outlets)
    .where(
      and(
        ownedBy(outlets, tenantId),
        onlyId ? eq(outlets.id, onlyId) : eq(outlets.status, 'active'),
      ),
    )
    .orderBy(asc(outlets.code), asc(outlets.id));
}

/** The outlet with its zone and the tenant's cutoff, which give its business date. */
export async function outletClock(db: Db, tenantId: string, outletId: string) {
  const [row] = await db
    .select({
      id: outlets.id,
      name: outlets.name,
      timezone: outlets.timezone,
      cutoffHour: tenants.businessDayCutoffHour,
    })
    .from(outlets)
    .innerJoin(tenants, tenantOfRow(outlets))
    .where(and(ownedBy(outlets, tenantId), eq(outlets.id, outletId)))
    .limit(1);
  return row ?? null;
}

/** Outlet days closed by a day close on or after `fromDate`: `${outletId} ${date}`. */
export async function closedDays(
  db: Db,
  tenantId: string,
  outletIds: string[],
  fromDate: string,
): Promise<Set<string>> {
  if (outletIds.length === 0) return new Set();
  const rows = await db
    .select({ outletId: orderCounters.outletId, date: orderCounters.businessDate })
    .from(orderCounters)
    .where(
      and(
        ownedBy(orderCounters, tenantId),
        inArray(orderCounters.outletId, outletIds),
        gte(orderCounters.businessDate, fromDate),
        isNotNull(orderCounters.closedAt),
      ),
    );
  return new Set(rows.map((r) => `${r.outletId} ${r.date}`));
}
