import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import { tenantIs } from '../../db/tenant-scope';

// The day's waiting times: placed → ready (the order's first entry into COMPLETED) and ready →
// handed over, averaged over the orders of one business day. Read from waiting_time_rollups, one
// row per outlet, kept by triggers in the writing transaction: no order is read, whatever the
// day's volume.

const num = (v: unknown) => Number(v ?? 0);
const average = (micros: unknown, count: number) =>
  count ? Math.round(Number(micros) / count / 1_000_000) : null;

export async function waitingTimes(
  db: Db,
  tenantId: string,
  outletId: string | null,
  date: string,
) {
  const [row] = rowsOf<Record<string, unknown>>(
    await executePrepared(
      db,
      sql`
      select coalesce(sum(w.ready_orders), 0) as ready_orders,
        coalesce(sum(w.to_ready_micros), 0) as to_ready,
        coalesce(sum(w.handed_over_orders), 0) as handed_over_orders,
        coalesce(sum(w.to_handed_over_micros), 0) as to_handed_over
      from waiting_time_rollups w
      where ${tenantIs('w', tenantId)} and w.business_date = ${date}::date
        ${outletId ? sql`and w.outlet_id = ${outletId}::uuid` : sql``}`,
    ),
  );
  const ready = num(row?.ready_orders);
  const handedOver = num(row?.handed_over_orders);
  return {
    ready_orders: ready,
    avg_to_ready_seconds: average(row?.to_ready, ready),
    handed_over_orders: handedOver,
    avg_to_handed_over_seconds: average(row?.to_handed_over, handedOver),
  };
}
