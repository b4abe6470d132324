import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';

// Thousands of rows in one statement with one parameter: the rows as JSON, unpacked by
// json_to_recordset. A multi-row VALUES list binds a parameter per cell, which costs embedded
// PGlite seconds for a few thousand rows; this costs it a fraction. For back-filled data (the
// demo seeds): the rows' columns are those of the first row, the others take their defaults.

const encode = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  chunk = 5000,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!).filter((k) => k in columns);
  const names = keys.map((k) => columns[k]!.name);
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const types = sql.raw(
    keys.map((k) => `"${columns[k]!.name}" ${columns[k]!.getSQLType()}`).join(', '),
  );
  for (let i = 0; i < rows.length; i += chunk) {
    const json = rows.slice(i, i + chunk).map((row) => {
      const r = row as Record<string, unknown>;
      return Object.fromEntries(keys.map((k, j) => [names[j], encode(r[k] ?? null)]));
    });
    await db.execute(
      sql`insert into ${table} (${list}) select ${list} from json_to_recordset(${JSON.stringify(json)}::json) as x(${types})`,
    );
  }
}
