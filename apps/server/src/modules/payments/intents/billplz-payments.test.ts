import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentIntents, providerRefunds } from '../../../db/schema/payments';
import { refunds } from '../../../db/schema/refunds';
import { startFakeBillplzInto } from '../../../test/billplz-fake';
import { expectCode } from '../../../test/expect-code';
import { verifiedCustomer } from '../../../test/mobile-fixtures';
import { movedRefund, refundOf } from '../../../test/refund-fixtures';
import {
  newAppOrder,
  orderRow,
  paymentsOf,
  startPaying,
  expectMismatchRecorded,
  expectPaidOnce,
} from '../../../test/gateway-order-fixtures';
import { useGatewayShop } from '../../../test/use-gateway-shop';

// An app order paid through Billplz end to end, against a loopback fake of Billplz: the business
// sets up its account, the customer starts paying (a bill is created with Basic auth), the fake
// posts the signed callback and the order goes PENDING on the status board. A forged signature,
// an altered amount and a replay are refused or change nothing; the callback delivered twice, or
// after the redirect, makes one payment; a refund goes to the staff (Billplz has no refund API), whether
// the system or finance approves it.

const CREDENTIALS = {
  api_key: '73eb57f0-7d4e-42b9-a544-aeac6e4b0f81',
  x_signature_key: 'S-fake-billplz-signature-key-0001',
  collection_id: 'kopi_col',
};
const { t, api, as, gateway, outcomeOrder, expectPaidByCard } = useGatewayShop({
  provider: 'billplz',
  credentials: CREDENTIALS,
  startFake: (app) => startFakeBillplzInto(app, CREDENTIALS),
});
const { admin, cashier, finance } = as;

/** Starts paying with Billplz: the bill the gateway.fake created, and the app's answer. */
async function startBillplz(orderId: string, method = 'card') {
  const payment = await startPaying(api, gateway.shop, orderId, 'billplz', method);
  const bill = [...gateway.fake.bills.values()].find((b) => b.reference_1 === payment.payment_id)!;
  return { payment, bill };
}

describe('an app order paid through Billplz', () => {
  it('creates a bill with Basic auth and goes PENDING on the board once the signed callback arrives', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { payment, bill } = await startBillplz(order.id);
    expect(payment.redirect_url).toBe(bill.url);
    expect(bill).toMatchObject({
      amount: order.total,
      collection_id: CREDENTIALS.collection_id,
      name: 'Aisyah billplz',
      callback_url: 'http://localhost:3000/api/payments/billplz/callback',
      redirect_url: 'http://localhost:3000/api/payments/billplz/return',
    });
    const create = gateway.fake.requests.find(
      (r) => r.method === 'POST' && r.path === '/api/v3/bills',
    );
    expect(create?.authorization).toBe(
      `Basic ${Buffer.from(`${CREDENTIALS.api_key}:`).toString('base64')}`,
    );
    const [intent] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, payment.payment_id));
    expect(intent).toMatchObject({ provider: 'billplz', providerRef: bill.id, status: 'pending' });
    expect((await orderRow(t, order.id)).status).toBe('CREATED');

    const delivered = await gateway.fake.sendCallback(bill.id, gateway.fake.pay(bill.id));
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(JSON.parse(delivered.body).data).toEqual({ received: true, duplicate: false });
    await expectPaidByCard(order, payment.payment_id);
  });

  it('takes FPX online banking, recorded as such, and only from a gateway that serves it', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { bill } = await startBillplz(order.id, 'fpx');
    expect((await gateway.fake.sendCallback(bill.id, gateway.fake.pay(bill.id))).statusCode).toBe(
      200,
    );
    expect(await paymentsOf(t, order.id)).toMatchObject([{ amount: order.total, method: 'fpx' }]);

    // The business stops taking FPX through Billplz: the app's FPX payment finds no gateway.
    const cardsOnly = await api.put(
      `/api/payment-gateways/${gateway.shop.gatewayId}`,
      { mode: 'sandbox', methods: ['card', 'ewallet'], is_default: true, enabled: true },
      admin,
    );
    expect(cardsOnly.statusCode, cardsOnly.body).toBe(200);
    const next = await newAppOrder(t, gateway.shop);
    const refused = await api.post(
      `/api/mobile/orders/${next.id}/pay`,
      { provider: 'billplz', method: 'fpx' },
      { ...gateway.shop.customer.headers, 'idempotency-key': randomUUID() },
    );
    expectCode(refused, 400, 'payment_provider_unavailable');
    const restored = await api.put(
      `/api/payment-gateways/${gateway.shop.gatewayId}`,
      { mode: 'sandbox', methods: ['fpx', 'card', 'ewallet'], is_default: true, enabled: true },
      admin,
    );
    expect(restored.statusCode).toBe(200);
  });

  it('is the default the app pays through when it names no provider, listed first in its options', async () => {
    const options = await api.get('/api/mobile/payment-options', gateway.shop.customer.headers);
    expect(options.statusCode, options.body).toBe(200);
    const [first, ...rest] = options.json().data as {
      provider: string;
      methods: string[];
      is_default: boolean;
    }[];
    expect(first).toMatchObject({ provider: 'billplz', is_default: true });
    expect(first!.methods).toEqual(expect.arrayContaining(['fpx', 'card', 'tng', 'duitnow_qr']));
    expect(rest.every((o) => !o.is_default)).toBe(true);

    const order = await newAppOrder(t, gateway.shop);
    const res = await api.post(
      `/api/mobile/orders/${order.id}/pay`,
      { method: 'fpx' },
      { ...gateway.shop.customer.headers, 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ provider: 'billplz', method: 'fpx' });
    expect(
      [...gateway.fake.bills.values()].some((b) => b.reference_1 === res.json().data.payment_id),
    ).toBe(true);
  });

  it('makes one payment of a callback delivered three times, and of a redirect after it', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { payment, bill } = await startBillplz(order.id);
    const fields = gateway.fake.pay(bill.id);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await gateway.fake.sendCallback(bill.id, fields));
    expect(answers.map((a) => [a.statusCode, JSON.parse(a.body).data.duplicate])).toEqual([
      [200, false],
      [200, true],
      [200, true],
    ]);
    const back = await api.get(
      `/api/payments/billplz/return?${gateway.fake.redirectQuery(bill.id)}`,
      {},
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.duplicate).toBe(true);
    await expectPaidOnce(t, order.id, payment.payment_id);
  });

  it('pays on the redirect only after asking Billplz; a late callback then changes nothing', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { bill } = await startBillplz(order.id);
    // The browser comes back saying "paid" before Billplz has the payment: the query says due.
    const early = gateway.fake.redirectQuery(bill.id);
    const forgedPaid = early.replace('billplz%5Bpaid%5D=false', 'billplz%5Bpaid%5D=true');
    expectCode(
      await api.get(`/api/payments/billplz/return?${forgedPaid}`, {}),
      401,
      'payment_signature_invalid',
    );
    const asked = gateway.fake.requests.length;
    expect((await api.get(`/api/payments/billplz/return?${early}`, {})).statusCode).toBe(200);
    expect(gateway.fake.requests.length).toBe(asked + 1);
    expect((await orderRow(t, order.id)).status).toBe('CREATED');
    const fields = gateway.fake.pay(bill.id);
    const back = await api.get(
      `/api/payments/billplz/return?${gateway.fake.redirectQuery(bill.id)}`,
      {},
    );
    expect(back.json().data).toEqual({ received: true, duplicate: false });
    expect((await orderRow(t, order.id)).status).toBe('PENDING');
    const late = await gateway.fake.sendCallback(bill.id, fields);
    expect(JSON.parse(late.body).data.duplicate).toBe(true);
    expect(await paymentsOf(t, order.id)).toHaveLength(1);
  });

  it("shows the customer's browser a page in its language saying how the payment stands", async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { bill } = await startBillplz(order.id);
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const malay = { ...browser, 'accept-language': 'ms-MY,ms;q=0.9,en;q=0.8' };

    const forged = gateway.fake
      .redirectQuery(bill.id)
      .replace('billplz%5Bpaid%5D=false', 'billplz%5Bpaid%5D=true');
    const refused = await api.get(`/api/payments/billplz/return?${forged}`, browser);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('We could not confirm this payment');

    const waiting = await api.get(
      `/api/payments/billplz/return?${gateway.fake.redirectQuery(bill.id)}`,
      browser,
    );
    expect(waiting.statusCode).toBe(200);
    expect(waiting.body).toContain('data-outcome="pending"');
    expect((await orderRow(t, order.id)).status).toBe('CREATED');

    gateway.fake.pay(bill.id);
    const paid = await api.get(
      `/api/payments/billplz/return?${gateway.fake.redirectQuery(bill.id)}`,
      malay,
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('<h1>Pembayaran diterima</h1>');
    expect(paid.body).not.toMatch(/<script/i);
    expect((await orderRow(t, order.id)).status).toBe('PENDING');
  });

  it('refuses a forged signature and changes nothing', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { bill } = await startBillplz(order.id);
    const fields = gateway.fake.pay(bill.id);
    const forged = await gateway.fake.sendCallback(bill.id, fields, 'S-someone-elses-key');
    expect(forged.statusCode).toBe(401);
    expect(JSON.parse(forged.body).code_message).toBe('payment_signature_invalid');
    expect((await orderRow(t, order.id)).status).toBe('CREATED');
    expect(await paymentsOf(t, order.id)).toHaveLength(0);
  });

  it('records and refuses a signed callback whose amount differs from the payment', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { payment, bill } = await startBillplz(order.id);
    const fields = { ...gateway.fake.pay(bill.id), amount: '100', paid_amount: '100' };
    const altered = await gateway.fake.sendCallback(bill.id, fields);
    expect(altered.statusCode).toBe(400);
    expect(JSON.parse(altered.body).code_message).toBe('payment_amount_mismatch');
    await expectMismatchRecorded(t, {
      provider: 'billplz',
      orderId: order.id,
      paymentId: payment.payment_id,
      expected: order.total,
      notified: 100,
    });
  });

  it('answers 404 for a bill it never started, and refuses a gateway the business has not set up', async () => {
    const unknown = await api.post(
      '/api/payments/billplz/callback',
      new URLSearchParams({ id: 'nosuchbill', paid: 'true', x_signature: 'ab' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expectCode(unknown, 404, 'not_found');
    const list = (await api.get('/api/payment-gateways', admin)).json().data as { id: string }[];
    await api.put(
      `/api/payment-gateways/${list[0]!.id}`,
      { mode: 'sandbox', methods: ['fpx'], is_default: true, enabled: true },
      admin,
    );
    const order = await newAppOrder(t, gateway.shop);
    expectCode(
      await api.post(
        `/api/mobile/orders/${order.id}/pay`,
        { provider: 'billplz', method: 'card' },
        { ...gateway.shop.customer.headers, 'idempotency-key': randomUUID() },
      ),
      400,
      'payment_provider_unavailable',
    );
    await api.put(
      `/api/payment-gateways/${list[0]!.id}`,
      { mode: 'sandbox', methods: ['fpx', 'card', 'ewallet'], is_default: true, enabled: true },
      admin,
    );
  });

  it('credits a wallet top-up paid through Billplz once, however often the callback arrives', async () => {
    const who = await verifiedCustomer(t, { name: 'Top Up Billplz' });
    const res = await api.post(
      '/api/mobile/wallet/topups',
      { amount: 3000, provider: 'billplz', method: 'tng' },
      { ...who.headers, 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(201);
    const paymentId = (res.json().data as { payment_id: string }).payment_id;
    const bill = [...gateway.fake.bills.values()].find((b) => b.reference_1 === paymentId)!;
    expect(bill.amount).toBe(3000);
    const fields = gateway.fake.pay(bill.id);
    const answers = [
      await gateway.fake.sendCallback(bill.id, fields),
      await gateway.fake.sendCallback(bill.id, fields),
    ];
    expect(answers.map((a) => JSON.parse(a.body).data.duplicate)).toEqual([false, true]);
    const wallet = await api.get('/api/mobile/wallet', who.headers);
    expect(wallet.json().data.balance).toBe(3000);
  });

  it('leaves the refund of a cancelled Billplz order to the staff (Billplz has no refund API)', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { bill } = await startBillplz(order.id);
    await gateway.fake.sendCallback(bill.id, gateway.fake.pay(bill.id));
    const cancelled = await api.post(
      `/api/mobile/orders/${order.id}/cancel`,
      {},
      gateway.shop.customer.headers,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [refund] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    expect(refund).toBeDefined();
    expect(refund!.amount).toBe(order.total);
    expect(refund!.providerPayout).toBeNull();
    const asked = await t.database.db
      .select()
      .from(providerRefunds)
      .where(eq(providerRefunds.refundId, refund!.id));
    expect(asked).toHaveLength(0);
  });

  it('leaves a refund finance approves to the staff too', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { bill } = await startBillplz(order.id);
    await gateway.fake.sendCallback(bill.id, gateway.fake.pay(bill.id));
    const asked = await refundOf(t, cashier, {
      order_id: order.id,
      kind: 'amount',
      amount: 400,
      method: 'original',
      reason: 'wrong_item',
    });
    const approved = await movedRefund(t, finance, asked.id, { status: 'APPROVED' });
    expect(approved).toMatchObject({ status: 'APPROVED', provider_payout: null });
    expect(approved.allowed_statuses).toContain('COMPLETED');
    const parts = await t.database.db
      .select()
      .from(providerRefunds)
      .where(eq(providerRefunds.refundId, asked.id));
    expect(parts).toHaveLength(0);
  });
});

describe('Billplz callbacks arriving in either order', () => {
  const sent = async (billId: string, fields: Record<string, string>) => {
    const answer = await gateway.fake.sendCallback(billId, fields);
    expect(answer.statusCode, answer.body).toBe(200);
  };
  outcomeOrder({
    start: async (orderId) => {
      const { payment, bill } = await startBillplz(orderId);
      return { ...payment, billId: bill.id };
    },
    // Billplz calls a bill it will no longer take (deleted) failed; its signed callback says so.
    fail: (payment) => {
      const paid = gateway.fake.pay(payment.billId);
      return sent(payment.billId, { ...paid, paid: 'false', state: 'deleted', paid_amount: '0' });
    },
    succeed: (payment) => sent(payment.billId, gateway.fake.pay(payment.billId)),
  });
});
