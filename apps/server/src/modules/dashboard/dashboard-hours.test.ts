import { type Dashboard, dashboardSchema } from '@kopi/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { outlets } from '../../db/schema/tenancy';
import { captureStatements } from '../../test/capture-statements';
import { demoOutletIds } from '../../test/catalogue-fixtures';
import { addProduct, demoTenantId, sell, testClock } from '../../test/order-fixtures';
import { engine } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// The dashboard's sales by hour come from sales_hour_rollups, kept by triggers on orders: a sale
// (PENDING, APPROVED, COMPLETED, CLOSED) counts once with its total under its business day, its
// outlet and the hour its creation time shows on the outlet's own clock; a rejection takes it
// out. Last week's "so far" is the sales created at or before the same moment a week ago. PG01
// runs on India's clock here (UTC+05:30, a half-hour zone) and KL01 on Kuala Lumpur's (UTC+08:00).

const clock = testClock('2026-06-10T04:30:00Z');
const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin'], api: 'admin' });
const { admin } = as;
let kl: string;
let pg01: string;
let tenantId: string;
let coffee: string; // RM 10.00 → RM 10.60 with 6% SST, by card (no rounding)

const totalOf = (quantity: number) => Math.round(quantity * 1000 * 1.06);

async function saleAt(utc: string, outlet: string, quantity: number) {
  clock.set(utc);
  const res = await sell(t, admin, {
    outlet_id: outlet,
    allow_outside_hours: true,
    items: [{ product_id: coffee, quantity }],
    payments: [{ method: 'card', amount: totalOf(quantity), reference: 'C' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
}

interface HourRow {
  date: string;
  outlet_id: string;
  local_hour: string;
  orders: number;
  net: number;
}

async function hourRows() {
  return rowsOf<HourRow>(
    await t.database.db.execute(sql`
      select business_date::text as date, outlet_id::text as outlet_id,
        local_hour::text as local_hour, orders, net::int as net
      from sales_hour_rollups where tenant_id = ${tenantId}::uuid and (orders <> 0 or net <> 0)
      order by 1, 3, 2`),
  );
}

async function dashboardAt(utc: string): Promise<Dashboard> {
  clock.set(utc);
  const res = await api.get('/api/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.parse(res.json().data);
}

beforeAll(async () => {
  ({ kl, pg: pg01 } = await demoOutletIds(t));
  tenantId = await demoTenantId(t);
  coffee = (await addProduct(t, { sku: 'HOUR-COFFEE', price: 1000 })).id;
  await t.database.db.update(outlets).set({ timezone: 'Asia/Kolkata' }).where(eq(outlets.id, pg01));
});

describe('sales by hour', () => {
  it('moves with a sale, a rejection and a sale in an outlet of another zone', async () => {
    const klAt9 = (orders: number, net: number): HourRow => ({
      date: '2026-06-10',
      outlet_id: kl,
      local_hour: '2026-06-10 09:00:00',
      orders,
      net,
    });
    // 01:20Z is 09:20 in Kuala Lumpur, 01:50Z is 09:50: both in KL01's 09:00 hour.
    await saleAt('2026-06-10T01:20:00Z', kl, 1);
    const second = await saleAt('2026-06-10T01:50:00Z', kl, 2);
    expect(await hourRows()).toEqual([klAt9(2, 1060 + 2120)]);
    const rejected = await api.post(`/api/orders/${second.id}/status`, {
      status: 'REJECTED',
      reason: 'Made by mistake',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await hourRows()).toEqual([klAt9(1, 1060)]);
    // 01:50Z is 07:20 in India: PG01's 07:00 hour, business day 2026-06-10 (after 04:00).
    await saleAt('2026-06-10T01:50:00Z', pg01, 3);
    expect(await hourRows()).toEqual([
      {
        date: '2026-06-10',
        outlet_id: pg01,
        local_hour: '2026-06-10 07:00:00',
        orders: 1,
        net: 3180,
      },
      klAt9(1, 1060),
    ]);
    const d = await dashboardAt('2026-06-10T04:30:00Z');
    const hour = (h: number) => d.by_hour.find((x) => x.hour === h)!;
    expect(hour(9)).toMatchObject({ orders: 1, net: 1060 });
    expect(hour(7)).toMatchObject({ orders: 1, net: 3180 });
    expect(d.by_hour.reduce((s, h) => s + h.orders, 0)).toBe(2);
  });

  it("counts last week's sales made by the same moment, to the second inside its hour", async () => {
    // A week before 04:30Z: 12:30 in Kuala Lumpur, 10:00 in India.
    const kl1150 = 1; // 03:50Z, a whole hour before: counts
    const kl1210 = 2; // 04:10Z, inside 12:00–13:00, before 12:30: counts
    const kl1240 = 4; // 04:40Z, after: not yet
    const pg0959 = 5; // 04:29Z, 09:59 in India: counts
    const pg1000 = 6; // 04:30Z, 10:00:00 in India: the moment itself, counts
    const pg1001 = 7; // 04:31Z: not yet
    await saleAt('2026-06-03T03:50:00Z', kl, kl1150);
    await saleAt('2026-06-03T04:10:00Z', kl, kl1210);
    await saleAt('2026-06-03T04:40:00Z', kl, kl1240);
    await saleAt('2026-06-03T04:29:00Z', pg01, pg0959);
    await saleAt('2026-06-03T04:30:00Z', pg01, pg1000);
    await saleAt('2026-06-03T04:31:00Z', pg01, pg1001);
    const d = await dashboardAt('2026-06-10T04:30:00Z');
    const soFar = [kl1150, kl1210, pg0959, pg1000];
    expect(d.compare_until_now).toEqual({
      orders: soFar.length,
      net: soFar.reduce((s, q) => s + totalOf(q), 0),
      refunds: 0,
    });
    const all = [kl1150, kl1210, kl1240, pg0959, pg1000, pg1001];
    expect(d.compare).toMatchObject({
      orders: all.length,
      net: all.reduce((s, q) => s + totalOf(q), 0),
    });
    const hour = (h: number) => d.by_hour.find((x) => x.hour === h)!;
    expect(hour(11)).toMatchObject({ compare_orders: 1, compare_net: totalOf(kl1150) });
    expect(hour(12)).toMatchObject({
      compare_orders: 2,
      compare_net: totalOf(kl1210) + totalOf(kl1240),
    });
    expect(hour(9)).toMatchObject({ compare_orders: 1, compare_net: totalOf(pg0959) });
    expect(hour(10)).toMatchObject({
      compare_orders: 2,
      compare_net: totalOf(pg1000) + totalOf(pg1001),
    });
  });
});

// What the dashboard asks PostgreSQL, every statement of the request planned with fresh
// statistics and sequential scans priced out (so a plan names the index a big table would use).
// Today's figures, the waiting times and returning customers among them, read no order rows: the
// only reads of the order tables allowed are the open orders (the partial index of unfinished
// orders) and last week's one hour by creation time.
describe.runIf(engine === 'postgres')("the dashboard's statements on PostgreSQL", () => {
  const orderTables = [
    'orders',
    'order_items',
    'order_payments',
    'order_status_history',
    'customer_orders',
  ];
  interface Read {
    table: string;
    index: string | null;
  }
  const readsOf = (plan: Record<string, unknown>, found: Read[] = []): Read[] => {
    const table = plan['Relation Name'];
    if (typeof table === 'string') {
      const index = plan['Index Name'];
      found.push({ table, index: typeof index === 'string' ? index : null });
    }
    for (const child of (plan.Plans as Record<string, unknown>[] | undefined) ?? []) {
      readsOf(child, found);
    }
    return found;
  };
  const explainable = (text: string) => /^\s*(select|with|insert|update|delete)\b/i.test(text);

  it("reads no order rows for any of today's figures", async () => {
    const statements = (await captureStatements(() => dashboardAt('2026-06-10T04:30:00Z'))).filter(
      (c) => explainable(c.text),
    );
    const client = new pg.Client({ connectionString: t.target.databaseUrl });
    await client.connect();
    const uses: { text: string; orderReads: string[]; tables: string[]; plan: string }[] = [];
    try {
      // Fresh statistics, as autovacuum keeps them, and no sequential scan to fall back on.
      await client.query('analyze');
      await client.query('set enable_seqscan = off');
      for (const c of statements) {
        const res = await client.query(`explain (format json) ${c.text}`, c.values);
        const [explained] = (res.rows[0] as { 'QUERY PLAN': { Plan: Record<string, unknown> }[] })[
          'QUERY PLAN'
        ];
        const reads = readsOf(explained!.Plan);
        uses.push({
          text: c.text,
          tables: [...new Set(reads.map((r) => r.table))],
          orderReads: [
            ...new Set(
              reads
                .filter((r) => orderTables.includes(r.table))
                .map((r) => `${r.table}:${r.index ?? 'seq'}`),
            ),
          ].sort(),
          plan: JSON.stringify(explained!.Plan),
        });
      }
    } finally {
      await client.end();
    }
    // Every figure of the dashboard was among the statements planned.
    for (const rollup of [
      'sales_channel_rollups',
      'product_sales_rollups',
      'sales_hour_rollups',
      'waiting_time_rollups',
      'returning_customer_hours',
      'refunds',
    ]) {
      expect(
        uses.some((u) => u.tables.includes(rollup)),
        rollup,
      ).toBe(true);
    }
    const readingOrders = uses.filter((u) => u.orderReads.length);
    expect(readingOrders.map((u) => u.orderReads).sort()).toEqual([
      ['orders:orders_open_idx'],
      ['orders:orders_tenant_created_idx'],
    ]);
    const lastWeek = readingOrders.find((u) => u.text.includes('sales_hour_rollups'));
    // The index is entered at the hour's start, not read through the tenant's history.
    expect(lastWeek!.plan).toMatch(/"Index Cond":"[^"]*created_at >=/);
  });
});
