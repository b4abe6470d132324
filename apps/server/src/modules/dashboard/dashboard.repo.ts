import { openOrderStatuses, salesStatuses } from '@kopi/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import { statusList } from '../../db/schema/orders';
import { tenantIs } from '../../db/tenant-scope';

// The dashboard's reads: sales of two business days, today's best sellers and sales by hour from
// the rollups, whatever the day's volume; last week's sales by a time from the hourly rollup plus
// the orders of one hour; the refunds of a day completed by a time (an index range of tenant and
// business date on refunds); and the orders open right now through the small partial index of
// open orders.

const num = (v: unknown) => Number(v ?? 0);
const outletFilter = (alias: string, outletId: string | null): SQL =>
  outletId ? sql` and ${sql.raw(alias)}.outlet_id = ${outletId}::uuid` : sql``;
const dateList = (dates: string[]): SQL =>
  sql.join(
    dates.map((d) => sql`${d}::date`),
    sql`, `,
  );
const sales = sql.join(
  salesStatuses.map((s) => sql`${s}`),
  sql`, `,
);

export async function tenantClock(db: Db, tenantId: string) {
  const [row] = rowsOf<{ timezone: string; cutoff: number }>(
    await executePrepared(
      db,
      sql`
      select timezone, business_day_cutoff_hour as cutoff from tenants
      where id = ${tenantId}::uuid`,
    ),
  );
  return row ?? null;
}

/** Sales of the given business days by day, outlet, source and serving method. */
export async function daySales(db: Db, tenantId: string, outletId: string | null, dates: string[]) {
  const rows = rowsOf<Record<string, unknown>>(
    await executePrepared(
      db,
      sql`
      select r.business_date::text as date, r.outlet_id::text as outlet_id, r.source,
        r.serving_method, sum(r.orders) as orders, sum(r.gross) as gross,
        sum(r.discount) as discount, sum(r.service_charge) as service_charge,
        sum(r.service_tax) as service_tax, sum(r.delivery_fee) as delivery_fee,
        sum(r.rounding) as rounding, sum(r.net) as net, sum(r.refunds) as refunds,
        sum(r.rejected) as rejected, sum(r.rejected_total) as rejected_total
      from sales_channel_rollups r
      where ${tenantIs('r', tenantId)}
        and r.business_date in (${dateList(dates)})${outletFilter('r', outletId)}
      group by 1, 2, 3, 4`,
    ),
  );
  return rows;
}

/** The best sellers of one business day by quantity. */
export async function topProducts(
  db: Db,
  tenantId: string,
  outletId: string | null,
  date: string,
  limit: number,
) {
  const rows = rowsOf<{
    product_id: string;
    name: string | null;
    name_my: string | null;
    sku: string | null;
    quantity: unknown;
    gross: unknown;
  }>(
    await executePrepared(
      db,
      sql`
      select x.product_id::text as product_id, p.name, p.name_my, p.sku, x.quantity, x.gross
      from (
        select r.product_id, sum(r.quantity) as quantity, sum(r.gross) as gross
        from product_sales_rollups r
        where ${tenantIs('r', tenantId)} and r.business_date = ${date}::date${outletFilter('r', outletId)}
        group by 1
        -- A day's only sale of a product rejected leaves its rollup row at zero: not a best seller.
        having sum(r.quantity) > 0
        order by 2 desc, 3 desc, 1
        limit ${limit}
      ) x
      left join products p on p.id = x.product_id and ${tenantIs('p', tenantId)}
      order by x.quantity desc, x.gross desc, x.product_id`,
    ),
  );
  return rows.map((r) => ({ ...r, quantity: num(r.quantity), gross: num(r.gross) }));
}

/** Sales of business days by local clock hour (each outlet's own zone), from the hourly rollup. */
export async function hourlySales(
  db: Db,
  tenantId: string,
  outletId: string | null,
  dates: string[],
) {
  const rows = rowsOf<Record<string, unknown>>(
    await executePrepared(
      db,
      sql`
      select r.business_date::text as date, extract(hour from r.local_hour)::int as hour,
        sum(r.orders) as orders, sum(r.net) as net
      from sales_hour_rollups r
      where ${tenantIs('r', tenantId)}
        and r.business_date in (${dateList(dates)})${outletFilter('r', outletId)}
      group by 1, 2`,
    ),
  );
  return rows.map((r) => ({
    date: String(r.date),
    hour: num(r.hour),
    orders: num(r.orders),
    net: num(r.net),
  }));
}

/**
 * Sales of one business day made by `until` (a "so far" against last week), exact and bounded:
 * the hourly rollup's whole hours before the local hour holding `until`, plus the sales of that
 * one hour read from the orders through an index range of (tenant, created_at). Per outlet, that
 * hour began `since`: `until` less the time into its local hour, less the hour a clock set back
 * within the last hour repeats. Exact while zones shift by whole hours at whole hours.
 */
export async function salesUntil(
  db: Db,
  tenantId: string,
  outletId: string | null,
  date: string,
  until: Date,
): Promise<{ orders: number; net: number }> {
  const at = sql`${until.toISOString()}::timestamptz`;
  const local = (moment: SQL) => sql`(${moment} at time zone ot.timezone)`;
  const offset = (moment: SQL) => sql`(${local(moment)} - (${moment} at time zone 'UTC'))`;
  const [row] = rowsOf<{ orders: unknown; net: unknown }>(
    await executePrepared(
      db,
      sql`
      with clocks as (
        select ot.id as outlet_id, ot.timezone, date_trunc('hour', ${local(at)}) as hour,
          ${at} - (${local(at)} - date_trunc('hour', ${local(at)}))
            - greatest(interval '0', ${offset(sql`(${at} - interval '1 hour')`)} - ${offset(at)})
            as since
        from outlets ot
        where ${tenantIs('ot', tenantId)}${outletId ? sql` and ot.id = ${outletId}::uuid` : sql``}
      ), whole_hours as (
        select coalesce(sum(r.orders), 0) as orders, coalesce(sum(r.net), 0) as net
        from sales_hour_rollups r join clocks c on c.outlet_id = r.outlet_id
        where ${tenantIs('r', tenantId)} and r.business_date = ${date}::date and r.local_hour < c.hour
      ), hour_orders as materialized (
        -- Only the tenant's orders of that hour, whatever else an index could offer.
        select o.outlet_id, o.business_date, o.status, o.created_at, o.total from orders o
        where ${tenantIs('o', tenantId)}
          and o.created_at >= (select min(since) from clocks) and o.created_at <= ${at}
      ), this_hour as (
        select count(*) as orders, coalesce(sum(o.total), 0) as net
        from hour_orders o join clocks c on c.outlet_id = o.outlet_id
        where o.business_date = ${date}::date and o.status in (${sales})
          and date_trunc('hour', o.created_at at time zone c.timezone) = c.hour
      )
      select w.orders + h.orders as orders, w.net + h.net as net from whole_hours w, this_hour h`,
    ),
  );
  return { orders: num(row?.orders), net: num(row?.net) };
}

/**
 * What refunds counted on a business day had paid back by `until`: the part of that day's
 * `refunds` figure a "so far" compares with. Counted as the rollups count them
 * (kopi_refund_counts), by their order's outlet.
 */
export async function refundsUntil(
  db: Db,
  tenantId: string,
  outletId: string | null,
  date: string,
  until: Date,
): Promise<number> {
  const [row] = rowsOf<{ amount: unknown }>(
    await executePrepared(
      db,
      sql`
      select coalesce(sum(f.amount), 0) as amount
      from refunds f
      where ${tenantIs('f', tenantId)} and f.business_date = ${date}::date
        and kopi_refund_counts(f.status, f.business_date)
        and f.completed_at <= ${until.toISOString()}::timestamptz${outletFilter('f', outletId)}`,
    ),
  );
  return num(row?.amount);
}

/** Orders not finished yet, per outlet and status. */
export async function openOrders(db: Db, tenantId: string, outletId: string | null) {
  const rows = rowsOf<{ outlet_id: string; status: string; n: unknown }>(
    await executePrepared(
      db,
      sql`
      select o.outlet_id::text as outlet_id, o.status, count(*) as n
      from orders o
      where ${tenantIs('o', tenantId)}
        and o.status in (${statusList(openOrderStatuses)})${outletFilter('o', outletId)}
      group by 1, 2`,
    ),
  );
  return rows.map((r) => ({ outletId: r.outlet_id, status: r.status, count: num(r.n) }));
}
