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
  expectPaidOnce,
  expectAcknowledged,
} from '../../../test/gateway-order-fixtures';
import { startIpay88 as startPayingIpay88 } from '../../../test/gateway-fake-payments';
import { useGatewayShop } from '../../../test/use-gateway-shop';
import { startIpay88Fake } from '../../../test/ipay88-fake';
import { ipay88RefNo } from '../accounts/gateways/ipay88/ipay88-gateway';
import { IPAY88_ENTRY_PATH } from '../accounts/gateways/ipay88/ipay88-requery';
import {
  formatIpay88Amount,
  ipay88ResponseSignature,
} from '../accounts/gateways/ipay88/ipay88-signature';
import { encodeFormBody, type FormFields } from '../accounts/gateways/shared/form-body';

// An app order paid through iPay88 end to end, against the loopback fake of iPay88: the business
// sets up its account, the customer starts paying and is sent to our checkout page, whose signed
// form the browser posts to iPay88; iPay88 posts the signed result to our Backend URL, which
// re-queries it before applying anything and answers RECEIVEOK, and the order goes PENDING on
// the status board. A forged signature, an altered amount and a result the re-query does not
// confirm change nothing; a result posted twice, or after the browser's, makes one payment.

const CREDENTIALS = { merchant_code: 'M12345', merchant_key: 'ipay88-fake-merchant-key-0001' };
const CALLBACK = '/api/payments/ipay88/callback';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const { t, api, gateway, outcomeOrder, expectPaidByCard, credentialsSealedTest } = useGatewayShop({
  provider: 'ipay88',
  credentials: CREDENTIALS,
  bridge: true,
  startFake: () =>
    startIpay88Fake({
      merchantCode: CREDENTIALS.merchant_code,
      merchantKey: CREDENTIALS.merchant_key,
    }),
});

const startIpay88 = (orderId: string) =>
  startPayingIpay88(api, gateway.shop, gateway.fake, orderId);

/** Posts iPay88's result to the Backend URL through the gateway.fake (a real HTTP post); the answers. */
const postBackend = (fields: FormFields, times = 1) =>
  gateway.fake.postBackend(fields, { url: `${gateway.bridgeUrl}${CALLBACK}`, times });

const postCallback = (fields: FormFields) => api.post(CALLBACK, encodeFormBody(fields), FORM);

describe('an app order paid through iPay88', () => {
  it('hands the browser a signed form, and goes PENDING on the board once the backend post is re-queried', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { payment, page, request } = await startIpay88(order.id);
    expect(payment.redirect_url).toBe(
      `http://localhost:3000/api/payments/ipay88/checkout/${payment.payment_id}`,
    );
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain(`form-action ${gateway.fake.url}`);
    expect(page.body).toContain(`action="${gateway.fake.url}${IPAY88_ENTRY_PATH}"`);
    expect(request).toMatchObject({
      MerchantCode: CREDENTIALS.merchant_code,
      RefNo: ipay88RefNo(payment.payment_id),
      Amount: formatIpay88Amount(order.total),
      Currency: 'MYR',
      UserName: 'Aisyah ipay88',
      BackendURL: `http://localhost:3000${CALLBACK}`,
      ResponseURL: 'http://localhost:3000/api/payments/ipay88/return',
    });
    expect(page.body).not.toContain(CREDENTIALS.merchant_key);
    const [intent] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, payment.payment_id));
    expect(intent).toMatchObject({
      provider: 'ipay88',
      providerRef: ipay88RefNo(payment.payment_id),
    });
    expect(ipay88RefNo(payment.payment_id)).toMatch(/^[0-9A-Z]{1,25}$/);

    expect(await postBackend(gateway.fake.settle(ipay88RefNo(payment.payment_id), 'paid'))).toEqual(
      ['RECEIVEOK'],
    );
    await expectPaidByCard(order, payment.payment_id);
    // The checkout page serves a pending payment only.
    expectCode(await api.get(new URL(payment.redirect_url!).pathname, {}), 404, 'not_found');
  });

  it('answers exactly RECEIVEOK, and makes one payment of a result posted twice and of the browser after it', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { payment } = await startIpay88(order.id);
    const fields = gateway.fake.settle(ipay88RefNo(payment.payment_id), 'paid');
    const answer = await postCallback(fields);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.body).toBe('RECEIVEOK');
    expect(await postBackend(fields, 2)).toEqual(['RECEIVEOK', 'RECEIVEOK']);
    const back = await api.post('/api/payments/ipay88/return', encodeFormBody(fields), FORM);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toEqual({ received: true, duplicate: true });
    await expectPaidOnce(t, order.id, payment.payment_id);
  });

  it('pays on the browser post back once re-queried; the late backend post then changes nothing', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { payment } = await startIpay88(order.id);
    const fields = gateway.fake.settle(ipay88RefNo(payment.payment_id), 'paid');
    const back = await api.post('/api/payments/ipay88/return', encodeFormBody(fields), FORM);
    expect(back.json().data).toEqual({ received: true, duplicate: false });
    expect((await orderRow(t, order.id)).status).toBe('PENDING');
    expect(await postBackend(fields)).toEqual(['RECEIVEOK']);
    expect(await paymentsOf(t, order.id)).toHaveLength(1);
  });

  it('trusts the re-query, not the post: a success iPay88 does not confirm pays nothing until it does', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { payment } = await startIpay88(order.id);
    const signedSuccess = gateway.fake.settle(ipay88RefNo(payment.payment_id), 'paid');
    // iPay88's admin reverses it before the post arrives: the enquiry answers "Payment fail".
    gateway.fake.settle(ipay88RefNo(payment.payment_id), 'failed');
    expect(await postBackend(signedSuccess)).toEqual(['RECEIVEOK']);
    await expectUnpaid(t, order.id);
    const [intent] = await t.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, payment.payment_id));
    // Still pending, not failed: should iPay88 confirm it after all, it can still be applied.
    expect(intent!.status).toBe('pending');
    gateway.fake.settle(ipay88RefNo(payment.payment_id), 'paid');
    expect(await postBackend(signedSuccess)).toEqual(['RECEIVEOK']);
    expect((await orderRow(t, order.id)).status).toBe('PENDING');
  });

  it('refuses a forged signature or another key and changes nothing', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { payment } = await startIpay88(order.id);
    const fields = gateway.fake.settle(ipay88RefNo(payment.payment_id), 'paid');
    const forged = { ...fields, Signature: 'f'.repeat(64) };
    const refused = await postCallback(forged);
    expectCode(refused, 401, 'payment_signature_invalid');
    expect(refused.body).not.toContain('RECEIVEOK');
    const otherKey = {
      ...fields,
      Signature: ipay88ResponseSignature({
        merchantKey: 'someone-elses-key',
        merchantCode: fields.MerchantCode!,
        paymentId: fields.PaymentId!,
        refNo: fields.RefNo!,
        amount: fields.Amount!,
        currency: fields.Currency!,
        status: fields.Status!,
      }),
    };
    expectCode(await postCallback(otherKey), 401, 'payment_signature_invalid');
    await expectUnpaid(t, order.id);
  });

  it('records and refuses a signed result whose amount differs from the payment', async () => {
    const order = await newAppOrder(t, gateway.shop);
    const { payment } = await startIpay88(order.id);
    const fields = gateway.fake.settle(ipay88RefNo(payment.payment_id), 'paid');
    const altered = {
      ...fields,
      Amount: '1.00',
      Signature: ipay88ResponseSignature({
        merchantKey: CREDENTIALS.merchant_key,
        merchantCode: fields.MerchantCode!,
        paymentId: fields.PaymentId!,
        refNo: fields.RefNo!,
        amount: '1.00',
        currency: fields.Currency!,
        status: fields.Status!,
      }),
    };
    expectCode(await postCallback(altered), 400, 'payment_amount_mismatch');
    await expectMismatchRecorded(t, {
      provider: 'ipay88',
      orderId: order.id,
      paymentId: payment.payment_id,
      expected: order.total,
      notified: 100,
    });
  });

  it('answers 404 for a reference it never started and a checkout page of nothing pending', async () => {
    const started = await startIpay88((await newAppOrder(t, gateway.shop)).id);
    const stranger = gateway.fake.settle(ipay88RefNo(started.payment.payment_id), 'paid');
    expectCode(await postCallback({ ...stranger, RefNo: 'NOSUCHREFNO' }), 404, 'not_found');
    const checkout = '/api/payments/ipay88/checkout';
    expectCode(
      await api.get(`${checkout}/00000000-0000-4000-8000-000000000000`, {}),
      404,
      'not_found',
    );
    expectCode(await api.get(`${checkout}/not-a-payment-id`, {}), 404, 'not_found');
    expectCode(
      await api.get(`/api/payments/sandbox/checkout/${started.payment.payment_id}`, {}),
      404,
      'not_found',
    );
    const tooLong = await api.get(`${checkout}/${'x'.repeat(41)}`, {});
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code_message).toBeTruthy();
  });

  credentialsSealedTest({
    masked: { merchant_code: 'M12345', merchant_key: '••••••0001' },
    wrong: { merchant_key: 'not-the-merchant-key' },
  });
});

describe('iPay88 results arriving in either order', () => {
  /** iPay88 settles the payment so and posts it to the Backend URL; it must read RECEIVEOK. */
  const report = async (refNo: string, outcome: 'paid' | 'failed') =>
    expectAcknowledged(await postCallback(gateway.fake.settle(refNo, outcome)), 'RECEIVEOK');
  outcomeOrder({
    start: async (orderId) => {
      const { payment, request } = await startIpay88(orderId);
      return { ...payment, refNo: request.RefNo! };
    },
    fail: (payment) => report(payment.refNo, 'failed'),
    succeed: (payment) => report(payment.refNo, 'paid'),
  });
});
