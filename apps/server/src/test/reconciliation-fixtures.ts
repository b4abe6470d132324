import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { paymentGateways, paymentIntents } from '../db/schema/payments';
import { startFiuuFake, type FiuuFake } from './fiuu-fake';
import { startIpay88Fake, type Ipay88Fake } from './ipay88-fake';
import { startStripeFake, type StripeFake } from './stripe-fake';
import { stripeSignatureHeader } from '../modules/payments/accounts/gateways/stripe/stripe-webhook';
import { startFakeBillplzInto, type FakeBillplz } from './billplz-fake';
import { fiuuOrder, ipay88Order, payIpay88 } from './gateway-fake-payments';
import { gatewayShop, type GatewayShop, newAppOrder, startPaying } from './gateway-order-fixtures';
import { testClock } from './order-fixtures';
import { useTestApp } from './use-test-app';

// What the reconciliation tests share: the demo business with Stripe, Billplz, iPay88 and Fiuu
// set up against their loopback fakes, and app orders paid (or not) through each on the test
// clock's day.

export const NOON_KL = '2026-06-10T04:00:00Z';
export const DAY = '2026-06-10';
/** An app order's total: one RM 12.50 item with the demo business's charges. */
export const TOTAL = 1325;
const STRIPE = {
  secret_key: 'sk_test_fakeKopiReconcileSecret01',
  webhook_secret: 'whsec_fakeKopiReconcileWebhook02',
};
const BILLPLZ = {
  api_key: '5d3a1e0c-7c1f-4b7e-9a4e-reconcile0001',
  x_signature_key: 'S-fake-billplz-reconcile-key-0002',
  collection_id: 'kopi_recon',
};
const IPAY88 = { merchant_code: 'M24680', merchant_key: 'ipay88-fake-reconcile-key-0001' };
const FIUU = {
  merchant_id: 'kopi_fiuu_recon',
  verify_key: 'fiuu-fake-reconcile-verify-01',
  secret_key: 'fiuu-fake-reconcile-secret-02',
};

export const byPayment = <R extends { payment_id: string | null }>(rows: R[], id: string) =>
  rows.filter((r) => r.payment_id === id);

/** The app, its fakes and helpers; call once at the top of a test file (it adds the hooks). */
export function useReconciliationApp() {
  const clock = testClock(NOON_KL);
  const baseUrls: Partial<Record<string, string>> = {};
  const fakes = {} as {
    stripe: StripeFake;
    billplz: FakeBillplz;
    ipay88: Ipay88Fake;
    fiuu: FiuuFake;
  };
  const shops = {} as Record<'stripe' | 'billplz' | 'ipay88' | 'fiuu', GatewayShop>;
  const gatewayIds: Record<string, string> = {};
  const app = useTestApp({
    now: clock.now,
    config: { paymentGatewayBaseUrls: baseUrls },
    signIn: ['admin', 'cashier'],
  });
  const { t, api } = app;
  const admin = app.as.admin;
  const unixNow = () => Math.floor(clock.now().getTime() / 1000);

  /**
   * The database stamps a payment's created_at with its own clock: the test puts it on the test
   * clock's day, as it would have been.
   */
  async function onTestDay(paymentId: string) {
    await t.database.db
      .update(paymentIntents)
      .set({ createdAt: clock.now() })
      .where(eq(paymentIntents.id, paymentId));
  }

  /** An app order started with Stripe: our payment and the fake's PaymentIntent. */
  async function stripePayment(paid: boolean) {
    const order = await newAppOrder(t, shops.stripe);
    expect(order.total).toBe(TOTAL);
    const payment = await startPaying(api, shops.stripe, order.id, 'stripe');
    const intent = [...fakes.stripe.intents.values()].find(
      (i) => (i.metadata as Record<string, string>).payment_id === payment.payment_id,
    )!;
    await onTestDay(payment.payment_id);
    if (paid) {
      const event = fakes.stripe.succeed(intent.id as string);
      const res = await api.post('/api/payments/stripe/callback', event, {
        'content-type': 'application/json',
        'stripe-signature': stripeSignatureHeader(STRIPE.webhook_secret, unixNow(), event),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return {
      paymentId: payment.payment_id,
      intentId: intent.id as string,
      intent,
      orderId: order.id,
      orderNo: order.order_no,
    };
  }

  /** An app order started with Billplz: our payment and the fake's bill. */
  async function billplzPayment(paid: boolean) {
    const order = await newAppOrder(t, shops.billplz);
    expect(order.total).toBe(TOTAL);
    const payment = await startPaying(api, shops.billplz, order.id, 'billplz');
    const bill = [...fakes.billplz.bills.values()].find(
      (b) => b.reference_1 === payment.payment_id,
    )!;
    await onTestDay(payment.payment_id);
    if (paid) {
      const res = await fakes.billplz.sendCallback(bill.id, fakes.billplz.pay(bill.id));
      expect(res.statusCode, res.body).toBe(200);
    }
    return { paymentId: payment.payment_id, billId: bill.id };
  }

  /** An app order started with iPay88 (posted to the fake's entry page): our payment, its RefNo. */
  async function ipay88Payment(paid: boolean) {
    const order = await ipay88Order(t, api, shops.ipay88, fakes.ipay88, false);
    expect(order.total).toBe(TOTAL);
    await onTestDay(order.paymentId);
    if (paid) await payIpay88(api, fakes.ipay88, order.refNo);
    return { paymentId: order.paymentId, refNo: order.refNo };
  }

  /** An app order paid (or only started) with Fiuu: our payment and, once paid, Fiuu's tranID. */
  async function fiuuPayment(paid: boolean) {
    const order = await fiuuOrder(t, api, shops.fiuu, fakes.fiuu, paid);
    expect(order.total).toBe(TOTAL);
    await onTestDay(order.paymentId);
    return { paymentId: order.paymentId, tranID: order.tranID };
  }

  /** The run's address for a provider's gateway (`suffix`: '/export'). */
  const url = (provider: string, query = `from=${DAY}&to=${DAY}`, suffix = '') =>
    `/api/payment-gateways/${gatewayIds[provider]}/reconciliation${suffix}?${query}`;

  beforeAll(async () => {
    fakes.stripe = await startStripeFake({
      secretKey: STRIPE.secret_key,
      webhookSecret: STRIPE.webhook_secret,
      now: clock.now,
    });
    fakes.billplz = await startFakeBillplzInto(t, BILLPLZ);
    fakes.ipay88 = await startIpay88Fake({
      merchantCode: IPAY88.merchant_code,
      merchantKey: IPAY88.merchant_key,
    });
    fakes.fiuu = await startFiuuFake({
      merchantId: FIUU.merchant_id,
      verifyKey: FIUU.verify_key,
      secretKey: FIUU.secret_key,
    });
    baseUrls.stripe = fakes.stripe.url;
    baseUrls.billplz = fakes.billplz.url;
    baseUrls.ipay88 = fakes.ipay88.url;
    baseUrls.fiuu = fakes.fiuu.url;
    shops.stripe = await gatewayShop(t, api, admin, {
      provider: 'stripe',
      methods: ['card'],
      credentials: STRIPE,
    });
    shops.billplz = await gatewayShop(t, api, admin, {
      provider: 'billplz',
      methods: ['fpx', 'card'],
      credentials: BILLPLZ,
    });
    shops.ipay88 = await gatewayShop(t, api, admin, {
      provider: 'ipay88',
      methods: ['fpx', 'card'],
      credentials: IPAY88,
    });
    shops.fiuu = await gatewayShop(t, api, admin, {
      provider: 'fiuu',
      methods: ['fpx', 'card'],
      credentials: FIUU,
    });
    for (const row of await t.database.db.select().from(paymentGateways)) {
      gatewayIds[row.provider] = row.id;
    }
  });
  afterAll(async () => {
    await fakes.stripe?.close();
    await fakes.billplz?.close();
    await fakes.ipay88?.close();
    await fakes.fiuu?.close();
  });
  beforeEach(() => clock.set(NOON_KL));

  return {
    ...app,
    clock,
    fakes,
    gatewayIds,
    url,
    stripePayment,
    billplzPayment,
    ipay88Payment,
    fiuuPayment,
  };
}
