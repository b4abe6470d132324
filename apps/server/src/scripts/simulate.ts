import type { MobileMenu, MobileOutlet, PaymentStart } from '@kopi/contract';
import { type Answer, apiClient, randomLine, servingDetails, signUpCustomer } from './app-client';
import { percentile } from './bench-kit';
import { cliOptions } from './cli-options';

// `npm run simulate -- [--customers 50] [--rate 2] [--minutes 5] [--url http://localhost:3000]
//   [--tenant kopi-demo] [--cancel 0.1] [--decline 0.05] [--allow-remote]`
// Drives the customer app's API (/api/mobile/…) as real customers do, so the status board can be
// watched filling up and the live path load-tested: --customers sign up (the verification code is
// read from the outbox through GET /api/dev/outbox, which exists only when the server runs with
// KOPI_E2E=1 — never in production), then at --rate orders per second for --minutes a customer
// looks up outlets near a random point, opens a menu, orders a random valid cart (pick up, dine
// in at a table or delivery), pays through the sandbox provider (a few cards are declined and
// paid again), and sometimes cancels. One progress line a second; a summary at the end.
// Every order is real: run it against a development or scratch database.

const values = cliOptions(
  {
    url: 'http://localhost:3000',
    tenant: 'kopi-demo',
    customers: '50',
    rate: '2',
    minutes: '5',
    cancel: '0.1',
    decline: '0.05',
  },
  ['allow-remote'],
);

const base = new URL(values.url);
const tenant = values.tenant;
const customerCount = clamp(Number(values.customers), 1, 2000);
const rate = clamp(Number(values.rate), 0.01, 500);
const minutes = clamp(Number(values.minutes), 0.05, 24 * 60);
const cancelShare = clamp(Number(values.cancel), 0, 1);
const declineShare = clamp(Number(values.decline), 0, 1);
const PASSWORD = 'Kopi@Sim1';

function clamp(n: number, min: number, max: number) {
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min;
}

if (!values['allow-remote'] && !['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) {
  console.error(
    `simulate writes real customers and orders; it runs against a loopback address unless --allow-remote is given (got ${base.hostname}).`,
  );
  process.exit(1);
}

// ---- HTTP -------------------------------------------------------------------------------------

/** Completed request latencies with their end time, for the rolling p95. */
const latencies: { at: number; ms: number }[] = [];

const call = apiClient(base, tenant, (ms) => latencies.push({ at: Date.now(), ms }));

function fail(message: string): never {
  console.error(`\n${message}`);
  process.exit(1);
}

// ---- Figures ----------------------------------------------------------------------------------

const stats = {
  placed: 0,
  paid: 0,
  declined: 0,
  cancelled: 0,
  refused: 0,
  errors: 0,
  inFlight: 0,
  skippedClosed: 0,
};
const refusedByCode = new Map<string, number>();
const errorSamples: string[] = [];

function refused(code: string | null) {
  stats.refused++;
  const key = code ?? 'unknown';
  refusedByCode.set(key, (refusedByCode.get(key) ?? 0) + 1);
}

function failed(what: string, answer: { status: number; code: string | null; message: string }) {
  stats.errors++;
  if (errorSamples.length < 5) {
    errorSamples.push(`${what}: ${answer.status} ${answer.code ?? ''} ${answer.message}`);
  }
}

/** A 4xx with a code is the server refusing (closed, sold out, too fast); anything else is an error. */
function judge(what: string, answer: Answer<unknown>) {
  if (answer.status >= 400 && answer.status < 500 && answer.code) refused(answer.code);
  else failed(what, answer);
}

// ---- Customers --------------------------------------------------------------------------------

interface SimCustomer {
  phone: string;
  token: string;
  busy: boolean;
}

const runId = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');

async function newCustomer(i: number): Promise<SimCustomer> {
  const phone = `+6017${runId}${String(i).padStart(4, '0')}`;
  const name = `Sim Customer ${runId}-${i}`;
  const token = await signUpCustomer(call, { name, phone, password: PASSWORD });
  return { phone, token, busy: false };
}

// ---- Orders -----------------------------------------------------------------------------------

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Somewhere in Peninsular Malaysia, where the customer is standing. */
const randomPoint = () => ({
  lat: +(1.4 + Math.random() * 5).toFixed(4),
  lng: +(100.2 + Math.random() * 3.6).toFixed(4),
});

/** The outlets as last seen, to stop ordering (without spinning) while none is taking orders. */
let lastOutlets: MobileOutlet[] = [];
let lastOutletsAt = 0;

async function refreshOutlets() {
  const res = await call<MobileOutlet[]>('GET', '/api/mobile/outlets');
  if (res.status === 200) {
    lastOutlets = res.data;
    lastOutletsAt = Date.now();
  } else judge('outlets', res);
}

const takingOrders = () => lastOutlets.filter((o) => o.taking_orders_now);

function closedNotice() {
  if (lastOutlets.length === 0) return `"${tenant}" has no active outlets.`;
  const names = (os: MobileOutlet[]) => os.map((o) => o.name).join(', ');
  const paused = lastOutlets.filter((o) => o.open_now && !o.accepting_orders);
  const done = lastOutlets.filter((o) => o.open_now && o.accepting_orders && !o.taking_orders_now);
  const next = lastOutlets
    .filter((o) => !o.open_now && o.next_open_at)
    .sort((a, b) => a.next_open_at!.localeCompare(b.next_open_at!))[0];
  const parts = [`"${tenant}" has no outlet taking app orders now.`];
  if (paused.length) parts.push(`Paused in the back office: ${names(paused)}.`);
  if (done.length) parts.push(`Past last orders, or the day is closed: ${names(done)}.`);
  if (next) {
    const when = new Date(next.next_open_at!).toLocaleString('en-GB', {
      timeZone: next.timezone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    parts.push(`Next to open: ${next.name}, ${when} (${next.timezone}).`);
  }
  return parts.join(' ');
}

async function journey(c: SimCustomer) {
  // Browse like the app: outlets near here, then the chosen outlet's menu.
  const here = randomPoint();
  const near = await call<MobileOutlet[]>(
    'GET',
    `/api/mobile/outlets?lat=${here.lat}&lng=${here.lng}`,
  );
  if (near.status !== 200) return judge('outlets', near);
  // What this customer saw is the freshest view of which outlets take orders.
  lastOutlets = near.data;
  lastOutletsAt = Date.now();
  const open = near.data.filter((o) => o.taking_orders_now);
  if (open.length === 0) {
    stats.skippedClosed++;
    return;
  }
  const outlet = pick(open.slice(0, 2)); // one of the two nearest
  const menu = await call<MobileMenu>('GET', `/api/mobile/outlets/${outlet.id}/menu`);
  if (menu.status !== 200) return judge('menu', menu);
  const sellable = menu.data.products.filter((p) => !p.sold_out);
  if (sellable.length === 0) return refused('nothing_to_sell');
  const method = pick(outlet.serving_methods);
  const created = await call<{ id: string }>('POST', '/api/mobile/orders', {
    token: c.token,
    key: true,
    body: {
      outlet_id: outlet.id,
      serving_method: method,
      ...servingDetails(method),
      items: Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () =>
        randomLine(pick(sellable)),
      ),
    },
  });
  if (created.status !== 201) return judge('order', created);
  stats.placed++;
  const orderId = created.data.id;
  const cancel = async () => {
    const res = await call('POST', `/api/mobile/orders/${orderId}/cancel`, {
      token: c.token,
      body: {},
    });
    if (res.status === 200) stats.cancelled++;
    else judge('cancel', res);
  };
  // Some change their mind before paying…
  if (Math.random() < cancelShare / 2) return cancel();
  for (let attempt = 0; attempt < 2; attempt++) {
    const declined = attempt === 0 && Math.random() < declineShare;
    const started = await call<PaymentStart>('POST', `/api/mobile/orders/${orderId}/pay`, {
      token: c.token,
      key: true,
      body: {
        provider: 'sandbox',
        method: pick(['card', 'duitnow_qr', 'tng', 'grabpay']),
        sandbox_outcome: declined ? 'failed' : 'paid',
      },
    });
    if (started.status !== 201) return judge('pay', started);
    const callback = await call('POST', started.data.sandbox_callback!.url, {
      raw: started.data.sandbox_callback!,
    });
    if (callback.status !== 200) return judge('callback', callback);
    if (declined) {
      stats.declined++;
      continue;
    }
    stats.paid++;
    break;
  }
  // …and some after (a paid order cancelled is owed back).
  if (Math.random() < cancelShare / 2) await cancel();
}

// ---- Run --------------------------------------------------------------------------------------

function progressLine(elapsedS: number) {
  const since = Date.now() - 10_000;
  const recent = latencies
    .filter((l) => l.at >= since)
    .map((l) => l.ms)
    .sort((a, b) => a - b);
  const p95 = recent.length ? `${percentile(recent, 0.95).toFixed(0)} ms` : '–';
  return (
    `[${String(Math.round(elapsedS)).padStart(4)}s] placed ${stats.placed}  paid ${stats.paid}  ` +
    `cancelled ${stats.cancelled}  refused ${stats.refused}  errors ${stats.errors}  ` +
    `in flight ${stats.inFlight}  p95 ${p95} (10 s)` +
    (takingOrders().length === 0 ? '  — no outlet taking orders, waiting' : '')
  );
}

async function main() {
  const health = await call('GET', '/api/health').catch((error: unknown) =>
    fail(`Cannot reach ${base.origin}: ${error instanceof Error ? error.message : String(error)}`),
  );
  if (health.status !== 200) fail(`${base.origin}/api/health answered ${health.status}.`);
  await refreshOutlets();
  if (lastOutlets.length === 0 && stats.refused + stats.errors > 0) {
    fail(`The outlets of "${tenant}" could not be read (is --tenant right?).`);
  }
  if (takingOrders().length === 0) fail(`Nothing to order: ${closedNotice()}`);

  console.log(
    `Signing up ${customerCount} customers of "${tenant}" on ${base.origin} (phones +6017${runId}xxxx)…`,
  );
  const customers: SimCustomer[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(5, customerCount) }, async () => {
      while (next < customerCount) customers.push(await newCustomer(next++));
    }),
  );
  console.log(
    `${customers.length} customers ready. Ordering ${rate}/s for ${minutes} min at ${takingOrders().length} open outlet(s); Ctrl-C stops.`,
  );

  let stopping = false;
  process.on('SIGINT', () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log('\nStopping: waiting for orders in flight (Ctrl-C again to quit at once)…');
  });

  const started = Date.now();
  const deadline = started + minutes * 60_000;
  const ticker = setInterval(() => console.log(progressLine((Date.now() - started) / 1000)), 1000);
  const journeys = new Set<Promise<void>>();
  let wasClosed = false;
  for (let slot = 0; !stopping; slot++) {
    const at = started + (slot * 1000) / rate;
    if (at >= deadline) break;
    if (at > Date.now()) await sleep(at - Date.now());
    if (stopping) break;
    // Every 15 s (and every 5 s while nothing is open) look again at which outlets take orders.
    if (Date.now() - lastOutletsAt > (takingOrders().length ? 15_000 : 5_000))
      await refreshOutlets();
    if (takingOrders().length === 0) {
      if (!wasClosed) console.log(`All outlets stopped taking orders: ${closedNotice()}`);
      wasClosed = true;
      stats.skippedClosed++;
      continue;
    }
    if (wasClosed) console.log('An outlet is taking orders again; resuming.');
    wasClosed = false;
    // A customer not already mid-order, as one person orders one thing at a time.
    const idle = customers.filter((c) => !c.busy);
    if (idle.length === 0) {
      refused('all_customers_busy');
      continue;
    }
    const customer = pick(idle);
    customer.busy = true;
    stats.inFlight++;
    const run = journey(customer)
      .catch((error: unknown) =>
        failed('journey', {
          status: 0,
          code: null,
          message: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        customer.busy = false;
        stats.inFlight--;
        journeys.delete(run);
      });
    journeys.add(run);
  }
  await Promise.all(journeys);
  clearInterval(ticker);

  const elapsed = (Date.now() - started) / 1000;
  const all = latencies.map((l) => l.ms).sort((a, b) => a - b);
  console.log(progressLine(elapsed));
  console.log(
    `\nDone in ${elapsed.toFixed(0)} s: ${stats.placed} orders placed (${(stats.placed / elapsed).toFixed(2)}/s), ` +
      `${stats.paid} paid, ${stats.declined} declined first, ${stats.cancelled} cancelled, ` +
      `${stats.refused} refused, ${stats.errors} errors; ${all.length} requests, ` +
      `p50 ${percentile(all, 0.5).toFixed(0)} ms, p95 ${percentile(all, 0.95).toFixed(0)} ms, p99 ${percentile(all, 0.99).toFixed(0)} ms.`,
  );
  if (stats.skippedClosed > 0) {
    console.log(`${stats.skippedClosed} order slots passed while no outlet was taking orders.`);
  }
  if (refusedByCode.size > 0) {
    console.log(
      `Refused: ${[...refusedByCode].map(([code, n]) => `${code} ${n}`).join(', ')}` +
        (refusedByCode.has('rate_limited')
          ? ' (rate_limited: raise MOBILE_RATE_LIMIT, or use more --customers)'
          : ''),
    );
  }
  for (const sample of errorSamples) console.log(`Error: ${sample}`);
  process.exit(stats.errors > 0 ? 1 : 0);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
