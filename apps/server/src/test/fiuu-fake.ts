import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  encodeFormBody,
  type FormFields,
  parseFormBody,
  readBody,
} from '../modules/payments/accounts/gateways/shared/form-body';
import {
  FIUU_REFUND_PATH,
  FIUU_REQUERY_PATH,
  fiuuRefundAnswerSignature,
  fiuuRefundSignature,
  formatFiuuRequeryAnswer,
} from '../modules/payments/accounts/gateways/fiuu/fiuu-api';
import {
  FIUU_IPN_PATH,
  FIUU_PAYMENT_PATH,
  fiuuSkey,
  fiuuVcode,
  md5Hex,
  parseFiuuAmount,
} from '../modules/payments/accounts/gateways/fiuu/fiuu-signature';
import { listenOnLoopback, mustHave } from './loopback';

// A loopback stand-in for Fiuu, for tests only (127.0.0.1, a free port). The hosted payment
// page checks the vcode and records the order; the test completes it with a status as the bank
// would and has the fake post the skey-signed result to the notification or callback URL — as
// often, as late and in whatever order the test asks. Requery and refund answer from what the
// fake recorded, signed as Fiuu signs them; IPN echoes are recorded.

export interface FakeFiuuTransaction {
  orderid: string;
  amount: string;
  currency: string;
  callbackurl: string;
  tranID: string;
  status: '00' | '11' | '22' | 'new';
  refundedSen: number;
}

export interface FiuuDeliveryOptions {
  /** Where to post: the notification URL is set in Fiuu's portal, so tests name it. */
  url?: string;
  /** nbcb=2 for the notification URL, nbcb=1 for the callback URL. */
  kind?: 'notification' | 'callback';
  times?: number;
  delayMs?: number;
}

export interface FiuuFake {
  readonly url: string;
  readonly transactions: ReadonlyMap<string, FakeFiuuTransaction>;
  /** Every IPN echo received (the notification endpoint's acknowledgement). */
  readonly ipnEchoes: FormFields[];
  /** Every refund the fake made, by the merchant's RefID, as it answered it. */
  readonly refunds: ReadonlyMap<string, Readonly<Record<string, string>>>;
  /** Sets the payment's status as the bank would; returns the skey-signed fields Fiuu posts. */
  complete(orderid: string, status: '00' | '11' | '22'): FormFields;
  /** Posts result fields to the merchant; returns each answer's body. */
  deliver(fields: FormFields, options?: FiuuDeliveryOptions): Promise<string[]>;
  close(): Promise<void>;
}

export async function startFiuuFake(config: {
  merchantId: string;
  verifyKey: string;
  secretKey: string;
  /** The merchant portal's "extended vcode" option: the currency joins the vcode. */
  extendedVcode?: boolean;
  /** The paydate written into results; tests pass a fixed one. */
  paydate?: string;
}): Promise<FiuuFake> {
  const transactions = new Map<string, FakeFiuuTransaction>();
  const byTranId = new Map<string, FakeFiuuTransaction>();
  const refunds = new Map<string, Record<string, string>>();
  const ipnEchoes: FormFields[] = [];
  let nextTranId = 30000001;
  let nextRefundId = 5001;

  const pay = (merchantId: string, fields: FormFields): string => {
    if (merchantId !== config.merchantId) return 'Error: invalid merchant';
    const { amount, orderid, vcode } = fields;
    if (!amount || !orderid || !vcode || parseFiuuAmount(amount) === null) {
      return 'Error: missing or invalid parameter';
    }
    const currency = fields.currency || fields.cur || 'MYR';
    const expected = fiuuVcode({
      amount,
      merchantId,
      orderId: orderid,
      verifyKey: config.verifyKey,
      currency: config.extendedVcode ? currency : undefined,
    });
    if (vcode !== expected) return 'Error: invalid vcode';
    transactions.set(orderid, {
      orderid,
      amount,
      currency,
      callbackurl: fields.callbackurl ?? '',
      tranID: '',
      status: 'new',
      refundedSen: 0,
    });
    return `Fiuu payment page for ${orderid}`;
  };

  const requery = (fields: FormFields): string => {
    const { txID, domain, amount, skey } = fields;
    if (!txID || !domain || !amount || !skey) return 'Error: missing parameter';
    if (skey !== md5Hex(txID + domain + config.verifyKey + amount)) return 'Error: invalid skey';
    const transaction = byTranId.get(txID);
    if (!transaction || domain !== config.merchantId) return 'Error: transaction not found';
    const statName = { '00': 'captured', '11': 'failed', '22': 'pending', new: 'pending' };
    return formatFiuuRequeryAnswer({
      statCode: transaction.status === 'new' ? '22' : transaction.status,
      statName: statName[transaction.status],
      tranID: txID,
      amount: transaction.amount,
      domain,
      secretKey: config.secretKey,
    });
  };

  const refund = (fields: FormFields): Record<string, string> => {
    const error = (code: string, desc: string) => ({ error_code: code, error_desc: desc });
    const { RefundType, MerchantID, RefID, TxnID, Amount, Signature } = fields;
    if (!RefID) return error('PR003', 'RefID field is mandatory');
    if (!TxnID) return error('PR004', 'TxnID field is mandatory');
    if (!Amount) return error('PR005', 'Amount field is mandatory');
    if (!Signature) return error('PR006', 'Signature field is mandatory');
    if (MerchantID !== config.merchantId) return error('PR007', 'Merchant ID not found.');
    const expected = fiuuRefundSignature({
      refundType: RefundType ?? '',
      merchantId: MerchantID,
      refId: RefID,
      txnId: TxnID,
      amount: Amount,
      secretKey: config.secretKey,
    });
    if (Signature !== expected) return error('PR008', 'Invalid Signature.');
    const previous = refunds.get(RefID);
    if (previous) return previous;
    const transaction = byTranId.get(TxnID);
    if (!transaction) return error('PR009', 'Txn ID not found.');
    if (transaction.status !== '00') {
      return error('PR010', 'Transaction must be in authorized/captured/settled status.');
    }
    const sen = parseFiuuAmount(Amount);
    const paidSen = parseFiuuAmount(transaction.amount) ?? 0;
    if (sen === null || sen + transaction.refundedSen > paidSen) {
      return error('PR011', 'Exceed refund amount for this transaction');
    }
    transaction.refundedSen += sen;
    const answer: Record<string, string> = {
      RefundType: RefundType ?? '',
      MerchantID,
      RefID,
      RefundID: String(nextRefundId++),
      TxnID,
      Amount,
      Status: '00',
      Reason: '',
    };
    answer.Signature = fiuuRefundAnswerSignature(answer, config.secretKey);
    refunds.set(RefID, answer);
    return answer;
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const fields = {
        ...Object.fromEntries(url.searchParams),
        ...parseFormBody(await readBody(req)),
      };
      const path = url.pathname;
      const text = (status: number, body: string) =>
        res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
      if (path.startsWith(FIUU_PAYMENT_PATH)) {
        const merchantId = decodeURIComponent(
          path.slice(FIUU_PAYMENT_PATH.length).split('/')[0] ?? '',
        );
        text(200, pay(merchantId, fields));
      } else if (req.method === 'POST' && path === FIUU_REQUERY_PATH) {
        text(200, requery(fields));
      } else if (req.method === 'POST' && path === FIUU_REFUND_PATH) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(refund(fields)));
      } else if (req.method === 'POST' && path === FIUU_IPN_PATH) {
        ipnEchoes.push(fields);
        text(200, '');
      } else {
        text(404, 'Not Found');
      }
    })();
  });
  const loopback = await listenOnLoopback(server);

  return {
    url: loopback.url,
    transactions,
    ipnEchoes,
    refunds,

    complete(orderid, status) {
      const transaction = mustHave(transactions, orderid, 'Fiuu has no order');
      if (!transaction.tranID) {
        transaction.tranID = String(nextTranId++);
        byTranId.set(transaction.tranID, transaction);
      }
      transaction.status = status;
      const signed = {
        tranID: transaction.tranID,
        orderid,
        status,
        domain: config.merchantId,
        amount: transaction.amount,
        currency: transaction.currency,
        paydate: config.paydate ?? '2026-11-27 15:30:00',
        appcode: status === '00' ? 'A12345' : '',
      };
      return {
        ...signed,
        channel: 'fpx',
        error_code: status === '11' ? 'FPX_1E' : '',
        error_desc: status === '11' ? 'Transaction rejected by bank' : '',
        skey: fiuuSkey({ ...signed, secretKey: config.secretKey }).skey,
      };
    },

    async deliver(fields, options = {}) {
      const target = options.url ?? transactions.get(fields.orderid ?? '')?.callbackurl;
      if (!target) throw new Error('no URL to deliver the Fiuu result to');
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const body = encodeFormBody({ ...fields, nbcb: options.kind === 'callback' ? '1' : '2' });
      const answers: string[] = [];
      for (let i = 0; i < (options.times ?? 1); i++) {
        const response = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        answers.push(await response.text());
      }
      return answers;
    },

    close: loopback.close,
  };
}
