import { AppError } from '../../../../../lib/errors';
import type {
  GatewayClient,
  GatewayConnection,
  GatewayFactory,
  GatewayRefundResult,
  GatewayTransaction,
} from '../gateway-provider';
import { postForm } from '../shared/form-post';
import {
  buildFiuuRefundBody,
  buildFiuuRequeryBody,
  FIUU_PRODUCTION_API_URL,
  FIUU_REFUND_PATH,
  FIUU_REQUERY_PATH,
  FIUU_SANDBOX_API_URL,
  parseFiuuRefundAnswer,
  parseFiuuRequeryAnswer,
} from './fiuu-api';
import {
  buildFiuuPaymentUrl,
  FIUU_CURRENCY,
  FIUU_PRODUCTION_PAY_URL,
  FIUU_SANDBOX_PAY_URL,
  fiuuAcknowledgement,
  verifyFiuuNotification,
} from './fiuu-signature';

// Fiuu (formerly Razer Merchant Services / MOLPay). The customer is sent to Fiuu's hosted page
// with every field, our payment id as `orderid` and the `vcode`, in its query string. Fiuu posts
// the skey-signed result to our callback URL (nbcb=1, answered `CBTOKEN:MPSTATOK`), to the
// notification URL set in its portal (nbcb=2, acknowledged by posting the fields back to its IPN
// page) and with the customer's browser to our return URL. The skey covers the transaction, order,
// status, amount and currency, so a verified result is final; a replay of it is the same event.
// Fiuu's status query and refund name its own transaction id (tranID), so once a payment is paid
// the tranID becomes its reference. A refund is asked for under our provider-refund id (RefID):
// Fiuu answers the same refund again for the same RefID, so asking twice never pays twice.

const HOSTS = {
  sandbox: { pay: FIUU_SANDBOX_PAY_URL, api: FIUU_SANDBOX_API_URL },
  production: { pay: FIUU_PRODUCTION_PAY_URL, api: FIUU_PRODUCTION_API_URL },
} as const;

/** Fiuu's transaction ids are digits; our payment ids (a reference before Fiuu has one) are not. */
const FIUU_TRAN_ID = /^\d{1,20}$/;

/** Refund errors that say the credentials are wrong (Fiuu's PR0xx codes, cheat sheet). */
const CREDENTIAL_ERRORS = ['PR007', 'PR008'];

function connect(c: GatewayConnection): GatewayClient {
  const payBase = (c.baseUrl ?? HOSTS[c.mode].pay).replace(/\/+$/, '');
  const apiBase = (c.baseUrl ?? HOSTS[c.mode].api).replace(/\/+$/, '');
  const merchantId = c.credentials.merchant_id ?? '';
  const verifyKey = c.credentials.verify_key ?? '';
  const secretKey = c.credentials.secret_key ?? '';

  async function askRefund(input: { refId: string; tranID: string; amountSen: number }) {
    const response = await postForm(
      `${apiBase}${FIUU_REFUND_PATH}`,
      buildFiuuRefundBody({ merchantId, secretKey, ...input }),
    );
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new AppError('payment_gateway_unreachable');
    }
    return parseFiuuRefundAnswer(json, secretKey);
  }

  return {
    async createPayment(request) {
      const redirectUrl = buildFiuuPaymentUrl({
        baseUrl: payBase,
        merchantId,
        verifyKey,
        orderId: request.paymentId,
        amountSen: request.amount,
        billName: request.customer.name,
        billEmail: request.customer.email ?? '',
        billMobile: request.customer.phone,
        billDesc: request.description,
        returnUrl: c.redirectUrl,
        callbackUrl: c.callbackUrl,
      });
      return { reference: request.paymentId, redirectUrl };
    },

    verifyNotification(n) {
      const result = verifyFiuuNotification(n.fields, { merchantId, secretKey });
      if (!result.ok) throw new AppError('payment_signature_invalid');
      const { orderId, status, amountSen, currency, tranID } = result.notification;
      return {
        reference: orderId,
        status,
        amount: amountSen,
        currency,
        transactionId: tranID,
        final: true,
      };
    },

    async queryStatus(reference, amount): Promise<GatewayTransaction> {
      // Before Fiuu has settled it the payment has no tranID to ask about: nothing is settled.
      if (!FIUU_TRAN_ID.test(reference)) {
        return { reference, status: 'pending', amount: null, currency: FIUU_CURRENCY };
      }
      const response = await postForm(
        `${apiBase}${FIUU_REQUERY_PATH}`,
        buildFiuuRequeryBody({ tranID: reference, merchantId, verifyKey, amountSen: amount }),
      );
      const result = parseFiuuRequeryAnswer(await response.text(), secretKey);
      if (!result.ok || result.answer.merchantId !== merchantId) {
        throw new AppError('payment_gateway_unreachable');
      }
      const { status, amountSen, tranID } = result.answer;
      return {
        reference,
        status: status === 'unknown' ? 'pending' : status,
        amount: amountSen,
        currency: FIUU_CURRENCY,
        transactionId: tranID,
      };
    },

    async refund(request): Promise<GatewayRefundResult> {
      // A payment never paid through Fiuu has no transaction to refund.
      if (!FIUU_TRAN_ID.test(request.reference)) return { status: 'failed' };
      const answer = await askRefund({
        refId: request.providerRefundId,
        tranID: request.reference,
        amountSen: request.amount,
      });
      if (answer.ok) {
        if (answer.status === 'refunded') return { status: 'refunded' };
        return { status: answer.status === 'pending' ? 'pending' : 'failed' };
      }
      // An answer that does not verify is not believed: the refund is asked for again later.
      if (answer.reason !== 'error') throw new AppError('payment_gateway_unreachable');
      return { status: 'failed' };
    },

    async testConnection() {
      // The requery proves the verify key (its skey), a refund of a transaction that cannot
      // exist the merchant id and secret key: Fiuu answers "not found" once both are right.
      const requery = await postForm(
        `${apiBase}${FIUU_REQUERY_PATH}`,
        buildFiuuRequeryBody({ tranID: '0', merchantId, verifyKey, amountSen: 100 }),
      );
      if (/skey|merchant/i.test(await requery.text())) {
        throw new AppError('payment_gateway_unreachable');
      }
      const probe = await askRefund({
        refId: `kopi-test-${c.now().getTime()}`,
        tranID: '0',
        amountSen: 1,
      });
      if (!probe.ok && (probe.reason !== 'error' || CREDENTIAL_ERRORS.includes(probe.code))) {
        throw new AppError('payment_gateway_unreachable');
      }
    },

    async acknowledge(n) {
      const ack = fiuuAcknowledgement(n.fields);
      if (ack.kind === 'answer') return { contentType: 'text/plain', body: ack.body };
      // The notification and the return are acknowledged by posting the fields back (IPN).
      await postForm(`${payBase}${ack.path}`, ack.body).catch(() => undefined);
      return null;
    },
  };
}

export const fiuuGateway: GatewayFactory = {
  name: 'fiuu',
  refunds: true,
  credentialFields: ['merchant_id', 'verify_key', 'secret_key'],
  referenceOf: (n) => n.fields.orderid || null,
  connect,
};
