import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { users } from '../../db/schema/access';
import { customerOrders } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { outlets, tenants } from '../../db/schema/tenancy';
import { tenantIs } from '../../db/tenant-scope';

// Refunds at the POS: finding an outlet's receipts by their number of the day, and what a refund
// at the counter needs to know before its transaction (the order's outlet and clock, the
// approver's reach and the tenant's manager limit). Every statement names the tenant.

export interface ReceiptRow {
  id: string;
  order_no: string;
  business_date: string;
  created_at: Date | string;
  status: string;
  total: number;
  paid: number;
  refunded: number;
  customer_name: string | null;
  customer_id: string | null;
  payment_methods: string[] | string;
}

/** The outlet's orders numbered `seq` (of `date` only, when given), the newest day first. */
export async function findReceipts(
  db: Db,
  tenantId: string,
  q: { outletId: string; seq: number; outletCode: string | null; date: string | null },
  limit: number,
): Promise<ReceiptRow[]> {
  return rowsOf<ReceiptRow>(
    await db.execute(sql`
      select o.id, o.order_no, o.business_date::text as business_date, o.created_at, o.status,
        o.total, o.paid, o.refunded, o.customer_name, co.customer_id, o.payment_methods
      from ${orders} o join ${outlets} ot on ot.id = o.outlet_id and ${tenantIs('ot', tenantId)}
      left join ${customerOrders} co on co.order_id = o.id and ${tenantIs('co', tenantId)}
      where ${tenantIs('o', tenantId)} and o.outlet_id = ${q.outletId}::uuid and o.seq = ${q.seq}
        ${q.date ? sql`and o.business_date = ${q.date}::date` : sql``}
        ${q.outletCode ? sql`and upper(ot.code) = ${q.outletCode}` : sql``}
      order by o.business_date desc
      limit ${limit}`),
  );
}

/** The order's outlet and its clock (null: not the tenant's, or not the bound caller's outlet). */
export async function orderOutletOf(
  db: Db,
  tenantId: string,
  orderId: string,
  boundOutletId: string | null,
) {
  const [row] = rowsOf<{ outlet_id: string; timezone: string; cutoff_hour: number }>(
    await db.execute(sql`
      select o.outlet_id, ot.timezone, t.business_day_cutoff_hour as cutoff_hour
      from ${orders} o join ${outlets} ot on ot.id = o.outlet_id and ${tenantIs('ot', tenantId)}
      join ${tenants} t on t.id = o.tenant_id
      where ${tenantIs('o', tenantId)} and o.id = ${orderId}::uuid
        ${boundOutletId ? sql`and o.outlet_id = ${boundOutletId}::uuid` : sql``}`),
  );
  return row
    ? { outletId: row.outlet_id, timezone: row.timezone, cutoffHour: Number(row.cutoff_hour) }
    : null;
}

/** Whether the approver is bound to an outlet (a manager, limited), and the tenant's limit. */
export async function approverReach(db: Db, tenantId: string, approverId: string) {
  const [row] = rowsOf<{ id_outlet: string | null; refund_manager_limit: number }>(
    await db.execute(sql`
      select u.id_outlet, t.refund_manager_limit
      from ${users} u join ${tenants} t on t.id = u.tenant_id
      where ${tenantIs('u', tenantId)} and u.id = ${approverId}::uuid`),
  );
  return row
    ? { bound: row.id_outlet !== null, managerLimit: Number(row.refund_manager_limit) }
    : null;
}
