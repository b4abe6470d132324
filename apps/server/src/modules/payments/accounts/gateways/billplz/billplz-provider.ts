import { AppError } from '../../../../../lib/errors';
import type {
  GatewayClient,
  GatewayConnection,
  GatewayFactory,
  GatewayTransaction,
} from '../gateway-provider';
import { verifyBillplzSignature } from './billplz-signature';

// Billplz (API v3, https://www.billplz.com/api). A payment is a bill in the account's collection:
// created with Basic auth (the API key as the user name, no password), paid on the bill's page,
// reported by a signed callback (form POST: id, paid, state, amount in sen, x_signature…) and by a
// signed redirect of the customer (billplz[id], billplz[paid], billplz[paid_at],
// billplz[x_signature]). The redirect carries no amount and can be replayed by the browser, so it
// is only a hint: the bill is queried (GET /api/v3/bills/{id}) before anything is applied.
// Billplz's API has no refund of a bill: refunds of Billplz payments are paid back by hand.

export const BILLPLZ_HOSTS = {
  sandbox: 'https://www.billplz-sandbox.com',
  production: 'https://www.billplz.com',
} as const;

const REQUEST_TIMEOUT_MS = 15_000;

interface BillplzBill {
  id: string;
  paid: boolean;
  state: string;
  amount: number;
  url: string;
}

/** A bill's standing: paid; deleted (can no longer be paid) is failed; due is still pending. */
function statusOf(paid: boolean, state: string): GatewayTransaction['status'] {
  if (paid && state === 'paid') return 'paid';
  return state === 'deleted' ? 'failed' : 'pending';
}

function connect(c: GatewayConnection): GatewayClient {
  const base = (c.baseUrl ?? BILLPLZ_HOSTS[c.mode]).replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${c.credentials.api_key}:`).toString('base64')}`;
  const signatureKey = c.credentials.x_signature_key ?? '';

  async function call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new AppError('payment_gateway_unreachable');
    }
    if (!response.ok) throw new AppError('payment_gateway_unreachable');
    return (await response.json()) as T;
  }

  const transactionOf = (bill: BillplzBill): GatewayTransaction => ({
    reference: bill.id,
    status: statusOf(bill.paid === true, bill.state),
    amount: Number(bill.amount),
    currency: 'MYR',
  });

  return {
    async createPayment(request) {
      const bill = await call<BillplzBill>('POST', '/api/v3/bills', {
        collection_id: c.credentials.collection_id,
        name: request.customer.name,
        mobile: request.customer.phone,
        ...(request.customer.email ? { email: request.customer.email } : {}),
        amount: request.amount,
        description: request.description.slice(0, 200),
        callback_url: c.callbackUrl,
        redirect_url: c.redirectUrl,
        reference_1_label: 'Payment',
        reference_1: request.paymentId,
      });
      return { reference: bill.id, redirectUrl: bill.url };
    },

    verifyNotification(n) {
      if (!verifyBillplzSignature(signatureKey, n.fields)) {
        throw new AppError('payment_signature_invalid');
      }
      if (n.via === 'return') {
        const paid = n.fields['billplz[paid]'] === 'true';
        return {
          reference: n.fields['billplz[id]'] ?? '',
          status: paid ? 'paid' : 'pending',
          amount: null,
          currency: 'MYR',
          final: false,
        };
      }
      const amount = Number(n.fields.amount);
      return {
        reference: n.fields.id ?? '',
        status: statusOf(n.fields.paid === 'true', n.fields.state ?? ''),
        amount: Number.isSafeInteger(amount) ? amount : -1,
        currency: 'MYR',
        final: true,
      };
    },

    async queryStatus(reference) {
      return transactionOf(
        await call<BillplzBill>('GET', `/api/v3/bills/${encodeURIComponent(reference)}`),
      );
    },

    refund: null,

    async testConnection() {
      const collection = c.credentials.collection_id ?? '';
      await call('GET', `/api/v3/collections/${encodeURIComponent(collection)}`);
    },
  };
}

export const billplzGateway: GatewayFactory = {
  name: 'billplz',
  refunds: false,
  credentialFields: ['api_key', 'x_signature_key', 'collection_id'],
  referenceOf: (n) => (n.via === 'return' ? n.fields['billplz[id]'] : n.fields.id) || null,
  connect,
};
