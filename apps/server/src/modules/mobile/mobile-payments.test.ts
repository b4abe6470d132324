import { randomUUID } from 'node:crypto';
import { SANDBOX_SIGNATURE_HEADER } from '@kopi/contract';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderPayments, orders, orderStatusHistory } from '../../db/schema/orders';
import { paymentCallbacks, paymentIntents } from '../../db/schema/payments';
import { auditLog, notifications } from '../../db/schema/platform';
import { AppError } from '../../lib/errors';
import { demoOutlet } from '../../test/catalogue-fixtures';
import { addProduct, testClock } from '../../test/order-fixtures';
import {
  payWithSandbox,
  placeOrder,
  postCallback,
  verifiedCustomer,
  type TestCustomer,
} from '../../test/mobile-fixtures';
import { expectCode } from '../../test/expect-code';
import { useTestApp } from '../../test/use-test-app';
import { createCustomerOrderService } from '../orders/customer-orders.service';
import { createRefundPayouts } from '../payments/refund-payouts/refund-payouts.service';
import { noGateways, standaloneOrderDeps } from '../../test/standalone-services';
import { createPaymentService } from '../payments/intents/payments.service';
import { signedSandboxCallback, signSandboxBody } from '../payments/intents/sandbox-provider';
import { liveEventsAbout } from '../../test/fixtures';
import { sandboxSecret } from '../../test/gateway-order-fixtures';

// Paying an app order through the built-in sandbox provider: the signed callback moves the order
// CREATED → PENDING in one transaction (payment, history, audit, the staff's notification and the
// live event), a bad signature is refused, a replay changes nothing, and cancelling a paid order
// leaves what is owed back in refund_due.

const NOON_KL = '2026-06-10T04:00:00Z';
const clock = testClock(NOON_KL);
let customer: TestCustomer;
let kl: string;
let plain: string;

const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin'] });
const { admin } = as;
beforeAll(async () => {
  kl = (await demoOutlet(t, 'KL01')).id;
  plain = (await addProduct(t, { sku: 'PAY-PLAIN', price: 1000 })).id;
  customer = await verifiedCustomer(t, { name: 'Nur Aina' });
});
beforeEach(() => clock.set(NOON_KL));

/** The notifications about an order: title, its key and parameters. */
const notesOf = (orderId: string) =>
  t.database.db
    .select({
      title: notifications.title,
      titleKey: notifications.titleKey,
      params: notifications.params,
    })
    .from(notifications)
    .where(eq(notifications.idOrder, orderId));

async function newOrder(body: Record<string, unknown> = {}, who = customer) {
  const res = await placeOrder(t, who.headers, {
    outlet_id: kl,
    items: [{ product_id: plain, quantity: 1 }],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; order_no: string; total: number };
}

function startPayment(orderId: string, body: Record<string, unknown> = {}, who = customer) {
  return api.post(
    `/api/mobile/orders/${orderId}/pay`,
    { provider: 'sandbox', method: 'card', ...body },
    { ...who.headers, 'idempotency-key': randomUUID() },
  );
}

const orderRow = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

const eventsOf = async (id: string) =>
  (await liveEventsAbout(t, 'id_order', id)).map((e) => [e.type, e.message.status]);

describe('paying with the sandbox provider', () => {
  it('moves a paid order to PENDING with its payment, history, audit, notification and live event', async () => {
    const order = await newOrder({ serving_method: 'dine_in', table_code: 'A7' });
    const started = await startPayment(order.id, { method: 'tng' });
    expect(started.statusCode, started.body).toBe(201);
    const payment = started.json().data;
    expect(payment).toMatchObject({
      provider: 'sandbox',
      method: 'tng',
      amount: order.total,
      status: 'pending',
      redirect_url: null,
      sandbox_callback: { url: '/api/payments/sandbox/callback' },
    });
    expect(payment.sandbox_callback.headers[SANDBOX_SIGNATURE_HEADER]).toMatch(
      /^sha256=[0-9a-f]{64}$/,
    );
    expect(JSON.parse(payment.sandbox_callback.body)).toMatchObject({
      payment_id: payment.payment_id,
      order_id: order.id,
      amount: order.total,
      status: 'paid',
    });

    const callback = await postCallback(t, payment.sandbox_callback);
    expect(callback.statusCode, callback.body).toBe(200);
    expect(callback.json().data).toEqual({ received: true, duplicate: false });

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'PENDING', paid: order.total, paymentMethods: ['tng'] });
    const tracked = await api.get(`/api/mobile/orders/${order.id}`, customer.headers);
    expect(tracked.json().data).toMatchObject({
      status: 'PENDING',
      can_pay: false,
      can_cancel: true,
      payments: [{ method: 'tng', amount: order.total, status: 'paid' }],
    });
    expect(tracked.json().data.history.map((h: { status: string }) => h.status)).toEqual([
      'CREATED',
      'PENDING',
    ]);
    const [paymentRow] = await t.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id));
    expect(paymentRow).toMatchObject({
      lineNo: 1,
      method: 'tng',
      reference: `sandbox:${payment.payment_id}`,
    });
    const [history] = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(
        and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 'PENDING')),
      );
    expect(history).toMatchObject({
      fromStatus: 'CREATED',
      byName: 'Online payment (sandbox)',
      reason: null,
      reasonCode: 'paid_online',
      reasonParams: { amount: order.total, method: 'tng' },
    });
    const [paidAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.paid')));
    expect(paidAudit).toMatchObject({ actorUsername: 'payments:sandbox', actorId: null });
    // The bar hears of it now: notification for the outlet's staff and the status board's event.
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.idOrder, order.id));
    expect(note).toMatchObject({
      outletId: kl,
      title: `New order ${order.order_no}`,
      body: `MOBILE · Dine in · table A7 · RM ${(order.total / 100).toFixed(2)}`,
      // What the web translates; the English title above is its fallback.
      titleKey: 'orderPaid',
      params: {
        order_no: order.order_no,
        serving_method: 'dine_in',
        table_no: 'A7',
        total: order.total,
      },
    });
    expect(await eventsOf(order.id)).toEqual([
      ['order.created', 'CREATED'],
      ['order.status', 'PENDING'],
    ]);
    const board = await api.get(`/api/orders/${order.id}`, admin);
    expect(board.json().data).toMatchObject({
      status: 'PENDING',
      via: 'MOBILE',
      paid: order.total,
    });
  });

  it('refuses a callback with a bad, missing or stolen signature and changes nothing', async () => {
    const order = await newOrder();
    const payment = (await startPayment(order.id)).json().data;
    const cb = payment.sandbox_callback;
    const wrong = cb.headers[SANDBOX_SIGNATURE_HEADER].replace(/.$/, (c: string) =>
      c === '0' ? '1' : '0',
    );
    expectCode(
      await postCallback(t, {
        ...cb,
        headers: { ...cb.headers, [SANDBOX_SIGNATURE_HEADER]: wrong },
      }),
      401,
      'payment_signature_invalid',
    );
    const { [SANDBOX_SIGNATURE_HEADER]: _dropped, ...unsigned } = cb.headers;
    expectCode(
      await postCallback(t, { ...cb, headers: unsigned }),
      401,
      'payment_signature_invalid',
    );
    // The signature of one body does not vouch for another (a smaller amount, say).
    const tampered = cb.body.replace(`"amount":${order.total}`, '"amount":1');
    expectCode(await postCallback(t, { ...cb, body: tampered }), 401, 'payment_signature_invalid');
    // Signed with some other key.
    expectCode(
      await postCallback(t, {
        ...cb,
        headers: {
          ...cb.headers,
          [SANDBOX_SIGNATURE_HEADER]: signSandboxBody('x'.repeat(40), cb.body),
        },
      }),
      401,
      'payment_signature_invalid',
    );
    expect((await orderRow(order.id)).status).toBe('CREATED');
    const [recorded] = await t.database.db
      .select({ n: count() })
      .from(paymentCallbacks)
      .where(eq(paymentCallbacks.paymentId, payment.payment_id));
    expect(recorded!.n).toBe(0);
    // The genuine one still works afterwards.
    expect((await postCallback(t, cb)).json().data.duplicate).toBe(false);
  });

  it('ignores a replayed callback: 200, duplicate, no second payment, history or event', async () => {
    const order = await newOrder();
    const { payment, callback } = await payWithSandbox(t, customer.headers, order.id);
    expect(callback.statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const again = await postCallback(t, payment.sandbox_callback);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toEqual({ received: true, duplicate: true });
    }
    // Replays racing each other are still applied once.
    await Promise.all(Array.from({ length: 5 }, () => postCallback(t, payment.sandbox_callback)));
    const [payments] = await t.database.db
      .select({ n: count() })
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id));
    expect(payments!.n).toBe(1);
    expect((await orderRow(order.id)).paid).toBe(order.total);
    expect(await eventsOf(order.id)).toEqual([
      ['order.created', 'CREATED'],
      ['order.status', 'PENDING'],
    ]);
  });

  it('refuses a correctly signed callback for the wrong amount, order or an unknown payment', async () => {
    const order = await newOrder();
    const payment = (await startPayment(order.id)).json().data;
    const secret = await sandboxSecret(t);
    const signed = (body: Record<string, unknown>) =>
      signedSandboxCallback(secret, JSON.stringify(body));
    const base = JSON.parse(payment.sandbox_callback.body);
    const short = expectCode(
      await postCallback(
        t,
        signed({ ...base, event_id: `evt_${randomUUID()}`, amount: order.total - 1 }),
      ),
      400,
      'payment_amount_mismatch',
    );
    expect(short.message).toContain(`RM ${(order.total / 100).toFixed(2)}`);
    expectCode(
      await postCallback(
        t,
        signed({ ...base, event_id: `evt_${randomUUID()}`, order_id: randomUUID() }),
      ),
      404,
      'not_found',
    );
    expectCode(
      await postCallback(
        t,
        signed({ ...base, event_id: `evt_${randomUUID()}`, payment_id: randomUUID() }),
      ),
      404,
      'not_found',
    );
    expectCode(
      await postCallback(t, signed({ ...base, amount: 'lots' })),
      400,
      'validation_failed',
    );
    expect((await orderRow(order.id)).status).toBe('CREATED');
    expectCode(
      await api.post('/api/payments/paypal/callback', payment.sandbox_callback.body, {
        'content-type': 'application/json',
      }),
      404,
      'not_found',
    );
  });

  it('refuses a callback older than five minutes', async () => {
    const order = await newOrder();
    const payment = (await startPayment(order.id)).json().data;
    clock.set('2026-06-10T04:06:00Z');
    expectCode(await postCallback(t, payment.sandbox_callback), 400, 'payment_callback_stale');
    expect((await orderRow(order.id)).status).toBe('CREATED');
  });

  it('keeps a declined order CREATED; it can be paid again', async () => {
    const order = await newOrder();
    const declined = await payWithSandbox(t, customer.headers, order.id, { outcome: 'failed' });
    expect(declined.callback.json().data.duplicate).toBe(false);
    expect((await orderRow(order.id)).status).toBe('CREATED');
    const [failedAudit] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'payment.failed')));
    expect(failedAudit!.n).toBe(1);
    await payWithSandbox(t, customer.headers, order.id);
    expect((await orderRow(order.id)).status).toBe('PENDING');
  });

  it('answers 409 for paying an order twice or a cancelled one; 401, 404 and 400 as usual', async () => {
    const order = await newOrder();
    await payWithSandbox(t, customer.headers, order.id);
    expectCode(await startPayment(order.id), 409, 'order_not_payable');
    const cancelled = await newOrder();
    await api.post(`/api/mobile/orders/${cancelled.id}/cancel`, undefined, customer.headers);
    const refused = expectCode(await startPayment(cancelled.id), 409, 'order_not_payable');
    expect(refused.message).toBe('This order was cancelled and cannot be paid');

    const fresh = await newOrder();
    const stranger = await verifiedCustomer(t, { name: 'Stranger' });
    expectCode(await startPayment(fresh.id, {}, stranger), 404, 'not_found');
    expectCode(
      await api.post(
        `/api/mobile/orders/${fresh.id}/pay`,
        { provider: 'sandbox' },
        { 'idempotency-key': randomUUID() },
      ),
      401,
      'unauthorized',
    );
    expectCode(
      await api.post(
        `/api/mobile/orders/${fresh.id}/pay`,
        { provider: 'sandbox' },
        customer.headers,
      ),
      400,
      'idempotency_key_required',
    );
    expectCode(await startPayment(fresh.id, { method: 'cash' }), 400, 'validation_failed');
    expectCode(await startPayment(fresh.id, { provider: 'paypal' }), 400, 'validation_failed');
  });

  it('pays through the default when the app names no provider: the sandbox for a business without a gateway', async () => {
    const options = await api.get('/api/mobile/payment-options', customer.headers);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data).toEqual([
      expect.objectContaining({ provider: 'sandbox', is_default: true }),
    ]);
    expect(options.json().data[0].methods).toEqual(expect.arrayContaining(['fpx', 'card', 'tng']));
    expectCode(await api.get('/api/mobile/payment-options'), 401, 'unauthorized');

    const order = await newOrder();
    const started = await startPayment(order.id, { provider: undefined, method: 'fpx' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().data).toMatchObject({ provider: 'sandbox', method: 'fpx' });
  });

  it('refuses the sandbox when it is switched off', async () => {
    const order = await newOrder();
    const deps = await standaloneOrderDeps(t, clock.now);
    const gateways = noGateways(t, clock.now);
    const service = createPaymentService({
      db: t.database.db,
      now: clock.now,
      providers: [],
      orders: createCustomerOrderService(deps),
      payouts: createRefundPayouts({
        db: t.database.db,
        now: clock.now,
        providers: [],
        gateways,
        deliver: () => {},
        onError: (error) => {
          throw error;
        },
      }),
      settleRefund: deps.refunds.settleByProvider,
      gateways,
    });
    const principal = {
      customerId: customer.session.customer.id,
      sessionId: randomUUID(),
      tenantId: (await orderRow(order.id)).tenantId,
      tenantSlug: 'kopi-demo',
      name: 'Nur Aina',
      phone: customer.phone,
    };
    const ctx = { principal: null, ip: '127.0.0.1', userAgent: null, requestId: 'test' };
    await expect(
      service.start(principal, ctx, order.id, {
        provider: 'sandbox',
        method: 'card',
        sandbox_outcome: 'paid',
      }),
    ).rejects.toEqual(new AppError('payment_provider_unavailable'));
    // Naming none finds no gateway and no sandbox either.
    await expect(
      service.start(principal, ctx, order.id, { method: 'card', sandbox_outcome: 'paid' }),
    ).rejects.toEqual(new AppError('payment_provider_unavailable'));
  });
});

describe('cancelling a paid order', () => {
  it('rejects a PENDING order with refund_due, tells the outlet, and refuses once accepted', async () => {
    const order = await newOrder();
    await payWithSandbox(t, customer.headers, order.id);
    const res = await api.post(
      `/api/mobile/orders/${order.id}/cancel`,
      { reason: 'Ordered at the wrong outlet' },
      customer.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'REJECTED',
      paid: order.total,
      refund_due: order.total,
    });
    expect(res.json().data.history.at(-1)).toMatchObject({
      status: 'REJECTED',
      reason: 'Cancelled by the customer: Ordered at the wrong outlet',
      reason_code: 'cancelled_by_customer',
      reason_params: { note: 'Ordered at the wrong outlet' },
    });
    // An app in Malay reads the server's reasons in Malay, the customer's words as written.
    const inMalay = await api.get(`/api/mobile/orders/${order.id}`, {
      ...customer.headers,
      'accept-language': 'ms',
    });
    expect(inMalay.json().data.history.map((h: { reason: string | null }) => h.reason)).toEqual([
      'Dibuat dalam aplikasi',
      expect.stringMatching(/^Dibayar dalam talian: RM \d+\.\d{2} \(Kad\)$/),
      'Dibatalkan oleh pelanggan: Ordered at the wrong outlet',
    ]);
    const notes = await notesOf(order.id);
    expect(notes).toContainEqual({
      title: `Order ${order.order_no} cancelled by the customer`,
      titleKey: 'customerCancelled',
      params: {
        order_no: order.order_no,
        by: expect.any(String),
        reason: 'Ordered at the wrong outlet',
        refund: order.total,
      },
    });
    const [trail] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.status')));
    expect(trail).toMatchObject({ before: { status: 'PENDING' } });
    expect(trail!.after).toMatchObject({ status: 'REJECTED', refund_due: order.total });

    // Once the outlet accepts an order it is being made: too late to cancel.
    const accepted = await newOrder();
    await payWithSandbox(t, customer.headers, accepted.id);
    const move = await api.post(`/api/orders/${accepted.id}/status`, { status: 'APPROVED' }, admin);
    expect(move.statusCode, move.body).toBe(200);
    const late = expectCode(
      await api.post(`/api/mobile/orders/${accepted.id}/cancel`, undefined, customer.headers),
      409,
      'order_not_cancellable',
    );
    expect(late.message).toMatch(/accepted this order/);
  });

  it('records a payment that lands after the order was cancelled as owed back', async () => {
    const order = await newOrder();
    const payment = (await startPayment(order.id)).json().data;
    await api.post(`/api/mobile/orders/${order.id}/cancel`, undefined, customer.headers);
    const late = await postCallback(t, payment.sandbox_callback);
    expect(late.statusCode, late.body).toBe(200);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'REJECTED', paid: order.total });
    // Owed back in full: still due, or already paid back by the refund the sandbox provider
    // settles on its own a moment later (either may be what this read sees).
    expect(row.refundDue + row.refunded).toBe(order.total);
    const [note] = await notesOf(order.id);
    expect(note).toEqual({
      title: `Order ${order.order_no} was paid after it was cancelled`,
      titleKey: 'paidAfterCancel',
      params: { order_no: order.order_no, amount: order.total, provider: 'sandbox' },
    });
  });
});

describe('idempotent payment starts', () => {
  it('replays the first answer for the same key instead of starting a second payment', async () => {
    const order = await newOrder();
    const key = randomUUID();
    const start = () =>
      api.post(
        `/api/mobile/orders/${order.id}/pay`,
        { provider: 'sandbox', method: 'card' },
        { ...customer.headers, 'idempotency-key': key },
      );
    const first = await start();
    const second = await start();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.payment_id).toBe(first.json().data.payment_id);
    const [intents] = await t.database.db
      .select({ n: count() })
      .from(paymentIntents)
      .where(eq(paymentIntents.orderId, order.id));
    expect(intents!.n).toBe(1);
  });
});
