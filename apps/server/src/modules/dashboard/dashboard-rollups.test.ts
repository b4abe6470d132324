import fs from 'node:fs';
import { dashboardSchema } from '@kopi/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { outlets } from '../../db/schema/tenancy';
import { rollupInvariant } from '../../scripts/crash/invariants';
import { useVisitsApp, VISITS_NOW } from '../../test/visit-fixtures';

// The dashboard's returning customers and waiting times come from rollups kept by triggers
// (migration 0044). A customer returns on a day when they bought that day and on an earlier one:
// they count once per outlet they bought at, and once across the outlets; their first sale
// rejected takes back every later day's return. What the triggers keep equals a rebuild from the
// orders, the demo data's months of visits and waiting times included.

const { t, api, clock, refs, at, orderAt, visitor } = useVisitsApp('ROLL-COFFEE');

async function returningRows(date: string) {
  return rowsOf<{ outlet_id: string | null; hour_start: string; customers: number }>(
    await t.database.db.execute(sql`
      select outlet_id::text as outlet_id, to_char(hour_start at time zone 'UTC', 'HH24:MI') as hour_start,
        customers from returning_customer_hours
      where tenant_id = ${refs.tenantId}::uuid and business_date = ${date}::date and customers <> 0
      order by outlet_id nulls first, hour_start`),
  );
}

async function returningOnDashboard(query = '') {
  clock.set(VISITS_NOW);
  const res = await api.get(`/api/dashboard${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.parse(res.json().data).customers!.returning;
}

describe("the dashboard's rollups", () => {
  it('count a customer back at each outlet and once across them, until their first sale goes', async () => {
    const regular = await visitor('Rollup Regular');
    const first = await orderAt('2026-06-08T10:00:00', refs.klOutlet, regular);
    // 10:20 and 10:40 in KL: one customer at KL01's 10:00 hour; 11:05 at PG01.
    await orderAt('2026-06-10T10:20:00', refs.klOutlet, regular);
    await orderAt('2026-06-10T10:40:00', refs.klOutlet, regular);
    await orderAt('2026-06-10T11:05:00', refs.pgOutlet, regular);
    const before = await returningOnDashboard();
    expect(await returningRows('2026-06-10')).toEqual([
      { outlet_id: null, hour_start: '02:00', customers: 1 },
      ...[
        { outlet_id: refs.klOutlet, hour_start: '02:00', customers: 1 },
        { outlet_id: refs.pgOutlet, hour_start: '03:00', customers: 1 },
      ].sort((a, b) => (a.outlet_id < b.outlet_id ? -1 : 1)),
    ]);
    expect(await returningOnDashboard(`?outlet_id=${refs.klOutlet}`)).toBe(1);
    expect(await returningOnDashboard(`?outlet_id=${refs.pgOutlet}`)).toBe(1);

    // Their only earlier sale rejected: today is their first day.
    at('2026-06-10T11:30:00');
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
    const other = await visitor('Rollup Unlinked');
    await orderAt('2026-06-01T10:00:00', refs.klOutlet, other);
    const today = await orderAt('2026-06-10T09:10:00', refs.klOutlet, other);
    const before = await returningOnDashboard();
    await t.database.db.execute(sql`delete from customer_orders where order_id = ${today}::uuid`);
    expect(await returningOnDashboard()).toBe(before - 1);
    expect(await rollupInvariant(t.database.db)).toMatchObject({ ok: true });
  });

  it('average the waiting of the orders ready, by the first time they were', async () => {
    const customer = await visitor('Rollup Waiting');
    const placed = await orderAt('2026-06-10T09:00:00', refs.pgOutlet, customer);
    for (const [status, local] of [
      ['APPROVED', '09:01:00'],
      ['COMPLETED', '09:04:30'],
    ] as const) {
      at(`2026-06-10T${local}`);
      const res = await api.post(`/api/orders/${placed}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    at('2026-06-10T09:06:00');
    expect((await api.post(`/api/orders/${placed}/handed-over`)).statusCode).toBe(200);
    const [row] = rowsOf<Record<string, number>>(
      await t.database.db.execute(sql`
        select ready_orders, to_ready_micros::float8 as to_ready, handed_over_orders,
          to_handed_over_micros::float8 as to_handed_over
        from waiting_time_rollups where tenant_id = ${refs.tenantId}::uuid
          and business_date = '2026-06-10' and outlet_id = ${refs.pgOutlet}::uuid`),
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
    const back = await visitor('Rollup Backfill');
    await orderAt('2026-06-05T10:00:00', refs.klOutlet, back);
    await orderAt('2026-06-09T16:00:00', refs.pgOutlet, back);
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
    const zoned = await visitor('Rollup Zoned');
    await orderAt('2026-06-02T10:00:00', refs.pgOutlet, zoned);
    await orderAt('2026-06-07T10:20:00', refs.pgOutlet, zoned);
    const pgRow = async () =>
      (await returningRows('2026-06-07')).filter((r) => r.outlet_id === refs.pgOutlet);
    // 02:20Z: KL's 10:00 hour began at 02:00Z; India's 07:00 hour at 01:30Z.
    expect(await pgRow()).toEqual([
      { outlet_id: refs.pgOutlet, hour_start: '02:00', customers: 1 },
    ]);
    await t.database.db
      .update(outlets)
      .set({ timezone: 'Asia/Kolkata' })
      .where(eq(outlets.id, refs.pgOutlet));
    expect(await pgRow()).toEqual([
      { outlet_id: refs.pgOutlet, hour_start: '01:30', customers: 1 },
    ]);
    expect(await rollupInvariant(t.database.db)).toMatchObject({ ok: true });
  });
});
