import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { tenantIs } from '../../db/tenant-scope';

// The money rules' reads (decision 049): the day a move counts on, the rows behind a day's or a
// shift's figures, and a day's sales from the rollups the reports read. What counts as a sale is
// kopi_is_sale (migration 0007), the function the rollup triggers use. Every query filters by
// tenant_id.

/**
 * Locks an outlet's business day for a move that counts on it (its counter row, created for a
 * day without sales, as a sale or the day close takes it) and says whether it is closed. A day
 * close of that day waits for the move to commit, or the move finds it closed.
 */
export async function lockDayOpen(tx: Db, tenantId: string, outletId: string, date: string) {
  const [row] = rowsOf<{ closed: boolean }>(
    await tx.execute(sql`
      insert into order_counters as c (tenant_id, outlet_id, business_date, last_no)
      values (${tenantId}::uuid, ${outletId}::uuid, ${date}::date, 0)
      on conflict (outlet_id, business_date) do update set last_no = c.last_no
        where ${tenantIs('c', tenantId)}
      returning c.closed_at is not null as closed`),
  );
  return row ? !row.closed : false;
}

const countsAs = (o: string) =>
  sql.raw(`case when kopi_is_sale(${o}.status) then 'sale'
    when ${o}.paid > 0 then 'void' else 'rejected' end`);

const ts = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** An outlet's business day, or a shift. */
export type WorkingScope = { outletId: string; date: string } | { shiftId: string };

/** Orders of the outlet's day or rung up in the shift (alias `o`). */
const ordersOf = (tenantId: string, scope: WorkingScope) =>
  'shiftId' in scope
    ? sql`${tenantIs('o', tenantId)} and o.shift_id = ${scope.shiftId}::uuid`
    : sql`${tenantIs('o', tenantId)} and o.outlet_id = ${scope.outletId}::uuid
        and o.business_date = ${scope.date}::date`;

/** Refunds booked on the outlet's day or paid from the shift's drawer (alias `f`). */
const refundsOf = (tenantId: string, scope: WorkingScope) =>
  'shiftId' in scope
    ? sql`${tenantIs('f', tenantId)} and f.shift_id = ${scope.shiftId}::uuid`
    : sql`${tenantIs('f', tenantId)} and f.outlet_id = ${scope.outletId}::uuid
        and f.business_date = ${scope.date}::date`;

/** Sales, voids and rejected orders of the scope, each with what it counts as. */
export async function workingOrders(db: Db, tenantId: string, scope: WorkingScope) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select o.id::text, o.order_no, o.business_date::text, o.status, o.source, o.serving_method,
        ${ts('o.created_at')} as created_at, ${countsAs('o')} as counts_as, o.subtotal, o.discount,
        o.service_charge, o.service_tax, o.delivery_fee, o.rounding, o.total, o.paid
      from orders o
      where ${ordersOf(tenantId, scope)} and (kopi_is_sale(o.status) or o.status = 'REJECTED')
      order by o.seq, o.id`),
  );
}

/** The payment lines of the scope's paid orders (sales and voids). */
export async function workingPayments(db: Db, tenantId: string, scope: WorkingScope) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select o.id::text as order_id, o.order_no, o.business_date::text,
        ${countsAs('o')} as counts_as, p.method, p.amount, ${ts('p.created_at')} as at
      from order_payments p join orders o on o.id = p.order_id
      where ${ordersOf(tenantId, scope)} and ${tenantIs('p', tenantId)}
        and (kopi_is_sale(o.status) or o.status = 'REJECTED')
      order by o.seq, o.id, p.line_no`),
  );
}

/** The refunds of the scope that count (completed, then closed), of sales and of voids. */
export async function workingRefunds(db: Db, tenantId: string, scope: WorkingScope) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select f.id::text, f.refund_no, o.id::text as order_id, o.order_no,
        o.business_date::text as order_business_date,
        case when kopi_is_sale(o.status) then 'sale' else 'void' end as counts_as,
        coalesce(f.payment_method, 'bank_transfer') as paid_by, f.amount,
        ${ts('f.completed_at')} as completed_at, f.business_date::text
      from refunds f join orders o on o.id = f.order_id
      where ${refundsOf(tenantId, scope)} and ${tenantIs('o', tenantId)}
        and kopi_refund_counts(f.status, f.business_date)
      order by f.completed_at, f.id`),
  );
}

/**
 * An outlet's business day from the rollups the sales report reads: its sales figures, payment
 * lines of sales by method and refunds of sales by what they went back by. The tenant's
 * live-event lock first, taken after the day's counter as every order writer does, so a move
 * committing now is in the figures or waits for the caller's commit.
 */
export async function daySales(db: Db, tenantId: string, outletId: string, date: string) {
  await db.execute(sql`select kopi_rollup_lock(${tenantId}::uuid)`);
  const day = sql`${tenantIs('r', tenantId)} and r.outlet_id = ${outletId}::uuid
    and r.business_date = ${date}::date`;
  const [totals] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select coalesce(sum(orders), 0)::int as orders, coalesce(sum(rejected), 0)::int as rejected,
        coalesce(sum(gross), 0)::int as subtotal, coalesce(sum(discount), 0)::int as discount,
        coalesce(sum(service_charge), 0)::int as service_charge,
        coalesce(sum(service_tax), 0)::int as service_tax,
        coalesce(sum(delivery_fee), 0)::int as delivery_fees,
        coalesce(sum(rounding), 0)::int as rounding, coalesce(sum(net), 0)::int as total
      from sales_rollups r where ${day}`),
  );
  const byMethod = rowsOf<{ method: string; count: number; amount: number }>(
    await db.execute(sql`
      select method, sum(payments)::int as count, sum(amount)::int as amount
      from sales_payment_rollups r where ${day}
      group by method having sum(payments) <> 0 or sum(amount) <> 0`),
  );
  const refunds = rowsOf<{ method: string; count: number; amount: number }>(
    await db.execute(sql`
      select method, refunds::int as count, amount::int as amount
      from refund_rollups r where ${day}
        and (refunds <> 0 or amount <> 0)`),
  );
  return { totals: totals!, byMethod, refunds };
}
