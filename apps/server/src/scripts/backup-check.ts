import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { scratchDatabase, serverUrl } from './scratch-database';
import { ServerProcess, freePort } from './server-process';
import { crashed, reportVerdicts, type Verdict } from './verdicts';

// `npm run backup-check -- [--engine both|postgres|pglite] [--report file.json]`
// Proves the README's backup recipes: a database filled by the real server (demo data with a few
// days of orders), backed up and restored the documented way, holds the same rows — every table's
// row count and content digest, the sales rollups among them — and its sequences go on where
// they were (the next order or live event does not reuse an id); the server starts on the copy.
//   PostgreSQL: pg_dump -Fc, then pg_restore into a new database (scratch databases on the server
//     of TEST_DATABASE_URL, dropped at the end).
//   PGlite: the data folder copied while the server is stopped; and PGlite's dumpDataDir tarball
//     loaded into a new instance.
// Exit 1 when a copy differs; --report writes `{ passed, failed, failures }`.

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    report: { type: 'string' },
  },
});

type Query = (text: string) => Promise<Record<string, unknown>[]>;
/** Per table (and per sequence): row count and an md5 of its rows in a stable order. */
type Snapshot = Map<string, string>;

async function snapshot(query: Query): Promise<Snapshot> {
  const shot: Snapshot = new Map();
  const tables = await query(`
    select format('%I.%I', table_schema, table_name) as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1`);
  for (const { name } of tables) {
    const [row] = await query(`
      select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), ''))
        as digest from ${String(name)} t`);
    shot.set(String(name), `${row!.n} rows, ${row!.digest}`);
  }
  for (const s of await query(
    `select format('%I.%I', schemaname, sequencename) as name, last_value from pg_sequences`,
  )) {
    shot.set(`sequence ${String(s.name)}`, `last value ${String(s.last_value)}`);
  }
  return shot;
}

/** The copy has every table and sequence of the source with the same content. */
function compare(title: string, source: Snapshot, copy: Snapshot): Verdict {
  const names = new Set([...source.keys(), ...copy.keys()]);
  const differing = [...names].filter((n) => source.get(n) !== copy.get(n));
  const rows = (s: Snapshot, n: string) => s.get(n) ?? 'missing';
  const rowsOf = (table: string) => (source.get(`public.${table}`) ?? '').split(',')[0];
  const sequences = [...source.keys()].filter((n) => n.startsWith('sequence ')).length;
  return {
    title,
    ok: differing.length === 0 && source.size > 0,
    detail: differing.length
      ? differing
          .slice(0, 5)
          .map((n) => `${n}: ${rows(source, n)} → ${rows(copy, n)}`)
          .join('; ')
      : `${source.size - sequences} tables and ${sequences} sequences equal (orders: ${rowsOf('orders')}, sales_rollups: ${rowsOf('sales_rollups')})`,
  };
}

/** Starts the real server on a database (URL, or a PGlite folder) and stops it. */
async function runServerOn(target: { DATABASE_URL: string } | { DATA_DIR: string }) {
  const server = new ServerProcess({
    port: await freePort(),
    logFile: path.join(os.tmpdir(), 'kopi-backup-check-server.log'),
    env: { SEED_DEMO: 'true', LOG_LEVEL: 'warn', ...target },
  });
  try {
    await server.start();
    await server.stop();
  } finally {
    await server.kill();
    server.close();
  }
}

async function pgQuery(url: string): Promise<{ query: Query; end: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async (text) => (await client.query(text)).rows as Record<string, unknown>[],
    end: () => client.end(),
  };
}

async function checkPostgres(work: string): Promise<Verdict[]> {
  const tag = `${process.pid}`;
  const source = await scratchDatabase(`kopi_backup_source_${tag}`);
  const restored = await scratchDatabase(`kopi_backup_restored_${tag}`);
  try {
    await runServerOn({ DATABASE_URL: source.url });
    const dump = path.join(work, 'kopi.dump');
    execFileSync('pg_dump', ['-Fc', '-f', dump, source.url], { stdio: 'inherit' });
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', restored.url, dump], {
      stdio: 'inherit',
    });
    const a = await pgQuery(source.url);
    const b = await pgQuery(restored.url);
    const verdict = compare(
      'PostgreSQL: pg_dump -Fc then pg_restore gives the same rows, rollups and sequences',
      await snapshot(a.query),
      await snapshot(b.query),
    );
    await a.end();
    await b.end();
    await runServerOn({ DATABASE_URL: restored.url });
    return [
      verdict,
      { title: 'PostgreSQL: the server starts on the restored database', ok: true, detail: '' },
    ];
  } finally {
    await source.drop();
    await restored.drop();
  }
}

async function pgliteQuery(instance: PGlite): Promise<Query> {
  await instance.waitReady;
  return async (text) => (await instance.query<Record<string, unknown>>(text)).rows;
}

async function checkPglite(work: string): Promise<Verdict[]> {
  const folder = path.join(work, 'data');
  await runServerOn({ DATA_DIR: folder });
  const copy = path.join(work, 'data-copy');
  fs.cpSync(folder, copy, { recursive: true });

  const source = new PGlite(path.join(folder, 'pglite'), { extensions: { pg_trgm } });
  const original = await snapshot(await pgliteQuery(source));
  const tarball = await source.dumpDataDir('gzip');
  await source.close();
  const copied = new PGlite(path.join(copy, 'pglite'), { extensions: { pg_trgm } });
  const fromCopy = await snapshot(await pgliteQuery(copied));
  await copied.close();
  const loaded = new PGlite({ loadDataDir: tarball, extensions: { pg_trgm } });
  const fromDump = await snapshot(await pgliteQuery(loaded));
  await loaded.close();
  await runServerOn({ DATA_DIR: copy });
  return [
    compare('PGlite: a copy of the stopped data folder has the same rows', original, fromCopy),
    compare('PGlite: the dumpDataDir tarball loads with the same rows', original, fromDump),
    { title: 'PGlite: the server starts on the copied folder', ok: true, detail: '' },
  ];
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kopi-backup-'));
  const verdicts: Verdict[] = [];
  const run = async (name: string, check: () => Promise<Verdict[]>) => {
    try {
      verdicts.push(...(await check()));
    } catch (error) {
      verdicts.push(crashed(`${name}: the backup check ran to the end`, error));
    }
  };
  try {
    if (values.engine !== 'pglite') {
      console.log(`PostgreSQL on ${serverUrl().host}: pg_dump / pg_restore…`);
      await run('PostgreSQL', () => checkPostgres(work));
    }
    if (values.engine !== 'postgres') {
      console.log('PGlite: folder copy and dumpDataDir…');
      await run('PGlite', () => checkPglite(work));
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  process.exit(reportVerdicts('backup-check', verdicts, values.report) ? 0 : 1);
}

await main();
