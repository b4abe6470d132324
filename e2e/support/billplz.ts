import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { fakeBillplzPortOf, serverIndex } from './servers';

// A fake of Billplz API v3 for the payment-gateway journey, on the loopback port the server is
// pointed at (KOPI_E2E_BILLPLZ_URL in playwright.config.ts: support/servers.ts). It takes
// create-bill with Basic auth, answers the collection (the settings' "test connection") and a
// bill, and posts the signed callback of a paid bill to the server, as Billplz would.

export const fakeBillplzPort = fakeBillplzPortOf(serverIndex);

interface Bill {
  id: string;
  amount: number;
  reference_1: string;
  callback_url: string;
  paid: boolean;
  state: string;
  url: string;
}

/** Billplz's X Signature: key+value strings sorted case-insensitively, joined with |, HMAC-SHA256. */
function sign(key: string, fields: Record<string, string>) {
  const source = Object.entries(fields)
    .map(([k, v]) => `${k}${v}`)
    .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
    .join('|');
  return createHmac('sha256', key).update(source).digest('hex');
}

export async function startFakeBillplz(o: {
  apiKey: string;
  signatureKey: string;
  collectionId: string;
}) {
  const bills = new Map<string, Bill>();
  const auth = `Basic ${Buffer.from(`${o.apiKey}:`).toString('base64')}`;
  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.headers.authorization !== auth)
        return reply(401, { error: { type: 'Unauthorized' } });
      const path = req.url ?? '';
      if (req.method === 'GET' && path === `/api/v3/collections/${o.collectionId}`) {
        return reply(200, { id: o.collectionId, status: 'active' });
      }
      if (req.method === 'POST' && path === '/api/v3/bills') {
        const input = JSON.parse(raw) as Record<string, unknown>;
        const id = randomBytes(4).toString('hex');
        const bill: Bill = {
          id,
          amount: Number(input.amount),
          reference_1: String(input.reference_1),
          callback_url: String(input.callback_url),
          paid: false,
          state: 'due',
          url: `http://127.0.0.1:${fakeBillplzPort}/bills/${id}`,
        };
        bills.set(id, bill);
        return reply(200, bill);
      }
      const bill = bills.get(path.replace('/api/v3/bills/', ''));
      if (req.method === 'GET' && bill) return reply(200, bill);
      return reply(404, { error: { type: 'RecordNotFound' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(fakeBillplzPort, '127.0.0.1', resolve));
  return {
    /** The bill started for our payment. */
    billOf: (paymentId: string) => [...bills.values()].find((b) => b.reference_1 === paymentId),
    /** Marks the bill paid and posts its signed callback to the server at `baseURL`. */
    async pay(bill: Bill, baseURL: string) {
      Object.assign(bill, { paid: true, state: 'paid' });
      const fields = {
        id: bill.id,
        collection_id: o.collectionId,
        paid: 'true',
        state: 'paid',
        amount: String(bill.amount),
        paid_amount: String(bill.amount),
        paid_at: '2026-06-10 12:05:00 +0800',
        url: bill.url,
      };
      const body = new URLSearchParams({ ...fields, x_signature: sign(o.signatureKey, fields) });
      return fetch(`${baseURL}${new URL(bill.callback_url).pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
    },
    /** Where Billplz sends the customer's browser back after paying: the signed redirect. */
    returnPath(bill: Bill) {
      const paidAt = '2026-06-10 12:05:00 +0800';
      // A redirect's fields sign without their brackets (billplz[id] signs as billplzid).
      const signature = sign(o.signatureKey, {
        billplzid: bill.id,
        billplzpaid: String(bill.paid),
        billplzpaid_at: paidAt,
      });
      const query = new URLSearchParams({
        'billplz[id]': bill.id,
        'billplz[paid]': String(bill.paid),
        'billplz[paid_at]': paidAt,
        'billplz[x_signature]': signature,
      });
      return `/api/payments/billplz/return?${query.toString()}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
