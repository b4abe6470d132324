import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from './database';
import { ownedBy, tenantIs } from './tenant-scope';

// The writes of one row of a tenant-owned table by its id, as every back-office editor does
// them: the tenant's condition is always part of the WHERE, so another tenant's id changes
// nothing (and reads nothing).

type OwnedTable = PgTable & { id: PgColumn; tenantId: PgColumn };

/** The tenant's row `id` of `table`, as a WHERE condition. */
export const ownedRow = (table: OwnedTable, tenantId: string, id: string) =>
  and(ownedBy(table, tenantId), eq(table.id, id));

/** Inserts a row of the tenant and answers its id. */
export const insertOwnedRow = <T extends OwnedTable>(
  tx: Db,
  table: T,
  tenantId: string,
  values: Omit<T['$inferInsert'], 'tenantId'>,
): Promise<string> =>
  // As in firstOwnedRow, an insert into a generic table types as a union drizzle cannot narrow.
  insertedId(
    tx
      .insert(table)
      .values({ tenantId, ...values } as T['$inferInsert'])
      .returning({ id: table.id }) as unknown as PromiseLike<{ id: string }[]>,
  );

/** Updates the tenant's row `id` and moves its updated_at. */
export async function updateOwnedRow<T extends OwnedTable & { updatedAt: PgColumn }>(
  tx: Db,
  table: T,
  tenantId: string,
  id: string,
  values: PgUpdateSetSource<T>,
): Promise<void> {
  await tx
    .update(table)
    .set({ ...values, updatedAt: sql`now()` } as PgUpdateSetSource<T>)
    .where(ownedRow(table, tenantId, id));
}

/** Deletes the tenant's row `id`. */
export async function deleteOwnedRow(
  tx: Db,
  table: OwnedTable,
  tenantId: string,
  id: string,
): Promise<void> {
  await tx.delete(table).where(ownedRow(table, tenantId, id));
}

/** The first row a query read, or null when it read none. */
async function firstOrNull<T>(query: PromiseLike<T[]>): Promise<T | null> {
  const [row] = await query;
  return row ?? null;
}

/**
 * The first of the tenant's rows of `table` that `where` matches, as `columns` select it; null
 * when none does. The tenant is part of the WHERE here, whatever `where` says.
 */
export const firstOwnedRow = <Fields extends SelectedFields>(
  db: Db,
  table: OwnedTable,
  tenantId: string,
  columns: Fields,
  where: SQL,
) =>
  // A select over a table and fields only known as generics types as a union drizzle cannot
  // narrow; its rows are what `columns` select.
  firstOrNull(
    db
      .select(columns)
      .from(table)
      .where(and(ownedBy(table, tenantId), where))
      .limit(1) as unknown as PromiseLike<SelectResultFields<Fields>[]>,
  );

/**
 * The tenant's whole row of `table` that `where` matches, or null; with `lock`, locked (FOR
 * UPDATE) until the transaction ends, and then `where` names one row (an id, a unique column).
 */
export const ownedRowWhere = <T extends OwnedTable>(
  db: Db,
  table: T,
  tenantId: string,
  where: SQL,
  { lock = false }: { lock?: boolean } = {},
): Promise<T['$inferSelect'] | null> => {
  const query = db
    .select(getTableColumns(table))
    .from(table as OwnedTable)
    .where(and(ownedBy(table, tenantId), where));
  // As in firstOwnedRow, the rows of a select over a generic table are the table's rows.
  const rows = lock ? query.for('update') : query.limit(1);
  return firstOrNull(rows as unknown as PromiseLike<T['$inferSelect'][]>);
};

/** The tenant's row of `table` written under Idempotency-Key `key`, as `columns` select it. */
export const rowByIdempotencyKey = <Fields extends SelectedFields>(
  db: Db,
  table: OwnedTable & { idempotencyKey: PgColumn },
  tenantId: string,
  key: string,
  columns: Fields,
) => firstOwnedRow(db, table, tenantId, columns, eq(table.idempotencyKey, key));

/** The id of the one row an `insert … returning({ id })` wrote. */
export async function insertedId(insert: PromiseLike<{ id: string }[]>): Promise<string> {
  const [row] = await insert;
  return row!.id;
}

/** The ids of the tenant's rows of `table`, in `order`. */
export async function ownedIds(
  db: Db,
  table: OwnedTable,
  tenantId: string,
  order: SQL[],
): Promise<string[]> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(ownedBy(table, tenantId))
    .orderBy(...order);
  return rows.map((r) => r.id as string);
}

type OrderedTable = OwnedTable & { sortOrder: PgColumn; updatedAt: PgColumn };

/** The sort order that puts a new row of the tenant last (read in the insert's own statement). */
export const nextSortOrder = (table: OrderedTable, tenantId: string): SQL =>
  sql`(select coalesce(max(sort_order), 0) + 1 from ${table} t where ${tenantIs('t', tenantId)})`;

/** Numbers the tenant's rows 1, 2, 3… in the order of `orderedIds` (other tenants' ids: nothing). */
export async function writeSortOrder(
  tx: Db,
  table: OrderedTable,
  tenantId: string,
  orderedIds: string[],
): Promise<void> {
  if (orderedIds.length === 0) return;
  const ids = sql.join(
    orderedIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${table} t set sort_order = v.ord, updated_at = now()
    from unnest(array[${ids}]) with ordinality as v(id, ord)
    where t.id = v.id and ${tenantIs('t', tenantId)}`);
}
