import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database';

// Hot statements run as named prepared statements (decision 026). PostgreSQL spent more time
// parsing and planning a sale's two big statements than running them (1.2 ms and 0.95 ms of
// 2.5 ms CPU each time); a named statement is parsed once per connection and, after five runs,
// planned once. The name is the text's hash, so one text always has one name and the values
// stay bound parameters. Only for statements whose text does not grow with their input (no
// `in (…)` lists of the input's length): each distinct text is kept by every connection.
// PGlite ignores names: it runs these as before.

const dialect = new PgDialect();

export const statementName = (text: string) =>
  `kopi_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;

/** A uuid[] parameter: one placeholder whatever the count, so the statement's text stays one. */
export const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** `db.execute(query)`, as a named prepared statement. */
export function executePrepared(db: Db, query: SQL) {
  const built = dialect.sqlToQuery(query);
  return db._.session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
}

interface Preparable<R> {
  prepare(name: string): { execute(): Promise<R> };
}

/** node-postgres's prepared query keeps its statement name in these (drizzle-orm 0.45). */
interface NamedConfigs {
  queryString?: string;
  queryConfig?: { name?: string };
  rawQueryConfig?: { name?: string };
}

/**
 * A query builder's `await`, as a named prepared statement. Named after it is built, from its
 * own text: `toSQL()` first would build the statement twice, a tenth of a sale's CPU.
 */
export function runPrepared<R>(query: Preparable<R>): Promise<R> {
  // '' is node-postgres's unnamed statement: what runs if the names below cannot be set.
  const prepared = query.prepare('');
  const configs = prepared as unknown as NamedConfigs;
  if (typeof configs.queryString === 'string') {
    const name = statementName(configs.queryString);
    if (configs.queryConfig) configs.queryConfig.name = name;
    if (configs.rawQueryConfig) configs.rawQueryConfig.name = name;
  }
  return prepared.execute();
}
