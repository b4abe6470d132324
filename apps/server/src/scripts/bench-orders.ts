import type { OrderCreate } from '@kopi/contract';
import { percentile, signInApi, benchOptions, serverInfo, bounded, postSale } from './bench-kit';
import { DEMO_SIGN_IN } from './cli-options';
import { loadMenu, salesFor } from './bench-sales';

// `npm run bench:orders -w @kopi/server -- [--url http://127.0.0.1:3000] [--clients 50]
//   [--rate 200] [--seconds 15] [--warmup 3] [--outlet KL01|all] [--username admin]`
// Against a running server with the demo data (start it with a high LOGIN_RATE_LIMIT): signs in,
// reads an outlet's POS context and menu, builds carts priced with the contract's priceOrder, then
// has --clients concurrent clients POST /api/orders, each sale with its own Idempotency-Key
// (cash, card, e-wallet and split payments; pick up and dine in). With --rate the clients share
// a schedule of that many orders per second (a client sends the next scheduled sale when it is
// free; latency counts from the scheduled time, so a server falling behind shows as latency, not
// as fewer requests); with --rate 0 each client sends its next sale as soon as the last answers
// (the server's capacity). Prints orders per second, p50/p95/p99 latency and errors by code.
// Loopback only, bounded in time. Every sale is real: run it against a scratch database.

const { values, base } = benchOptions('bench:orders', {
  ...DEMO_SIGN_IN,
  clients: '50',
  rate: '200',
  seconds: '15',
  warmup: '3',
  outlet: undefined,
});

const clients = bounded(values.clients, 1, 500);
const seconds = bounded(values.seconds, 1, 120);
const warmup = bounded(values.warmup, 0, 30);
const rate = bounded(values.rate, 0, 5000);

let token = '';

interface Result {
  latencies: number[];
  errors: Map<string, number>;
  seconds: number;
}

async function run(sales: OrderCreate[], durationS: number): Promise<Result> {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const started = performance.now();
  const deadline = started + durationS * 1000;
  let next = 0;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const slot = next++;
        const body = JSON.stringify(sales[slot % sales.length]);
        // Paced: the sale's slot in the shared schedule; latency counts from then.
        const scheduled = rate > 0 ? started + (slot * 1000) / rate : performance.now();
        if (scheduled >= deadline) break;
        const wait = scheduled - performance.now();
        if (wait > 0) await sleep(wait);
        const t0 = rate > 0 ? scheduled : performance.now();
        try {
          const res = await postSale(base, token, body);
          const text = await res.text();
          if (res.status === 201) latencies.push(performance.now() - t0);
          else {
            const code = `${res.status} ${(JSON.parse(text) as { code_message?: string }).code_message ?? ''}`;
            errors.set(code, (errors.get(code) ?? 0) + 1);
          }
        } catch (error) {
          const code = (error as Error).message;
          errors.set(code, (errors.get(code) ?? 0) + 1);
        }
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const info = await serverInfo(base);
  const session = await signInApi(base, values.username, values.password);
  token = session.token;
  const api = session.api;
  const outlets = await api<{ id: string; code: string; open_now: boolean }[]>(
    '/api/outlets?page_size=100',
  );
  // One outlet (--outlet CODE, default the first open one), or --outlet all: every outlet, the
  // sales interleaved as terminals across a chain would send them.
  const chosen =
    values.outlet === 'all'
      ? outlets
      : [
          outlets.find((o) => o.code === values.outlet) ??
            (values.outlet ? undefined : (outlets.find((o) => o.open_now) ?? outlets[0])),
        ].filter((o) => o !== undefined);
  if (chosen.length === 0) throw new Error(`No outlet ${values.outlet ?? ''} for this user.`);
  const menu = await loadMenu(api);
  const perOutlet: OrderCreate[][] = [];
  const labels: string[] = [];
  for (const outlet of chosen) {
    const { sales, label } = await salesFor(api, menu, outlet, Math.ceil(600 / chosen.length));
    perOutlet.push(sales);
    labels.push(label);
  }
  const sales = perOutlet[0]!.flatMap((_, i) => perOutlet.map((list) => list[i]!));

  console.log(
    `\nKopi HQ ${info.version} at ${base.origin} on ${info.database}; outlet ${labels.join(', ')}; ` +
      `${menu.length} products; ${clients} clients; ` +
      `${rate > 0 ? `${rate} orders/s scheduled` : 'flat out'}; ${warmup}s warm-up + ${seconds}s\n`,
  );
  if (warmup > 0) await run(sales, warmup);
  const r = await run(sales, seconds);
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const errors = [...r.errors.values()].reduce((a, b) => a + b, 0);
  const rows: [string, string][] = [
    ['orders created', String(sorted.length)],
    ['errors', String(errors)],
    ['orders/s', (sorted.length / r.seconds).toFixed(1)],
    ['p50 ms', percentile(sorted, 0.5).toFixed(1)],
    ['p95 ms', percentile(sorted, 0.95).toFixed(1)],
    ['p99 ms', percentile(sorted, 0.99).toFixed(1)],
    ['max ms', (sorted.at(-1) ?? NaN).toFixed(1)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(
    `POST /api/orders, ${clients} clients${rate > 0 ? ` at ${rate}/s` : ', flat out'} × ${r.seconds.toFixed(1)} s`,
  );
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v.padStart(8)}`);
  for (const [code, n] of r.errors) console.log(`  error ${code}: ${n}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
