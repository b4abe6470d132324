import { and, asc, eq, gte, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { orderCounters } from '../../db/schema/orders';
import { outletClosures, outlets, tenants } from '../../db/schema/tenancy';
import type { CatalogueProduct } from '../orders/order-cart';

// What the app browses: a tenant's outlets with what decides "open now" (hours, closures, the
// business-day settings, closed days) and an outlet's menu as it sells it. Every query filters by
// tenant_id.

const outletColumns = {
  id: outlets.id,
  code: outlets.code,
  name: outlets.name,
  address: outlets.address,
  phone: outlets.phone,
  lat: outlets.lat,
  lng: outlets.lng,
  status: outlets.status,
  timezone: outlets.timezone,
  servingMethods: outlets.servingMethods,
  deliveryFee: outlets.deliveryFee,
  acceptingOrders: outlets.acceptingOrders,
  hours: outlets.hours,
  lastOrderMinutes: outlets.lastOrderMinutes,
  cutoffHour: tenants.businessDayCutoffHour,
};

const closuresFrom = (tenantId: string, fromDate: string) =>
  sql<{ from: string; to: string; reason: string }[]>`coalesce((
    select json_agg(json_build_object('from', c.from_date, 'to', c.to_date, 'reason', c.reason))
    from ${outletClosures} c
    where c.tenant_id = ${tenantId} and c.outlet_id = ${outlets.id} and c.to_date >= ${fromDate}
  ), '[]'::json)`;

/** The tenant's active outlets (or one of them) with their closures from `fromDate` on. */
export async function activeOutlets(db: Db, tenantId: string, fromDate: string, outletId?: string) {
  return db
    .select({ ...outletColumns, closures: closuresFrom(tenantId, fromDate) })
    .from(outlets)
    .innerJoin(tenants, eq(tenants.id, outlets.tenantId))
    .where(
      and(
        eq(outlets.tenantId, tenantId),
        eq(outlets.status, 'active'),
        outletId ? eq(outlets.id, outletId) : undefined,
      ),
    )
    .orderBy(asc(outlets.name), asc(outlets.id))
    .limit(500);
}
export type MobileOutletRow = Awaited<ReturnType<typeof activeOutlets>>[number];

/**
 * One outlet of the tenant with what an order needs: the outlet, its closures, the tenant's
 * pricing settings and (with `productIds`) the cart's catalogue, in one query. Null when the
 * outlet is not the tenant's.
 */
export async function outletForOrder(
  db: Db,
  tenantId: string,
  outletId: string,
  fromDate: string,
  productIds: string[] = [],
) {
  const [row] = await db
    .select({
      ...outletColumns,
      closures: closuresFrom(tenantId, fromDate),
      serviceTaxRateBp: tenants.serviceTaxRateBp,
      serviceTaxOnServiceCharge: tenants.serviceTaxOnServiceCharge,
      serviceChargeRateBp: tenants.serviceChargeRateBp,
      serviceChargeMethods: tenants.serviceChargeMethods,
      catalogue:
        productIds.length > 0
          ? sql<CatalogueProduct[]>`coalesce((
              select json_agg(row_to_json(cart)) from (${catalogueSelect(tenantId, outletId, productIds)}) cart
            ), '[]'::json)`
          : sql<CatalogueProduct[]>`'[]'::json`,
    })
    .from(outlets)
    .innerJoin(tenants, eq(tenants.id, outlets.tenantId))
    .where(and(eq(outlets.tenantId, tenantId), eq(outlets.id, outletId)))
    .limit(1);
  return row ?? null;
}
export type OrderOutletRow = NonNullable<Awaited<ReturnType<typeof outletForOrder>>>;

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
        eq(orderCounters.tenantId, tenantId),
        inArray(orderCounters.outletId, outletIds),
        gte(orderCounters.businessDate, fromDate),
        isNotNull(orderCounters.closedAt),
      ),
    );
  return new Set(rows.map((r) => `${r.outletId} ${r.date}`));
}

/**
 * Products as an outlet sells them to the app, with their groups, options and add-ons (the
 * shape order-cart's resolveCart reads). A product of a disabled category, or not offered at the
 * outlet, comes back with `available` false: the app neither lists nor sells it.
 */
function catalogueSelect(tenantId: string, outletId: string, productIds: string[] | null): SQL {
  return sql`
    select p.id, p.name, p.sku, p.status, p.base_price as "basePrice",
      p.discounted_price as "discountedPrice", p.has_sales as "hasSales",
      case when cat.status <> 'active' then false else po.available end as available,
      po.price_override as "priceOverride", po.sold_out_date::text as "soldOutDate",
      p.description, p.category_id as "categoryId", cat.sort_order as "categoryOrder",
      (select i.thumb_url from product_images i
        where i.product_id = p.id and i.tenant_id = ${tenantId} and i.is_main limit 1) as "imageUrl",
      coalesce((
        select json_agg(json_build_object(
          'id', g.id, 'name', g.name, 'required', g.required, 'min', g.min_select,
          'max', g.max_select,
          'options', coalesce((
            select json_agg(json_build_object('id', o.id, 'name', o.name, 'price', o.price)
              order by o.sort_order)
            from variant_options o where o.group_id = g.id and o.tenant_id = ${tenantId}
          ), '[]'::json)
        ) order by pvg.sort_order)
        from product_variant_groups pvg join variant_groups g on g.id = pvg.group_id
        where pvg.product_id = p.id and pvg.tenant_id = ${tenantId}
      ), '[]'::json) as groups,
      coalesce((
        select json_agg(json_build_object('id', a.id, 'name', a.name, 'price', a.price,
          'status', a.status) order by pa.sort_order)
        from product_addons pa join addons a on a.id = pa.addon_id
        where pa.product_id = p.id and pa.tenant_id = ${tenantId}
      ), '[]'::json) as addons
    from products p
    join categories cat on cat.id = p.category_id and cat.tenant_id = ${tenantId}
    left join product_outlets po on po.product_id = p.id and po.outlet_id = ${outletId}
      and po.tenant_id = ${tenantId}
    where p.tenant_id = ${tenantId}${
      productIds
        ? sql` and p.id in (${sql.join(
            productIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql` and p.status = 'active' and cat.status = 'active'
          and coalesce(po.available, true)`
    }`;
}

export interface MenuProductRow extends CatalogueProduct {
  description: string | null;
  categoryId: string;
  categoryOrder: number;
  imageUrl: string | null;
}

/** Everything the outlet sells now (active, offered there, in an active category). */
export async function menuProducts(db: Db, tenantId: string, outletId: string) {
  return rowsOf<MenuProductRow>(
    await db.execute(
      sql`select * from (${catalogueSelect(tenantId, outletId, null)}) m
        order by m."categoryOrder", lower(m.name), m.id`,
    ),
  );
}

export async function activeCategories(db: Db, tenantId: string) {
  return rowsOf<{ id: string; name_en: string; name_my: string }>(
    await db.execute(sql`
      select id, name_en, name_my from categories
      where tenant_id = ${tenantId} and status = 'active'
      order by sort_order, lower(name_en), id`),
  );
}
