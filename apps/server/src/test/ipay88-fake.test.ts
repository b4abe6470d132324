import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeFormBody,
  parseFormBody,
  readBody,
} from '../modules/payments/accounts/gateways/shared/form-body';
import { startIpay88Fake, type Ipay88Fake } from './ipay88-fake';
import {
  buildIpay88RequeryBody,
  IPAY88_ENQUIRY_PATH,
  IPAY88_ENTRY_PATH,
  parseIpay88RequeryAnswer,
} from '../modules/payments/accounts/gateways/ipay88/ipay88-requery';
import {
  buildIpay88PaymentRequest,
  IPAY88_BACKEND_ACK,
  ipay88EventId,
  verifyIpay88Response,
} from '../modules/payments/accounts/gateways/ipay88/ipay88-signature';
import { listenOnLoopback, type Loopback } from './loopback';

// The fake iPay88 against the pure module: what the module signs the fake accepts, what the
// fake posts back the module verifies, and a backend that records by event id makes one payment
// of a response posted three times.

const MERCHANT = { merchantCode: 'M12345', merchantKey: 'fake-ipay88-key' };

let fake: Ipay88Fake;
let backend: Loopback;
let backendUrl = '';
const recorded = new Map<string, number>();
const refused: string[] = [];

beforeAll(async () => {
  fake = await startIpay88Fake(MERCHANT);
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const result = verifyIpay88Response(parseFormBody(body), MERCHANT.merchantKey);
      if (!result.ok) {
        refused.push(result.reason);
        res.writeHead(400).end('refused');
        return;
      }
      const id = ipay88EventId(result.response);
      recorded.set(id, (recorded.get(id) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(IPAY88_BACKEND_ACK);
    });
  });
  backend = await listenOnLoopback(server);
  backendUrl = `${backend.url}/backend`;
});

afterAll(async () => {
  await fake.close();
  await backend.close();
});

async function post(path: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeFormBody(fields),
  });
  return response.text();
}

function paymentRequest(refNo: string, amountSen: number, merchantKey = MERCHANT.merchantKey) {
  return buildIpay88PaymentRequest({
    merchantCode: MERCHANT.merchantCode,
    merchantKey,
    refNo,
    amountSen,
    prodDesc: 'Kopi order',
    userName: 'Aisyah',
    userEmail: 'aisyah@example.com',
    userContact: '0123456789',
    responseUrl: 'http://127.0.0.1/return',
    backendUrl,
  });
}

async function requery(refNo: string, amountSen: number) {
  const body = buildIpay88RequeryBody({ merchantCode: MERCHANT.merchantCode, refNo, amountSen });
  return parseIpay88RequeryAnswer(await post(IPAY88_ENQUIRY_PATH, body));
}

describe('fake iPay88', () => {
  it('accepts a correctly signed payment request and refuses a badly signed one', async () => {
    expect(await post(IPAY88_ENTRY_PATH, paymentRequest('pay_a', 123450))).toContain(
      'payment page',
    );
    expect(await post(IPAY88_ENTRY_PATH, paymentRequest('pay_b', 100, 'wrong-key'))).toContain(
      'Signature not match',
    );
    const tampered = { ...paymentRequest('pay_c', 100), Amount: '0.01' };
    expect(await post(IPAY88_ENTRY_PATH, tampered)).toContain('Signature not match');
    expect(fake.transactions.has('pay_b')).toBe(false);
    expect(fake.transactions.has('pay_c')).toBe(false);
  });

  it('answers the re-query: not paid yet, then paid, and a wrong amount', async () => {
    await post(IPAY88_ENTRY_PATH, paymentRequest('pay_q', 1060));
    expect(await requery('pay_q', 1060)).toBe('failed');
    fake.settle('pay_q', 'paid');
    expect(await requery('pay_q', 1060)).toBe('paid');
    expect(await requery('pay_q', 1061)).toBe('amount_mismatch');
    expect(await requery('pay_unknown', 100)).toBe('not_found');
  });

  it('posts a signed response to the Backend URL that reads RECEIVEOK, three times as one', async () => {
    await post(IPAY88_ENTRY_PATH, paymentRequest('pay_d', 123450));
    const response = fake.settle('pay_d', 'paid');
    expect(response.Amount).toBe('1,234.50');
    const answers = await fake.postBackend(response, { times: 3 });
    expect(answers).toEqual([IPAY88_BACKEND_ACK, IPAY88_BACKEND_ACK, IPAY88_BACKEND_ACK]);
    const verified = verifyIpay88Response(response, MERCHANT.merchantKey);
    if (!verified.ok) throw new Error('the fake must sign as the module verifies');
    expect(verified.response.amountSen).toBe(123450);
    expect(recorded.get(ipay88EventId(verified.response))).toBe(3);
    expect(new Set([...recorded.keys()].filter((id) => id.includes('pay_d'))).size).toBe(1);
  });

  it('delivers late and refuses a forged post at the backend', async () => {
    await post(IPAY88_ENTRY_PATH, paymentRequest('pay_e', 500));
    const response = fake.settle('pay_e', 'failed');
    const started = Date.now();
    expect(await fake.postBackend(response, { delayMs: 50 })).toEqual([IPAY88_BACKEND_ACK]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    const forged = { ...response, Status: '1' };
    expect(await fake.postBackend(forged)).toEqual(['refused']);
    expect(refused).toContain('signature_mismatch');
  });

  it('refuses a second payment with a reference already paid', async () => {
    expect(await post(IPAY88_ENTRY_PATH, paymentRequest('pay_d', 123450))).toContain(
      'Duplicate reference number',
    );
  });

  it('has no refund endpoint, as the specification has none', async () => {
    const response = await fetch(`${fake.url}/epayment/refund.asp`, { method: 'POST' });
    expect(response.status).toBe(404);
  });
});
