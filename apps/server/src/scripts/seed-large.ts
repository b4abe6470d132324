import {
  addDays,
  businessDate,
  type OrderItemInput,
  orderMoneyColumns,
  outletOpenState,
  type PaymentMethod,
  priceOrder,
  type PricingSettings,
  type ServingMethod,
  weekdayOf,
  zonedToUtc,
} from '@kopi/contract';
import { type SQL, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { createDatabase, type Db, rowsOf } from '../db/database';
import { prepareDatabase } from '../db/setup';
import { createPasswordHasher } from '../lib/password';
import { type CatalogueProduct, resolveCart } from '../modules/orders/order-cart';
import { orderContext } from '../modules/orders/order-catalogue.repo';
import { rebuildRollups } from '../modules/books/books.service';
import { cliOptions } from './cli-options';

// `npm run seed:large -- --orders 1000000`: a realistic year of closed business days for the demo
// tenant, for reports and benches at scale, and today's business day so far as a live day (open
// orders at every step, app orders awaiting payment) so the dashboard has content. On
// DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite; 100,000 orders is its size).
//
// How it stays fast: TypeScript prices a pool of baskets per outlet exactly as a sale does
// (resolveCart + priceOrder: options, add-ons, service charge, SST, cash rounding, split bills);
// the orders themselves are made by set-based SQL a week at a time (generate_series over a table
// of orders per outlet, day and hour shaped by weekday, season and hour of day), each picking a
// basket. The rollup triggers are bypassed during the load (session_replication_role = replica)
// and each week's rollups are built from its orders, one aggregate per table (rebuildRollups).
// Order numbers: each (outlet, day) is numbered 1…n in time order and gets its order_counters
// row (closed, with its Z-report), and a past day that already has a counter is left alone, so a
// second run adds nothing twice and never clashes with real or demo sales. Today is the
// exception: its orders are numbered on from the day's counter (the demo's open orders), not
// closed, and a second run adds another batch up to the new "now".

const args = cliOptions({
  orders: '1000000',
  days: '365',
  tenant: 'kopi-demo',
  seed: '8',
  baskets: '4000',
  parallel: '2',
});
const TARGET = Number(args.orders);
const DAYS = Number(args.days);
const BASKETS_PER_OUTLET = Number(args.baskets);
const PARALLEL = Math.max(1, Math.min(Number(args.parallel), 8));
if (!Number.isInteger(TARGET) || TARGET < 1 || !Number.isInteger(DAYS) || DAYS < 1) {
  console.error('Usage: npm run seed:large -- --orders 1000000 [--days 365] [--tenant kopi-demo]');
  process.exit(2);
}

/**
 * mulberry32, seeded: the priced baskets and the orders per outlet-hour are the same on every run.
 * The orders' minute, basket, status and staff come from PostgreSQL's random() in the bulk SQL,
 * so two runs make the same kind of data, not the same rows.
 */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rand = random(Number(args.seed));
function weighted<T>(entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let x = rand() * total;
  for (const [v, w] of entries) {
    x -= w;
    if (x <= 0) return v;
  }
  return entries[entries.length - 1]![0];
}

const POS_PAYMENTS = [
  ['cash', 36],
  ['card', 26],
  ['duitnow_qr', 10],
  ['tng', 12],
  ['grabpay', 5],
  ['boost', 2],
  ['shopeepay', 2],
  ['split', 7],
] as const;
const APP_PAYMENTS = [
  ['card', 38],
  ['tng', 24],
  ['grabpay', 16],
  ['duitnow_qr', 10],
  ['boost', 6],
  ['shopeepay', 6],
] as const;
/** Demand by weekday (0 = Sunday) and by local hour (breakfast, lunch and tea-time peaks). */
const WEEKDAY = [1.2, 0.85, 0.9, 0.95, 1.0, 1.15, 1.3];
const HOUR = [
  0.1, 0.05, 0.02, 0.02, 0.05, 0.15, 0.4, 1.0, 1.6, 1.3, 0.9, 1.1, 1.8, 1.7, 1.1, 0.8, 1.0, 1.2,
  0.9, 0.8, 0.7, 0.5, 0.3, 0.2,
];
const REJECT_REASONS = [
  'Customer cancelled',
  'Out of fresh milk',
  'Wrong item keyed in',
  'Customer left before it was ready',
];
const CUSTOMERS = [
  'Nurul Aina',
  'Lim Chee Keong',
  'Priya Devi',
  'Ahmad Faizal',
  'Wong Mei Ling',
  'Harith Iskandar',
  'Tan Siew Lan',
  'Muthu Kumar',
];

interface Outlet {
  id: string;
  code: string;
  timezone: string;
  servingMethods: ServingMethod[];
  deliveryFee: number;
  hours: { day: number; ranges: { open: string; close: string }[] }[];
  lastOrderMinutes: number;
}

interface Basket {
  id: number;
  outletId: string;
  source: 'pos-apps' | 'mobile-apps';
  servingMethod: ServingMethod;
  price: ReturnType<typeof priceOrder>;
  methods: PaymentMethod[];
  payments: { method: PaymentMethod; amount: number; tendered: number | null; change: number }[];
  lines: ReturnType<typeof resolveCart>;
}

const log = (message: string) => console.log(`[seed:large] ${message}`);
const n = (x: number) => x.toLocaleString('en-US');

/** One basket: products by popularity, their required choices, sometimes extras and a voucher. */
function makeBasket(
  id: number,
  outlet: Outlet,
  products: CatalogueProduct[],
  popularity: number[],
  settings: PricingSettings,
  today: string,
): Basket {
  const source = rand() < 0.28 ? 'mobile-apps' : 'pos-apps';
  const methods = outlet.servingMethods.filter((m) => source === 'pos-apps' || m !== 'dine_in');
  const servingMethod = weighted(
    methods.map((m) => [m, m === 'dine_in' ? 45 : m === 'pick_up' ? 40 : 15] as const),
  );
  const lineCount = weighted([
    [1, 45],
    [2, 30],
    [3, 17],
    [4, 8],
  ] as const);
  const items: OrderItemInput[] = [];
  for (let i = 0; i < lineCount; i++) {
    const product = weighted(products.map((p, j) => [p, popularity[j]!] as const));
    const optionIds: string[] = [];
    for (const g of product.groups) {
      if (g.options.length === 0) continue;
      if (g.required || rand() < 0.25) {
        const choice =
          rand() < 0.6 ? g.options[0]! : g.options[Math.floor(rand() * g.options.length)]!;
        optionIds.push(choice.id);
      }
    }
    const addons = product.addons.filter((a) => a.status === 'active');
    const addonIds =
      addons.length > 0 && rand() < 0.15 ? [addons[Math.floor(rand() * addons.length)]!.id] : [];
    items.push({
      product_id: product.id,
      quantity: weighted([
        [1, 80],
        [2, 15],
        [3, 5],
      ] as const),
      option_ids: optionIds,
      addon_ids: addonIds,
    });
  }
  const lines = resolveCart(items, new Map(products.map((p) => [p.id, p])), today);
  const kind = weighted(source === 'pos-apps' ? POS_PAYMENTS : APP_PAYMENTS);
  const subtotalGuess = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const discount =
    rand() < 0.06 ? Math.min(subtotalGuess, [200, 300, 500][Math.floor(rand() * 3)]!) : 0;
  const price = priceOrder({
    lines: lines.map((l) => l.pricing),
    discount,
    serving_method: servingMethod,
    delivery_fee: outlet.deliveryFee,
    paid_in_cash: kind === 'cash',
    settings,
  });
  const total = price.total;
  let payments: Basket['payments'];
  if (kind === 'cash') {
    const note = [500, 1000, 2000, 5000, 10000].find((v) => v >= total) ?? total;
    const tendered = rand() < 0.4 ? total : note;
    payments = [{ method: 'cash', amount: total, tendered, change: tendered - total }];
  } else if (kind === 'split') {
    // Part in cash (whole ringgit), the rest by card; a split bill is not rounded (decision 015).
    const cash = Math.min(
      total,
      Math.max(100, Math.floor((total * (0.3 + rand() * 0.4)) / 100) * 100),
    );
    payments = [
      { method: 'cash', amount: cash, tendered: cash, change: 0 },
      { method: 'card', amount: total - cash, tendered: null, change: 0 },
    ];
  } else {
    payments = [{ method: kind, amount: total, tendered: null, change: 0 }];
  }
  return {
    id,
    outletId: outlet.id,
    source,
    servingMethod,
    price,
    methods: [...new Set(payments.map((p) => p.method))],
    payments,
    lines,
  };
}

/**
 * Orders per outlet, business day and hour of that day: shaped demand, summing to exactly `total`.
 * A business day runs from the tenant's cut-off hour to the next one, so its hours after midnight
 * (`hour` 24 … cutoff + 23, counted from the business date's midnight) are sold in too. Hours
 * not begun by `now` (today's rest) get nothing; the one under way only its elapsed `span`.
 */
function demandSlots(
  outlets: Outlet[],
  days: string[],
  total: number,
  busy: Set<string>,
  cutoff: number,
  now: Date,
) {
  const weights: {
    outletId: string;
    outletNo: number;
    date: string;
    hour: number;
    span: number;
    tz: string;
    w: number;
  }[] = [];
  const outletFactor = [1.3, 1.0, 0.8, 0.9, 1.1];
  outlets.forEach((o, oi) => {
    days.forEach((date, di) => {
      if (busy.has(`${o.id}|${date}`)) return;
      const month = Number(date.slice(5, 7));
      // Busier in December and around Raya, a slow February, and a chain that grows over the year.
      const season = month === 12 ? 1.2 : month === 2 ? 0.85 : month === 4 ? 1.1 : 1;
      const growth = 0.85 + (0.3 * di) / Math.max(1, days.length - 1);
      const day = WEEKDAY[weekdayOf(date)]! * season * growth * (0.9 + rand() * 0.2);
      const schedule = {
        timezone: o.timezone,
        hours: o.hours,
        closures: [],
        last_order_minutes: 0,
      };
      for (let hour = cutoff; hour < cutoff + 24; hour++) {
        const start = zonedToUtc(date, hour * 60, o.timezone);
        const span = Math.min(3600, Math.floor((now.getTime() - start.getTime()) / 1000));
        if (span <= 0) continue;
        // Only hours the outlet is open (the sale's own rule, at the half hour).
        const at = zonedToUtc(date, hour * 60 + 30, o.timezone);
        if (!outletOpenState(schedule, at).open) continue;
        if (businessDate(at, o.timezone, cutoff) !== date) continue;
        weights.push({
          outletId: o.id,
          outletNo: oi,
          date,
          hour,
          span,
          tz: o.timezone,
          w: ((outletFactor[oi] ?? 1) * day * HOUR[hour % 24]! * span) / 3600,
        });
      }
    });
  });
  const sum = weights.reduce((s, x) => s + x.w, 0);
  const exact = weights.map((x) => (x.w / sum) * total);
  const slots = weights.map((x, i) => ({ ...x, n: Math.floor(exact[i]!) }));
  let left = total - slots.reduce((s, x) => s + x.n, 0);
  const byRemainder = exact
    .map((e, i) => [e - Math.floor(e), i] as const)
    .sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left-- <= 0) break;
    slots[i]!.n++;
  }
  return slots.filter((s) => s.n > 0);
}

/**
 * A uuid that starts with the moment's milliseconds (the rest random), like UUIDv7: rows loaded
 * in time order then land at the right-hand end of every primary-key index instead of at random
 * pages of a million-row index, which is what keeps the load fast as the tables grow.
 */
const uuidAt = (at: SQL) =>
  sql`(lpad(to_hex((extract(epoch from ${at}) * 1000)::bigint), 12, '0') || substr(md5(random()::text), 1, 20))::uuid`;

async function insertJson(db: Db, table: string, columns: string, types: string, rows: unknown[]) {
  for (let i = 0; i < rows.length; i += 5000) {
    await db.execute(
      sql.raw(
        `insert into ${table} (${columns}) select * from json_to_recordset('${JSON.stringify(
          rows.slice(i, i + 5000),
        ).replaceAll("'", "''")}'::json) as x(${types})`,
      ),
    );
  }
}

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: PARALLEL + 1,
  });
  const { db } = database;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  try {
    await prepareDatabase(database, {
      seedDemo: true,
      hasher: createPasswordHasher(config.passwordHashing),
      log: { warn: (m: string) => log(m) } as never,
    });
    const [tenant] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select * from tenants where slug = ${args.tenant}`),
    );
    if (!tenant) throw new Error(`No tenant with slug ${args.tenant}`);
    const tenantId = String(tenant.id);
    const settings: PricingSettings = {
      service_charge_rate_bp: Number(tenant.service_charge_rate_bp),
      service_charge_methods: tenant.service_charge_methods as ServingMethod[],
      service_tax_rate_bp: Number(tenant.service_tax_rate_bp),
      service_charge_taxable: Boolean(tenant.service_tax_on_service_charge),
      cash_rounding: Boolean(tenant.cash_rounding),
    };
    const timezone = String(tenant.timezone);
    const cutoff = Number(tenant.business_day_cutoff_hour);
    const outlets = rowsOf<Record<string, unknown>>(
      await db.execute(
        sql`select * from outlets where tenant_id = ${tenantId}::uuid order by code`,
      ),
    ).map((o): Outlet => ({
      id: String(o.id),
      code: String(o.code),
      timezone: String(o.timezone),
      servingMethods: o.serving_methods as ServingMethod[],
      deliveryFee: Number(o.delivery_fee),
      hours: o.hours as Outlet['hours'],
      lastOrderMinutes: Number(o.last_order_minutes),
    }));
    const staff = rowsOf<{ id: string; fullname: string }>(
      await db.execute(sql`
        select id::text, fullname from users
        where tenant_id = ${tenantId}::uuid and status = 'active' order by username`),
    );
    const productIds = rowsOf<{ id: string }>(
      await db.execute(sql`
        select id::text from products where tenant_id = ${tenantId}::uuid and status = 'active'
        order by sku`),
    ).map((p) => p.id);

    const now = new Date();
    const today = businessDate(now, timezone, cutoff);
    const end = addDays(today, -1);
    const days = Array.from({ length: DAYS }, (_, i) => addDays(end, i - DAYS + 1));
    const busy = new Set(
      rowsOf<{ k: string }>(
        await db.execute(sql`
          select outlet_id::text || '|' || business_date::text as k from order_counters
          where tenant_id = ${tenantId}::uuid and business_date between ${days[0]!}::date and ${end}::date`),
      ).map((r) => r.k),
    );
    log(
      `${where}: ${n(TARGET)} orders for ${args.tenant}, business days ${days[0]} … ${end} closed, ${today} so far`,
    );

    // 1. Baskets, priced exactly as a sale is.
    const baskets: Basket[] = [];
    for (const outlet of outlets) {
      const context = await orderContext(db, tenantId, outlet.id, {
        fromDate: '2000-01-01',
        staffId: null,
        productIds,
      });
      const catalogue = (context?.catalogue ?? []).filter(
        (p) => p.status === 'active' && p.available !== false,
      );
      // A few best sellers carry most of the sales (kopi, teh tarik …): a Zipf-like mix.
      const popularity = catalogue.map((_, i) => 1 / (i + 1) ** 0.9);
      for (let i = popularity.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [popularity[i], popularity[j]] = [popularity[j]!, popularity[i]!];
      }
      for (let i = 0; i < BASKETS_PER_OUTLET; i++) {
        baskets.push(makeBasket(baskets.length + 1, outlet, catalogue, popularity, settings, end));
      }
    }
    await db.execute(
      sql`drop table if exists seed_large_baskets, seed_large_basket_items, seed_large_slots`,
    );
    await db.execute(sql`
      create unlogged table seed_large_baskets (id int primary key, outlet_id uuid, source text,
        serving_method text, subtotal int, discount int, service_charge int, service_tax int,
        delivery_fee int, rounding int, total int, change_due int, payment_methods text[],
        payments jsonb)`);
    await db.execute(sql`
      create unlogged table seed_large_basket_items (basket_id int, line_no int, product_id uuid,
        name text, sku text, quantity int, unit_price int, options jsonb, addons jsonb,
        line_total int)`);
    await db.execute(sql`
      create unlogged table seed_large_slots (outlet_id uuid, business_date date, hour int,
        span int, tz text, n int, basket_base int)`);
    await insertJson(
      db,
      'seed_large_baskets',
      'id, outlet_id, source, serving_method, subtotal, discount, service_charge, service_tax, delivery_fee, rounding, total, change_due, payment_methods, payments',
      'id int, outlet_id uuid, source text, serving_method text, subtotal int, discount int, service_charge int, service_tax int, delivery_fee int, rounding int, total int, change_due int, payment_methods text[], payments jsonb',
      baskets.map((b) => {
        return {
          id: b.id,
          outlet_id: b.outletId,
          source: b.source,
          serving_method: b.servingMethod,
          subtotal: b.price.subtotal,
          discount: b.price.discount,
          service_charge: b.price.service_charge,
          service_tax: b.price.service_tax,
          delivery_fee: b.price.delivery_fee,
          rounding: b.price.rounding,
          total: b.price.total,
          change_due: b.payments.reduce((s, p) => s + p.change, 0),
          payment_methods: b.methods,
          payments: b.payments,
        };
      }),
    );
    await insertJson(
      db,
      'seed_large_basket_items',
      'basket_id, line_no, product_id, name, sku, quantity, unit_price, options, addons, line_total',
      'basket_id int, line_no int, product_id uuid, name text, sku text, quantity int, unit_price int, options jsonb, addons jsonb, line_total int',
      baskets.flatMap((b) =>
        b.lines.map((l, i) => ({
          basket_id: b.id,
          line_no: i + 1,
          product_id: l.productId,
          name: l.name,
          sku: l.sku,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          options: l.options,
          addons: l.addons,
          line_total: b.price.line_totals[i],
        })),
      ),
    );
    // 2. Demand: orders per outlet, day and hour.
    const slots = demandSlots(outlets, [...days, today], TARGET, busy, cutoff, now);
    await insertJson(
      db,
      'seed_large_slots',
      'outlet_id, business_date, hour, span, tz, n, basket_base',
      'outlet_id uuid, business_date date, hour int, span int, tz text, n int, basket_base int',
      // Baskets are numbered outlet after outlet: the outlet's are base + 1 … base + perOutlet.
      slots.map((s) => ({
        outlet_id: s.outletId,
        business_date: s.date,
        hour: s.hour,
        span: s.span,
        tz: s.tz,
        n: s.n,
        basket_base: s.outletNo * BASKETS_PER_OUTLET,
      })),
    );
    log(
      `${n(baskets.length)} priced baskets, ${n(slots.length)} outlet-hours (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );

    // 3. Orders, a week at a time, with the rollup triggers (and FK checks) off for this session.
    const staffIds = `{${staff.map((s) => s.id).join(',')}}`;
    const staffNames = `{${staff.map((s) => `"${s.fullname.replaceAll('"', '')}"`).join(',')}}`;
    const customers = `{${CUSTOMERS.map((c) => `"${c}"`).join(',')}}`;
    const reasons = `{${REJECT_REASONS.map((c) => `"${c}"`).join(',')}}`;
    const perOutlet = BASKETS_PER_OUTLET;
    let loaded = 0;
    // Weeks of closed days, then today as a live day.
    const periods = [
      ...Array.from({ length: Math.ceil(days.length / 7) }, (_, i) => ({
        from: days[i * 7]!,
        to: days[Math.min(days.length - 1, i * 7 + 6)]!,
        live: false,
      })),
      { from: today, to: today, live: true },
    ];
    const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
    // A closed day's orders are closed (or rejected). Today's are where a live day's would be by
    // their age: just placed (app orders still awaiting payment), accepted, then ready.
    const statusOf = (live: boolean) =>
      live
        ? sql`case when random() < 0.025 then 'REJECTED'
            when ${at(now)} - x.created_at < interval '4 minutes' then
              case when b.source = 'mobile-apps' and random() < 0.4 then 'CREATED' else 'PENDING' end
            when ${at(now)} - x.created_at < interval '12 minutes' then 'APPROVED'
            else 'COMPLETED' end`
        : sql`case when random() < 0.025 then 'REJECTED' else 'CLOSED' end`;
    // Periods are independent (their own days, numbers, counters and rollup rows): on PostgreSQL
    // several load side by side, each on its own connection.
    const loadWeek = async ({ from, to, live }: (typeof periods)[number]) => {
      const t0 = Date.now();
      let count = 0;
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`
          create temp table seed_week on commit drop as
          select ${uuidAt(sql`x.created_at`)} as id, x.outlet_id, x.business_date, x.created_at,
            x.basket_id, ${statusOf(live)} as status,
            -- Numbered on from the day's counter: today's demo orders keep theirs.
            (coalesce(c.last_no, 0) + row_number() over (partition by x.outlet_id, x.business_date
              order by x.created_at, x.basket_id))::int as seq,
            x.staff_no, x.customer_no, x.table_no
          from (
            select s.outlet_id, s.business_date,
              ((s.business_date + make_interval(hours => s.hour, secs => floor(random() * s.span)::int))
                at time zone s.tz) as created_at,
              s.basket_base + 1 + floor(random() * ${perOutlet})::int as basket_id,
              1 + floor(random() * ${staff.length})::int as staff_no,
              1 + floor(random() * ${CUSTOMERS.length})::int as customer_no,
              'T' || (1 + floor(random() * 24))::int as table_no
            from seed_large_slots s
            cross join lateral generate_series(1, s.n) g
            where s.business_date between ${from}::date and ${to}::date
          ) x
          join seed_large_baskets b on b.id = x.basket_id
          left join order_counters c on c.outlet_id = x.outlet_id and c.business_date = x.business_date`);
        await tx.execute(sql`
          insert into orders (id, tenant_id, outlet_id, order_no, seq, business_date, source,
            serving_method, table_no, delivery_address, customer_name, customer_phone, staff_id,
            staff_name, status, subtotal, discount, service_charge, service_tax, delivery_fee,
            rounding, total, paid, change_due, refunded, refund_due, payment_methods,
            created_at, updated_at)
          select w.id, ${tenantId}::uuid, w.outlet_id,
            o.code || '-' || lpad(w.seq::text, greatest(4, length(w.seq::text)), '0'), w.seq,
            w.business_date, b.source, b.serving_method,
            case when b.serving_method = 'dine_in' then w.table_no end,
            case when b.serving_method = 'delivery' then 'No. ' || w.seq || ', Jalan Bukit Bintang' end,
            case when b.source = 'mobile-apps' then (${customers}::text[])[w.customer_no] end,
            case when b.source = 'mobile-apps' then '+6012' || lpad((w.seq * 7919 % 10000000)::text, 7, '0') end,
            case when b.source = 'pos-apps' then (${staffIds}::uuid[])[w.staff_no] end,
            case when b.source = 'pos-apps' then (${staffNames}::text[])[w.staff_no] end,
            w.status, b.subtotal, b.discount, b.service_charge, b.service_tax, b.delivery_fee,
            b.rounding, b.total,
            -- An app order awaiting its payment has paid nothing, by no method yet.
            case when w.status = 'CREATED' then 0 else b.total end,
            case when w.status = 'CREATED' then 0 else b.change_due end, 0,
            case when w.status = 'REJECTED' then b.total else 0 end,
            case when w.status = 'CREATED' then '{}'::text[] else b.payment_methods end,
            w.created_at, least(w.created_at + interval '12 minutes', ${at(now)})
          from seed_week w
          join seed_large_baskets b on b.id = w.basket_id
          join outlets o on o.id = w.outlet_id
          order by w.created_at`);
        await tx.execute(sql`
          insert into order_items (id, tenant_id, order_id, product_id, line_no, name, sku,
            quantity, unit_price, options, addons, line_total)
          select ${uuidAt(sql`w.created_at`)}, ${tenantId}::uuid, w.id, i.product_id, i.line_no, i.name, i.sku, i.quantity,
            i.unit_price, i.options, i.addons, i.line_total
          from seed_week w join seed_large_basket_items i on i.basket_id = w.basket_id
          order by w.created_at`);
        await tx.execute(sql`
          insert into order_payments (id, tenant_id, order_id, line_no, method, amount, tendered,
            change_given, reference, status, created_at)
          select ${uuidAt(sql`w.created_at`)}, ${tenantId}::uuid, w.id, p.ordinality::int, p.value->>'method',
            (p.value->>'amount')::int, (p.value->>'tendered')::int, (p.value->>'change')::int,
            case when p.value->>'method' <> 'cash' then upper(p.value->>'method') || '-' || w.seq end,
            'paid', w.created_at
          from seed_week w join seed_large_baskets b on b.id = w.basket_id
          cross join lateral jsonb_array_elements(b.payments) with ordinality p
          where w.status <> 'CREATED'
          order by w.created_at`);
        // History: paid at the counter (or online), accepted, ready, then the day close — or a
        // rejection a few minutes in; today's stop at their status (an unpaid app order: placed).
        await tx.execute(sql`
          insert into order_status_history (id, tenant_id, order_id, from_status, to_status,
            by_name, reason, reason_code, reason_params, at)
          select ${uuidAt(sql`w.created_at`)}, ${tenantId}::uuid, w.id, h.from_status, h.to_status, n.by_name, h.reason,
            h.reason_code, case when h.reason_code = 'paid_online'
              then jsonb_build_object('amount', b.total, 'method', b.payments->0->>'method')
              when h.reason_code is not null then '{}'::jsonb end, h.at
          from seed_week w join seed_large_baskets b on b.id = w.basket_id
          cross join lateral (values
            (1, null, case when w.status = 'CREATED' then 'CREATED' else 'PENDING' end, null,
              case when w.status = 'CREATED' then 'placed_in_app' when b.source = 'pos-apps' then 'paid_at_counter' else 'paid_online' end,
              w.created_at),
            (2, 'PENDING', case when w.status = 'REJECTED' then 'REJECTED' else 'APPROVED' end,
              case when w.status = 'REJECTED' then (${reasons}::text[])[1 + w.seq % ${REJECT_REASONS.length}] end,
              null, w.created_at + interval '2 minutes'),
            (3, 'APPROVED', 'COMPLETED', null, null, w.created_at + interval '9 minutes'),
            (4, 'COMPLETED', 'CLOSED', null, 'day_closed', (w.business_date + interval '23 hours') at time zone ${timezone})
          ) as h(step, from_status, to_status, reason, reason_code, at)
          cross join lateral (select case when b.source = 'pos-apps'
            then (${staffNames}::text[])[w.staff_no] else 'Kopi app' end as by_name) n
          where h.step <= case w.status when 'CREATED' then 1 when 'PENDING' then 1
            when 'APPROVED' then 2 when 'REJECTED' then 2 when 'COMPLETED' then 3 else 4 end
          order by w.created_at`);
        await tx.execute(sql`
          insert into order_counters (tenant_id, outlet_id, business_date, last_no, closed_at)
          select ${tenantId}::uuid, outlet_id, business_date, max(seq),
            ${live ? sql`null::timestamptz` : sql`max((business_date + interval '23 hours') at time zone ${timezone})`}
          from seed_week group by outlet_id, business_date
          on conflict (outlet_id, business_date)
            do update set last_no = greatest(order_counters.last_no, excluded.last_no)`);
        // Today is not closed: no Z-report.
        if (!live)
          await tx.execute(sql`
          insert into z_reports (tenant_id, outlet_id, business_date, closed_at, closed_by_name,
            orders, rejected, subtotal, discount, service_charge, service_tax, delivery_fees,
            rounding, total, by_payment_method, expected_cash)
          select ${tenantId}::uuid, d.outlet_id, d.business_date,
            (d.business_date + interval '23 hours') at time zone ${timezone},
            'Day close', d.orders, d.rejected, d.subtotal, d.discount, d.service_charge,
            d.service_tax, d.delivery_fees, d.rounding, d.total,
            coalesce(m.methods, '[]'::jsonb), coalesce(m.cash, 0)
          from (
            select w.outlet_id, w.business_date,
              count(*) filter (where w.status = 'CLOSED')::int as orders,
              count(*) filter (where w.status = 'REJECTED')::int as rejected,
              coalesce(sum(b.subtotal) filter (where w.status = 'CLOSED'), 0)::int as subtotal,
              coalesce(sum(b.discount) filter (where w.status = 'CLOSED'), 0)::int as discount,
              coalesce(sum(b.service_charge) filter (where w.status = 'CLOSED'), 0)::int as service_charge,
              coalesce(sum(b.service_tax) filter (where w.status = 'CLOSED'), 0)::int as service_tax,
              coalesce(sum(b.delivery_fee) filter (where w.status = 'CLOSED'), 0)::int as delivery_fees,
              coalesce(sum(b.rounding) filter (where w.status = 'CLOSED'), 0)::int as rounding,
              coalesce(sum(b.total) filter (where w.status = 'CLOSED'), 0)::int as total
            from seed_week w join seed_large_baskets b on b.id = w.basket_id
            group by 1, 2
          ) d
          left join lateral (
            select jsonb_agg(jsonb_build_object('method', x.method, 'count', x.count,
                'amount', x.amount) order by x.method) as methods,
              sum(x.amount) filter (where x.method = 'cash')::int as cash
            from (
              select p.value->>'method' as method, count(*)::int as count,
                sum((p.value->>'amount')::int)::int as amount
              from seed_week w join seed_large_baskets b on b.id = w.basket_id
              cross join lateral jsonb_array_elements(b.payments) p
              where w.outlet_id = d.outlet_id and w.business_date = d.business_date
                and w.status = 'CLOSED'
              group by 1
            ) x
          ) m on true
          on conflict (outlet_id, business_date) do nothing`);
        const [c] = rowsOf<{ n: number }>(
          await tx.execute(sql`select count(*)::int as n from seed_week`),
        );
        count = c?.n ?? 0;
        // The week's rollups from its orders, one aggregate per table while they are in memory.
        // Triggers on again for this step: the day rollups' row triggers keep the narrower ones
        // (sales without payment method, products by month). The tenant's lock makes the weeks'
        // rebuilds take turns, as their month rows overlap.
        await tx.execute(sql`set local session_replication_role = origin`);
        await rebuildRollups(tx, tenantId, from, to);
      });
      loaded += count;
      log(
        `${from} … ${to}: ${n(count)} orders in ${((Date.now() - t0) / 1000).toFixed(1)} s — ${n(loaded)} / ${n(TARGET)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    };
    const queue = [...periods];
    const workers = database.kind === 'postgres' ? PARALLEL : 1;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        for (let p = queue.shift(); p !== undefined; p = queue.shift()) await loadWeek(p);
      }),
    );

    // 4. Fresh planner statistics and visibility map (index-only counts) for the loaded tables.
    await db.execute(
      sql`drop table if exists seed_large_baskets, seed_large_basket_items, seed_large_slots`,
    );
    const t1 = Date.now();
    await db.execute(
      sql`vacuum analyze orders, order_items, order_payments, order_status_history, sales_rollups, sales_payment_rollups, product_sales_rollups, sales_channel_rollups, product_month_rollups, sales_hour_rollups, waiting_time_rollups, customer_visit_hours, returning_customer_hours`,
    );
    log(`vacuum analyze in ${((Date.now() - t1) / 1000).toFixed(1)} s`);

    // 5. A sample of the loaded orders priced again by priceOrder from their own lines.
    const sample = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select o.serving_method, o.subtotal, o.discount, o.service_charge, o.service_tax,
          o.delivery_fee, o.rounding, o.total, o.payment_methods, ot.delivery_fee as outlet_fee,
          (select json_agg(json_build_object('unit_price', i.unit_price, 'quantity', i.quantity,
            'options', i.options, 'addons', i.addons) order by i.line_no)
           from order_items i where i.order_id = o.id) as lines
        from orders o join outlets ot on ot.id = o.outlet_id
        where o.tenant_id = ${tenantId}::uuid and o.business_date between ${days[0]!}::date and ${end}::date
        order by random() limit 300`),
    );
    for (const o of sample) {
      const lines = o.lines as {
        unit_price: number;
        quantity: number;
        options: { price: number }[];
        addons: { price: number }[];
      }[];
      const methods = o.payment_methods as string[];
      const again = priceOrder({
        lines: lines.map((l) => ({
          unit_price: l.unit_price,
          option_prices: l.options.map((x) => x.price),
          addon_prices: l.addons.map((x) => x.price),
          quantity: l.quantity,
        })),
        discount: Number(o.discount),
        serving_method: o.serving_method as ServingMethod,
        delivery_fee: Number(o.outlet_fee),
        paid_in_cash: methods.length === 1 && methods[0] === 'cash',
        settings,
      });
      for (const k of orderMoneyColumns) {
        if (again[k] !== Number(o[k]))
          throw new Error(`A loaded order's ${k} differs from priceOrder: ${JSON.stringify(o)}`);
      }
    }
    log(`${sample.length} loaded orders priced again by priceOrder: identical`);
    log(`done: ${n(loaded)} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
