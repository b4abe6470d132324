import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { billplzSignature } from '../modules/payments/accounts/gateways/billplz/billplz-signature';
import type { TestApp } from './test-app';
import { listenOnLoopback, mustHave } from './loopback';

// A loopback fake of Billplz API v3, for tests only (127.0.0.1, a free port; nothing reaches the
// internet). It keeps bills in memory, takes create-bill with Basic auth (the API key as the user
// name), answers GET /api/v3/bills/{id} and /api/v3/collections/{id}, and, when the test pays a
// bill, sends the signed callback (form body with x_signature) to the bill's callback_url the way
// Billplz does — through `deliver`, which tests point at the app — and builds the signed
// redirect query the customer's browser would bring back.

export interface FakeBill {
  id: string;
  collection_id: string;
  paid: boolean;
  state: 'due' | 'paid' | 'deleted';
  amount: number;
  paid_amount: number;
  name: string;
  mobile: string;
  email: string;
  description: string;
  callback_url: string;
  redirect_url: string;
  reference_1: string;
  url: string;
  paid_at: string | null;
}

export interface FakeBillplzOptions {
  apiKey: string;
  signatureKey: string;
  collectionId: string;
  /** Posts a callback: `url` is the bill's callback_url, `body` the form body. */
  deliver: (url: string, body: string) => Promise<{ statusCode: number; body: string }>;
}

export interface FakeBillplz {
  url: string;
  bills: Map<string, FakeBill>;
  /** Every request the fake received (method, path, authorization), for assertions. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  /** Marks the bill paid and answers the signed callback's form fields (not sent yet). */
  pay(billId: string): Record<string, string>;
  /** Sends a callback with these fields (signed with `key`, the account's unless a test forges). */
  sendCallback(
    billId: string,
    fields: Record<string, string>,
    key?: string,
  ): Promise<{ statusCode: number; body: string }>;
  /** The query string of the signed redirect back to the bill's redirect_url. */
  redirectQuery(billId: string, key?: string): string;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => resolve(data));
  });

const PAID_AT = '2026-06-10 12:05:00 +0800';

export async function startFakeBillplz(o: FakeBillplzOptions): Promise<FakeBillplz> {
  const bills = new Map<string, FakeBill>();
  const requests: FakeBillplz['requests'] = [];
  const expectedAuth = `Basic ${Buffer.from(`${o.apiKey}:`).toString('base64')}`;
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization });
      if (req.headers.authorization !== expectedAuth) {
        return json(res, 401, { error: { type: 'Unauthorized', message: ['Invalid access'] } });
      }
      if (req.method === 'POST' && path === '/api/v3/bills') {
        const input = JSON.parse(await readBody(req)) as Record<string, unknown>;
        if (input.collection_id !== o.collectionId) {
          return json(res, 404, { error: { type: 'RecordNotFound', message: ['No collection'] } });
        }
        const id = randomBytes(4).toString('hex');
        const bill: FakeBill = {
          id,
          collection_id: o.collectionId,
          paid: false,
          state: 'due',
          amount: Number(input.amount),
          paid_amount: 0,
          name: String(input.name ?? ''),
          mobile: String(input.mobile ?? ''),
          email: String(input.email ?? ''),
          description: String(input.description ?? ''),
          callback_url: String(input.callback_url ?? ''),
          redirect_url: String(input.redirect_url ?? ''),
          reference_1: String(input.reference_1 ?? ''),
          url: `http://127.0.0.1/bills/${id}`,
          paid_at: null,
        };
        bills.set(id, bill);
        return json(res, 200, bill);
      }
      const bill = /^\/api\/v3\/bills\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && bill) {
        const found = bills.get(decodeURIComponent(bill[1]!));
        return found
          ? json(res, 200, found)
          : json(res, 404, { error: { type: 'RecordNotFound' } });
      }
      const collection = /^\/api\/v3\/collections\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && collection) {
        return collection[1] === o.collectionId
          ? json(res, 200, { id: o.collectionId, title: 'Kopi', status: 'active' })
          : json(res, 404, { error: { type: 'RecordNotFound' } });
      }
      return json(res, 404, { error: { type: 'RecordNotFound' } });
    })();
  });
  const loopback = await listenOnLoopback(server);

  const billOf = (id: string) => mustHave(bills, id, 'has no bill');

  return {
    url: loopback.url,
    bills,
    requests,
    pay(billId) {
      const bill = billOf(billId);
      Object.assign(bill, {
        paid: true,
        state: 'paid',
        paid_amount: bill.amount,
        paid_at: PAID_AT,
      });
      return {
        id: bill.id,
        collection_id: bill.collection_id,
        paid: 'true',
        state: 'paid',
        amount: String(bill.amount),
        paid_amount: String(bill.amount),
        due_at: '2026-06-10',
        email: bill.email,
        mobile: bill.mobile,
        name: bill.name,
        url: bill.url,
        paid_at: PAID_AT,
      };
    },
    async sendCallback(billId, fields, key = o.signatureKey) {
      const signed = { ...fields, x_signature: billplzSignature(key, fields) };
      return o.deliver(billOf(billId).callback_url, new URLSearchParams(signed).toString());
    },
    redirectQuery(billId, key = o.signatureKey) {
      const bill = billOf(billId);
      const fields = {
        'billplz[id]': bill.id,
        'billplz[paid]': String(bill.paid),
        'billplz[paid_at]': bill.paid_at ?? '',
      };
      return new URLSearchParams({
        ...fields,
        'billplz[x_signature]': billplzSignature(key, fields),
      }).toString();
    },
    close: loopback.close,
  };
}

type BillplzCredentials = { api_key: string; x_signature_key: string; collection_id: string };

/** A fake Billplz of a gateway's credentials, its callbacks sent through `deliver`. */
export function startFakeBillplzOf(
  credentials: BillplzCredentials,
  deliver: FakeBillplzOptions['deliver'],
): Promise<FakeBillplz> {
  return startFakeBillplz({
    apiKey: credentials.api_key,
    signatureKey: credentials.x_signature_key,
    collectionId: credentials.collection_id,
    deliver,
  });
}

/**
 * A fake Billplz of a gateway's credentials whose callbacks post straight into `t` (by inject),
 * to the path of the bill's callback_url.
 */
export function startFakeBillplzInto(
  t: Pick<TestApp, 'inject'>,
  credentials: BillplzCredentials,
): Promise<FakeBillplz> {
  return startFakeBillplzOf(credentials, async (url, body) => {
    const res = await t.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    return { statusCode: res.statusCode, body: res.body };
  });
}
