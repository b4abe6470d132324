import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { businessDayBounds } from '../../../db/business-days';
import { type Db, rowsOf } from '../../../db/database';
import { defaultTimezone } from '@kopi/contract';
import { orders } from '../../../db/schema/orders';
import { paymentIntents } from '../../../db/schema/payments';
import { tenants } from '../../../db/schema/tenancy';
import { isTenant, ownedBy, tenantIs } from '../../../db/tenant-scope';

// A business's gateway payments over a range of business days, for reconciliation (decision 047).
// The range runs from its first day's cut-off hour to the one after its last day, in the
// business's zone, as the reports' business days do.

export interface GatewayPaymentRow {
  id: string;
  providerRef: string | null;
  /** The order it paid for, and the order's number (null: a wallet top-up). */
  orderId: string | null;
  orderNo: string | null;
  orderDate: string | null;
  amount: number;
  status: string;
  createdAt: Date;
}

export async function gatewayPayments(
  db: Db,
  tenantId: string,
  provider: string,
  from: string,
  to: string,
  limit: number,
): Promise<GatewayPaymentRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with b as (${businessDayBounds(tenantId, from, to)}
      )
      select p.id, p.provider_ref, p.amount, p.status, p.created_at, p.order_id, o.order_no,
             o.business_date::text as order_date
        from b, payment_intents p
        left join orders o on o.id = p.order_id and ${tenantIs('o', tenantId)}
       where ${tenantIs('p', tenantId)} and p.provider = ${provider}
         and p.created_at >= b.s and p.created_at < b.e
       order by p.created_at, p.id
       limit ${limit}`),
  );
  return rows.map((r) => ({
    id: String(r.id),
    providerRef: r.provider_ref === null ? null : String(r.provider_ref),
    orderId: r.order_id === null ? null : String(r.order_id),
    orderNo: r.order_no === null ? null : String(r.order_no),
    orderDate: r.order_date === null ? null : String(r.order_date),
    amount: Number(r.amount),
    status: String(r.status),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
  }));
}

/**
 * The business's payments of `provider` a settlement file names that fall outside the range (a
 * payment made just before the first day, settled in the file's period): found by reference so
 * they are not reported missing on our side. Asked for in slices, so a long file stays within
 * the database's parameter limit.
 */
export async function gatewayPaymentsByReference(
  db: Db,
  tenantId: string,
  provider: string,
  references: string[],
): Promise<GatewayPaymentRow[]> {
  const out: GatewayPaymentRow[] = [];
  for (let i = 0; i < references.length; i += 1000) {
    const slice = references.slice(i, i + 1000);
    const rows = await db
      .select({
        id: paymentIntents.id,
        providerRef: paymentIntents.providerRef,
        orderId: paymentIntents.orderId,
        orderNo: orders.orderNo,
        orderDate: orders.businessDate,
        amount: paymentIntents.amount,
        status: paymentIntents.status,
        createdAt: paymentIntents.createdAt,
      })
      .from(paymentIntents)
      .leftJoin(orders, and(eq(orders.id, paymentIntents.orderId), ownedBy(orders, tenantId)))
      .where(
        and(
          ownedBy(paymentIntents, tenantId),
          eq(paymentIntents.provider, provider),
          or(
            inArray(paymentIntents.providerRef, slice),
            inArray(sql<string>`${paymentIntents.id}::text`, slice),
          ),
        ),
      );
    out.push(...rows);
  }
  return out;
}

/** The business's time zone, for the export's times. */
export async function businessZone(db: Db, tenantId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: tenants.timezone })
    .from(tenants)
    .where(isTenant(tenantId));
  return row?.timezone ?? defaultTimezone;
}
