import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  encodeFormBody,
  type FormFields,
  parseFormBody,
  readBody,
} from '../modules/payments/accounts/gateways/shared/form-body';
import {
  IPAY88_ENQUIRY_PATH,
  IPAY88_ENTRY_PATH,
} from '../modules/payments/accounts/gateways/ipay88/ipay88-requery';
import {
  IPAY88_CURRENCY,
  ipay88RequestSignature,
  ipay88ResponseSignature,
  parseIpay88Amount,
} from '../modules/payments/accounts/gateways/ipay88/ipay88-signature';
import { listenOnLoopback, mustHave } from './loopback';

// A loopback stand-in for iPay88, for tests only: it listens on 127.0.0.1 at a free port and
// behaves as the OPSG does for the calls our server makes. The entry page checks the request
// signature and records the payment; the test then settles it as the customer's bank would and
// has the fake post the signed response to the Backend URL — as many times, as late and in
// whatever order the test asks — and the enquiry page answers re-queries from what it recorded.
// There is no refund endpoint, as in the real specification.

export interface FakeIpay88Transaction {
  refNo: string;
  amount: string;
  currency: string;
  paymentId: string;
  backendUrl: string;
  responseUrl: string;
  status: 'pending' | 'paid' | 'failed';
  transId: string;
}

export interface DeliveryOptions {
  /** How many times the same post is sent (iPay88 re-posts until it reads RECEIVEOK). */
  times?: number;
  /** Wait this long before the first post: a late notification. */
  delayMs?: number;
}

export interface Ipay88Fake {
  /** Base URL, e.g. http://127.0.0.1:41234; the entry page is at `${url}/epayment/entry.asp`. */
  readonly url: string;
  readonly transactions: ReadonlyMap<string, FakeIpay88Transaction>;
  /** Every answer the Backend URL gave, in order. */
  readonly backendAnswers: string[];
  /** The customer pays (or fails to): returns the signed response iPay88 would post. */
  settle(refNo: string, outcome: 'paid' | 'failed'): FormFields;
  /** Posts signed response fields to the payment's Backend URL (or `url`); returns each answer. */
  postBackend(fields: FormFields, options?: DeliveryOptions & { url?: string }): Promise<string[]>;
  close(): Promise<void>;
}

export async function startIpay88Fake(config: {
  merchantCode: string;
  merchantKey: string;
}): Promise<Ipay88Fake> {
  const transactions = new Map<string, FakeIpay88Transaction>();
  const backendAnswers: string[] = [];
  let nextTransId = 1;

  const entry = (fields: FormFields): string => {
    const required = ['MerchantCode', 'RefNo', 'Amount', 'Currency', 'Signature', 'BackendURL'];
    if (required.some((name) => !fields[name])) return 'Invalid parameters';
    if (fields.MerchantCode !== config.merchantCode) return 'Invalid Merchant Code';
    const expected = ipay88RequestSignature({
      merchantKey: config.merchantKey,
      merchantCode: fields.MerchantCode!,
      refNo: fields.RefNo!,
      amount: fields.Amount!,
      currency: fields.Currency!,
    });
    if (fields.Signature !== expected) return 'Signature not match';
    if (parseIpay88Amount(fields.Amount!) === null) return 'Invalid parameters';
    if (transactions.get(fields.RefNo!)?.status === 'paid') return 'Duplicate reference number';
    transactions.set(fields.RefNo!, {
      refNo: fields.RefNo!,
      amount: fields.Amount!,
      currency: fields.Currency!,
      paymentId: fields.PaymentId || '2',
      backendUrl: fields.BackendURL!,
      responseUrl: fields.ResponseURL ?? '',
      status: 'pending',
      transId: '',
    });
    return 'OK';
  };

  const enquiry = (fields: FormFields): string => {
    if (!fields.MerchantCode || !fields.RefNo || !fields.Amount) return 'Invalid parameters';
    if (fields.MerchantCode !== config.merchantCode) return 'Invalid parameters';
    const transaction = transactions.get(fields.RefNo);
    if (!transaction) return 'Record not found';
    if (parseIpay88Amount(fields.Amount) !== parseIpay88Amount(transaction.amount)) {
      return 'Incorrect amount';
    }
    // The specification lists no "pending" reply: an unfinished payment is not a success.
    return transaction.status === 'paid' ? '00' : 'Payment fail';
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const fields = parseFormBody(await readBody(req));
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (req.method === 'POST' && path === IPAY88_ENTRY_PATH) {
        const outcome = entry(fields);
        const page =
          outcome === 'OK'
            ? `<html><body>iPay88 payment page for ${escapeHtml(fields.RefNo ?? '')}</body></html>`
            : `<html><body>Error: ${outcome}</body></html>`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      } else if (req.method === 'POST' && path === IPAY88_ENQUIRY_PATH) {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(enquiry(fields));
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      }
    })();
  });
  const loopback = await listenOnLoopback(server);

  return {
    url: loopback.url,
    transactions,
    backendAnswers,

    settle(refNo, outcome) {
      const transaction = mustHave(transactions, refNo, 'iPay88 has no payment');
      transaction.status = outcome;
      transaction.transId = `T${String(nextTransId++).padStart(9, '0')}`;
      const status = outcome === 'paid' ? '1' : '0';
      return {
        MerchantCode: config.merchantCode,
        PaymentId: transaction.paymentId,
        RefNo: refNo,
        Amount: transaction.amount,
        Currency: transaction.currency || IPAY88_CURRENCY,
        Remark: '',
        TransId: transaction.transId,
        AuthCode: outcome === 'paid' ? '123456' : '',
        Status: status,
        ErrDesc: outcome === 'paid' ? '' : 'Customer Cancel Transaction',
        Signature: ipay88ResponseSignature({
          merchantKey: config.merchantKey,
          merchantCode: config.merchantCode,
          paymentId: transaction.paymentId,
          refNo,
          amount: transaction.amount,
          currency: transaction.currency,
          status,
        }),
      };
    },

    async postBackend(fields, options = {}) {
      const target = options.url ?? transactions.get(fields.RefNo ?? '')?.backendUrl;
      if (!target) throw new Error('no Backend URL to post to');
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const answers: string[] = [];
      for (let i = 0; i < (options.times ?? 1); i++) {
        const response = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: encodeFormBody(fields),
        });
        const answer = await response.text();
        answers.push(answer);
        backendAnswers.push(answer);
      }
      return answers;
    },

    close: loopback.close,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
