import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { percentile } from './bench-kit';
import {
  type OrderCreate,
  type PosContext,
  type PricingLine,
  priceOrder,
  type Product,
} from '@kopi/contract';

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

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    clients: { type: 'string', default: '50' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    outlet: { type: 'string' },
    username: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'Kopi@1234' },
  },
});

const base = new URL(values.url!);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) {
  console.error('bench:orders only runs against a loopback address.');
  process.exit(1);
}
const clients = Math.max(1, Math.min(Number(values.clients), 500));
const seconds = Math.max(1, Math.min(Number(values.seconds), 120));
const warmup = Math.max(0, Math.min(Number(values.warmup), 30));
const rate = Math.max(0, Math.min(Number(values.rate), 5000));

let token = '';

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(new URL(path, base), {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
  const body = (await res.json()) as { data: T; message?: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

async function signIn(): Promise<string> {
  const res = await fetch(new URL('/api/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: values.username, password: values.password }),
  });
  const body = (await res.json()) as { data?: { token?: string }; message?: string };
  if (!body.data?.token) throw new Error(`sign-in failed: ${res.status} ${body.message ?? ''}`);
  return body.data.token;
}

/** Seeded so two runs send the same mix. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sale bodies for the outlet, each paid exactly (priced like the server prices it). */
function buildSales(context: PosContext, menu: Product[], count: number): OrderCreate[] {
  const rand = random(4242);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const outlet = context.outlet;
  const allowOutside = !outlet.taking_orders_now;
  const sales: OrderCreate[] = [];
  for (let n = 0; n < count; n++) {
    const dineIn = outlet.serving_methods.includes('dine_in') && rand() < 0.4;
    const lines = 1 + Math.floor(rand() * 3);
    const items: OrderCreate['items'] = [];
    const pricing: PricingLine[] = [];
    for (let l = 0; l < lines; l++) {
      const p = pick(menu);
      const chosen = p.variant_groups.flatMap((g) =>
        g.required || g.min_select > 0 || rand() < 0.3 ? [pick(g.options)] : [],
      );
      const addons = p.addons.filter((a) => a.status === 'active' && rand() < 0.2);
      const quantity = rand() < 0.8 ? 1 : 2;
      const setting = p.outlets.find((o) => o.outlet_id === outlet.id);
      items.push({
        product_id: p.id,
        quantity,
        option_ids: chosen.map((o) => o.id),
        addon_ids: addons.map((a) => a.id),
      });
      pricing.push({
        unit_price: setting?.price_override ?? p.discounted_price ?? p.base_price,
        option_prices: chosen.map((o) => o.price),
        addon_prices: addons.map((a) => a.price),
        quantity,
      });
    }
    const roll = rand();
    const kind = roll < 0.45 ? 'cash' : roll < 0.85 ? 'card' : roll < 0.95 ? 'ewallet' : 'split';
    const serving = dineIn ? 'dine_in' : 'pick_up';
    const total = priceOrder({
      lines: pricing,
      discount: 0,
      serving_method: serving,
      delivery_fee: outlet.delivery_fee,
      paid_in_cash: kind === 'cash',
      settings: context.pricing,
    }).total;
    const ref = () => `BENCH${Math.floor(rand() * 1e9)}`;
    const cashPart = Math.max(100, Math.floor(total / 200) * 100);
    const payments: OrderCreate['payments'] =
      kind === 'cash'
        ? [{ method: 'cash', amount: total, tendered: Math.ceil(total / 1000) * 1000 }]
        : kind === 'card'
          ? [{ method: 'card', amount: total, reference: ref() }]
          : kind === 'ewallet'
            ? [
                {
                  method: pick(['tng', 'grabpay', 'duitnow_qr'] as const),
                  amount: total,
                  reference: ref(),
                },
              ]
            : [
                { method: 'cash', amount: cashPart },
                { method: 'tng', amount: total - cashPart, reference: ref() },
              ];
    sales.push({
      outlet_id: outlet.id,
      serving_method: serving,
      ...(dineIn ? { table_no: String(1 + Math.floor(rand() * 30)) } : {}),
      items,
      discount: 0,
      payments,
      allow_outside_hours: allowOutside,
    });
  }
  return sales;
}

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
          const res = await fetch(new URL('/api/orders', base), {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            },
            body,
          });
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
  const health = await fetch(new URL('/api/health', base)).catch(() => null);
  if (!health?.ok) {
    console.error(`No Kopi HQ server answering at ${base.origin}.`);
    process.exit(1);
  }
  const info = ((await health.json()) as { data: { database: string; version: string } }).data;
  token = await signIn();
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
  const list = await api<{ id: string }[]>('/api/products?page_size=100&status=active');
  const menu: Product[] = [];
  for (const p of list.slice(0, 40)) menu.push(await api<Product>(`/api/products/${p.id}`));
  const perOutlet: OrderCreate[][] = [];
  const labels: string[] = [];
  for (const outlet of chosen) {
    const context = await api<PosContext>(`/api/pos/context?outlet_id=${outlet.id}`);
    if (context.outlet.day_closed) throw new Error(`${outlet.code} has closed its business day.`);
    const sellable = menu.filter((p) =>
      p.outlets.some((o) => o.outlet_id === outlet.id && o.available && !o.sold_out_today),
    );
    if (sellable.length === 0) throw new Error(`Nothing to sell at ${outlet.code}.`);
    perOutlet.push(buildSales(context, sellable, Math.ceil(600 / chosen.length)));
    labels.push(
      `${outlet.code}${context.outlet.taking_orders_now ? '' : ' (closed now: allow_outside_hours)'}`,
    );
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
