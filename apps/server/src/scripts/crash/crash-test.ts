import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SessionData } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database, rowsOf } from '../../db/database';
import { DEMO_PASSWORD, demoTenant } from '../../db/seed-data';
import { seededRandom } from '../../lib/seeded-random';
import { apiClient, signUpCustomer } from '../app-client';
import { crashed, reportVerdicts, type Verdict } from '../verdicts';
import { liveInvariant, ledgerInvariant, orderInvariants, rollupInvariant } from './invariants';
import { Gate, type Ledger, newFigures, resilientCall, sleep } from './load-kit';
import { LiveObserver } from './live-observer';
import { appWorker, boardWorker, type LoadContext, loadPosShops, posWorker } from './sale-load';
import { scratchDatabase } from '../scratch-database';
import { ServerProcess, freePort } from '../server-process';

// `npm run crash-test -- [--kills 20] [--seed N] [--report file.json] [--keep]`
// The real server on a fresh PostgreSQL database, under sale load (POS sales, app orders paid
// through the sandbox, board moves), killed with SIGKILL at seeded random moments and started
// again; the clients send their cut-off requests again with the same Idempotency-Key. Then the
// invariants of invariants.ts are checked with SQL. The database is made from TEST_DATABASE_URL
// (or DATABASE_URL, else the local postgres) as kopi_crash_<random> and dropped at the end.
// Exit 1 when an invariant fails; --report writes `{ passed, failed, failures, figures }`.

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    seed: { type: 'string' },
    report: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const kills = Math.max(1, Math.min(10_000, Number(values.kills) || 20));
const seed = values.seed ? Number(values.seed) : randomBytes(4).readUInt32BE();
const random = seededRandom(seed);
const runTag = `crash${seed.toString(36)}`;
const logFile = path.join(os.tmpdir(), `kopi-crash-server-${runTag}.log`);

/** Opening hours round the clock, so app orders are taken whenever the test runs. */
const allDay = Array.from({ length: 7 }, (_, day) => ({
  day,
  ranges: [
    { open: '00:00', close: '12:00' },
    { open: '12:00', close: '00:00' },
  ],
}));

async function prepareOutlets(database: Database) {
  await database.db.execute(sql`
    update outlets set hours = ${JSON.stringify(allDay)}::jsonb, last_order_minutes = 0,
      accepting_orders = true`);
  await database.db.execute(sql`delete from outlet_closures`);
}

/** Waits until the killed server's connections are gone (their transactions rolled back). */
async function waitForBackendsGone(database: Database) {
  for (let i = 0; i < 100; i++) {
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and application_name <> 'kopi-crash-harness' and backend_type = 'client backend'`),
    );
    if (row!.n === 0) return;
    await sleep(50);
  }
  throw new Error("the killed server's database connections did not end");
}

/**
 * A killed request can leave its Idempotency-Key reserved as in flight; the server retakes such a
 * reservation once it is two minutes old (it cannot tell a dead request from a slow one on
 * another instance). With the only server dead, every reservation in flight is abandoned: the
 * test ages them instead of waiting the two minutes, so the retries run now. Returns how many.
 */
async function ageAbandonedReservations(database: Database): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(sql`
      with aged as (
        update idempotency_keys set created_at = created_at - interval '1 hour'
        where status = 'in_flight' returning 1)
      select count(*)::int as n from aged`),
  );
  return row!.n;
}

async function main() {
  const started = Date.now();
  const scratch = await scratchDatabase(`kopi_crash_${runTag}`);
  console.log(`Crash test: ${kills} kills, seed ${seed}, database ${scratch.name}, log ${logFile}`);
  const server = new ServerProcess({
    port: await freePort(),
    logFile,
    env: {
      DATABASE_URL: scratch.url,
      SEED_DEMO: 'true',
      KOPI_E2E: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000000',
      MOBILE_RATE_LIMIT: '1000000',
      ACCESS_TOKEN_TTL: '24h',
      PAYMENT_SANDBOX: 'true',
    },
  });
  const harnessUrl = new URL(scratch.url);
  harnessUrl.searchParams.set('application_name', 'kopi-crash-harness');
  let database: Database | null = null;
  const verdicts: Verdict[] = [];
  const figures = newFigures();
  const restartMs: number[] = [];
  let aged = 0;
  let failure: unknown = null;
  try {
    await server.start();
    await server.stop();
    database = await createDatabase({ databaseUrl: harnessUrl.href, dataDir: '', poolMax: 2 });
    await prepareOutlets(database);
    await server.start();

    const gate = new Gate();
    const call = resilientCall(apiClient(server.base, demoTenant.slug), gate, figures);
    const login = await call<SessionData>('POST', '/api/login', {
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    if (login.status !== 200) throw new Error(`admin sign-in: ${login.status} ${login.message}`);
    const staffToken = login.data.token;
    const [tenant] = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from tenants where slug = ${demoTenant.slug}`),
    );
    const observer = new LiveObserver(server.base, staffToken);
    observer.start();

    let stopping = false;
    const ledger: Ledger = { orders: [], paid: [] };
    const ctx: LoadContext = {
      call,
      staffToken,
      figures,
      ledger,
      runTag,
      stopping: () => stopping,
    };
    const signUp = (i: number) =>
      signUpCustomer(call, {
        name: `Crash Customer ${i}`,
        phone: `+6018${String(seed % 10_000).padStart(4, '0')}${String(i).padStart(4, '0')}`,
        password: DEMO_PASSWORD,
      });
    const tokens = await Promise.all([0, 1, 2, 3].map(signUp));
    figures.customers = tokens.length;
    const shops = await loadPosShops(ctx);
    const workers = [
      posWorker(ctx, shops, seed + 1),
      posWorker(ctx, shops, seed + 2),
      appWorker(ctx, tokens, seed + 3),
      appWorker(ctx, tokens, seed + 4),
      boardWorker(ctx, seed + 5),
      // Customers also sign up while the server is being killed.
      (async () => {
        for (let i = 4; !stopping; i++) {
          tokens.push(await signUp(i));
          figures.customers++;
          await sleep(500);
        }
      })(),
    ];

    for (let k = 1; k <= kills; k++) {
      await sleep(300 + random() * 2200);
      await server.kill();
      gate.shut();
      const killedAt = performance.now();
      await waitForBackendsGone(database);
      aged += await ageAbandonedReservations(database);
      await server.start();
      restartMs.push(performance.now() - killedAt);
      gate.reopen();
      process.stdout.write(
        `kill ${k}/${kills}: back in ${restartMs.at(-1)!.toFixed(0)} ms; ${figures.posOrders} POS + ${figures.appOrders} app orders so far\n`,
      );
    }
    await sleep(1000);
    stopping = true;
    await Promise.all(workers);

    verdicts.push(await liveInvariant(database.db, observer, tenant!.id));
    observer.stop();
    await server.stop();
    verdicts.push(...(await orderInvariants(database.db)));
    verdicts.push(await rollupInvariant(database.db));
    verdicts.push(await ledgerInvariant(database.db, ledger, runTag));
    verdicts.push({
      title: 'no unexpected answer during the load (no 5xx, no refused sale)',
      ok: figures.unexpected === 0,
      detail: figures.samples.join('; '),
    });
  } catch (error) {
    failure = error;
  } finally {
    await server.kill();
    server.close();
    await database?.close();
    if (!values.keep) await scratch.drop();
  }
  if (failure) {
    verdicts.push(crashed('the crash test ran to the end', failure));
  }
  const ok = report(verdicts, {
    seed,
    kills,
    restartMs,
    aged,
    figures,
    seconds: (Date.now() - started) / 1000,
  });
  if (ok) fs.rmSync(logFile, { force: true });
  else printLogTail();
  process.exit(ok ? 0 : 1);
}

/** The server's last words, for a failed run whose log file is gone with its machine (CI). */
function printLogTail() {
  if (!fs.existsSync(logFile)) return;
  const lines = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n');
  console.log(`\nLast lines of the server log (${logFile}):\n${lines.slice(-40).join('\n')}`);
}

function report(
  verdicts: Verdict[],
  run: {
    seed: number;
    kills: number;
    restartMs: number[];
    aged: number;
    figures: ReturnType<typeof newFigures>;
    seconds: number;
  },
) {
  const f = run.figures;
  const meanRestart = run.restartMs.reduce((a, b) => a + b, 0) / (run.restartMs.length || 1);
  const summary = {
    seed: run.seed,
    kills: run.restartMs.length,
    seconds: Math.round(run.seconds),
    mean_restart_ms: Math.round(meanRestart),
    pos_orders: f.posOrders,
    app_orders: f.appOrders,
    app_paid: f.appPaid,
    app_cancelled: f.appCancelled,
    status_moves: f.statusMoves,
    customers: f.customers,
    requests: f.requests,
    interrupted_and_retried: f.interrupted,
    retries_replayed: f.replayed,
    reservations_left_in_flight: run.aged,
    held_reservation_answers: f.heldReservations,
  };
  console.log('\nFigures:', JSON.stringify(summary, null, 2));
  return reportVerdicts('crash-test', verdicts, values.report, summary);
}

await main();
