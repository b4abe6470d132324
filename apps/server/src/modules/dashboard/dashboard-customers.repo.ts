import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import { tenantIs } from '../../db/tenant-scope';

// Customers of a business day, up to a time: who joined (the tenant's day, from its cut-off hour
// in its zone: a sign-up belongs to no outlet), and who came back (a paid order that day, at the
// outlet in view, and one on an earlier day). Who came back is read from returning_customer_hours
// (kept by triggers, migration 0044), a row per outlet and hour of the outlet's clock: by a time,
// a customer counts once the hour of their first sale that day has begun, so last week's "by now"
// may count a customer whose first sale came later in the same hour. Today's figure is exact.

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
  // The all-outlets rows (outlet null) count a customer once, at their first hour anywhere.
  const outlet: SQL = outletId
    ? sql` and r.outlet_id = ${outletId}::uuid`
    : sql` and r.outlet_id is null`;
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
        (select coalesce(sum(r.customers), 0) from returning_customer_hours r
          where ${tenantIs('r', tenantId)} and r.business_date = d.day
            and r.hour_start <= d.until${outlet}) as returning
      from d`,
    ),
  );
  return new Map(
    rows.map((r) => [String(r.date), { joined: Number(r.joined), returning: Number(r.returning) }]),
  );
}
