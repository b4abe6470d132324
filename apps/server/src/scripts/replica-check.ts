import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase } from '../db/database';
import { createReadRouter, type ReadRouter } from '../db/read-replica';
import { scratchDatabase, serverUrl, urlOf } from './scratch-database';

// `npm run replica-check -w @kopi/server -- [--port 5433] [--keep]`
// Proves READ_DATABASE_URL against a real streaming replica of the local test server
// (TEST_DATABASE_URL, else the local postgres): takes a base backup with pg_basebackup, starts it
// as a hot standby on --port, then
//   1. runs the report, dashboard and order-list suites (src/modules/reports/*.test.ts,
//      dashboard/*.test.ts, orders/orders-list.test.ts) with every test database read on the
//      replica (replica reads wait for replay there, so one user's write shows in another's read)
//      and checks that reads did go to the replica;
//   2. drives the read router as the server runs it (no waiting): replay paused, a caller's own
//      write still shows (primary), another caller gets the replica's older answer with its age
//      once past 5 s; replay resumed, the replica answers again;
//   3. stops the replica mid-run: reads fall back to the primary with one warning, and go back to
//      the replica once it is up again.
// Needs a server that allows replication connections from 127.0.0.1 (pg_hba.conf `host
// replication all 127.0.0.1/32 trust`, wal_level replica, max_wal_senders > 0); says which is
// missing. Runs the PostgreSQL binaries as the `postgres` user when started as root.

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5433' },
    keep: { type: 'boolean', default: false },
    report: { type: 'string' },
  },
});
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const port = Number(values.port);
const primary = serverUrl();
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const step = (message: string) => console.log(`[${elapsed()}] ${message}`);
const failures: string[] = [];
/** What --report counts: each check, and each test of the read suites run against the replica. */
const tally = { passed: 0, failed: 0 };
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (ok) tally.passed++;
  else failures.push(what);
};

const asRoot = process.getuid?.() === 0;
/** Runs a PostgreSQL binary, as `postgres` when we are root (the server refuses root). */
function pgTool(tool: string, args: string[], options: { allowFail?: boolean } = {}) {
  const bin = path.join(PG_BIN, tool);
  const result = asRoot
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [bin, ...args].map(quote).join(' ')], {
        encoding: 'utf8',
      })
    : spawnSync(bin, args, { encoding: 'utf8' });
  if (result.status !== 0 && !options.allowFail) {
    throw new Error(`${tool} failed: ${(result.stderr || result.stdout).trim()}`);
  }
  return result;
}
const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

async function primaryQuery<R extends pg.QueryResultRow>(text: string, url = primary.href) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

/** What stops a replica being made of this server, in words an operator can act on; null if none. */
async function replicationBlocker(): Promise<string | null> {
  const [settings] = await primaryQuery<{ wal_level: string; senders: string }>(
    `select current_setting('wal_level') as wal_level, current_setting('max_wal_senders') as senders`,
  );
  if (settings!.wal_level === 'minimal') {
    return 'wal_level is minimal: set wal_level = replica in postgresql.conf (needs a restart)';
  }
  if (Number(settings!.senders) < 1) {
    return 'max_wal_senders is 0: set it to 10 in postgresql.conf (needs a restart)';
  }
  return null;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kopi-replica-'));
const dataDir = path.join(dir, 'data');
const replicaBase = `postgres://${primary.username || 'postgres'}@127.0.0.1:${port}`;
let replicaRunning = false;

async function startReplica() {
  pgTool('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'replica.log'), '-w', '-t', '60', 'start']);
  replicaRunning = true;
  const [row] = await primaryQuery<{ standby: boolean }>(
    'select pg_is_in_recovery() as standby',
    `${replicaBase}/postgres`,
  );
  if (!row?.standby) throw new Error(`the server on port ${port} is not a standby`);
}
function stopReplica() {
  pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'], { allowFail: true });
  replicaRunning = false;
}

async function makeReplica() {
  const blocker = await replicationBlocker();
  if (blocker) throw new Error(`this server cannot stream to a replica: ${blocker}`);
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  fs.chmodSync(dir, 0o700);
  const backup = pgTool(
    'pg_basebackup',
    [
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      primary.username || 'postgres',
    ].concat(['-D', dataDir, '-R', '-X', 'stream', '-c', 'fast']),
    { allowFail: true },
  );
  if (backup.status !== 0) {
    const why = backup.stderr.trim();
    const hint = /no pg_hba.conf entry for replication/.test(why)
      ? `\n  Allow replication from this machine: add "host replication all 127.0.0.1/32 trust" to pg_hba.conf and run "select pg_reload_conf()" (a reload, no restart).`
      : '';
    throw new Error(`pg_basebackup failed: ${why}${hint}`);
  }
  // A hot standby needs at least the primary's limits; the Debian config lives outside the data
  // folder, so the replica gets a small one of its own.
  const limits = await primaryQuery<{ name: string; setting: string }>(
    `select name, setting from pg_settings where name in ('max_connections', 'max_worker_processes',
      'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
  );
  const conf = [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${dir}'`,
    'hot_standby = on',
    'shared_buffers = 32MB',
    'fsync = off',
    ...limits.map((l) => `${l.name} = ${l.setting}`),
  ];
  fs.writeFileSync(path.join(dataDir, 'postgresql.conf'), `${conf.join('\n')}\n`);
  fs.writeFileSync(
    path.join(dataDir, 'pg_hba.conf'),
    'local all all trust\nhost all all 127.0.0.1/32 trust\n',
  );
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dataDir]);
  await startReplica();
}

function runReportSuite() {
  const statsDir = path.join(dir, 'stats');
  fs.mkdirSync(statsDir);
  const testsOf = (module: string) =>
    fs
      .readdirSync(path.join('src', 'modules', module))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => path.join('src', 'modules', module, f));
  const files = [
    ...testsOf('reports'),
    ...testsOf('dashboard'),
    path.join('src', 'modules', 'orders', 'orders-list.test.ts'),
  ];
  const suiteJson = path.join(dir, 'read-suites.json');
  const suite = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${suiteJson}`,
    ].concat(files),
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        TEST_DATABASE_URL: primary.href,
        TEST_READ_DATABASE_URL: `${replicaBase}/postgres`,
        KOPI_REPLICA_STATS_DIR: statsDir,
      },
    },
  );
  if (fs.existsSync(suiteJson)) {
    const counts = JSON.parse(fs.readFileSync(suiteJson, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    tally.passed += counts.numPassedTests;
    tally.failed += counts.numFailedTests;
  }
  check(suite.status === 0, `the read suites (${files.length} files) pass reading the replica`);
  const totals = { replicaReads: 0, primaryReads: 0, fallbacks: 0 };
  for (const f of fs.readdirSync(statsDir)) {
    const s = JSON.parse(fs.readFileSync(path.join(statsDir, f), 'utf8')) as typeof totals;
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += s[k];
  }
  console.log(`  reads: ${JSON.stringify(totals)}`);
  check(totals.replicaReads > 0, 'report reads went to the replica');
  check(totals.fallbacks === 0, 'no replica read had to be run again on the primary');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The router as the server runs it, on a scratch table (no app schema needed for routing). */
async function driveRouter() {
  const scratch = await scratchDatabase(`kopi_replica_check_${process.pid}`);
  const database = await createDatabase({ databaseUrl: scratch.url, dataDir: dir });
  const warnings: string[] = [];
  let reads: ReadRouter | undefined;
  try {
    await database.db.execute(sql`create table counted (n int)`);
    const replicaUrl = urlOf(new URL(replicaBase), scratch.name);
    // The new database and table reach the replica by replay.
    for (let i = 0; i < 500; i++) {
      const ok = await primaryQuery('select 1 from counted', replicaUrl).then(
        () => true,
        () => false,
      );
      if (ok) break;
      await sleep(20);
    }
    reads = createReadRouter({
      primary: database,
      replicaUrl,
      poolMax: 2,
      log: { warn: (m) => warnings.push(m), info: (m) => console.log(`  (log) ${m}`) },
    });
    const countAs = (userId: string) =>
      reads!.read({ principal: { userId } }, async (db) => {
        const { rows } = (await db.execute(
          sql`select count(*)::int as n from counted`,
        )) as unknown as {
          rows: { n: number }[];
        };
        return { n: rows[0]!.n, on: db === database.db ? 'primary' : 'replica' };
      });

    // The router probes the replica in the background of reads: allow it a few.
    const eventually = async (
      userId: string,
      ok: (r: Awaited<ReturnType<typeof countAs>>) => boolean,
    ) => {
      let last = await countAs(userId);
      for (let i = 0; i < 50 && !ok(last); i++) {
        await sleep(100);
        last = await countAs(userId);
      }
      return last;
    };
    const first = await eventually('writer', (r) => r.value.on === 'replica');
    check(first.value.on === 'replica' && first.value.n === 0, 'a caught-up replica answers');

    step('replay paused: a caller reads their own write; others read the replica with its age');
    await primaryQuery('select pg_wal_replay_pause()', replicaUrl);
    await database.db.execute(sql`insert into counted values (1)`);
    reads.noteWrite('writer');
    const own = await countAs('writer');
    check(own.value.on === 'primary' && own.value.n === 1, 'the writer sees their write (primary)');
    const other = await countAs('reader');
    check(other.value.on === 'replica' && other.value.n === 0, 'another caller reads the replica');
    check(other.freshness === undefined, 'no note while the replica is under 5 s behind');
    await sleep(7_000);
    const late = await countAs('reader');
    check(
      late.value.on === 'replica' && (late.freshness?.lag_seconds ?? 0) >= 5,
      `past 5 s the answer says how far behind it is (${JSON.stringify(late.freshness)})`,
    );
    const stillOwn = await countAs('writer');
    check(stillOwn.value.on === 'primary', 'the writer stays on the primary while replay lags');
    await primaryQuery('select pg_wal_replay_resume()', replicaUrl);
    await sleep(2_000);
    const caughtUp = await eventually('writer', (r) => r.value.on === 'replica');
    check(
      caughtUp.value.on === 'replica' && caughtUp.value.n === 1 && !caughtUp.freshness,
      'replay resumed: the replica has the write and answers without a note',
    );

    step('replica stopped mid-run: reads fall back to the primary');
    stopReplica();
    const down1 = await countAs('reader');
    const down2 = await countAs('reader');
    check(
      down1.value.on === 'primary' && down1.value.n === 1 && down2.value.on === 'primary',
      'reads answer from the primary while the replica is down',
    );
    check(warnings.length === 1, `one warning for the outage (${warnings.length})`);
    check(!warnings.join(' ').includes('@127.0.0.1'), 'the warning does not name the URL');
    await startReplica();
    await sleep(10_500);
    const back = await countAs('reader');
    check(back.value.on === 'replica' && back.value.n === 1, 'the replica is used again once back');
  } finally {
    await reads?.close();
    await database.close();
    await scratch.drop();
  }
}

async function main() {
  step(`base backup of ${primary.host} into ${dir}`);
  await makeReplica();
  step(`replica streaming on port ${port}`);
  runReportSuite();
  step('report suite done');
  await driveRouter();
  step(failures.length === 0 ? 'all checks passed' : `${failures.length} check(s) failed`);
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    failures.push('error');
  })
  .finally(() => {
    if (replicaRunning) stopReplica();
    if (values.report) {
      const failed = tally.failed + failures.length;
      fs.writeFileSync(values.report, JSON.stringify({ passed: tally.passed, failed, failures }));
    }
    if (!values.keep) fs.rmSync(dir, { recursive: true, force: true });
    console.log(`replica-check took ${elapsed()}`);
    process.exit(failures.length === 0 ? 0 : 1);
  });
