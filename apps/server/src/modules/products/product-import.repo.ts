import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { categories, products } from '../../db/schema/catalogue';
import { ownedBy, tenantIs } from '../../db/tenant-scope';
import { categoryTenant } from './product-sql';
import type { ProductValues } from './products.repo';

// The product import's reads and writes: what rows are checked against, then every row written
// in chunks, one statement per chunk.

/** What an import checks rows against: categories, and every product's SKU and barcode. */
export async function importLookup(db: Db, tenantId: string) {
  const [categoryRows, productRows] = await Promise.all([
    db
      .select({ id: categories.id, nameEn: categories.nameEn })
      .from(categories)
      .where(ownedBy(categories, tenantId)),
    db
      .select({ id: products.id, sku: products.sku, barcode: products.barcode })
      .from(products)
      .where(ownedBy(products, tenantId)),
  ]);
  return { categoryRows, productRows };
}

/** PostgreSQL array literal of text, for one parameter (drizzle expands JS arrays into lists). */
const textArray = (items: string[]) =>
  `{${items.map((t) => `"${t.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

const CHUNK = 500;

export async function insertMany(tx: Db, tenantId: string, rows: ProductValues[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx
      .insert(products)
      .values(
        rows
          .slice(i, i + CHUNK)
          .map((r) => ({ ...r, tenantId: categoryTenant(tenantId, r.categoryId) })),
      );
  }
}

/** Updates many products in one statement per chunk (UPDATE … FROM VALUES). */
export async function updateMany(
  tx: Db,
  tenantId: string,
  rows: { id: string; values: ProductValues }[],
) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = sql.join(
      rows
        .slice(i, i + CHUNK)
        .map(
          ({ id, values: v }) =>
            sql`(${id}::uuid, ${v.categoryId}::uuid, ${v.name}, ${v.nameMy === undefined}::boolean, ${v.nameMy ?? null}::text, ${v.sku}, ${v.barcode}::text, ${v.description}::text, ${v.status}, ${textArray(v.tags)}::text[], ${v.basePrice}::int, ${v.discountedPrice}::int)`,
        ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${products} p set
        category_id = v.category_id, name = v.name,
        name_my = case when v.keep_name_my then p.name_my else v.name_my end,
        sku = v.sku, barcode = v.barcode,
        description = v.description, status = v.status, tags = v.tags,
        base_price = v.base_price, discounted_price = v.discounted_price, updated_at = now()
      from (values ${values}) as v(id, category_id, name, keep_name_my, name_my, sku, barcode, description, status, tags, base_price, discounted_price)
      where p.id = v.id and ${tenantIs('p', tenantId)}`);
  }
}
