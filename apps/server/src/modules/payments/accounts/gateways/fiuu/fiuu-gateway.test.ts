import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../../lib/errors';
import type { GatewayClient } from '../gateway-provider';
import { startFiuuFake, type FiuuFake } from '../../../../../test/fiuu-fake';
import { fiuuGateway } from './fiuu-gateway';

// The Fiuu provider against the loopback fake: the hosted page's URL is signed as the fake
// checks it, a verified result names the order and Fiuu's tranID, the status query and the
// refund name the tranID, and a refund asked for twice under the same RefID is paid once.

const CREDENTIALS = {
  merchant_id: 'kopi_fiuu',
  verify_key: 'fiuu-verify-key-0001',
  secret_key: 'fiuu-secret-key-0002',
};
const NOW = new Date('2026-06-10T04:00:00Z');
let fake: FiuuFake;
let client: GatewayClient;

const connectWith = (credentials: Record<string, string>) =>
  fiuuGateway.connect({
    credentials,
    mode: 'sandbox',
    baseUrl: fake.url,
    callbackUrl: 'http://localhost:3000/api/payments/fiuu/callback',
    redirectUrl: 'http://localhost:3000/api/payments/fiuu/return',
    checkoutUrl: 'http://localhost:3000/api/payments/fiuu/checkout',
    now: () => NOW,
  });

const request = (paymentId: string, amount: number) => ({
  paymentId,
  amount,
  currency: 'MYR' as const,
  description: 'Kopi order',
  customer: { name: 'Aisyah', phone: '+60123456789', email: null },
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

/** Starts a payment and has the customer pay it: Fiuu's tranID. */
async function paid(orderId: string, amount: number) {
  const started = await client.createPayment(request(orderId, amount));
  expect(await (await fetch(started.redirectUrl!)).text()).toContain('Fiuu payment page');
  const fields = fake.complete(orderId, '00');
  return { started, fields, tranID: fields.tranID! };
}

beforeAll(async () => {
  fake = await startFiuuFake({
    merchantId: CREDENTIALS.merchant_id,
    verifyKey: CREDENTIALS.verify_key,
    secretKey: CREDENTIALS.secret_key,
  });
  client = connectWith(CREDENTIALS);
});
afterAll(async () => {
  await fake?.close();
});

describe('the Fiuu gateway', () => {
  it('sends the customer to a vcode-signed page and reads a verified result as final', async () => {
    const { started, fields, tranID } = await paid('pay-fiuu-1', 1060);
    expect(started.reference).toBe('pay-fiuu-1');
    const url = new URL(started.redirectUrl!);
    expect(url.pathname).toBe(`/RMS/pay/${CREDENTIALS.merchant_id}/`);
    expect(url.searchParams.get('amount')).toBe('10.60');
    expect(url.searchParams.get('returnurl')).toBe(
      'http://localhost:3000/api/payments/fiuu/return',
    );
    const n = { via: 'callback' as const, fields, rawBody: '', headers: {} };
    expect(client.verifyNotification(n)).toEqual({
      reference: 'pay-fiuu-1',
      status: 'paid',
      amount: 1060,
      currency: 'MYR',
      transactionId: tranID,
      final: true,
    });
    const forged = { ...n, fields: { ...fields, amount: '0.10' } };
    expect(() => client.verifyNotification(forged)).toThrow(AppError);
  });

  it('queries by tranID, and has nothing to ask before Fiuu has one', async () => {
    const { tranID } = await paid('pay-fiuu-2', 2500);
    expect(await client.queryStatus(tranID, 2500)).toEqual({
      reference: tranID,
      status: 'paid',
      amount: 2500,
      currency: 'MYR',
      transactionId: tranID,
    });
    expect((await client.queryStatus('4b1c6f3e-0000-4000-8000-000000000000', 2500)).status).toBe(
      'pending',
    );
  });

  it('refunds under our RefID once, however often it is asked', async () => {
    const { tranID } = await paid('pay-fiuu-3', 3000);
    const refund = { providerRefundId: 'refund-part-1', reference: tranID, amount: 1000 };
    expect(await client.refund!(refund)).toEqual({ status: 'refunded' });
    expect(await client.refund!(refund)).toEqual({ status: 'refunded' });
    expect(fake.transactions.get('pay-fiuu-3')!.refundedSen).toBe(1000);
    // More than what is left is Fiuu's PR011: failed, nothing more refunded.
    const tooMuch = { providerRefundId: 'refund-part-2', reference: tranID, amount: 2500 };
    expect(await client.refund!(tooMuch)).toEqual({ status: 'failed' });
    expect(fake.transactions.get('pay-fiuu-3')!.refundedSen).toBe(1000);
    // A payment Fiuu never settled has no transaction to refund.
    const unpaid = { providerRefundId: 'refund-part-3', reference: 'pay-fiuu-none', amount: 100 };
    expect(await client.refund!(unpaid)).toEqual({ status: 'failed' });
  });

  it('takes a refund Fiuu refuses for its signature (PR008) as failed, refunding nothing', async () => {
    const { tranID } = await paid('pay-fiuu-4', 800);
    const other = connectWith({ ...CREDENTIALS, secret_key: 'not-the-secret' });
    // The fake refuses the request's signature (PR008): a refusal, not a refund.
    const refund = { providerRefundId: 'refund-other', reference: tranID, amount: 800 };
    expect(await other.refund!(refund)).toEqual({ status: 'failed' });
    expect(fake.transactions.get('pay-fiuu-4')!.refundedSen).toBe(0);
  });

  it('acknowledges the callback with its token and the notification by posting it back', async () => {
    const { fields } = await paid('pay-fiuu-5', 500);
    const at = (nbcb: string) => ({
      via: 'callback' as const,
      fields: { ...fields, nbcb },
      rawBody: '',
      headers: {},
    });
    expect(await client.acknowledge!(at('1'))).toEqual({
      contentType: 'text/plain',
      body: 'CBTOKEN:MPSTATOK',
    });
    const echoes = fake.ipnEchoes.length;
    expect(await client.acknowledge!(at('2'))).toBeNull();
    expect(fake.ipnEchoes.slice(echoes)).toEqual([{ ...fields, nbcb: '2', treq: '1' }]);
  });

  it('tests the connection: fine with the right keys, refused with a wrong one', async () => {
    expect(await codeOf(client.testConnection())).toBe('resolved');
    for (const wrong of [
      { ...CREDENTIALS, verify_key: 'wrong' },
      { ...CREDENTIALS, secret_key: 'wrong' },
      { ...CREDENTIALS, merchant_id: 'someone_else' },
    ]) {
      expect(await codeOf(connectWith(wrong).testConnection())).toBe('payment_gateway_unreachable');
    }
  });
});
