import { and, asc, eq, type SQL } from 'drizzle-orm';
import { walletPaymentCodes } from '../../db/schema/loyalty';
import { paymentIntents } from '../../db/schema/payments';
import { demoOutletIds } from '../catalogue-fixtures';
import { pointsEntry } from '../customer-fixtures';
import { verifiedCustomer } from '../mobile-fixtures';
import { addProduct, demoTenantId, testClock } from '../order-fixtures';
import type { RequestHeaders } from '../test-app';
import type { TestAppContext } from '../use-test-app';
import { placedAppOrder, walletCustomer } from '../wallet-pay-fixtures';
import type { Drivers } from './walk';

// The customer app's writes: orders, their payments and cancels, points, wallet payment codes and
// top-ups. Each driver signs up a customer of its own (a customer's key is scoped to them) and
// sends as them.

/** Noon in Kuala Lumpur on a Wednesday: the outlets are open and take app orders. */
export const loyaltyAppClock = testClock('2026-06-10T04:00:00Z');

let counter = 0;
const n = () => ++counter;

export function loyaltyAppMobileDrivers({ t, api }: TestAppContext<'admin'>): Drivers {
  const db = () => t.database.db;

  /** A fresh RM 5.00 product (RM 5.30 with SST) and the KL01 outlet it is ordered at. */
  async function shop() {
    const product = await addProduct(t, { sku: `REUSE-APP-${n()}`, price: 500 });
    return { kl: (await demoOutletIds(t)).kl, productId: product.id };
  }
  /** `count` app orders (CREATED, unpaid) of one product, placed by the customer. */
  async function appOrders(headers: RequestHeaders, count: number) {
    const { kl, productId } = await shop();
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await placedAppOrder(t, headers, kl, productId)).id);
    return ids;
  }
  const get = async (url: string, headers: RequestHeaders) => (await api.get(url, headers)).json();
  const intents = (where: SQL | undefined) =>
    db()
      .select({
        order: paymentIntents.orderId,
        method: paymentIntents.method,
        amount: paymentIntents.amount,
        status: paymentIntents.status,
      })
      .from(paymentIntents)
      .where(where)
      .orderBy(asc(paymentIntents.amount), asc(paymentIntents.method));

  return {
    'POST /api/mobile/orders': async () => {
      const { headers } = await verifiedCustomer(t);
      const { kl, productId } = await shop();
      const order = (quantity: number) => ({
        outlet_id: kl,
        serving_method: 'pick_up',
        items: [{ product_id: productId, quantity }],
      });
      return {
        url: '/api/mobile/orders',
        first: order(1),
        second: order(2),
        effect: () => get('/api/mobile/orders', headers),
        headers,
      };
    },
    'POST /api/mobile/orders/:id/pay': async () => {
      const { headers } = await verifiedCustomer(t);
      const [id] = await appOrders(headers, 1);
      return {
        url: `/api/mobile/orders/${id}/pay`,
        first: { provider: 'sandbox', method: 'card' },
        // A declined or abandoned card may be followed by another method on the same order.
        second: { provider: 'sandbox', method: 'fpx' },
        effect: async () => [
          await get(`/api/mobile/orders/${id}`, headers),
          await intents(eq(paymentIntents.orderId, id!)),
        ],
        headers,
      };
    },
    'POST /api/mobile/orders/:id/cancel': async () => {
      const { headers } = await verifiedCustomer(t);
      const [one, two] = await appOrders(headers, 2);
      return {
        url: `/api/mobile/orders/${one}/cancel`,
        first: { reason: 'Ordered at the wrong outlet' },
        // An order is cancelled once: only another one could be.
        secondUrl: `/api/mobile/orders/${two}/cancel`,
        effect: async () => [
          await get(`/api/mobile/orders/${one}`, headers),
          await get(`/api/mobile/orders/${two}`, headers),
        ],
        headers,
      };
    },
    'POST /api/mobile/orders/:id/pay-with-wallet': async () => {
      const customer = await walletCustomer(t, 5000);
      const [one, two] = await appOrders(customer.headers, 2);
      return {
        url: `/api/mobile/orders/${one}/pay-with-wallet`,
        // The route takes no body: only another order could be paid.
        secondUrl: `/api/mobile/orders/${two}/pay-with-wallet`,
        effect: async () => [
          await get(`/api/mobile/orders/${one}`, customer.headers),
          await get(`/api/mobile/orders/${two}`, customer.headers),
          await get('/api/mobile/wallet', customer.headers),
        ],
        headers: customer.headers,
      };
    },
    'POST /api/mobile/points/redeem': async () => {
      const customer = await verifiedCustomer(t);
      const id = customer.session.customer.id;
      await pointsEntry(t, { id, tenantId: await demoTenantId(t) }, 500);
      return {
        url: '/api/mobile/points/redeem',
        first: { points: 100 },
        second: { points: 200 },
        effect: async () => [
          await get('/api/mobile/points', customer.headers),
          await get('/api/mobile/wallet', customer.headers),
        ],
        headers: customer.headers,
      };
    },
    'POST /api/mobile/wallet/payment-code': async () => {
      const customer = await verifiedCustomer(t);
      const id = customer.session.customer.id;
      return {
        url: '/api/mobile/wallet/payment-code',
        // The route takes no body and has no target: a body it ignores is the only other request,
        // and sent with a fresh key it would issue a second code.
        second: {},
        effect: () =>
          db()
            .select({ id: walletPaymentCodes.id, usedAt: walletPaymentCodes.usedAt })
            .from(walletPaymentCodes)
            .where(eq(walletPaymentCodes.customerId, id))
            .orderBy(asc(walletPaymentCodes.id)),
        headers: customer.headers,
      };
    },
    'POST /api/mobile/wallet/topups': async () => {
      const customer = await verifiedCustomer(t);
      const id = customer.session.customer.id;
      return {
        url: '/api/mobile/wallet/topups',
        first: { amount: 1000 },
        second: { amount: 2000 },
        effect: async () => [
          await intents(
            and(eq(paymentIntents.customerId, id), eq(paymentIntents.purpose, 'topup')),
          ),
          await get('/api/mobile/wallet', customer.headers),
        ],
        headers: customer.headers,
      };
    },
  };
}
