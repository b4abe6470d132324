import fs from 'node:fs';
import { dashboardSchema } from '@kopi/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { outlets } from '../../db/schema/tenancy';
import { rollupInvariant } from '../../scripts/crash/invariants';
import { demoOutletIds } from '../../test/catalogue-fixtures';
import {
  addProduct,
  cardSale,
  demoTenantId,
  sellToCustomer,
  testClock,
} from '../../test/order-fixtures';
import { addCustomer } from '../../test/points-fixtures';
import { useTestApp } from '../../test/use-test-app';

// The dashboard's returning customers and waiting times come from rollups kept by triggers
// (migration 0044). A customer returns on a day when they bought that day and on an earlier one:
// they count once per outlet they bought at, and once across the outlets; their first sale
// rejected takes back every later day's return. What the triggers keep equals a rebuild from the
// orders, the demo data's months of visits and waiting times included.

const NOW = '2026-06-10T04:00:00Z'; // Wednesday 12:00 in Kuala Lumpur
const clock = testClock(NOW);
const kl = (local: string) => new Date(`${local}+08:00`).toISOString();
const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin'], api: 'admin' });
const { admin } = as;

let tenantId: string;
let klOutlet: string;
let pgOutlet: string;
let coffee: string;

async function orderAt(local: string, outletId: string, customerId: string) {
  clock.set(kl(local));
  const sale = { ...cardSale(outletId, coffee, 1060), allow_outside_hours: true };
  return await sellToCustomer(t, admin, sale, { tenantId, customerId });
}

async function returningRows(date: string) {
  return rowsOf<{ outlet_id: string | null; hour_start: string; customers: number }>(
    await t.database.db.execute(sql`
      select outlet_id::text as outlet_id, to_char(hour_start at time zone 'UTC', 'HH24:MI') as hour_start,
        customers from returning_customer_hours
      where tenant_id = ${tenantId}::uuid and business_date = ${date}::date and customers <> 0
      order by outlet_id nulls first, hour_start`),
  );
}

async function returningOnDashboard(query = '') {
  clock.set(NOW);
  const res = await api.get(`/api/dashboard${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.parse(res.json().data).customers!.returning;
}

beforeAll(async () => {
  tenantId = await demoTenantId(t);
  ({ kl: klOutlet, pg: pgOutlet } = await demoOutletIds(t));
  coffee = (await addProduct(t, { sku: 'ROLL-COFFEE', price: 1000 })).id;
});

describe("the dashboard's rollups", () => {
  it('count a customer back at each outlet and once across them, until their first sale goes', async () => {
    const regular = (await addCustomer(t, tenantId, { name: 'Rollup Regular' })).id;
    const first = await orderAt('2026-06-08T10:00:00', klOutlet, regular);
    // 10:20 and 10:40 in KL: one customer at KL01's 10:00 hour; 11:05 at PG01.
    await orderAt('2026-06-10T10:20:00', klOutlet, regular);
    await orderAt('2026-06-10T10:40:00', klOutlet, regular);
    await orderAt('2026-06-10T11:05:00', pgOutlet, regular);
    const before = await returningOnDashboard();
    expect(await returningRows('2026-06-10')).toEqual([
      { outlet_id: null, hour_start: '02:00', customers: 1 },
      ...[
        { outlet_id: klOutlet, hour_start: '02:00', customers: 1 },
        { outlet_id: pgOutlet, hour_start: '03:00', customers: 1 },
      ].sort((a, b) => (a.outlet_id < b.outlet_id ? -1 : 1)),
    ]);
    expect(await returningOnDashboard(`?outlet_id=${klOutlet}`)).toBe(1);
    expect(await returningOnDashboard(`?outlet_id=${pgOutlet}`)).toBe(1);

    // Their only earlier sale rejected: today is their first day.
    clock.set(kl('2026-06-10T11:30:00'));
    const rejected = await api.post(`/api/orders/${first}/status`, {
      status: 'REJECTED',
      reason: 'Made by mistake',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await returningRows('2026-06-10')).toEqual([]);
    expect(await returningOnDashboard()).toBe(before - 1);
    expect(await rollupInvariant(t.database.db)).toMatchObject({ ok: true });
  });

  it('take a sale out when its customer link goes', async () => {
    const other = (await addCustomer(t, tenantId, { name: 'Rollup Unlinked' })).id;
    await orderAt('2026-06-01T10:00:00', klOutlet, other);
    const today = await orderAt('2026-06-10T09:10:00', klOutlet, other);
    const before = await returningOnDashboard();
    await t.database.db.execute(sql`delete from customer_orders where order_id = ${today}::uuid`);
    expect(await returningOnDashboard()).toBe(before - 1);
    expect(await rollupInvariant(t.database.db)).toMatchObject({ ok: true });
  });

  it('average the waiting of the orders ready, by the first time they were', async () => {
    const customer = (await addCustomer(t, tenantId, { name: 'Rollup Waiting' })).id;
    const placed = await orderAt('2026-06-10T09:00:00', pgOutlet, customer);
    for (const [status, local] of [
      ['APPROVED', '09:01:00'],
      ['COMPLETED', '09:04:30'],
    ] as const) {
      clock.set(kl(`2026-06-10T${local}`));
      const res = await api.post(`/api/orders/${placed}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    clock.set(kl('2026-06-10T09:06:00'));
    expect((await api.post(`/api/orders/${placed}/handed-over`)).statusCode).toBe(200);
    const [row] = rowsOf<Record<string, number>>(
      await t.database.db.execute(sql`
        select ready_orders, to_ready_micros::float8 as to_ready, handed_over_orders,
          to_handed_over_micros::float8 as to_handed_over
        from waiting_time_rollups where tenant_id = ${tenantId}::uuid
          and business_date = '2026-06-10' and outlet_id = ${pgOutlet}::uuid`),
    );
    expect(row).toEqual({
      ready_orders: 1,
      to_ready: 270_000_000,
      handed_over_orders: 1,
      to_handed_over: 90_000_000,
    });
    expect(await rollupInvariant(t.database.db)).toMatchObject({ ok: true });
  });

  it("are what the migration's backfill reads from the orders written before it", async () => {
    const tables = ['waiting_time_rollups', 'customer_visit_hours', 'returning_customer_hours'];
    const contents = async () => {
      const all: Record<string, string[]> = {};
      for (const table of tables) {
        all[table] = rowsOf<{ r: string }>(
          await t.database.db.execute(
            sql.raw(`select r::text as r from ${table} r
              where exists (select 1 from jsonb_each(to_jsonb(r)) f
                where jsonb_typeof(f.value) = 'number' and f.value <> '0'::jsonb)
              order by 1`),
          ),
        ).map((x) => x.r);
      }
      return all;
    };
    const back = (await addCustomer(t, tenantId, { name: 'Rollup Backfill' })).id;
    await orderAt('2026-06-05T10:00:00', klOutlet, back);
    await orderAt('2026-06-09T16:00:00', pgOutlet, back);
    const kept = await contents();
    expect(kept.returning_customer_hours!.length).toBeGreaterThan(0);
    const migration = fs.readFileSync(
      new URL('../../../drizzle/0044_dashboard_rollups.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => s.startsWith('INSERT INTO') || s.includes('\nINSERT INTO'));
    expect(backfill).toHaveLength(3);
    await t.database.db.transaction(async (tx) => {
      for (const table of tables) await tx.execute(sql.raw(`delete from ${table}`));
      for (const statement of backfill) await tx.execute(sql.raw(statement));
    });
    expect(await contents()).toEqual(kept);
  });

  it("move a customer's hours with their outlet's zone", async () => {
    const zoned = (await addCustomer(t, tenantId, { name: 'Rollup Zoned' })).id;
    await orderAt('2026-06-02T10:00:00', pgOutlet, zoned);
    await orderAt('2026-06-07T10:20:00', pgOutlet, zoned);
    const pgRow = async () =>
      (await returningRows('2026-06-07')).filter((r) => r.outlet_id === pgOutlet);
    // 02:20Z: KL's 10:00 hour began at 02:00Z; India's 07:00 hour at 01:30Z.
    expect(await pgRow()).toEqual([{ outlet_id: pgOutlet, hour_start: '02:00', customers: 1 }]);
    await t.database.db
      .update(outlets)
      .set({ timezone: 'Asia/Kolkata' })
      .where(eq(outlets.id, pgOutlet));
    expect(await pgRow()).toEqual([{ outlet_id: pgOutlet, hour_start: '01:30', customers: 1 }]);
    expect(await rollupInvariant(t.database.db)).toMatchObject({ ok: true });
  });
});
