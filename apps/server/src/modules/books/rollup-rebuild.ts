import { type SQL, sql } from 'drizzle-orm';
import { tenantIs } from '../../db/tenant-scope';
import type { Db } from '../../db/database';

// Rebuilds a tenant's rollups for a range of business days: deletes them and adds back what the
// range's orders (their lines and payments) and the refunds booked in the range contribute,
// through the rule functions the triggers use (migration 0032), so a rebuild and the triggers
// cannot disagree. What a bulk load (seed:large, with the row triggers bypassed) runs once at the
// end, and a repair tool. It takes the tenant's live-event lock first, as every order writer does,
// so no sale lands in the range while it runs. The narrower rollups (channels, product months)
// follow through the row triggers on the day rollups. The voucher figures (decision 053) come
// back through migration 0040's rule functions: each contribution of a redemption, its order and
// its refunds lands on one day, so keeping the ones whose day is in the range rebuilds the range.
// The dashboard's sales by hour come back through migration 0042's rule function, its waiting
// times and customers' visits through migration 0044's; returning customers of a day are read
// from the visits (the range's and the earlier days'), as the triggers read them.

/** The rollups a rebuild deletes and writes back (the narrower ones follow through triggers). */
export const rebuiltRollupTables = [
  'sales_rollups',
  'sales_payment_rollups',
  'product_sales_rollups',
  'sales_hour_rollups',
  'waiting_time_rollups',
  'customer_visit_hours',
  'returning_customer_hours',
  'refund_rollups',
  'product_refund_rollups',
  'voucher_rollups',
] as const;

export async function rebuildRollups(
  db: Db,
  tenantId: string,
  from: string,
  to: string,
  /** lock: false only for a bulk load that is the tenant's one writer. */
  options: { lock?: boolean } = {},
) {
  await db.transaction(async (tx) => {
    const range = (alias: string) =>
      sql`${tenantIs(alias, tenantId)} and ${sql.raw(alias)}.business_date between ${from}::date and ${to}::date`;
    if (options.lock !== false) {
      await tx.execute(sql`select kopi_rollup_lock(${tenantId}::uuid)`);
    }
    for (const table of rebuiltRollupTables) {
      await tx.execute(sql`delete from ${sql.raw(table)} r where ${range('r')}`);
    }
    const orders = sql`array(select o from orders o where ${range('o')})`;
    await tx.execute(sql`select kopi_add_orders(${orders}, null)`);
    await tx.execute(sql`select kopi_add_order_lines(${orders}, null)`);
    await tx.execute(sql`select kopi_add_order_hours(${orders}, null)`);
    await tx.execute(sql`
      select kopi_add_waiting(array(
        select kopi_order_waiting(o, kopi_order_ready_at(o), 1) from orders o where ${range('o')}))`);
    await tx.execute(sql`
      insert into customer_visit_hours
      select (v).tenant_id, (v).business_date, (v).outlet_id, (v).customer_id, (v).hour_start,
        sum((v).sales)
      from (select kopi_order_visit(o, co.customer_id, ot.timezone, 1) as v
        from orders o join customer_orders co on co.order_id = o.id
        join outlets ot on ot.id = o.outlet_id
        where ${range('o')} and kopi_is_sale(o.status)) x
      group by 1, 2, 3, 4, 5`);
    await tx.execute(sql`
      select kopi_add_returning(array(
        select kopi_returning_customers(
          array_agg(v.tenant_id), array_agg(v.customer_id), array_agg(v.business_date), 1)
        from (select distinct tenant_id, customer_id, business_date
          from customer_visit_hours v where ${range('v')}) v))`);
    await tx.execute(sql`
      select kopi_add_refund_pairs(
        array(select f from refunds f where ${range('f')}),
        array(select o from orders o where ${tenantIs('o', tenantId)}
          and o.id in (select f.order_id from refunds f where ${range('f')})),
        null, null)`);
    await tx.execute(sql`select kopi_add_voucher_figures(${voucherFigures(tenantId, from, to)})`);
  });
}

/**
 * What a tenant's redemptions contribute to the voucher figures of the days from–to, as the
 * triggers add it. A give-back lands on its booking day, which only the rule can tell, so the
 * returned redemptions are all read and their contributions outside the range dropped.
 */
function voucherFigures(tenantId: string, from: string, to: string) {
  const inRange = (day: SQL) => sql`${day} between ${from}::date and ${to}::date`;
  return sql`array(select c from (
      select kopi_redemption_use(v, 1) as c from voucher_redemptions v
      where ${tenantIs('v', tenantId)} and ${inRange(sql`v.business_date::date`)}
      union all
      select kopi_redemption_return(v, 1) from voucher_redemptions v
      where ${tenantIs('v', tenantId)} and v.status = 'returned'
      union all
      select kopi_redemption_sales(v, o, 1)
      from orders o join voucher_redemptions v on v.order_id = o.id
      where ${tenantIs('o', tenantId)} and ${inRange(sql`o.business_date`)}
      union all
      select kopi_redemption_refund(v, f, o, 1)
      from refunds f join orders o on o.id = f.order_id join voucher_redemptions v on v.order_id = o.id
      where ${tenantIs('f', tenantId)} and ${inRange(sql`f.business_date`)}
    ) x where ${inRange(sql`(x.c).business_date`)})`;
}
