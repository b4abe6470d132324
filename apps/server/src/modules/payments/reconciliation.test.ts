import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { paymentGateways, paymentIntents } from '../../db/schema/payments';
import { startFakeBillplz, type FakeBillplz } from '../../test/billplz-fake';
import { multipart, otherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import {
  gatewayShop,
  type GatewayShop,
  newAppOrder,
  startPaying,
} from '../../test/gateway-order-fixtures';
import { testClock } from '../../test/order-fixtures';
import { useTestApp } from '../../test/use-test-app';
import { startStripeFake, type StripeFake } from './gateways/stripe/fake-server';
import { stripeSignatureHeader } from './gateways/stripe/stripe-webhook';

// Reconciliation of a business's gateway against the loopback fakes of Stripe and Billplz: app
// orders paid (or not) through each, then the gateway changed behind our back, and the run reports
// each difference — by asking the gateway about every payment of the range, or from its
// settlement file — and exports the same as CSV.

const NOON_KL = '2026-06-10T04:00:00Z';
const DAY = '2026-06-10';
const clock = testClock(NOON_KL);
/** An app order's total: one RM 12.50 item with the demo business's charges. */
const TOTAL = 1325;
const STRIPE = {
  secret_key: 'sk_test_fakeKopiReconcileSecret01',
  webhook_secret: 'whsec_fakeKopiReconcileWebhook02',
};
const BILLPLZ = {
  api_key: '5d3a1e0c-7c1f-4b7e-9a4e-reconcile0001',
  x_signature_key: 'S-fake-billplz-reconcile-key-0002',
  collection_id: 'kopi_recon',
};
const baseUrls: Partial<Record<string, string>> = {};
let stripe: StripeFake;
let billplz: FakeBillplz;
let stripeShop: GatewayShop;
let billplzShop: GatewayShop;
const gatewayIds: Record<string, string> = {};

const { t, api, as } = useTestApp({
  now: clock.now,
  config: { paymentGatewayBaseUrls: baseUrls },
  signIn: ['admin', 'cashier'],
});
const { admin, cashier } = as;

const unixNow = () => Math.floor(clock.now().getTime() / 1000);
const url = (provider: string, query = `from=${DAY}&to=${DAY}`) =>
  `/api/payment-gateways/${gatewayIds[provider]}/reconciliation?${query}`;

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
  const order = await newAppOrder(t, stripeShop);
  expect(order.total).toBe(TOTAL);
  const payment = await startPaying(api, stripeShop, order.id, 'stripe');
  const intent = [...stripe.intents.values()].find(
    (i) => (i.metadata as Record<string, string>).payment_id === payment.payment_id,
  )!;
  await onTestDay(payment.payment_id);
  if (paid) {
    const event = stripe.succeed(intent.id as string);
    const res = await api.post('/api/payments/stripe/callback', event, {
      'content-type': 'application/json',
      'stripe-signature': stripeSignatureHeader(STRIPE.webhook_secret, unixNow(), event),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { paymentId: payment.payment_id, intentId: intent.id as string, intent };
}

/** An app order started with Billplz: our payment and the fake's bill. */
async function billplzPayment(paid: boolean) {
  const order = await newAppOrder(t, billplzShop);
  expect(order.total).toBe(TOTAL);
  const payment = await startPaying(api, billplzShop, order.id, 'billplz');
  const bill = [...billplz.bills.values()].find((b) => b.reference_1 === payment.payment_id)!;
  await onTestDay(payment.payment_id);
  if (paid) {
    const res = await billplz.sendCallback(bill.id, billplz.pay(bill.id));
    expect(res.statusCode, res.body).toBe(200);
  }
  return { paymentId: payment.payment_id, billId: bill.id };
}

const byPayment = (rows: { payment_id: string | null }[], id: string) =>
  rows.filter((r) => r.payment_id === id);

beforeAll(async () => {
  stripe = await startStripeFake({
    secretKey: STRIPE.secret_key,
    webhookSecret: STRIPE.webhook_secret,
    now: clock.now,
  });
  billplz = await startFakeBillplz({
    apiKey: BILLPLZ.api_key,
    signatureKey: BILLPLZ.x_signature_key,
    collectionId: BILLPLZ.collection_id,
    deliver: async (to, body) => {
      const res = await t.inject({
        method: 'POST',
        url: new URL(to).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
      return { statusCode: res.statusCode, body: res.body };
    },
  });
  baseUrls.stripe = stripe.url;
  baseUrls.billplz = billplz.url;
  stripeShop = await gatewayShop(t, api, admin, {
    provider: 'stripe',
    methods: ['card'],
    credentials: STRIPE,
  });
  billplzShop = await gatewayShop(t, api, admin, {
    provider: 'billplz',
    methods: ['fpx', 'card'],
    credentials: BILLPLZ,
  });
  for (const row of await t.database.db.select().from(paymentGateways)) {
    gatewayIds[row.provider] = row.id;
  }
});
afterAll(async () => {
  await stripe?.close();
  await billplz?.close();
});
beforeEach(() => clock.set(NOON_KL));

describe('reconciliation by status queries', () => {
  it('finds matched, amount mismatch, missing on either side and unanswered payments at Stripe', async () => {
    const matched = await stripePayment(true);
    const mismatch = await stripePayment(true);
    mismatch.intent.amount = 999;
    const missingOurs = await stripePayment(false);
    stripe.succeed(missingOurs.intentId); // paid at Stripe; its webhook never came
    const missingTheirs = await stripePayment(true);
    Object.assign(missingTheirs.intent, { status: 'requires_payment_method' });
    const gone = await stripePayment(true);
    (stripe.intents as Map<string, unknown>).delete(gone.intentId);
    const unpaid = await stripePayment(false);
    // Another business day: outside the range.
    clock.set('2026-06-12T04:00:00Z');
    const later = await stripePayment(true);
    clock.set(NOON_KL);

    const res = await api.post(url('stripe'), undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({
      provider: 'stripe',
      source: 'query',
      from: DAY,
      to: DAY,
      our_payments: 6,
      counts: {
        matched: 1,
        amount_mismatch: 1,
        missing_theirs: 1,
        missing_ours: 1,
        unreachable: 1,
      },
      rejected: [],
    });
    const rows = result.rows as { payment_id: string; outcome: string }[];
    expect(byPayment(rows, matched.paymentId)).toMatchObject([
      {
        outcome: 'matched',
        reference: matched.intentId,
        our_status: 'paid',
        our_amount: TOTAL,
        their_status: 'paid',
        their_amount: TOTAL,
        line: null,
      },
    ]);
    expect(byPayment(rows, mismatch.paymentId)).toMatchObject([
      { outcome: 'amount_mismatch', our_amount: TOTAL, their_amount: 999 },
    ]);
    expect(byPayment(rows, missingOurs.paymentId)).toMatchObject([
      { outcome: 'missing_ours', our_status: 'pending', their_status: 'paid' },
    ]);
    expect(byPayment(rows, missingTheirs.paymentId)).toMatchObject([
      { outcome: 'missing_theirs', our_status: 'paid', their_status: 'pending' },
    ]);
    expect(byPayment(rows, gone.paymentId)).toMatchObject([
      { outcome: 'unreachable', their_status: null, their_amount: null },
    ]);
    // Unpaid on both sides is nothing to settle; another day is not in the range.
    expect(byPayment(rows, unpaid.paymentId)).toEqual([]);
    expect(byPayment(rows, later.paymentId)).toEqual([]);
    // What needs looking at comes first.
    expect(rows.map((r) => r.outcome)).toEqual([
      'amount_mismatch',
      'missing_theirs',
      'missing_ours',
      'unreachable',
      'matched',
    ]);
    // Nothing was written: our payments stand as they were.
    const [ours] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, missingOurs.paymentId));
    expect(ours!.status).toBe('pending');
  });

  it('asks Billplz about each bill, a gateway switched off since included', async () => {
    const paid = await billplzPayment(true);
    const paidThere = await billplzPayment(false);
    billplz.pay(paidThere.billId); // the callback never reached us
    await t.database.db
      .update(paymentGateways)
      .set({ enabled: false })
      .where(eq(paymentGateways.id, gatewayIds.billplz!));
    const res = await api.post(url('billplz'), undefined, admin);
    await t.database.db
      .update(paymentGateways)
      .set({ enabled: true })
      .where(eq(paymentGateways.id, gatewayIds.billplz!));
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.rows;
    expect(byPayment(rows, paid.paymentId)).toMatchObject([
      { outcome: 'matched', reference: paid.billId, their_amount: TOTAL },
    ]);
    expect(byPayment(rows, paidThere.paymentId)).toMatchObject([
      { outcome: 'missing_ours', reference: paidThere.billId, our_status: 'pending' },
    ]);
    const asked = billplz.requests.filter((r) => r.method === 'GET' && r.path.includes('/bills/'));
    expect(asked.map((r) => r.path)).toContain(`/api/v3/bills/${paid.billId}`);
  });

  it('refuses a range with more payments than one run asks about', async () => {
    const [customer] = await t.database.db.select({ id: customers.id }).from(customers).limit(1);
    const [gateway] = await t.database.db
      .select()
      .from(paymentGateways)
      .where(eq(paymentGateways.id, gatewayIds.stripe!));
    await t.database.db.insert(paymentIntents).values(
      Array.from({ length: 201 }, (_, i) => ({
        tenantId: gateway!.tenantId!,
        purpose: 'topup',
        customerId: customer!.id,
        provider: 'stripe',
        method: 'card',
        amount: 1000,
        status: 'paid',
        providerRef: `pi_bulk_${i}`,
        createdAt: new Date('2026-06-20T04:00:00Z'),
      })),
    );
    expectCode(
      await api.post(url('stripe', 'from=2026-06-20&to=2026-06-20'), undefined, admin),
      400,
      'reconciliation_too_many',
    );
  });
});

const fixture = (name: string) =>
  readFileSync(new URL(`../../test/settlement-files/${name}`, import.meta.url));

describe('reconciliation from a settlement file', () => {
  it("compares Stripe's itemized balance report (multipart) with our payments of the range", async () => {
    clock.set('2026-06-11T04:00:00Z');
    const a = await stripePayment(true);
    const b = await stripePayment(true);
    const c = await stripePayment(true);
    clock.set(NOON_KL);
    const file = [
      'balance_transaction_id,created,currency,gross,fee,net,reporting_category,payment_intent_id',
      `txn_1,2026-06-11 12:00:00,myr,13.25,0.68,12.57,charge,${a.intentId}`,
      `txn_2,2026-06-11 12:01:00,myr,12.00,0.68,11.32,charge,${b.intentId}`,
      'txn_3,2026-06-11 12:02:00,myr,30.00,0.90,29.10,charge,"=HYPERLINK(""http://x"")"',
      `txn_4,2026-06-11 12:03:00,myr,-13.25,0.00,-13.25,refund,${a.intentId}`,
      'txn_5,2026-06-11 12:04:00,myr,abc,0.00,0.00,charge,pi_bad',
    ].join('\n');
    const body = multipart(Buffer.from(file), 'balance.csv', 'text/csv');
    const q = 'from=2026-06-11&to=2026-06-11&source=file';
    const res = await api.post(url('stripe', q), body.payload, {
      ...admin,
      'content-type': body.contentType,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({
      source: 'file',
      our_payments: 3,
      counts: {
        matched: 1,
        amount_mismatch: 1,
        missing_ours: 1,
        missing_theirs: 1,
        unreachable: 0,
      },
      rejected: [{ line: 6, message: 'Amount "abc" is not an amount of money' }],
    });
    expect(byPayment(result.rows, a.paymentId)).toMatchObject([{ outcome: 'matched', line: 2 }]);
    expect(byPayment(result.rows, b.paymentId)).toMatchObject([
      { outcome: 'amount_mismatch', our_amount: TOTAL, their_amount: 1200, line: 3 },
    ]);
    expect(byPayment(result.rows, c.paymentId)).toMatchObject([
      { outcome: 'missing_theirs', line: null },
    ]);
    expect(result.rows).toContainEqual(
      expect.objectContaining({
        outcome: 'missing_ours',
        reference: '=HYPERLINK("http://x")',
        payment_id: null,
        their_amount: 3000,
        line: 4,
      }),
    );

    // The same run as CSV, in Malay: a reference cannot run as a formula, times are KL's.
    const csv = await api.post(
      `/api/payment-gateways/${gatewayIds.stripe}/reconciliation/export?${q}&lang=my`,
      body.payload,
      { ...admin, 'content-type': body.contentType },
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="reconciliation-stripe-2026-06-11-2026-06-11-\d{8}\.csv"$/,
    );
    const table = parse(csv.body, { bom: true }) as string[][];
    expect(table[0]).toEqual([
      'Keputusan',
      'Rujukan gerbang',
      'ID pembayaran',
      'Dicipta',
      'Status kami',
      'Amaun kami (RM)',
      'Status gerbang',
      'Amaun gerbang (RM)',
      'Baris fail',
    ]);
    expect(table).toContainEqual([
      'Amaun tidak sepadan',
      b.intentId,
      b.paymentId,
      '2026/06/11 12:00:00',
      'paid',
      '13.25',
      'paid',
      '12.00',
      '3',
    ]);
    expect(table).toContainEqual([
      'Tiada di pihak kami',
      `'=HYPERLINK("http://x")`,
      '',
      '',
      '',
      '',
      'paid',
      '30.00',
      '4',
    ]);
  });

  it("takes Billplz's bills as a text/csv body and finds a payment made before the range", async () => {
    clock.set('2026-06-14T04:00:00Z');
    const before = await billplzPayment(true);
    clock.set('2026-06-15T04:00:00Z');
    const inRange = await billplzPayment(true);
    const unpaid = await billplzPayment(false);
    clock.set(NOON_KL);
    const file = [
      'id,paid,state,amount,paid_amount,paid_at',
      `${before.billId},true,paid,1325,1325,2026-06-14 12:05:00 +0800`,
      `${inRange.billId},true,paid,1325,1325,2026-06-15 12:05:00 +0800`,
      `${unpaid.billId},false,due,1325,0,`,
    ].join('\n');
    const res = await api.post(url('billplz', 'from=2026-06-15&to=2026-06-15&source=file'), file, {
      ...admin,
      'content-type': 'text/csv',
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result.counts).toEqual({
      matched: 2,
      amount_mismatch: 0,
      missing_theirs: 0,
      missing_ours: 0,
      unreachable: 0,
    });
    expect(byPayment(result.rows, before.paymentId)).toMatchObject([
      { outcome: 'matched', line: 2 },
    ]);
    expect(byPayment(result.rows, unpaid.paymentId)).toEqual([]);
  });

  it("refuses another provider's file, and a file run without a file", async () => {
    const billplzFile = fixture('billplz-bills.csv');
    const body = multipart(billplzFile, 'bills.csv', 'text/csv');
    expectCode(
      await api.post(url('stripe', `from=${DAY}&to=${DAY}&source=file`), body.payload, {
        ...admin,
        'content-type': body.contentType,
      }),
      400,
      'settlement_file_invalid',
    );
    expectCode(
      await api.post(url('stripe', `from=${DAY}&to=${DAY}&source=file`), undefined, admin),
      400,
      'file_required',
    );
    // Over 2 MB: the upload stops at the limit, and a text body is refused as it arrives.
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 'a');
    const bigForm = multipart(big, 'balance.csv', 'text/csv');
    expectCode(
      await api.post(url('stripe', `from=${DAY}&to=${DAY}&source=file`), bigForm.payload, {
        ...admin,
        'content-type': bigForm.contentType,
      }),
      400,
      'file_too_large',
    );
    expectCode(
      await api.post(url('stripe', `from=${DAY}&to=${DAY}&source=file`), big, {
        ...admin,
        'content-type': 'text/csv',
      }),
      413,
      'payload_too_large',
    );
  });
});

describe('reconciliation access and input', () => {
  it('answers 401, 403, 404 and 400 as usual', async () => {
    expectCode(await api.post(url('stripe'), undefined, {}), 401, 'unauthorized');
    expectCode(await api.post(url('stripe'), undefined, cashier), 403, 'forbidden');
    const other = await otherTenant(t, 'recon-other');
    expectCode(await api.post(url('stripe'), undefined, other.headers), 404, 'not_found');
    expectCode(
      await api.post(
        `/api/payment-gateways/${gatewayIds.stripe}/reconciliation/export?from=${DAY}&to=${DAY}`,
        undefined,
        other.headers,
      ),
      404,
      'not_found',
    );
    expectCode(
      await api.post(url('stripe', 'from=2026-06-10&to=2026-06-01'), undefined, admin),
      400,
      'validation_failed',
    );
    expectCode(
      await api.post(url('stripe', 'from=2026-01-01&to=2026-06-01'), undefined, admin),
      400,
      'validation_failed',
    );
    expectCode(
      await api.post(url('stripe', `from=${DAY}&to=${DAY}&source=bank`), undefined, admin),
      400,
      'validation_failed',
    );
  });
});
