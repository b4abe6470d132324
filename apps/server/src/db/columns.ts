import { getTableColumns, type Table } from 'drizzle-orm';

/** Some columns of a table under their own names: a select that reads only what it needs. */
export function columnsOf<T extends Table, const K extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly K[],
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}
