import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/database';
import type { RepoCall } from './repo-recorder';

// Replays a recorded repository call with another tenant, inside a transaction that is rolled
// back, and says what of the first tenant it returned or changed.

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A drizzle database or transaction handle. */
export const isDb = (v: unknown): v is Db =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Db).select === 'function' &&
  typeof (v as Db).execute === 'function' &&
  typeof (v as Db).transaction === 'function';

const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Every string inside `value` (keys of maps and sets included), each uuid in it apart. */
export function uuidsIn(value: unknown, out = new Set<string>(), seen = new Set<object>()) {
  if (typeof value === 'string') {
    for (const m of value.matchAll(UUID)) out.add(m[0].toLowerCase());
  } else if (typeof value === 'object' && value !== null && !seen.has(value) && !isDb(value)) {
    seen.add(value);
    if (value instanceof Date || Buffer.isBuffer(value)) return out;
    const items =
      value instanceof Map
        ? [...value.entries()]
        : value instanceof Set
          ? [...value]
          : Object.values(value);
    for (const item of items) uuidsIn(item, out, seen);
  }
  return out;
}

/** A deep copy of `value` with `from` (a tenant id) replaced by `to`, and any Db by `db`. */
export function swapTenant(value: unknown, from: string, to: string, db: Db): unknown {
  if (typeof value === 'string') return value === from ? to : value;
  if (typeof value !== 'object' || value === null) return value;
  if (isDb(value)) return db;
  if (value instanceof Date) return new Date(value.getTime());
  if (Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return value.map((v) => swapTenant(v, from, to, db));
  if (value instanceof Set) return new Set([...value].map((v) => swapTenant(v, from, to, db)));
  if (value instanceof Map) {
    return new Map([...value].map(([k, v]) => [k, swapTenant(v, from, to, db)]));
  }
  if (!isPlain(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, swapTenant(v, from, to, db)]),
  );
}

/** Whether a result says nothing: null, false, 0, '', and collections of only such. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') {
    return true;
  }
  if (typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value)) return false;
  const items =
    value instanceof Map
      ? [...value.values()]
      : value instanceof Set
        ? [...value]
        : Object.values(value);
  return items.every(isEmpty);
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v instanceof Map ? [...v.entries()] : v instanceof Set ? [...v] : v,
  );

/** Tables with a tenant_id column, and whether each has an id. */
export async function tenantTables(db: Db) {
  const rows = rowsOf<{ table_name: string; has_id: boolean }>(
    await db.execute(sql`
      select table_name, bool_or(column_name = 'id') as has_id
      from information_schema.columns
      where table_schema = 'public' and column_name in ('tenant_id', 'id')
      group by table_name having bool_or(column_name = 'tenant_id')
      order by table_name`),
  );
  return rows.map((r) => ({ name: r.table_name, hasId: r.has_id === true }));
}
type Tables = Awaited<ReturnType<typeof tenantTables>>;

const literal = (uuid: string) => {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw new Error(`not a uuid: ${uuid}`);
  return `'${uuid}'::uuid`;
};

/** The ids of every row of `tenantId` (and the tenant's own id). */
export async function ownedIds(db: Db, tables: Tables, tenantId: string) {
  const parts = tables
    .filter((t) => t.hasId)
    .map(
      (t) => `select x.id::text as id from "${t.name}" x where x.tenant_id = ${literal(tenantId)}`,
    );
  const rows = rowsOf<{ id: string }>(await db.execute(sql.raw(parts.join(' union all '))));
  return new Set([tenantId, ...rows.map((r) => r.id.toLowerCase())]);
}

/** A fingerprint of every row of `tenantId`, table by table (its tenants row included). */
export async function fingerprint(db: Db, tables: Tables, tenantId: string) {
  const t = literal(tenantId);
  const parts = [
    `select 'tenants' as t, md5(coalesce(string_agg(x::text, '|'), '')) as h from tenants x where x.id = ${t}`,
    ...tables.map(
      (table) =>
        `select '${table.name}' as t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${table.name}" x where x.tenant_id = ${t}`,
    ),
  ];
  const rows = rowsOf<{ t: string; h: string }>(
    await db.execute(sql.raw(parts.join(' union all '))),
  );
  return new Map(rows.map((r) => [r.t, r.h]));
}

/** Every row of `tenantId` as text, to look for another tenant's ids in. */
async function rowsOfTenant(db: Db, tables: Tables, tenantId: string) {
  const t = literal(tenantId);
  const parts = tables.map(
    (table) =>
      `select '${table.name}' as t, x::text as row from "${table.name}" x where x.tenant_id = ${t}`,
  );
  return rowsOf<{ t: string; row: string }>(await db.execute(sql.raw(parts.join(' union all '))));
}

export interface ReplayContext {
  db: Db;
  tables: Tables;
  /** The tenant the scenario ran as, its row ids, and the fingerprint of its rows. */
  a: { id: string; owned: Set<string>; fingerprint: Map<string, string> };
  /** The empty tenant the calls are replayed with. */
  b: string;
}

class Rollback extends Error {}

/** `value` with every uuid of `ids` replaced by its counterpart (deep, Dbs kept). */
function swapIds(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === 'string') {
    return value.replace(UUID, (m) => ids.get(m.toLowerCase()) ?? m);
  }
  if (typeof value !== 'object' || value === null || isDb(value)) return value;
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return value.map((v) => swapIds(v, ids));
  if (value instanceof Set) return new Set([...value].map((v) => swapIds(v, ids)));
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, swapIds(v, ids)]));
  if (!isPlain(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swapIds(v, ids)]));
}

/**
 * What a result says, without what differs from run to run: each passed-in id becomes its
 * position among the passed ids, other ids and dates a placeholder.
 */
function shape(value: unknown, passed: string[]): string {
  return (
    JSON.stringify(value, function (this: unknown, key: string, v: unknown) {
      const raw = (this as Record<string, unknown>)[key];
      if (raw instanceof Date) return '<date>';
      if (v instanceof Map) return [...v.entries()];
      if (v instanceof Set) return [...v];
      if (typeof v === 'string') {
        return v.replace(UUID, (m) => {
          const i = passed.indexOf(m.toLowerCase());
          return i >= 0 ? `<passed ${i}>` : '<uuid>';
        });
      }
      return v;
    }) ?? 'undefined'
  );
}

interface Outcome {
  result?: unknown;
  failed: boolean;
  problems: string[];
}

/** Runs the call with `args` in a transaction rolled back; what it returned and wrote. */
async function runRolledBack(
  ctx: ReplayContext,
  call: RepoCall,
  args: unknown[],
  passedIn: Set<string>,
) {
  const outcome: Outcome = { failed: false, problems: [] };
  try {
    await ctx.db.transaction(async (tx) => {
      try {
        // A failing statement aborts the transaction: run the call in a savepoint of its own.
        outcome.result = await tx.transaction(async (inner) =>
          call.original(...args.map((arg) => (isDb(arg) ? inner : arg))),
        );
      } catch {
        outcome.failed = true;
        throw new Rollback();
      }
      const returned = [...uuidsIn(outcome.result)].filter((id) => ctx.a.owned.has(id));
      const notPassed = returned.filter((id) => !passedIn.has(id));
      if (notPassed.length > 0) {
        outcome.problems.push(`returned tenant A's ids ${notPassed.slice(0, 3).join(', ')}`);
      }
      const after = await fingerprint(tx as unknown as Db, ctx.tables, ctx.a.id);
      const changed = [...after].filter(([t, h]) => ctx.a.fingerprint.get(t) !== h).map(([t]) => t);
      if (changed.length > 0)
        outcome.problems.push(`changed tenant A's rows in ${changed.join(', ')}`);
      for (const row of await rowsOfTenant(tx as unknown as Db, ctx.tables, ctx.b)) {
        const leaked = [...uuidsIn(row.row)].filter((id) => ctx.a.owned.has(id));
        if (leaked.length > 0) {
          outcome.problems.push(`wrote a ${row.t} row for tenant B naming tenant A's ${leaked[0]}`);
          break;
        }
      }
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return outcome;
}

/**
 * Replays `call` with tenant B instead of A; the problems found, each a sentence. B must not tell
 * A's ids from ids that exist nowhere: the call runs again with A's ids replaced by fresh ones,
 * and both runs must answer alike. A call may fail (a refused write): the rollback keeps nothing.
 */
export async function replay(ctx: ReplayContext, call: RepoCall): Promise<string[]> {
  const passedIn = uuidsIn(call.args);
  const asB = (value: unknown) => swapTenant(value, ctx.a.id, ctx.b, ctx.db);
  const argsB = call.args.map(asB);
  const named = [...passedIn].filter((id) => ctx.a.owned.has(id) && id !== ctx.a.id);
  const fresh = new Map(named.map((id) => [id, randomUUID()]));
  const withA = await runRolledBack(ctx, call, argsB, passedIn);
  const problems = [...withA.problems];
  if (named.length > 0) {
    const control = await runRolledBack(
      ctx,
      call,
      argsB.map((arg) => swapIds(arg, fresh)),
      new Set(),
    );
    const passedA = named;
    const passedFresh = named.map((id) => fresh.get(id)!);
    // Only answers are compared: a write refused for one and not the other wrote nothing either
    // way (the fingerprints say so), at most telling a foreign key's existence.
    if (
      !withA.failed &&
      !control.failed &&
      shape(withA.result, passedA) !== shape(control.result, passedFresh)
    ) {
      problems.push(
        `answers tenant A's ids unlike unknown ones: ${shape(withA.result, passedA).slice(0, 160)} instead of ${shape(control.result, passedFresh).slice(0, 160)}`,
      );
    }
  }
  if (
    !withA.failed &&
    !isEmpty(withA.result) &&
    canonical(withA.result) === canonical(call.result)
  ) {
    problems.push(
      `returned what it returned for tenant A: ${canonical(withA.result).slice(0, 120)}`,
    );
  }
  return problems;
}
