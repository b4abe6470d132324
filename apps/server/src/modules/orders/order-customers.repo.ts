import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { ownedBy, tenantIs } from '../../db/tenant-scope';
import { customerOrders, customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';

// An order's customer: the one a counter sale names (found or added by phone, or whose wallet
// payment code it takes) and the one who placed an app order, linked in customer_orders.

/**
 * The customer a sale is for, locked until the transaction ends. Taken before the order is
 * written, so a sale locks its customer before the tenant's live-event lock, like every other
 * writer of a customer's ledgers (they never deadlock). Null when not the tenant's.
 */
export async function lockCustomer(tx: Db, tenantId: string, customerId: string) {
  const [row] = await tx
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      status: customers.status,
      anonymisedAt: customers.anonymisedAt,
    })
    .from(customers)
    .where(and(ownedBy(customers, tenantId), eq(customers.id, customerId)))
    // `no key update` queues writers of this customer but not the foreign-key checks of orders
    // being recorded for them, which run after those orders take the live-event lock.
    .for('no key update');
  return row ?? null;
}

/** The order's customer, or null for a walk-in sale. */
export async function customerOfOrder(db: Db, tenantId: string, orderId: string) {
  const [row] = await db
    .select({ customerId: customerOrders.customerId })
    .from(customerOrders)
    .where(and(ownedBy(customerOrders, tenantId), eq(customerOrders.orderId, orderId)))
    .limit(1);
  return row?.customerId ?? null;
}

/**
 * The order row locked until the transaction ends, with what its money and its customer's
 * ledgers need: a payment or a move to COMPLETED takes it first, then the customer's rows, and
 * only then writes the order (whose rollups take the live-event lock). Null when not found.
 */
export async function lockOrder(tx: Db, tenantId: string, orderId: string) {
  const [row] = rowsOf<{
    status: string;
    total: number;
    paid: number;
    refunded: number;
    customer_id: string | null;
  }>(
    await tx.execute(sql`
      select o.status, o.total, o.paid, o.refunded, co.customer_id
      from ${orders} o
      left join ${customerOrders} co on co.order_id = o.id and ${tenantIs('co', tenantId)}
      where ${tenantIs('o', tenantId)} and o.id = ${orderId}::uuid
      for update of o`),
  );
  return row
    ? {
        status: row.status,
        total: row.total,
        paid: row.paid,
        refunded: row.refunded,
        customerId: row.customer_id,
      }
    : null;
}
