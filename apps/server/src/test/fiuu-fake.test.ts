import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeFormBody,
  type FormFields,
  parseFormBody,
  readBody,
} from '../modules/payments/accounts/gateways/shared/form-body';
import { type FiuuFake, startFiuuFake } from './fiuu-fake';
import {
  buildFiuuRefundBody,
  buildFiuuRequeryBody,
  FIUU_REFUND_PATH,
  FIUU_REQUERY_PATH,
  parseFiuuRefundAnswer,
  parseFiuuRequeryAnswer,
} from '../modules/payments/accounts/gateways/fiuu/fiuu-api';
import {
  buildFiuuPaymentUrl,
  FIUU_CALLBACK_ACK,
  fiuuAcknowledgement,
  fiuuEventId,
  verifyFiuuNotification,
} from '../modules/payments/accounts/gateways/fiuu/fiuu-signature';
import { listenOnLoopback, type Loopback } from './loopback';

// The fake Fiuu against the pure module: the payment URL the module builds is accepted, the
// results the fake posts verify, requery and refund answers are signed as the module checks, and
// a merchant endpoint that records by event id keeps one record whatever the delivery order.

const MERCHANT = { merchantId: 'SB_kopihq', verifyKey: 'verify-key', secretKey: 'secret-key' };

let fake: FiuuFake;
let merchant: Loopback;
let merchantUrl = '';
/** Latest status per transaction, as our server would keep it: first paid wins. */
const states = new Map<string, string>();
const seen = new Set<string>();

beforeAll(async () => {
  fake = await startFiuuFake(MERCHANT);
  const server = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      const fields = parseFormBody(body);
      const result = verifyFiuuNotification(fields, MERCHANT);
      if (!result.ok) return void res.writeHead(400).end(result.reason);
      const { notification } = result;
      seen.add(fiuuEventId(notification));
      // A late pending never undoes a paid: the order of delivery does not decide the state.
      if (states.get(notification.orderId) !== 'paid') {
        states.set(notification.orderId, notification.status);
      }
      const ack = fiuuAcknowledgement(fields);
      if (ack.kind === 'answer') return void res.writeHead(200).end(ack.body);
      await fetch(`${fake.url}${ack.path}`, { method: 'POST', body: encodeFormBody(ack.body) });
      res.writeHead(200).end('');
    });
  });
  merchant = await listenOnLoopback(server);
  merchantUrl = `${merchant.url}/fiuu`;
});

afterAll(async () => {
  await fake.close();
  await merchant.close();
});

function paymentUrl(orderId: string, amountSen: number, verifyKey = MERCHANT.verifyKey) {
  return buildFiuuPaymentUrl({
    baseUrl: fake.url,
    ...MERCHANT,
    verifyKey,
    orderId,
    amountSen,
    billName: 'Aisyah',
    billEmail: 'aisyah@example.com',
    billMobile: '0123456789',
    billDesc: 'Kopi order',
    returnUrl: `${merchantUrl}/return`,
    callbackUrl: merchantUrl,
  });
}

async function open(url: string): Promise<string> {
  return (await fetch(url)).text();
}

async function post(path: string, fields: FormFields): Promise<Response> {
  return fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeFormBody(fields),
  });
}

describe('fake Fiuu', () => {
  it('opens the payment page for a correct vcode only', async () => {
    expect(await open(paymentUrl('pay_a', 1060))).toContain('payment page for pay_a');
    expect(await open(paymentUrl('pay_b', 1060, 'wrong-verify-key'))).toBe('Error: invalid vcode');
    const tampered = new URL(paymentUrl('pay_c', 1060));
    tampered.searchParams.set('amount', '0.10');
    expect(await open(tampered.toString())).toBe('Error: invalid vcode');
  });

  it('delivers a notification twice and a callback once: one record, acknowledged both ways', async () => {
    await open(paymentUrl('pay_d', 123450));
    const result = fake.complete('pay_d', '00');
    expect(result.amount).toBe('1234.50');
    const echoesBefore = fake.ipnEchoes.length;
    expect(await fake.deliver(result, { url: merchantUrl, times: 2 })).toEqual(['', '']);
    expect(fake.ipnEchoes.length - echoesBefore).toBe(2);
    expect(fake.ipnEchoes.at(-1)).toMatchObject({ treq: '1', orderid: 'pay_d', skey: result.skey });
    expect(await fake.deliver(result, { kind: 'callback' })).toEqual([FIUU_CALLBACK_ACK]);
    expect([...seen].filter((id) => id.startsWith(`fiuu:${result.tranID}:`))).toEqual([
      `fiuu:${result.tranID}:paid`,
    ]);
    expect(states.get('pay_d')).toBe('paid');
  });

  it('keeps a payment paid when a late pending arrives after the paid result', async () => {
    await open(paymentUrl('pay_e', 500));
    const pending = fake.complete('pay_e', '22');
    const paid = fake.complete('pay_e', '00');
    await fake.deliver(paid, { url: merchantUrl });
    await fake.deliver(pending, { url: merchantUrl, delayMs: 30 });
    expect(states.get('pay_e')).toBe('paid');
  });

  it('refuses a forged result at the merchant endpoint', async () => {
    await open(paymentUrl('pay_f', 500));
    const failed = fake.complete('pay_f', '11');
    expect(await fake.deliver({ ...failed, status: '00' }, { url: merchantUrl })).toEqual([
      'signature_mismatch',
    ]);
    expect(states.has('pay_f')).toBe(false);
  });

  it('answers the requery with a VrfKey the module checks', async () => {
    await open(paymentUrl('pay_g', 1060));
    const { tranID } = fake.complete('pay_g', '00');
    const body = buildFiuuRequeryBody({ tranID: tranID!, amountSen: 1060, ...MERCHANT });
    const text = await (await post(FIUU_REQUERY_PATH, body)).text();
    expect(parseFiuuRequeryAnswer(text, MERCHANT.secretKey)).toMatchObject({
      ok: true,
      answer: { status: 'paid', amountSen: 1060 },
    });
    const badKey = buildFiuuRequeryBody({
      tranID: tranID!,
      amountSen: 1060,
      ...MERCHANT,
      verifyKey: 'x',
    });
    expect(await (await post(FIUU_REQUERY_PATH, badKey)).text()).toBe('Error: invalid skey');
  });

  it('refunds once per RefID, no more than was paid, and refuses a bad signature', async () => {
    await open(paymentUrl('pay_h', 1000));
    const { tranID } = fake.complete('pay_h', '00');
    const refund = async (refId: string, amountSen: number, secretKey = MERCHANT.secretKey) => {
      const body = buildFiuuRefundBody({
        ...MERCHANT,
        secretKey,
        refId,
        tranID: tranID!,
        amountSen,
      });
      return parseFiuuRefundAnswer(
        await (await post(FIUU_REFUND_PATH, body)).json(),
        MERCHANT.secretKey,
      );
    };
    const first = await refund('rf_1', 600);
    expect(first).toMatchObject({ ok: true, status: 'refunded', refId: 'rf_1' });
    expect(await refund('rf_1', 600)).toEqual(first);
    expect(await refund('rf_2', 500)).toMatchObject({ ok: false, reason: 'error', code: 'PR011' });
    expect(await refund('rf_3', 400, 'wrong-secret')).toMatchObject({ code: 'PR008' });
    expect(await refund('rf_4', 400)).toMatchObject({ ok: true });
  });
});
