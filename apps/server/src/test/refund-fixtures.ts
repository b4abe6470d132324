import { type Refund, refundSchema } from '@kopi/contract';
import { expect } from 'vitest';
import { refundStatusHistory } from '../db/schema/refunds';
import { cardSale, sell, type SaleBody } from './order-fixtures';
import { requestAs, type RequestHeaders, type TestApp, withIdempotencyKey } from './test-app';
import { rowsIn } from './fixtures';

// Test data for refunds: paid sales to refund, and requests for refunds and their moves.

/** A paid sale (admin at the counter), answering its id and items. */
export async function paidOrder(t: TestApp, headers: RequestHeaders, body: SaleBody) {
  const res = await sell(t, headers, { allow_outside_hours: true, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: string;
    order_no: string;
    business_date: string;
    items: { id: string }[];
  };
}

/** A one-line card sale of `productId` at `outletId` paid `amount`. */
export const cardOrder = (
  t: TestApp,
  headers: RequestHeaders,
  outletId: string,
  productId: string,
  amount: number,
) => paidOrder(t, headers, cardSale(outletId, productId, amount));

/** A RM 10.60 sale of one `productId` paid RM 5.00 in cash and RM 5.60 by card. */
export const cashAndCardOrder = (
  t: TestApp,
  headers: RequestHeaders,
  outletId: string,
  productId: string,
  cardReference: string,
) =>
  paidOrder(t, headers, {
    outlet_id: outletId,
    items: [{ product_id: productId, quantity: 1 }],
    payments: [
      { method: 'cash', amount: 500, tendered: 500 },
      { method: 'card', amount: 560, reference: cardReference },
    ],
  });

/** POST /api/refunds with a fresh (or the given) Idempotency-Key. */
export const askRefund = (
  t: TestApp,
  headers: RequestHeaders,
  body: Record<string, unknown>,
  key?: string,
) => requestAs(t).post('/api/refunds', body, withIdempotencyKey(headers, key));

/** An asked-for refund (201), parsed. */
export async function refundOf(t: TestApp, headers: RequestHeaders, body: Record<string, unknown>) {
  const res = await askRefund(t, headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return refundSchema.parse(res.json().data);
}

/** The body of a refund of `amount` sen to the original payment (quality issue), plus `extra`. */
export const amountRefund = (
  orderId: string,
  amount: number,
  extra: Record<string, unknown> = {},
) => ({
  order_id: orderId,
  kind: 'amount',
  amount,
  method: 'original',
  reason: 'quality_issue',
  ...extra,
});

/** The body of a refund of `quantity` of an order's item to the original payment (wrong item). */
export const itemsRefund = (
  orderId: string,
  orderItemId: string,
  quantity: number,
  extra: Record<string, unknown> = {},
) => ({
  order_id: orderId,
  kind: 'items',
  items: [{ order_item_id: orderItemId, quantity }],
  method: 'original',
  reason: 'wrong_item',
  ...extra,
});

/** A full refund of an order to its original payment (quality issue), asked for (201). */
export const fullRefundOf = (t: TestApp, headers: RequestHeaders, orderId: string) =>
  refundOf(t, headers, {
    order_id: orderId,
    kind: 'full',
    method: 'original',
    reason: 'quality_issue',
  });

export const moveRefund = (
  t: TestApp,
  headers: RequestHeaders,
  id: string,
  body: Record<string, unknown>,
) => requestAs(t).post(`/api/refunds/${id}/status`, body, headers);

/** A move that must succeed, answering the refund after it. */
export async function movedRefund(
  t: TestApp,
  headers: RequestHeaders,
  id: string,
  body: Record<string, unknown>,
): Promise<Refund> {
  const res = await moveRefund(t, headers, id, body);
  expect(res.statusCode, res.body).toBe(200);
  return refundSchema.parse(res.json().data);
}

/** A refund's moves, oldest first, as its history rows. */
export const refundMovesOf = (t: TestApp, refundId: string) =>
  rowsIn(t, refundStatusHistory, refundStatusHistory.refundId, [refundId], refundStatusHistory.at);

export const bank = {
  bank_code: 'MBB',
  account_holder: 'Tan Mei Ling',
  account_number: '114012345678',
};
