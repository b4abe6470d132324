import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SessionData } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database, rowsOf } from '../../db/database';
import { DEMO_PASSWORD, demoTenant } from '../../db/seed-data';
import { seededRandom } from '@kopi/contract';
import { apiClient, signUpCustomer } from '../app-client';
import { scratchDatabase } from '../scratch-database';
import { ServerProcess, freePort } from '../server-process';
import { crashed, reportVerdicts, type Verdict } from '../verdicts';
import { ageAbandonedReservations, prepareOutlets, waitForBackendsGone } from './harness-db';
import { liveInvariant, ledgerInvariant, orderInvariants, rollupInvariant } from './invariants';
import { type Figures, Gate, type Ledger, newFigures, resilientCall, sleep } from './load-kit';
import { LiveObserver } from './live-observer';
import { appWorker, boardWorker, type LoadContext, loadPosShops, posWorker } from './sale-load';

// `npm run crash-test -- [--kills 20] [--seed N] [--report file.json] [--keep] [--max-minutes 15]`
// The real server on a fresh PostgreSQL database, under sale load (POS sales, app orders paid
// through the sandbox, board moves), killed with SIGKILL at seeded random moments and started
// again; the clients send their cut-off requests again with the same Idempotency-Key. Then the
// invariants of invariants.ts are checked with SQL. The database is made on the server of
// TEST_DATABASE_URL (else DATABASE_URL, else the local postgres) as kopi_crash<seed> and dropped
// at the end (kept with --keep). Exit 1 when a check fails or the run outlives --max-minutes;
// --report writes `{ passed, failed, failures, figures }` for scripts/test-all.mjs.

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    seed: { type: 'string' },
    report: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'max-minutes': { type: 'string', default: '15' },
  },
});
const kills = Math.max(1, Math.min(10_000, Number(values.kills) || 20));
const seed = values.seed ? Number(values.seed) : randomBytes(4).readUInt32BE();
const maxMs = Math.max(1, Number(values['max-minutes']) || 15) * 60_000;
const runTag = `crash${seed.toString(36)}`;
const logFile = path.join(os.tmpdir(), `kopi-crash-server-${runTag}.log`);

interface Run {
  server: ServerProcess;
  database: Database;
  figures: Figures;
  restartMs: number[];
  /** Idempotency-Key reservations the killed servers left in flight. */
  aged: number;
}

/** Signs in the staff, signs up customers, starts the clients; `stop` waits for them to finish. */
async function startLoad(run: Run, gate: Gate) {
  const { server, figures } = run;
  const call = resilientCall(apiClient(server.base, demoTenant.slug), gate, figures);
  const login = await call<SessionData>('POST', '/api/login', {
    body: { username: 'admin', password: DEMO_PASSWORD },
  });
  if (login.status !== 200) throw new Error(`admin sign-in: ${login.status} ${login.message}`);
  const staffToken = login.data.token;
  const observer = new LiveObserver(server.base, staffToken);
  observer.start();
  let stopping = false;
  const ledger: Ledger = { orders: [], paid: [] };
  const ctx: LoadContext = { call, staffToken, figures, ledger, runTag, stopping: () => stopping };
  // Sign-up is not keyed (nobody is signed in yet): after a kill it starts again from the top.
  const signUp = async (i: number) => {
    const customer = {
      name: `Crash Customer ${i}`,
      phone: `+6018${String(seed % 10_000).padStart(4, '0')}${String(i).padStart(4, '0')}`,
      password: DEMO_PASSWORD,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        return await signUpCustomer(call, customer);
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  };
  const tokens = await Promise.all([0, 1, 2, 3].map(signUp));
  figures.customers = tokens.length;
  const shops = await loadPosShops(ctx);
  const failures: unknown[] = [];
  const workers = [
    posWorker(ctx, shops, seed + 1),
    posWorker(ctx, shops, seed + 2),
    appWorker(ctx, tokens, seed + 3),
    appWorker(ctx, tokens, seed + 4),
    boardWorker(ctx, seed + 5),
    // Customers also sign up while the server is being killed.
    (async () => {
      for (let i = tokens.length; !stopping; i++) {
        tokens.push(await signUp(i));
        figures.customers++;
        await sleep(500);
      }
    })(),
  ].map((worker) => worker.catch((error: unknown) => void failures.push(error)));
  return {
    observer,
    ledger,
    /** Throws what made a client give up (it stops the run at the next kill). */
    check() {
      if (failures.length) throw failures[0];
    },
    async stop() {
      stopping = true;
      await Promise.all(workers);
      this.check();
    },
  };
}

/** Kills the server at seeded random moments under load and starts it again, `kills` times. */
async function killRounds(run: Run, gate: Gate, load: { check(): void }) {
  const random = seededRandom(seed);
  for (let k = 1; k <= kills; k++) {
    await sleep(300 + random() * 2200);
    load.check();
    await run.server.kill();
    gate.shut();
    const killedAt = performance.now();
    await waitForBackendsGone(run.database);
    run.aged += await ageAbandonedReservations(run.database);
    await run.server.start();
    run.restartMs.push(performance.now() - killedAt);
    gate.reopen();
    const f = run.figures;
    console.log(
      `kill ${k}/${kills}: back in ${run.restartMs.at(-1)!.toFixed(0)} ms; ${f.posOrders} POS + ${f.appOrders} app orders so far`,
    );
  }
}

async function crashTest(run: Run): Promise<Verdict[]> {
  const { server, database, figures } = run;
  // A first start migrates and seeds; the outlets then open round the clock for the app orders.
  await server.start();
  await server.stop();
  await prepareOutlets(database);
  await server.start();
  const gate = new Gate();
  const load = await startLoad(run, gate);
  await killRounds(run, gate, load);
  await sleep(1000);
  await load.stop();

  const [tenant] = rowsOf<{ id: string }>(
    await database.db.execute(sql`select id from tenants where slug = ${demoTenant.slug}`),
  );
  const live = await liveInvariant(database.db, load.observer, tenant!.id);
  load.observer.stop();
  await server.stop();
  return [
    live,
    ...(await orderInvariants(database.db)),
    await rollupInvariant(database.db),
    await ledgerInvariant(database.db, load.ledger, runTag),
    {
      title: 'no unexpected answer during the load (no 5xx, no refused sale)',
      ok: figures.unexpected === 0,
      detail: figures.samples.join('; '),
    },
  ];
}

async function main() {
  const started = Date.now();
  const scratch = await scratchDatabase(`kopi_${runTag}`);
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
  // The harness's own connections are told apart from the server's by their name.
  const harnessUrl = new URL(scratch.url);
  harnessUrl.searchParams.set('application_name', 'kopi-crash-harness');
  const database = await createDatabase({ databaseUrl: harnessUrl.href, dataDir: '', poolMax: 2 });
  const run: Run = { server, database, figures: newFigures(), restartMs: [], aged: 0 };
  let verdicts: Verdict[];
  let timer: NodeJS.Timeout | undefined;
  try {
    const outlived = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`still running after ${maxMs / 60_000} minutes`)),
        maxMs,
      );
    });
    verdicts = await Promise.race([crashTest(run), outlived]);
  } catch (error) {
    verdicts = [crashed('the crash test ran to the end', error)];
  } finally {
    clearTimeout(timer);
    await server.kill();
    server.close();
    await database.close();
    if (!values.keep) await scratch.drop();
  }
  const ok = report(verdicts, run, (Date.now() - started) / 1000);
  if (ok) fs.rmSync(logFile, { force: true });
  else printLogTail();
  // Clients still waiting on a server that will not come back are left behind.
  process.exit(ok ? 0 : 1);
}

/** The server's last words, for a failed run whose log file is gone with its machine (CI). */
function printLogTail() {
  if (!fs.existsSync(logFile)) return;
  const lines = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n');
  console.log(`\nLast lines of the server log (${logFile}):\n${lines.slice(-40).join('\n')}`);
}

function report(verdicts: Verdict[], run: Run, seconds: number) {
  const f = run.figures;
  const meanRestart = run.restartMs.reduce((a, b) => a + b, 0) / (run.restartMs.length || 1);
  const summary = {
    seed,
    kills: run.restartMs.length,
    seconds: Math.round(seconds),
    mean_restart_ms: Math.round(meanRestart),
    pos_orders: f.posOrders,
    app_orders: f.appOrders,
    app_paid: f.appPaid,
    app_cancelled: f.appCancelled,
    status_moves: f.statusMoves,
    moves_or_cancels_already_done: f.alreadyDone,
    customers: f.customers,
    requests: f.requests,
    interrupted_and_retried: f.interrupted,
    retries_replayed: f.replayed,
    retries_told_already_recorded: f.alreadyRecorded,
    reservations_left_in_flight: run.aged,
    held_reservation_answers: f.heldReservations,
  };
  console.log('\nFigures:', JSON.stringify(summary, null, 2));
  return reportVerdicts('crash-test', verdicts, values.report, summary);
}

await main();
