import { AppError } from '../../../../../lib/errors';
import type {
  GatewayClient,
  GatewayConnection,
  GatewayFactory,
  GatewayPaymentRequest,
  GatewayTransaction,
} from '../gateway-provider';
import { type FormFields } from '../shared/form-body';
import { postForm } from '../shared/form-post';
import { ipay88AutoSubmitPage } from './ipay88-form';
import {
  buildIpay88RequeryBody,
  IPAY88_BASE_URL,
  IPAY88_ENQUIRY_PATH,
  IPAY88_ENTRY_PATH,
  parseIpay88RequeryAnswer,
} from './ipay88-requery';
import {
  buildIpay88PaymentRequest,
  IPAY88_BACKEND_ACK,
  IPAY88_CURRENCY,
  verifyIpay88Response,
} from './ipay88-signature';

// iPay88 (OPSG, Malaysia). The payment request is a form the customer's browser posts to
// iPay88's entry page, so the app is sent to our checkout page, which serves that form signed
// and self-submitting; our payment id, shortened, is the RefNo iPay88 echoes back. iPay88 posts the signed
// result to our Backend URL (the callback, answered `RECEIVEOK`) and the customer's browser to
// our Response URL (the return, a form POST). The specification asks for a re-query before a
// result is trusted, and a browser post can be replayed, so neither is final: the enquiry page
// decides. There is no refund API: refunds of iPay88 payments are paid back by staff.

/**
 * The RefNo of a payment: iPay88 keeps at most 30 characters, a UUID has 36, so its 128 bits are
 * written in base 36 (at most 25 letters and digits, the same for the same payment every time).
 */
export function ipay88RefNo(paymentId: string): string {
  const hex = paymentId.replaceAll('-', '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) return paymentId;
  return BigInt(`0x${hex}`).toString(36).toUpperCase();
}

/** What the entry page shows instead of the payment page when it refuses the request. */
const ENTRY_REFUSALS = [
  'Signature not match',
  'Invalid Merchant Code',
  'Invalid parameters',
  'Permission not allow',
];

function connect(c: GatewayConnection): GatewayClient {
  const base = (c.baseUrl ?? IPAY88_BASE_URL).replace(/\/+$/, '');
  const merchantCode = c.credentials.merchant_code ?? '';
  const merchantKey = c.credentials.merchant_key ?? '';

  const post = async (path: string, fields: FormFields) =>
    (await postForm(`${base}${path}`, fields)).text();

  const requestFields = (request: GatewayPaymentRequest) =>
    buildIpay88PaymentRequest({
      merchantCode,
      merchantKey,
      refNo: ipay88RefNo(request.paymentId),
      amountSen: request.amount,
      prodDesc: request.description,
      userName: request.customer.name,
      userEmail: request.customer.email ?? '',
      userContact: request.customer.phone,
      responseUrl: c.redirectUrl,
      backendUrl: c.callbackUrl,
    });

  return {
    async createPayment(request) {
      // Signed now so a request iPay88 would refuse (a RefNo too long) fails here, not in the page.
      requestFields(request);
      return {
        reference: ipay88RefNo(request.paymentId),
        redirectUrl: `${c.checkoutUrl}/${encodeURIComponent(request.paymentId)}`,
      };
    },

    checkoutPage(request) {
      const formAction = `${base}${IPAY88_ENTRY_PATH}`;
      return { html: ipay88AutoSubmitPage(formAction, requestFields(request)), formAction };
    },

    verifyNotification(n) {
      const result = verifyIpay88Response(n.fields, merchantKey);
      if (!result.ok || result.response.merchantCode !== merchantCode) {
        throw new AppError('payment_signature_invalid');
      }
      const { refNo, status, amountSen, currency } = result.response;
      // Never final: the re-query decides (the spec asks for it; a browser post can be replayed).
      return { reference: refNo, status, amount: amountSen, currency, final: false };
    },

    async queryStatus(reference, amount): Promise<GatewayTransaction> {
      const answer = parseIpay88RequeryAnswer(
        await post(
          IPAY88_ENQUIRY_PATH,
          buildIpay88RequeryBody({ merchantCode, refNo: reference, amountSen: amount }),
        ),
      );
      const of = (status: GatewayTransaction['status'], sen: number | null) => ({
        reference,
        status,
        amount: sen,
        currency: IPAY88_CURRENCY,
      });
      switch (answer) {
        case 'paid':
          return of('paid', amount);
        case 'failed':
          return of('failed', amount);
        // iPay88 has no record (yet): nothing is settled.
        case 'not_found':
          return of('pending', null);
        // iPay88 holds the payment for another amount: recorded and refused as a mismatch.
        case 'amount_mismatch':
          return of('failed', null);
        default:
          throw new AppError('payment_gateway_unreachable');
      }
    },

    refund: null,

    async testConnection() {
      // iPay88 has no authenticated read: the entry page checks a signed request (nothing is
      // charged; the customer never sees it) and names a wrong code or key in its answer.
      const page = await post(
        IPAY88_ENTRY_PATH,
        buildIpay88PaymentRequest({
          merchantCode,
          merchantKey,
          refNo: `KOPITEST${c.now().getTime()}`,
          amountSen: 100,
          prodDesc: 'Kopi connection test',
          userName: 'Kopi',
          userEmail: '',
          userContact: '',
          responseUrl: c.redirectUrl,
          backendUrl: c.callbackUrl,
        }),
      );
      if (ENTRY_REFUSALS.some((refusal) => page.includes(refusal))) {
        throw new AppError('payment_gateway_unreachable');
      }
    },

    async acknowledge(n) {
      // The Backend URL's post is re-sent until it reads RECEIVEOK; the browser's return is not.
      return n.via === 'callback' ? { contentType: 'text/plain', body: IPAY88_BACKEND_ACK } : null;
    },
  };
}

export const ipay88Gateway: GatewayFactory = {
  name: 'ipay88',
  refunds: false,
  credentialFields: ['merchant_code', 'merchant_key'],
  referenceOf: (n) => n.fields.RefNo || null,
  connect,
};
