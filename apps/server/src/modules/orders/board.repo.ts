import type { BoardColumn } from '@kopi/contract';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orderSummaryColumns } from './order-columns';
import { ownedBy, tenantIs, tenantOfRow } from '../../db/tenant-scope';
import {
  type OrderItemAddonSnapshot,
  type OrderItemOptionSnapshot,
  orderItems,
  orders,
  orderStatusHistory,
} from '../../db/schema/orders';
import { outlets, tenants } from '../../db/schema/tenancy';

// The status board's reads: the outlets in view with their amber/red thresholds, and the orders
// on the board with their items and when their current status began — two queries, whatever the
// number of orders.

/**
 * The tenant's outlets in view (`onlyId`: one outlet), with their board thresholds and what gives
 * their business date (zone and the tenant's cutoff), by code.
 */
export async function boardOutlets(db: Db, tenantId: string, onlyId: string | null) {
  return db
    .select({
      id: outlets.id,
      amberMinutes: outlets.boardAmberMinutes,
      redMinutes: outlets.boardRedMinutes,
      timezone: outlets.timezone,
      cutoffHour: tenants.businessDayCutoffHour,
    })
    .from(outlets)
    .innerJoin(tenants, tenantOfRow(outlets))
    .where(and(ownedBy(outlets, tenantId), onlyId ? eq(outlets.id, onlyId) : undefined))
    .orderBy(asc(outlets.code), asc(outlets.id));
}

export interface BoardItemRow {
  id: string;
  name: string;
  nameMy: string | null;
  quantity: number;
  options: OrderItemOptionSnapshot[];
  addons: OrderItemAddonSnapshot[];
  notes: string | null;
}

/** When the order entered `status` (it reaches each status once; max() guards the impossible). */
const enteredStatus = (tenantId: string, status: SQL | string) => sql`(
  select max(h.at) from ${orderStatusHistory} h
  where ${tenantIs('h', tenantId)} and h.order_id = ${orders.id} and h.to_status = ${status}
)`;

/**
 * One column of the board: the `status` orders of `outletId` (or every outlet of the tenant), at
 * most `limit`; for COMPLETED only those still waiting for their customer (neither handed over
 * nor cleared as not collected), however long ago they became ready: the day close moves the
 * rest to CLOSED. New and preparing keep their oldest when the limit bites (the bar works oldest
 * first), ready its latest (by the last move, which set updated_at). Each row carries the
 * column's whole count (`total`), counted before the limit; the caller sorts the cards.
 */
export async function boardColumnOrders(
  db: Db,
  tenantId: string,
  outletId: string | null,
  status: BoardColumn,
  limit: number,
) {
  return db
    .select({
      ...orderSummaryColumns,
      statusAt: sql<Date | null>`${enteredStatus(tenantId, sql`${orders.status}`)}`.mapWith(
        orders.createdAt,
      ),
      items: sql<BoardItemRow[]>`coalesce((
        select json_agg(json_build_object('id', i.id, 'name', i.name, 'nameMy', i.name_my,
          'quantity', i.quantity,
          'options', i.options, 'addons', i.addons, 'notes', i.notes) order by i.line_no)
        from ${orderItems} i where ${tenantIs('i', tenantId)} and i.order_id = ${orders.id}
      ), '[]'::json)`,
      columnTotal: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.outletId))
    .where(
      and(
        ownedBy(orders, tenantId),
        outletId ? eq(orders.outletId, outletId) : undefined,
        eq(orders.status, status),
        status === 'COMPLETED'
          ? and(
              // Handed over: the customer has it, so the card leaves the ready column.
              isNull(orders.handedOverAt),
              // Cleared by a manager: the customer never came for it.
              isNull(orders.notCollectedAt),
            )
          : undefined,
      ),
    )
    .orderBy(
      ...(status === 'COMPLETED'
        ? [desc(orders.updatedAt), desc(orders.id)]
        : [asc(orders.createdAt), asc(orders.id)]),
    )
    .limit(limit);
}
export type BoardOrderRow = Awaited<ReturnType<typeof boardColumnOrders>>[number];
