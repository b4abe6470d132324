import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { addDays, businessDate, reportGroupBys } from '@kopi/contract';
import type pg from 'pg';
import { type BenchRow, loadGet, percentile, postSale, printRows, signInApi } from './bench-kit';
import {
  type Comparison,
  cpuDuring,
  type DirectRounds,
  printComparisons,
  recordStatements,
  openDirect,
  runDirect,
} from './bench-direct';
import { loadSales, runSaleDirect, saleReplay } from './bench-sale-direct';
import { loadMenu, salesFor } from './bench-sales';

// `npm run bench -- --database-url postgres://…/kopi_large` (or `--data-dir ./data-large` for the
// embedded database): starts the server itself on a free loopback port against that database
// (seed it first with `npm run seed:large`), signs in, and measures with concurrent clients:
// the sales report for a month and a year in every grouping, the dashboard, the order list (first
// page, a deep page, with filters, filters on a deep page) and order creation. Prints requests per
// second and p50/p95/p99, and writes them as JSON to bench-results/<time>.json (git-ignored).
// On PostgreSQL it also runs each GET's own statements directly through the driver at the same
// concurrency and prints the API's rate as a fraction of theirs, with the CPU per request of the
// server process and of PostgreSQL (from /proc: measure on an otherwise quiet machine).
// Order creation makes real sales today: run it on a scratch database.

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    clients: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '1' },
    'sale-clients': { type: 'string', default: '20' },
    'sale-seconds': { type: 'string', default: '10' },
    only: { type: 'string' },
    out: { type: 'string' },
    username: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'Kopi@1234' },
  },
});
if (!values['database-url'] && !values['data-dir']) {
  console.error(
    'Usage: npm run bench -- --database-url postgres://127.0.0.1:5432/kopi_large | --data-dir DIR\n' +
      '  [--clients 8] [--seconds 6] [--sale-clients 20] [--sale-seconds 10] [--only reports|dashboard|orders|wallet|sales]',
  );
  process.exit(2);
}
const clients = Math.max(1, Math.min(Number(values.clients), 200));
const seconds = Math.max(1, Math.min(Number(values.seconds), 120));
const warmup = Math.max(0, Math.min(Number(values.warmup), 30));
const serverDir = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const repoRoot = path.resolve(serverDir, '../..');
const captureFile = path.join(
  fs.mkdtempSync(path.join(os.tmpdir(), 'kopi-bench-')),
  'statements.jsonl',
);
// The direct SQL and PostgreSQL's CPU need the database on this machine.
const directUrl =
  values['database-url'] &&
  ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(values['database-url']).hostname)
    ? values['database-url']
    : null;
const databaseName = directUrl ? new URL(directUrl).pathname.slice(1) : '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100000',
    DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? '20',
    SEED_DEMO: 'false',
    BENCH_CAPTURE_FILE: captureFile,
  };
  if (values['database-url']) env.DATABASE_URL = values['database-url'];
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = path.resolve(values['data-dir']!);
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/bench-server.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('the server did not answer /api/health within 150 s');
}

async function main() {
  const port = await freePort();
  const where = values['database-url']
    ? new URL(values['database-url']).pathname.slice(1) + ' (PostgreSQL)'
    : `${values['data-dir']} (PGlite)`;
  console.log(`Starting the server on 127.0.0.1:${port} against ${where} …`);
  const server = await startServer(port);
  const base = new URL(`http://127.0.0.1:${port}`);
  const rows: BenchRow[] = [];
  const only = values.only;
  try {
    const { token, api } = await signInApi(base, values.username!, values.password!);
    const headers = { authorization: `Bearer ${token}` };
    const orders = await api<{ business_date: string }[]>('/api/orders?page_size=5');
    const countRes = await fetch(new URL('/api/orders?page_size=5', base), { headers });
    const total = ((await countRes.json()) as { meta: { total: number } }).meta.total;
    const yesterday = addDays(businessDate(new Date()), -1);
    const month = { from: addDays(yesterday, -29), to: yesterday };
    const year = { from: addDays(yesterday, -364), to: yesterday };
    console.log(
      `${total.toLocaleString('en-US')} orders (latest business day ${orders[0]?.business_date ?? '—'}); ` +
        `${clients} clients, ${warmup}s warm-up + ${seconds}s per endpoint\n`,
    );
    const comparisons: Comparison[] = [];
    /** The API's load and, on a local PostgreSQL, the same statements run directly. */
    const compare = async (
      name: string,
      loadApi: () => Promise<BenchRow>,
      direct?: {
        statements: number;
        run: (c: pg.Client[], seconds: number) => Promise<DirectRounds>;
      },
      concurrency = clients,
      runSeconds = seconds,
    ) => {
      const api = await cpuDuring(server.pid, databaseName, loadApi);
      const row = api.result;
      rows.push(row);
      const sorted = [...row.latencies].sort((a, b) => a - b);
      const answered = row.requests + row.errors;
      const comparison: Comparison = {
        name,
        statements: direct?.statements ?? 0,
        apiRate: row.requests / row.seconds,
        directRate: null,
        serverCpuMs: api.serverMs === null ? null : api.serverMs / answered,
        databaseCpuMs: directUrl && api.databaseMs !== null ? api.databaseMs / answered : null,
        directDatabaseCpuMs: null,
      };
      if (directUrl && direct) {
        const connections = await openDirect(directUrl, concurrency);
        const measured = await (async () => {
          try {
            if (warmup > 0) await direct.run(connections, warmup);
            return await cpuDuring(undefined, databaseName, () =>
              direct.run(connections, runSeconds),
            );
          } finally {
            await Promise.all(connections.map((c) => c.end()));
          }
        })();
        comparison.directRate = measured.result.rounds / measured.result.seconds;
        comparison.directDatabaseCpuMs =
          measured.databaseMs === null ? null : measured.databaseMs / measured.result.rounds;
      }
      comparisons.push(comparison);
      const ratio = comparison.directRate
        ? `, ${(comparison.apiRate / comparison.directRate).toFixed(2)} of the direct SQL`
        : '';
      console.log(
        `  ${name}: ${comparison.apiRate.toFixed(0)} req/s${ratio}, p95 ${percentile(sorted, 0.95).toFixed(1)} ms${row.errors ? `, ${row.errors} errors` : ''}`,
      );
    };
    const measure = async (name: string, pathname: string) => {
      const options = { name, base, path: pathname, headers, clients, seconds: warmup };
      if (warmup > 0) await loadGet(options);
      const statements = directUrl
        ? await recordStatements(server, captureFile, async () => {
            await (await fetch(new URL(pathname, base), { headers })).arrayBuffer();
          })
        : [];
      await compare(name, () => loadGet({ ...options, seconds }), {
        statements: statements.length,
        run: (c, s) => runDirect(c, statements, s),
      });
    };

    if (!only || only === 'reports') {
      for (const [label, range] of [
        ['month', month],
        ['year', year],
      ] as const) {
        for (const g of reportGroupBys) {
          await measure(
            `report ${label} by ${g}`,
            `/api/reports/sales?group_by=${g}&from=${range.from}&to=${range.to}`,
          );
        }
      }
    }
    if (!only || only === 'dashboard') await measure('dashboard', '/api/dashboard');
    if (!only || only === 'orders') {
      const outlets = await api<{ id: string; code: string }[]>('/api/outlets?page_size=100');
      const kl = outlets[0]!;
      const filters = `outlet=${kl.id}&status=CLOSED&payment_method=card&from=${month.from}&to=${month.to}`;
      await measure('order list, first page', '/api/orders?page=1&page_size=20');
      await measure('order list, page 500', '/api/orders?page=500&page_size=20');
      await measure(
        `order list, filters (outlet, status, card, month)`,
        `/api/orders?page=1&page_size=20&${filters}`,
      );
      await measure(`order list, filters, page 50`, `/api/orders?page=50&page_size=20&${filters}`);
      await measure('order list, search "KL01-00"', '/api/orders?page=1&page_size=20&q=KL01-00');
      // What a cashier types: a whole order number (one per business day at its outlet, so ~365
      // matches) and a customer's phone (a handful), taken from the newest orders.
      const recent = await api<{ order_no: string; customer_phone: string | null }[]>(
        '/api/orders?page=1&page_size=100',
      );
      const number = recent[0]?.order_no;
      if (number) {
        await measure(
          `order list, search "${number}"`,
          `/api/orders?page=1&page_size=20&q=${number}`,
        );
      }
      const phone = recent.find((o) => o.customer_phone)?.customer_phone;
      if (phone) {
        await measure(
          `order list, search phone "${phone}"`,
          `/api/orders?page=1&page_size=20&q=${encodeURIComponent(phone)}`,
        );
      }
    }
    if (!only || only === 'wallet') {
      // The wallet page as finance opens it: pages of 10, a deep page, each filter, a search by
      // name and by phone, sorted by amount, and the CSV of every entry.
      const entries = await fetch(new URL('/api/wallet-entries?page_size=10', base), { headers });
      const walletTotal = ((await entries.json()) as { meta: { total: number } }).meta.total;
      const lastPage = Math.max(1, Math.ceil(walletTotal / 10));
      const someone = await api<{ customer_id: string; customer_phone: string }[]>(
        '/api/wallet-entries?page_size=5&kind=topup',
      );
      console.log(`  (${walletTotal.toLocaleString('en-US')} wallet entries)`);
      await measure('wallet entries, first page', '/api/wallet-entries?page=1&page_size=10');
      await measure(
        `wallet entries, last page (${lastPage})`,
        `/api/wallet-entries?page=${lastPage}&page_size=10`,
      );
      await measure('wallet entries, kind spend', '/api/wallet-entries?page_size=10&kind=spend');
      await measure(
        'wallet entries, a month',
        `/api/wallet-entries?page_size=10&from=${month.from}&to=${month.to}`,
      );
      await measure(
        'wallet entries, sort by amount',
        '/api/wallet-entries?page_size=10&sort=-amount',
      );
      await measure('wallet entries, search a name', '/api/wallet-entries?page_size=10&q=tan');
      const phone = someone[0]?.customer_phone;
      if (phone) {
        await measure(
          'wallet entries, search a phone',
          `/api/wallet-entries?page_size=10&q=${encodeURIComponent(phone.slice(-7))}`,
        );
      }
      const customer = someone[0]?.customer_id;
      if (customer) {
        await measure(
          "wallet entries, one customer's",
          `/api/wallet-entries?page_size=10&customer_id=${customer}`,
        );
      }
      await measure('wallet entries, CSV of all', '/api/wallet-entries/export');
    }
    if (!only || only === 'sales') {
      const outlets = await api<{ id: string; code: string }[]>('/api/outlets?page_size=100');
      const menu = await loadMenu(api);
      const { sales } = await salesFor(api, menu, outlets[0]!, 600);
      const saleClients = Math.max(1, Math.min(Number(values['sale-clients']), 200));
      const saleSeconds = Number(values['sale-seconds']);
      await loadSales(base, token, sales, saleClients, 2);
      const sale = sales[0]!;
      const statements = directUrl
        ? await recordStatements(server, captureFile, async () => {
            await (await postSale(base, token, JSON.stringify(sale))).arrayBuffer();
          })
        : [];
      const replay = saleReplay(statements, sale);
      await compare(
        'POST /api/orders (sale)',
        () => loadSales(base, token, sales, saleClients, saleSeconds),
        {
          statements: replay.statements.length,
          run: (c, s) => runSaleDirect(c, replay, s),
        },
        saleClients,
        saleSeconds,
      );
    }

    console.log('');
    printRows(`Kopi HQ bench — ${where}`, rows);
    if (comparisons.length) {
      console.log(
        `\nAgainst the direct SQL (load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})`,
      );
      printComparisons(comparisons);
    }
    const out =
      values.out ??
      path.join(
        repoRoot,
        'bench-results',
        `${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
      );
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          database: where,
          orders: total,
          clients,
          seconds,
          load_average: os.loadavg(),
          against_direct_sql: comparisons,
          results: rows.map((r) => {
            const sorted = [...r.latencies].sort((a, b) => a - b);
            const ms = (p: number) => Number(percentile(sorted, p).toFixed(1));
            return {
              name: r.name,
              ok: r.requests,
              errors: r.errors,
              rps: Number((r.requests / r.seconds).toFixed(1)),
              p50_ms: ms(0.5),
              p95_ms: ms(0.95),
              p99_ms: ms(0.99),
            };
          }),
        },
        null,
        2,
      ),
    );
    console.log(`\nWritten to ${path.relative(process.cwd(), out)}`);
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(path.dirname(captureFile), { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
