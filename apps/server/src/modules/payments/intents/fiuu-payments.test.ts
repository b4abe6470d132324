import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentIntents } from '../../../db/schema/payments';
import { expectCode } from '../../../test/expect-code';
import {
  newAppOrder,
  orderRow,
  paymentsOf,
  expectMismatchRecorded,
  expectUnpaid,
  startPaying,
  expectPaidOnce,
  expectAcknowledged,
} from '../../../test/gateway-order-fixtures';
import { startFiuu as startPayingFiuu } from '../../../test/gateway-fake-payments';
import { useGatewayShop } from '../../../test/use-gateway-shop';
import { startFiuuFake } from '../../../test/fiuu-fake';
import { fiuuSkey, formatFiuuAmount } from '../accounts/gateways/fiuu/fiuu-signature';
import { encodeFormBody, type FormFields } from '../accounts/gateways/shared/form-body';

// An app order paid through Fiuu end to end, against the loopback fake of Fiuu: the business
// sets up its account, the customer starts paying and is sent to Fiuu's hosted page (a vcode-
// signed URL), Fiuu posts the skey-signed result to our callback URL, which answers
// CBTOKEN:MPSTATOK, and the order goes PENDING on the status board. The notification URL's copy
// is acknowledged by posting it back to Fiuu; the browser's post back is the same event. A forged
// skey, an altered amount and a replay are refused or change nothing.

const CREDENTIALS = {
  merchant_id: 'kopi_fiuu_shop',
  verify_key: 'fiuu-fake-verify-key-0001',
  secret_key: 'fiuu-fake-secret-key-0002',
};
const CALLBACK = '/api/payments/fiuu/callback';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const { t, api, gateway, outcomeOrder, expectPaidByCard, credentialsSealedTest } = useGatewayShop({
  provider: 'fiuu',
  credentials: CREDENTIALS,
  bridge: true,
  startFake: () =>
    startFiuuFake({
      merchantId: CREDENTIALS.merchant_id,
      verifyKey: CREDENTIALS.verify_key,
      secretKey: CREDENTIALS.secret_key,
    }),
});

const startFiuu = (orderId: string) => startPayingFiuu(api, gateway.shop, orderId);

/** Fiuu posts the result (a real HTTP post through the bridge); the answers. */
const deliver = (fields: FormFields, kind: 'callback' | 'notification', times = 1) =>
  gateway.fake.deliver(fields, { url: `${gateway.bridgeUrl}${CALLBACK}`, kind, times });

const postCallback = (fields: FormFields) =>
  api.post(CALLBACK, encodeFormBody({ ...fields, nbcb: '1' }), FORM);

/** Result fields signed with `secretKey` (the shop's unless named) after changing `changes`. */
function resigned(fields: FormFields, changes: FormFields, secretKey = CREDENTIALS.secret_key) {
  const next = { ...fields, ...changes };
  const { skey } = fiuuSkey({
    tranID: next.tranID!,
    orderid: next.orderid!,
    status: next.status!,
    domain: next.domain!,
    amount: next.amount!,
    currency: next.currency!,
    paydate: next.paydate!,
    appcode: next.appcode ?? '',
    secretKey,
  });
  return { ...next, skey };
}

const intentOf = async (id: string) =>
  (await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0]!;

describe('an app order paid through Fiuu', () => {
  it("sends the customer to Fiuu's signed page and goes PENDING on the board once the callback arrives", async () => {
    const order = await newAppOrder(t, gateway.shop);
    const payment = await startFiuu(order.id);
    const url = new URL(payment.redirect_url!);
    expect(`${url.origin}${url.pathname}`).toBe(
      `${gateway.fake.url}/RMS/pay/${CREDENTIALS.merchant_id}/`,
    );
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      orderid: payment.payment_id,
      amount: formatFiuuAmount(order.total),
      bill_name: 'Aisyah fiuu',
      callbackurl: `http://localhost:3000${CALLBACK}`,
      returnurl: 'http://localhost:3000/api/payments/fiuu/return',
    });
    expect(payment.redirect_url).not.toContain(CREDENTIALS.verify_key);
    expect(await intentOf(payment.payment_id)).toMatchObject({
      provider: 'fiuu',
      providerRef: payment.payment_id,
    });

    const fields = gateway.fake.complete(payment.payment_id, '00');
    expect(await deliver(fields, 'callback')).toEqual(['CBTOKEN:MPSTATOK']);
    await expectPaidByCard(order, payment.payment_id);
    // Refunds and queries name Fiuu's transaction: it is the payment's reference from now on.
    expect((await intentOf(payment.payment_id)).providerRef).toBe(fields.tranID);
  });

  it('answers exactly CBTOKEN:MPSTATOK, and makes one payment of the callback, the notification and the browser', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const payment = await startFiuu(order.id);
    const fields = gateway.fake.complete(payment.payment_id, '00');
    const answer = await postCallback(fields);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.body).toBe('CBTOKEN:MPSTATOK');
    expect(await deliver(fields, 'callback', 2)).toEqual(['CBTOKEN:MPSTATOK', 'CBTOKEN:MPSTATOK']);
    // The notification URL's copy: the JSON answer, and the fields posted back to Fiuu's IPN.
    const echoes = gateway.fake.ipnEchoes.length;
    const [notified] = await deliver(fields, 'notification');
    expect(JSON.parse(notified!).data).toEqual({ received: true, duplicate: true });
    expect(gateway.fake.ipnEchoes.slice(echoes)).toEqual([{ ...fields, nbcb: '2', treq: '1' }]);
    const back = await api.post('/api/payments/fiuu/return', encodeFormBody(fields), FORM);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toEqual({ received: true, duplicate: true });
    await expectPaidOnce(t, order.id, payment.payment_id);
  });

  it('pays on the browser coming back first; the callback then changes nothing', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const payment = await startFiuu(order.id);
    const fields = gateway.fake.complete(payment.payment_id, '00');
    const back = await api.post('/api/payments/fiuu/return', encodeFormBody(fields), FORM);
    expect(back.json().data).toEqual({ received: true, duplicate: false });
    expect((await orderRow(t, order.id)).status).toBe('PENDING');
    expect(await deliver(fields, 'callback')).toEqual(['CBTOKEN:MPSTATOK']);
    expect(await paymentsOf(t, order.id)).toHaveLength(1);
  });

  it('applies nothing while Fiuu says pending (22), and pays when it says 00', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const payment = await startFiuu(order.id);
    expect(await deliver(gateway.fake.complete(payment.payment_id, '22'), 'callback')).toEqual([
      'CBTOKEN:MPSTATOK',
    ]);
    await expectUnpaid(t, order.id);
    expect(await deliver(gateway.fake.complete(payment.payment_id, '00'), 'callback')).toEqual([
      'CBTOKEN:MPSTATOK',
    ]);
    expect((await orderRow(t, order.id)).status).toBe('PENDING');
  });

  it('refuses a forged skey, another secret key and a failure turned into a success', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const payment = await startFiuu(order.id);
    const fields = gateway.fake.complete(payment.payment_id, '00');
    const forged = await postCallback({ ...fields, skey: '0'.repeat(32) });
    expectCode(forged, 401, 'payment_signature_invalid');
    expect(forged.body).not.toContain('CBTOKEN');
    expectCode(
      await postCallback(resigned(fields, {}, 'someone-elses-secret')),
      401,
      'payment_signature_invalid',
    );
    const failed = gateway.fake.complete(payment.payment_id, '11');
    expectCode(await postCallback({ ...failed, status: '00' }), 401, 'payment_signature_invalid');
    await expectUnpaid(t, order.id);
  });

  it('records and refuses a signed result whose amount differs from the payment', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const payment = await startFiuu(order.id);
    const altered = resigned(gateway.fake.complete(payment.payment_id, '00'), { amount: '1.00' });
    expectCode(await postCallback(altered), 400, 'payment_amount_mismatch');
    await expectMismatchRecorded(t, {
      provider: 'fiuu',
      orderId: order.id,
      paymentId: payment.payment_id,
      expected: order.total,
      notified: 100,
    });
  });

  it('changes nothing on a replayed callback after the payment failed, and answers 404 for an order it never started', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const payment = await startFiuu(order.id);
    const failed = gateway.fake.complete(payment.payment_id, '11');
    expect(await deliver(failed, 'callback', 2)).toEqual(['CBTOKEN:MPSTATOK', 'CBTOKEN:MPSTATOK']);
    await expectUnpaid(t, order.id);
    expect((await intentOf(payment.payment_id)).status).toBe('failed');
    expectCode(
      await postCallback(resigned(failed, { orderid: 'no-such-order' })),
      404,
      'not_found',
    );
    // Fiuu's customer goes to Fiuu's own page: there is no checkout page of ours for it.
    expectCode(
      await api.get(`/api/payments/fiuu/checkout/${payment.payment_id}`, {}),
      404,
      'not_found',
    );
  });

  credentialsSealedTest({
    masked: {
      merchant_id: 'kopi_fiuu_shop',
      verify_key: '••••••0001',
      secret_key: '••••••0002',
    },
    wrong: { secret_key: 'not-the-secret-key' },
  });
});

describe('Fiuu results arriving in either order', () => {
  /** Posts Fiuu's signed result for the payment; Fiuu must read its token back. */
  const report = async (paymentId: string, status: '00' | '11') =>
    expectAcknowledged(
      await postCallback(gateway.fake.complete(paymentId, status)),
      'CBTOKEN:MPSTATOK',
    );
  outcomeOrder({
    // FPX, as the app pays it: the bank may decline first and take the money on a retry.
    start: async (orderId) => {
      const payment = await startPaying(api, gateway.shop, orderId, 'fiuu', 'fpx');
      expect(await (await fetch(payment.redirect_url!)).text()).toContain('Fiuu payment page');
      return payment;
    },
    fail: (payment) => report(payment.payment_id, '11'),
    succeed: (payment) => report(payment.payment_id, '00'),
  });
});
