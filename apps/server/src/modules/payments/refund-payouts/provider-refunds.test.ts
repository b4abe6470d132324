import { type PaymentStart, refundSchema } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { providerRefunds } from '../../../db/schema/payments';
import { auditLog } from '../../../db/schema/platform';
import { refunds } from '../../../db/schema/refunds';
import { demoOutlet } from '../../../test/catalogue-fixtures';
import { expectCode } from '../../../test/expect-code';
import {
  payWithSandbox,
  placeOrder,
  postCallback,
  verifiedCustomer,
  type TestCustomer,
} from '../../../test/mobile-fixtures';
import { addProduct, testClock } from '../../../test/order-fixtures';
import {
  itemsRefund,
  movedRefund,
  moveRefund,
  refundOf,
  refundMovesOf,
} from '../../../test/refund-fixtures';
import { noGateways } from '../../../test/standalone-services';
import { useTestApp } from '../../../test/use-test-app';
import { createRefundPayouts } from './refund-payouts.service';
import { createSandboxProvider, signedSandboxCallback } from '../intents/sandbox-provider';

// Refunds paid back through the sandbox provider: approved, asked of the provider once the
// approval commits, completed by its signed callback exactly once however often the callback
// arrives, and never completed by hand while the provider has it.

type Callback = NonNullable<PaymentStart['sandbox_callback']>;

const NOON_KL = '2026-06-10T04:00:00Z';
const SECRET = 'provider-refunds-test-secret';
const clock = testClock(NOON_KL);
/** The sandbox's refund callbacks, held back so each test delivers them as it wants. */
const delivered: Callback[] = [];
let customer: TestCustomer;
let kl: string;
let plain: string;

const { t, api, as } = useTestApp({
  now: clock.now,
  config: { paymentSandboxSecret: SECRET },
  sandboxDelivery: (callback) => delivered.push(callback),
  signIn: ['finance', 'cashier'],
});
const { finance, cashier } = as;
beforeAll(async () => {
  kl = (await demoOutlet(t, 'KL01')).id;
  plain = (await addProduct(t, { sku: 'PROV-REFUND', price: 1000 })).id;
  customer = await verifiedCustomer(t, { name: 'Siti Refund' });
});
beforeEach(() => {
  clock.set(NOON_KL);
  delivered.length = 0;
});

async function paidAppOrder(quantity = 1) {
  const res = await placeOrder(t, customer.headers, {
    outlet_id: kl,
    items: [{ product_id: plain, quantity }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data as { id: string; total: number; items: { id: string }[] };
  const { payment } = await payWithSandbox(t, customer.headers, order.id);
  return { ...order, paymentId: payment.payment_id };
}

const cancel = (orderId: string) =>
  api.post(`/api/mobile/orders/${orderId}/cancel`, {}, customer.headers);

const refundsOf = (orderId: string) =>
  t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

/** The order's one refund, approved and waiting on the provider's payout (and `also`). */
async function payoutPending(orderId: string, also: Record<string, unknown> = {}) {
  const [refund] = await refundsOf(orderId);
  expect(refund).toMatchObject({ ...also, status: 'APPROVED', providerPayout: 'pending' });
  return refund!;
}

async function refundView(id: string) {
  const res = await api.get(`/api/refunds/${id}`, finance);
  expect(res.statusCode, res.body).toBe(200);
  return refundSchema.parse(res.json().data);
}

/** The one refund callback the sandbox sent (its delivery held back). */
function onlyCallback(): Callback {
  expect(delivered).toHaveLength(1);
  return delivered[0]!;
}

/** A callback body of our own, signed with the sandbox's secret. */
const signed = (body: Record<string, unknown>): Callback =>
  signedSandboxCallback(SECRET, JSON.stringify(body));

describe('an app order cancelled after payment', () => {
  it('is refunded through the sandbox exactly once when its callback arrives three times', async () => {
    const order = await paidAppOrder();
    expect((await cancel(order.id)).statusCode).toBe(200);
    const refund = await payoutPending(order.id, { method: 'original', amount: order.total });
    // While the provider has it, nobody completes it by hand.
    expect((await refundView(refund!.id)).allowed_statuses).toEqual([]);
    expectCode(
      await moveRefund(t, finance, refund!.id, { status: 'COMPLETED' }),
      409,
      'refund_awaiting_provider',
    );

    const callback = onlyCallback();
    expect(JSON.parse(callback.body)).toMatchObject({
      type: 'refund',
      payment_id: order.paymentId,
      amount: order.total,
      status: 'refunded',
    });
    const answers = await Promise.all([1, 2, 3].map(() => postCallback(t, callback)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.map((r) => r.json().data.duplicate).sort()).toEqual([false, true, true]);

    const view = await refundView(refund!.id);
    expect(view).toMatchObject({
      status: 'COMPLETED',
      provider_payout: 'succeeded',
      business_date: '2026-06-10',
      allowed_statuses: ['CLOSED'],
    });
    expect(view.history.map((h) => [h.from, h.to, h.by])).toEqual([
      ['CREATED', 'PENDING', 'Siti Refund'],
      ['PENDING', 'APPROVED', 'Automatic refund'],
      ['APPROVED', 'COMPLETED', 'Online refund (sandbox)'],
    ]);
    const [row] = await t.database.db
      .select({ refunded: orders.refunded, refundDue: orders.refundDue })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row).toEqual({ refunded: order.total, refundDue: 0 });
    const completions = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, refund!.id), eq(auditLog.action, 'refund.status')));
    expect(
      completions.map((a) => [a.actorUsername, (a.after as { status: string }).status]),
    ).toEqual([
      [null, 'APPROVED'],
      ['Online refund (sandbox)', 'COMPLETED'],
    ]);

    // The sandbox asked again (after a crash, say) answers the same event: still one refund.
    const sweeper = createRefundPayouts({
      db: t.database.db,
      now: clock.now,
      providers: [createSandboxProvider({ secret: SECRET, now: clock.now })],
      gateways: noGateways(t, clock.now),
      deliver: (cb) => delivered.push(cb),
      onError: (error) => {
        throw error;
      },
    });
    const nothingToSettle = () => Promise.reject(new Error('nothing is left to settle'));
    await t.database.db
      .update(providerRefunds)
      .set({ status: 'pending' })
      .where(eq(providerRefunds.refundId, refund!.id));
    delivered.length = 0;
    expect(await sweeper.resendUnanswered(nothingToSettle, 0)).toBeGreaterThanOrEqual(1);
    const again = delivered.find((cb) => JSON.parse(cb.body).payment_id === order.paymentId);
    expect(JSON.parse(again!.body).event_id).toBe(JSON.parse(callback.body).event_id);
    expect((await postCallback(t, again!)).json().data.duplicate).toBe(true);
    const history = await refundMovesOf(t, refund!.id);
    expect(history).toHaveLength(3);
  });

  it('leaves the refund to the staff when the provider cannot pay it back', async () => {
    const order = await paidAppOrder();
    await cancel(order.id);
    const [refund] = await refundsOf(order.id);
    const sent = JSON.parse(onlyCallback().body) as Record<string, unknown>;
    const failed = signed({ ...sent, event_id: `${String(sent.event_id)}-f`, status: 'failed' });
    expect((await postCallback(t, failed)).statusCode).toBe(200);
    expect((await postCallback(t, failed)).json().data.duplicate).toBe(true);
    // The provider's later success for the same refund changes nothing either.
    expect((await postCallback(t, onlyCallback())).json().data.duplicate).toBe(true);
    const view = await refundView(refund!.id);
    expect(view).toMatchObject({ status: 'APPROVED', provider_payout: 'failed' });
    expect(view.allowed_statuses).toEqual(['COMPLETED']);
    const done = await movedRefund(t, finance, refund!.id, { status: 'COMPLETED' });
    expect(done.history.at(-1)?.by).not.toBe('Online refund (sandbox)');
  });

  it('refuses a callback that does not match what was asked', async () => {
    const order = await paidAppOrder();
    await cancel(order.id);
    const sent = JSON.parse(onlyCallback().body) as Record<string, unknown>;
    const forged = { ...onlyCallback(), body: JSON.stringify({ ...sent, amount: 1 }) };
    expectCode(await postCallback(t, forged), 401, 'payment_signature_invalid');
    expectCode(
      await postCallback(t, signed({ ...sent, amount: 1 })),
      400,
      'payment_amount_mismatch',
    );
    expectCode(
      await postCallback(t, signed({ ...sent, refund_id: '00000000-0000-4000-8000-000000000000' })),
      404,
      'not_found',
    );
    await payoutPending(order.id);
  });
});

describe('a payment that arrives after the customer cancelled', () => {
  it('is asked back and paid back through the sandbox', async () => {
    const res = await placeOrder(t, customer.headers, {
      outlet_id: kl,
      items: [{ product_id: plain, quantity: 2 }],
    });
    const order = res.json().data as { id: string; total: number };
    const started = await api.post(
      `/api/mobile/orders/${order.id}/pay`,
      { provider: 'sandbox' },
      { ...customer.headers, 'idempotency-key': `late-${order.id}` },
    );
    expect(started.statusCode, started.body).toBe(201);
    expect((await cancel(order.id)).statusCode).toBe(200);
    expect(await refundsOf(order.id)).toHaveLength(0);
    const payment = started.json().data as PaymentStart;
    expect((await postCallback(t, payment.sandbox_callback!)).statusCode).toBe(200);
    await payoutPending(order.id, {
      kind: 'amount',
      amount: order.total,
      requestedByName: 'Online payment after cancel',
    });
    await postCallback(t, onlyCallback());
    expect((await refundsOf(order.id))[0]).toMatchObject({ status: 'COMPLETED' });
  });
});

describe('a refund the staff ask for on an app order', () => {
  it('goes back through the sandbox once finance approves it', async () => {
    const order = await paidAppOrder(2);
    const asked = await refundOf(t, cashier, itemsRefund(order.id, order.items[0]!.id, 1));
    expect(asked).toMatchObject({ status: 'PENDING', provider_payout: null });
    expect(delivered).toHaveLength(0);
    const approved = await movedRefund(t, finance, asked.id, { status: 'APPROVED' });
    expect(approved).toMatchObject({ provider_payout: 'pending', allowed_statuses: [] });
    const sent = JSON.parse(onlyCallback().body) as { amount: number };
    expect(sent.amount).toBe(asked.amount);
    await postCallback(t, onlyCallback());
    expect(await refundView(asked.id)).toMatchObject({
      status: 'COMPLETED',
      provider_payout: 'succeeded',
    });
  });
});
