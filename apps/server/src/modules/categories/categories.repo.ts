import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  deleteOwnedRow,
  firstOwnedRow,
  insertedId,
  nextSortOrder,
  ownedIds,
  updateOwnedRow,
  writeSortOrder,
} from '../../db/owned-rows';
import { searchAny, tablePage } from '../../db/list-page';
import { categories, products } from '../../db/schema/catalogue';
import { ownedBy, sameTenant } from '../../db/tenant-scope';

// Categories of one tenant. Every query filters by tenant_id.

export interface CategoryFilter {
  q?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
}

// Spelled out: drizzle leaves columns unqualified in a one-table select list, where "id" would
// then mean the subquery's own column.
const productCount = sql<number>`(select count(*)::int from ${products} p where p.category_id = "categories"."id" and ${sameTenant('p', '"categories"')})`;

const columns = {
  id: categories.id,
  nameEn: categories.nameEn,
  nameMy: categories.nameMy,
  image: categories.image,
  sortOrder: categories.sortOrder,
  status: categories.status,
  productCount,
};
export type CategoryRow = {
  id: string;
  nameEn: string;
  nameMy: string;
  image: string | null;
  sortOrder: number;
  status: string;
  productCount: number;
};

function where(tenantId: string, f: CategoryFilter) {
  return and(
    ownedBy(categories, tenantId),
    f.status ? eq(categories.status, f.status) : undefined,
    searchAny(f.q, [categories.nameEn, categories.nameMy]),
  );
}

export async function list(
  db: Db,
  tenantId: string,
  f: CategoryFilter,
  limit: number,
  offset: number,
): Promise<{ rows: CategoryRow[]; total: number }> {
  const order = [
    asc(categories.sortOrder),
    asc(sql`lower(${categories.nameEn})`),
    asc(categories.id),
  ];
  return tablePage(db, categories, tenantId, columns, where(tenantId, f), order, { limit, offset });
}

export const findById = (db: Db, tenantId: string, id: string): Promise<CategoryRow | null> =>
  firstOwnedRow(db, categories, tenantId, columns, eq(categories.id, id));

export async function insert(
  tx: Db,
  values: {
    tenantId: string;
    nameEn: string;
    nameMy: string;
    image: string | null;
    status: string;
  },
): Promise<string> {
  // New categories go last.
  return insertedId(
    tx
      .insert(categories)
      .values({
        ...values,
        sortOrder: nextSortOrder(categories, values.tenantId),
      })
      .returning({ id: categories.id }),
  );
}

export async function update(
  tx: Db,
  tenantId: string,
  id: string,
  patch: { nameEn?: string; nameMy?: string; image?: string | null; status?: string },
) {
  await updateOwnedRow(tx, categories, tenantId, id, patch);
}

export async function remove(tx: Db, tenantId: string, id: string) {
  await deleteOwnedRow(tx, categories, tenantId, id);
}

export const idsOfTenant = (db: Db, tenantId: string): Promise<string[]> =>
  ownedIds(db, categories, tenantId, [asc(categories.sortOrder), asc(categories.id)]);

/** Sets sort_order = position (1-based) for the ids in the given order, in one statement. */
export const setOrder = (tx: Db, tenantId: string, orderedIds: string[]) =>
  writeSortOrder(tx, categories, tenantId, orderedIds);
