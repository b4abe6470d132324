import { salesStatuses } from '@kopi/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import { statusList } from '../../db/schema/orders';
import { tenantIs } from '../../db/tenant-scope';

// Customers of a business day, up to a time: who joined (the tenant's day, from its cut-off hour
// in its zone: a sign-up belongs to no outlet), and who came back (a paid order that day, at the
// outlet in view, and one on an earlier day).

export interface DayUntil {
  date: string;
  until: Date;
}

export async function customersOfDays(
  db: Db,
  tenantId: string,
  outletId: string | null,
  days: DayUntil[],
) {
  const outlet: SQL = outletId ? sql` and o.outlet_id = ${outletId}::uuid` : sql``;
  const sales = statusList(salesStatuses);
  const values = sql.join(
    days.map((d) => sql`(${d.date}::date, ${d.until.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const rows = rowsOf<{ date: string; joined: unknown; returning: unknown }>(
    await executePrepared(
      db,
      sql`
      with t as (
        select timezone as tz, business_day_cutoff_hour as h from tenants where id = ${tenantId}::uuid
      ), d (day, until) as (values ${values})
      select d.day::text as date,
        (select count(*) from customers c, t
          where ${tenantIs('c', tenantId)}
            and c.created_at >= (d.day + make_interval(hours => t.h)) at time zone t.tz
            and c.created_at < ((d.day + 1) + make_interval(hours => t.h)) at time zone t.tz
            and c.created_at <= d.until) as joined,
        (select count(distinct co.customer_id)
           from orders o
           join customer_orders co on co.order_id = o.id and ${tenantIs('co', tenantId)}
          where ${tenantIs('o', tenantId)} and o.business_date = d.day
            and o.status in (${sales}) and o.created_at <= d.until${outlet}
            and exists (
              select 1 from customer_orders c2
                join orders o2 on o2.id = c2.order_id and ${tenantIs('o2', tenantId)}
               where ${tenantIs('c2', tenantId)} and c2.customer_id = co.customer_id
                 and o2.business_date < d.day and o2.status in (${sales}))) as returning
      from d`,
    ),
  );
  return new Map(
    rows.map((r) => [String(r.date), { joined: Number(r.joined), returning: Number(r.returning) }]),
  );
}
