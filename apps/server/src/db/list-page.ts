import {
  and,
  asc,
  type Column,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { likePattern } from '../lib/paging';
import type { Db } from './database';
import { ownedBy } from './tenant-scope';

// The parts every back-office list shares: a contains-search over a few text columns, and a page
// read beside the count of every row its filter matches. The filter (with its tenant condition
// from tenant-scope.ts) stays in each repository.

/** Rows where any of `columns` contains `q` (case-insensitive); no condition without a search. */
export const searchAny = (q: string | undefined, columns: Column[]): SQL | undefined =>
  q ? or(...columns.map((column) => ilike(column, likePattern(q)))) : undefined;

/**
 * Rows whose columns equal the filter's values under the same names (`status`, `outletId`…); a
 * name the filter leaves empty adds no condition.
 */
export function equalsGiven<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  table: T,
  filter: Partial<Record<K, string | null>>,
  names: readonly K[],
): SQL | undefined {
  const columns = getTableColumns(table);
  return and(
    ...names.map((name) => {
      const value = filter[name];
      return value ? eq(columns[name] as Column, value) : undefined;
    }),
  );
}

/** Rows whose date `column` lies in [from, to] (either end left open when not given). */
export const dateWithin = (column: Column, from?: string, to?: string): SQL | undefined =>
  and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);

/** A list's order: by its sort key's column, either way, then by `tiebreak` the same way. */
export function sortedBy<K extends string>(
  columns: Record<K, Column>,
  sort: { key: K; desc: boolean },
  tiebreak: Column,
): SQL[] {
  const column = columns[sort.key];
  return sort.desc ? [desc(column), desc(tiebreak)] : [asc(column), asc(tiebreak)];
}

/** How many rows of `table` match `where`. */
export async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}

/** A page of rows and the number of rows `where` matches in `table`, read side by side. */
export async function pageWithTotal<T>(
  page: PromiseLike<T[]>,
  db: Db,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ rows: T[]; total: number }> {
  const [rows, total] = await Promise.all([page, countWhere(db, table, where)]);
  return { rows, total };
}

/** `count(*) over ()` in a page's select: each row carries how many rows its query matches. */
export const windowTotal = () => sql<number>`(count(*) over ())::int`;

/**
 * The rows of a page whose select carries `windowTotal()`, with that total. A page past the end has
 * no row to carry it, so then the rows `where` matches in `table` are counted apart; an empty
 * first page means nothing matches.
 */
export async function windowPage<T extends { total: number }>(
  page: PromiseLike<T[]>,
  offset: number,
  db: Db,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ rows: T[]; total: number }> {
  const rows = await page;
  const total = rows[0]?.total ?? (offset > 0 ? await countWhere(db, table, where) : 0);
  return { rows, total };
}

/**
 * A page of the tenant's rows of `table` that `where` matches, as `columns` select them, in
 * `order`, with the number of rows matched (`windowPage`): the whole list query of a table read
 * without joins. The tenant is part of the WHERE here, whatever `where` says.
 */
export function tablePage<Fields extends SelectedFields>(
  db: Db,
  table: PgTable & { tenantId: Column },
  tenantId: string,
  columns: Fields,
  filter: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
) {
  const where = and(ownedBy(table, tenantId), filter);
  const rows = db
    .select({ ...columns, total: windowTotal() })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return windowPage(rows, page.offset, db, table, where);
}
