import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import { tenantIs } from '../../db/tenant-scope';

// The day's waiting times: placed → ready (the order's first entry into COMPLETED, from its
// history) and ready → handed over (orders.handed_over_at), averaged over the orders of one
// business day — the index range of tenant and business date, one history lookup per order.

const num = (v: unknown) => Number(v ?? 0);
const rounded = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));

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
      select count(w.ready_at) as ready_orders,
        avg(extract(epoch from (w.ready_at - o.created_at))) as to_ready,
        count(o.handed_over_at) filter (where w.ready_at is not null) as handed_over_orders,
        avg(extract(epoch from (o.handed_over_at - w.ready_at))) as to_handed_over
      from orders o
      left join lateral (
        select min(h.at) as ready_at from order_status_history h
        where ${tenantIs('h', tenantId)} and h.order_id = o.id and h.to_status = 'COMPLETED'
      ) w on true
      where ${tenantIs('o', tenantId)} and o.business_date = ${date}::date
        ${outletId ? sql`and o.outlet_id = ${outletId}::uuid` : sql``}`,
    ),
  );
  return {
    ready_orders: num(row?.ready_orders),
    avg_to_ready_seconds: rounded(row?.to_ready),
    handed_over_orders: num(row?.handed_over_orders),
    avg_to_handed_over_seconds: rounded(row?.to_handed_over),
  };
}
