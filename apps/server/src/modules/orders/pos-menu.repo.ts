import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import {
  addons,
  categories,
  productAddons,
  productImages,
  productOutlets,
  products,
  productVariantGroups,
  variantGroups,
  variantOptions,
} from '../../db/schema/catalogue';
import { outlets, tenants } from '../../db/schema/tenancy';

// What the POS reads before it sells: the outlets a user may sell at and an outlet's menu. The
// menu is two queries whatever its size (the outlet with its categories, then every product with
// its groups, options and add-ons as JSON), because the POS loads it on every outlet switch.

/** The tenant's outlets by code: only `onlyId` for staff bound to an outlet, else active ones. */
export async function posOutlets(db: Db, tenantId: string, onlyId: string | null) {
  return db
    .select({ id: outlets.id, code: outlets.code, name: outlets.name, status: outlets.status })
    .from(outlets)
    .where(
      and(
        eq(outlets.tenantId, tenantId),
        onlyId ? eq(outlets.id, onlyId) : eq(outlets.status, 'active'),
      ),
    )
    .orderBy(asc(outlets.code), asc(outlets.id));
}

export interface MenuCategory {
  id: string;
  name_en: string;
  name_my: string;
}

/** The outlet (its zone and the tenant's cutoff give its business date) and the active categories. */
export async function menuOutlet(db: Db, tenantId: string, outletId: string) {
  const [row] = await db
    .select({
      id: outlets.id,
      timezone: outlets.timezone,
      cutoffHour: tenants.businessDayCutoffHour,
      categories: sql<MenuCategory[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name_en', c.name_en, 'name_my', c.name_my)
          order by c.sort_order, c.id)
        from ${categories} c
        where c.tenant_id = ${tenantId} and c.status = 'active'
      ), '[]'::json)`,
    })
    .from(outlets)
    .innerJoin(tenants, eq(tenants.id, outlets.tenantId))
    .where(and(eq(outlets.tenantId, tenantId), eq(outlets.id, outletId)))
    .limit(1);
  return row ?? null;
}

export interface MenuProductRow {
  id: string;
  name: string;
  sku: string;
  barcode: string | null;
  categoryId: string;
  imageUrl: string | null;
  status: string;
  basePrice: number;
  discountedPrice: number | null;
  /** Null when the product has no settings row for the outlet (= available at its own price). */
  available: boolean | null;
  priceOverride: number | null;
  soldOutDate: string | null;
  groups: {
    id: string;
    name: string;
    required: boolean;
    min_select: number;
    max_select: number;
    options: { id: string; name: string; price: number }[];
  }[];
  addons: { id: string; name: string; price: number }[];
}

/**
 * Every product of an active category that is not archived, as `outletId` sells it, by category
 * order then name: one query, the groups (options in order) and active add-ons as JSON.
 */
export async function menuProducts(
  db: Db,
  tenantId: string,
  outletId: string,
): Promise<MenuProductRow[]> {
  const result = await db.execute(sql`
    select p.id, p.name, p.sku, p.barcode, p.category_id as "categoryId", p.status,
      p.base_price as "basePrice", p.discounted_price as "discountedPrice",
      (select i.thumb_url from ${productImages} i
        where i.product_id = p.id and i.tenant_id = ${tenantId} and i.is_main limit 1) as "imageUrl",
      po.available, po.price_override as "priceOverride", po.sold_out_date::text as "soldOutDate",
      coalesce((
        select json_agg(json_build_object(
          'id', g.id, 'name', g.name, 'required', g.required, 'min_select', g.min_select,
          'max_select', g.max_select,
          'options', coalesce((
            select json_agg(json_build_object('id', o.id, 'name', o.name, 'price', o.price)
              order by o.sort_order, o.id)
            from ${variantOptions} o where o.group_id = g.id and o.tenant_id = ${tenantId}
          ), '[]'::json)
        ) order by pvg.sort_order, g.id)
        from ${productVariantGroups} pvg join ${variantGroups} g on g.id = pvg.group_id
        where pvg.product_id = p.id and pvg.tenant_id = ${tenantId}
      ), '[]'::json) as groups,
      coalesce((
        select json_agg(json_build_object('id', a.id, 'name', a.name, 'price', a.price)
          order by pa.sort_order, a.id)
        from ${productAddons} pa join ${addons} a on a.id = pa.addon_id
        where pa.product_id = p.id and pa.tenant_id = ${tenantId} and a.status = 'active'
      ), '[]'::json) as addons
    from ${products} p
    join ${categories} c on c.id = p.category_id and c.tenant_id = ${tenantId}
      and c.status = 'active'
    left join ${productOutlets} po on po.product_id = p.id and po.outlet_id = ${outletId}
      and po.tenant_id = ${tenantId}
    where p.tenant_id = ${tenantId} and p.status <> 'archived'
    order by c.sort_order, c.id, lower(p.name), p.id`);
  return rowsOf<MenuProductRow>(result);
}
