import { randomBytes, randomUUID } from 'node:crypto';
import { codedReason } from '@kopi/contract';
import { insertRows } from '../../db/bulk-insert';
import type { Db } from '../../db/database';
import { reasonColumns } from '../../lib/coded-reason';
import { customerOrders } from '../../db/schema/customers';
import { walletPaymentCodes } from '../../db/schema/loyalty';
import {
  orderCounters,
  orderItems,
  orderPayments,
  orders,
  orderStatusHistory,
} from '../../db/schema/orders';
import { paymentCallbacks, paymentIntents } from '../../db/schema/payments';
import type { HistoryOrder, WalletMove } from './customers-demo-history';

// The demo customers' history written as the order core and a top-up's callback would have left
// it, in one statement per table (thousands of rows; a service call each would take minutes on
// PGlite). The rollup triggers see the orders arrive as they see any sale.

/**
 * Writes the history: the orders with their lines, payments, status history, customer and day
 * counter, the payment codes the wallet payments took, and the paid top-ups with their callbacks.
 * The ledger entries come after (customers-demo-ledgers.ts), as they name these rows.
 */
export async function writeHistory(
  db: Db,
  tenantId: string,
  plan: { orders: HistoryOrder[]; wallet: WalletMove[] },
) {
  const rows = plan.orders;
  await insertRows(
    db,
    orders,
    rows.map((o) => ({
      id: o.id,
      tenantId,
      outletId: o.outlet.id,
      orderNo: o.orderNo,
      seq: o.seq,
      businessDate: o.businessDate,
      source: 'pos-apps',
      servingMethod: o.basket.servingMethod,
      tableNo: o.basket.tableNo,
      deliveryAddress: o.basket.deliveryAddress,
      // An erased customer's orders keep no name or phone (customers-pdpa clears them).
      customerName: o.person.row.anonymisedAt ? null : o.person.row.name,
      customerPhone: o.person.row.anonymisedAt ? null : o.person.phone,
      staffId: o.basket.staffId,
      staffName: o.basket.staffName,
      status: 'COMPLETED',
      subtotal: o.basket.subtotal,
      discount: 0,
      serviceCharge: o.basket.serviceCharge,
      serviceTax: o.basket.serviceTax,
      deliveryFee: o.basket.deliveryFee,
      rounding: o.basket.rounding,
      total: o.basket.total,
      paid: o.basket.total,
      changeDue: o.payments.reduce((sum, p) => sum + p.changeGiven, 0),
      refunded: 0,
      refundDue: 0,
      paymentMethods: [...new Set(o.payments.map((p) => p.method))],
      outsideHours: false,
      createdAt: o.at,
      updatedAt: o.completedAt,
    })),
  );
  await insertRows(
    db,
    orderItems,
    rows.flatMap((o) => o.basket.items.map((i) => ({ ...i, id: randomUUID(), orderId: o.id }))),
  );
  await insertRows(
    db,
    orderPayments,
    rows.flatMap((o) =>
      o.payments.map((p) => ({
        id: randomUUID(),
        tenantId,
        orderId: o.id,
        ...p,
        status: 'paid',
        createdAt: o.at,
      })),
    ),
  );
  await insertRows(
    db,
    orderStatusHistory,
    rows.flatMap((o) => {
      const by = {
        tenantId,
        orderId: o.id,
        byUserId: o.basket.staffId,
        byName: o.basket.staffName,
      };
      return [
        {
          id: randomUUID(),
          ...by,
          fromStatus: null,
          toStatus: 'PENDING',
          ...reasonColumns(codedReason('paid_at_counter', {})),
          at: o.at,
        },
        {
          id: randomUUID(),
          ...by,
          fromStatus: 'PENDING',
          toStatus: 'APPROVED',
          reason: null,
          at: o.approvedAt,
        },
        {
          id: randomUUID(),
          ...by,
          fromStatus: 'APPROVED',
          toStatus: 'COMPLETED',
          reason: null,
          at: o.completedAt,
        },
      ];
    }),
  );
  await insertRows(
    db,
    customerOrders,
    rows.map((o) => ({ orderId: o.id, tenantId, customerId: o.person.id, createdAt: o.at })),
  );
  const days = new Map<string, typeof orderCounters.$inferInsert>();
  for (const o of rows) {
    const key = `${o.outlet.id} ${o.businessDate}`;
    days.set(key, { tenantId, outletId: o.outlet.id, businessDate: o.businessDate, lastNo: o.seq });
  }
  await insertRows(db, orderCounters, [...days.values()]);
  await insertRows(
    db,
    walletPaymentCodes,
    plan.wallet.flatMap((w) =>
      w.kind === 'spend'
        ? [
            {
              id: randomUUID(),
              tenantId,
              customerId: w.personId,
              codeHash: randomBytes(32).toString('hex'),
              expiresAt: new Date(w.at.getTime() + 30_000),
              usedAt: w.at,
              orderId: w.order.id,
              createdAt: new Date(w.at.getTime() - 30_000),
            },
          ]
        : [],
    ),
  );
  const topups = plan.wallet.flatMap((w) => (w.kind === 'topup' ? [w] : []));
  await insertRows(
    db,
    paymentIntents,
    topups.map((w) => ({
      id: w.paymentId,
      tenantId,
      purpose: 'topup',
      orderId: null,
      customerId: w.personId,
      provider: 'sandbox',
      method: w.method,
      amount: w.amount,
      status: 'paid',
      createdAt: new Date(w.at.getTime() - 60_000),
      completedAt: w.at,
    })),
  );
  await insertRows(
    db,
    paymentCallbacks,
    topups.map((w) => ({
      id: randomUUID(),
      provider: 'sandbox',
      eventId: `demo-${w.paymentId}`,
      tenantId,
      paymentId: w.paymentId,
      status: 'paid',
      receivedAt: w.at,
    })),
  );
}
