import { sql } from 'drizzle-orm';
import { tenantIs } from '../../db/tenant-scope';
import type { Db } from '../../db/database';

// Rebuilds a tenant's rollups for a range of business days from its orders and refunds with one
// aggregate INSERT … SELECT per table: what a bulk load (seed:large, with the row triggers
// bypassed) runs once at the end, and a repair tool. The figures are those of the triggers of
// migrations 0007 and 0018 (kopi_is_sale, kopi_payment_label, kopi_refund_counts): refunds count
// on the day they completed, whatever their order's day. It takes the tenant's live-event lock
// first, as every order writer's triggers do, so no sale lands in the range while it runs. The
// narrower rollups (channels, product months) follow through the row triggers on the day rollups.

export async function rebuildRollups(
  db: Db,
  tenantId: string,
  from: string,
  to: string,
  /** lock: false only for a bulk load that is the tenant's one writer. */
  options: { lock?: boolean } = {},
) {
  await db.transaction(async (tx) => {
    const range = sql`business_date between ${from}::date and ${to}::date`;
    if (options.lock !== false) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('live:' || ${tenantId}::text))`);
    }
    await tx.execute(
      sql`delete from sales_rollups where ${tenantIs('sales_rollups', tenantId)} and ${range}`,
    );
    await tx.execute(
      sql`delete from sales_payment_rollups where ${tenantIs('sales_payment_rollups', tenantId)} and ${range}`,
    );
    await tx.execute(
      sql`delete from product_sales_rollups where ${tenantIs('product_sales_rollups', tenantId)} and ${range}`,
    );
    await tx.execute(
      sql`delete from refund_rollups where ${tenantIs('refund_rollups', tenantId)} and ${range}`,
    );
    await tx.execute(
      sql`delete from product_refund_rollups where ${tenantIs('product_refund_rollups', tenantId)} and ${range}`,
    );
    await tx.execute(sql`
      insert into sales_rollups (tenant_id, business_date, outlet_id, source, serving_method,
        payment_method, orders, gross, discount, service_charge, service_tax, delivery_fee,
        rounding, net, refunds, rejected, rejected_total)
      select tenant_id, business_date, outlet_id, source, serving_method,
        kopi_payment_label(payment_methods),
        count(*) filter (where status <> 'REJECTED'),
        coalesce(sum(subtotal) filter (where status <> 'REJECTED'), 0),
        coalesce(sum(discount) filter (where status <> 'REJECTED'), 0),
        coalesce(sum(service_charge) filter (where status <> 'REJECTED'), 0),
        coalesce(sum(service_tax) filter (where status <> 'REJECTED'), 0),
        coalesce(sum(delivery_fee) filter (where status <> 'REJECTED'), 0),
        coalesce(sum(rounding) filter (where status <> 'REJECTED'), 0),
        coalesce(sum(total) filter (where status <> 'REJECTED'), 0),
        0,
        count(*) filter (where status = 'REJECTED'),
        coalesce(sum(total) filter (where status = 'REJECTED'), 0)
      from orders
      where ${tenantIs('orders', tenantId)} and ${range} and (kopi_is_sale(status) or status = 'REJECTED')
      group by 1, 2, 3, 4, 5, 6`);
    await tx.execute(sql`
      insert into sales_payment_rollups (tenant_id, business_date, outlet_id, source,
        serving_method, method, payments, amount)
      select o.tenant_id, o.business_date, o.outlet_id, o.source, o.serving_method, p.method,
        count(*), sum(p.amount)
      from orders o join order_payments p on p.order_id = o.id
      where ${tenantIs('o', tenantId)} and o.${range} and kopi_is_sale(o.status)
      group by 1, 2, 3, 4, 5, 6`);
    await tx.execute(sql`
      insert into product_sales_rollups (tenant_id, business_date, outlet_id, product_id,
        quantity, gross)
      select o.tenant_id, o.business_date, o.outlet_id, i.product_id, sum(i.quantity),
        sum(i.line_total)
      from orders o join order_items i on i.order_id = o.id
      where ${tenantIs('o', tenantId)} and o.${range} and kopi_is_sale(o.status)
      group by 1, 2, 3, 4`);
    const counted = sql`kopi_refund_counts(f.status, f.business_date) and f.${range}`;
    await tx.execute(sql`
      insert into sales_rollups as r (tenant_id, business_date, outlet_id, source, serving_method,
        payment_method, refunds)
      select f.tenant_id, f.business_date, f.outlet_id, o.source, o.serving_method,
        kopi_payment_label(o.payment_methods), sum(f.amount)
      from refunds f join orders o on o.id = f.order_id
      where ${tenantIs('f', tenantId)} and ${counted}
      group by 1, 2, 3, 4, 5, 6
      on conflict (tenant_id, business_date, outlet_id, source, serving_method, payment_method)
        do update set refunds = r.refunds + excluded.refunds`);
    await tx.execute(sql`
      insert into refund_rollups (tenant_id, business_date, outlet_id, method, refunds, amount)
      select f.tenant_id, f.business_date, f.outlet_id, coalesce(f.payment_method, 'bank_transfer'),
        count(*), sum(f.amount)
      from refunds f
      where ${tenantIs('f', tenantId)} and ${counted}
      group by 1, 2, 3, 4`);
    await tx.execute(sql`
      insert into product_refund_rollups (tenant_id, business_date, outlet_id, product_id,
        quantity, amount)
      select f.tenant_id, f.business_date, f.outlet_id, oi.product_id, sum(ri.quantity),
        sum(ri.amount)
      from refunds f join refund_items ri on ri.refund_id = f.id
        join order_items oi on oi.id = ri.order_item_id
      where ${tenantIs('f', tenantId)} and ${counted}
      group by 1, 2, 3, 4`);
  });
}
