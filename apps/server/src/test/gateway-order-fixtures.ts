import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderPayments, orders } from '../db/schema/orders';
import { paymentCallbacks } from '../db/schema/payments';
import { serverSecrets } from '../db/schema/platform';
import { demoOutlet } from './catalogue-fixtures';
import { placeOrder, verifiedCustomer, type TestCustomer } from './mobile-fixtures';
import { addProduct } from './order-fixtures';
import type { RequestHeaders, Requests, TestApp } from './test-app';
import { auditsOf } from './fixtures';

// What the gateways' end-to-end tests share: a business that set the gateway up, a verified
// customer with an app order at KL01, the start of a payment, and the order as the board sees it.

export interface GatewayShop {
  customer: TestCustomer;
  /** The business's gateway account, as set up. */
  gatewayId: string;
  kl: string;
  plain: string;
}

/** Sets up `gateway` for the demo business (as its admin) and a customer and product to sell. */
export async function gatewayShop(
  t: TestApp,
  api: Requests,
  admin: RequestHeaders,
  gateway: { provider: string; methods: string[]; credentials: Record<string, string> },
): Promise<GatewayShop> {
  const kl = (await demoOutlet(t, 'KL01')).id;
  const sku = `${gateway.provider.toUpperCase()}-PLAIN`;
  const plain = (await addProduct(t, { sku, price: 1250 })).id;
  const customer = await verifiedCustomer(t, { name: `Aisyah ${gateway.provider}` });
  const created = await api.post(
    '/api/payment-gateways',
    { ...gateway, mode: 'sandbox', is_default: true, enabled: true },
    admin,
  );
  expect(created.statusCode, created.body).toBe(201);
  return { customer, gatewayId: (created.json().data as { id: string }).id, kl, plain };
}

/** An app order of one RM 12.50 item at KL01, CREATED and waiting for its payment. */
export async function newAppOrder(t: TestApp, shop: GatewayShop) {
  const res = await placeOrder(t, shop.customer.headers, {
    outlet_id: shop.kl,
    items: [{ product_id: shop.plain, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; order_no: string; total: number };
}

/** The app's pay call with `provider`; its answer. */
export async function startPaying(
  api: Requests,
  shop: GatewayShop,
  orderId: string,
  provider: string,
  method = 'card',
) {
  const res = await api.post(
    `/api/mobile/orders/${orderId}/pay`,
    { provider, method },
    { ...shop.customer.headers, 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    payment_id: string;
    redirect_url: string | null;
    client_secret?: string;
    amount: number;
  };
}

/** The secret the built-in sandbox provider signs its callbacks with (made at the app's start). */
export async function sandboxSecret(t: TestApp) {
  const secrets = await t.database.db.select().from(serverSecrets);
  return secrets.find((s) => s.name === 'payment_sandbox_secret')!.value;
}

export const orderRow = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

export const paymentsOf = (t: TestApp, orderId: string) =>
  t.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));

/** Whether the order is on KL01's status board as the cashier sees it. */
export async function onBoard(
  api: Requests,
  shop: GatewayShop,
  cashier: RequestHeaders,
  orderId: string,
) {
  const res = await api.get(`/api/orders/board?outlet_id=${shop.kl}`, cashier);
  expect(res.statusCode, res.body).toBe(200);
  return JSON.stringify(res.json().data).includes(orderId);
}

/** Paid once however often the gateway told it: one payment, one callback kept. */
export async function expectPaidOnce(t: TestApp, orderId: string, paymentId: string) {
  expect(await paymentsOf(t, orderId)).toHaveLength(1);
  const [events] = await t.database.db
    .select({ n: count() })
    .from(paymentCallbacks)
    .where(eq(paymentCallbacks.paymentId, paymentId));
  expect(events!.n).toBe(1);
}

/** The gateway's post was taken: 200, with the exact body the gateway reads back. */
export function expectAcknowledged(answer: { statusCode: number; body: string }, body: string) {
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.body).toBe(body);
}

/** The order is untouched: still CREATED, nothing paid. */
export async function expectUnpaid(t: TestApp, orderId: string) {
  expect((await orderRow(t, orderId)).status).toBe('CREATED');
  expect(await paymentsOf(t, orderId)).toHaveLength(0);
}

/**
 * A notification for another amount was refused: the order is untouched and the trail holds it
 * once, in the gateway's name, with what was expected and what was notified.
 */
export async function expectMismatchRecorded(
  t: TestApp,
  o: { provider: string; orderId: string; paymentId: string; expected: number; notified: number },
) {
  await expectUnpaid(t, o.orderId);
  const trail = await auditsOf(t, 'payment.mismatch', o.orderId);
  expect(trail).toHaveLength(1);
  expect(trail[0]).toMatchObject({
    actorUsername: `payments:${o.provider}`,
    after: {
      payment_id: o.paymentId,
      expected: { amount: o.expected, currency: 'MYR' },
      notified: { amount: o.notified, currency: 'MYR', status: 'paid' },
    },
  });
}
