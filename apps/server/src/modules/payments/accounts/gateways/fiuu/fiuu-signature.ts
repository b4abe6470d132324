import { createHash } from 'node:crypto';
import { constantTimeEqual } from '../shared/constant-time';
import type { FormFields } from '../shared/form-body';

// Fiuu (formerly Razer Merchant Services, formerly MOLPay): the hosted payment page URL with its
// `vcode`, and the `skey` on every status Fiuu posts back (return URL, notification URL,
// callback URL). Both are MD5, lower-case hex, over fields concatenated with no separator.
// Source: Fiuu API Spec for Merchant (github.com/FiuuPayment/Documentation-Fiuu_API_Spec),
// "Payment Request" (vcode) and "Payment Response / skey"; the same formulas are in Fiuu's own
// shopping-cart plugins (github.com/FiuuPayment/Shopping-Cart-Plugins-Fiuu_WooCommerce).
//   vcode    = md5(amount + merchantID + orderid + verify_key)            (+ currency if the
//              "extended vcode" option is on in the merchant portal)
//   pre_skey = md5(tranID + orderid + status + domain + amount + currency)
//   skey     = md5(paydate + domain + pre_skey + appcode + secret_key)
// `domain` is the merchant ID as Fiuu echoes it.

export const FIUU_CURRENCY = 'MYR';
/** What the Callback URL prints (nbcb=1) so Fiuu stops re-sending. */
export const FIUU_CALLBACK_ACK = 'CBTOKEN:MPSTATOK';
/** Where the notification (nbcb=2) and return-URL IPN is acknowledged: the fields echoed, treq=1. */
export const FIUU_IPN_PATH = '/RMS/API/chkstat/returnipn.php';
export const FIUU_PAYMENT_PATH = '/RMS/pay/';
export const FIUU_PRODUCTION_PAY_URL = 'https://pay.fiuu.com';
export const FIUU_SANDBOX_PAY_URL = 'https://sandbox-payment.fiuu.com';

/** The amount as Fiuu takes it: ringgit with two decimals, no thousands separator. */
export function formatFiuuAmount(sen: number): string {
  if (!Number.isSafeInteger(sen) || sen < 0) {
    throw new RangeError(`an amount must be a whole, non-negative number of sen: ${sen}`);
  }
  return `${Math.trunc(sen / 100)}.${(sen % 100).toString().padStart(2, '0')}`;
}

const FIUU_AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Reads an amount Fiuu sent ("1234.50", "1234.5" or "1234") into sen; null if malformed. */
export function parseFiuuAmount(text: string): number | null {
  const match = FIUU_AMOUNT.exec(text);
  if (!match) return null;
  const sen = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return Number.isSafeInteger(sen) ? sen : null;
}

export interface FiuuVcodeInput {
  /** The amount exactly as sent in the request, e.g. "10.60". */
  amount: string;
  merchantId: string;
  orderId: string;
  verifyKey: string;
  /** Only with the merchant portal's "extended vcode" option. */
  currency?: string;
}

export function fiuuVcode(input: FiuuVcodeInput): string {
  return md5Hex(
    input.amount + input.merchantId + input.orderId + input.verifyKey + (input.currency ?? ''),
  );
}

export interface FiuuPaymentUrlInput {
  baseUrl: string;
  merchantId: string;
  verifyKey: string;
  /** Our payment id: Fiuu echoes it back as `orderid`. At most 40 characters. */
  orderId: string;
  amountSen: number;
  billName: string;
  billEmail: string;
  billMobile: string;
  billDesc: string;
  returnUrl: string;
  callbackUrl: string;
  /** A channel (e.g. "fpx", "credit", "TNG-EWALLET") skips Fiuu's channel selection. */
  channel?: string;
  extendedVcode?: boolean;
}

/** The hosted payment page the customer is sent to, with every field in its query string. */
export function buildFiuuPaymentUrl(input: FiuuPaymentUrlInput): string {
  if (input.orderId.length === 0 || input.orderId.length > 40) {
    throw new RangeError('Fiuu orderid must be 1 to 40 characters');
  }
  const amount = formatFiuuAmount(input.amountSen);
  const url = new URL(
    `${FIUU_PAYMENT_PATH}${encodeURIComponent(input.merchantId)}/${input.channel ? `${encodeURIComponent(input.channel)}/` : ''}`,
    input.baseUrl,
  );
  const fields: FormFields = {
    amount,
    orderid: input.orderId,
    bill_name: input.billName,
    bill_email: input.billEmail,
    bill_mobile: input.billMobile,
    bill_desc: input.billDesc,
    country: 'MY',
    currency: FIUU_CURRENCY,
    returnurl: input.returnUrl,
    callbackurl: input.callbackUrl,
    vcode: fiuuVcode({
      amount,
      merchantId: input.merchantId,
      orderId: input.orderId,
      verifyKey: input.verifyKey,
      currency: input.extendedVcode ? FIUU_CURRENCY : undefined,
    }),
  };
  for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  return url.toString();
}

export interface FiuuSkeyInput {
  tranID: string;
  orderid: string;
  status: string;
  domain: string;
  amount: string;
  currency: string;
  paydate: string;
  appcode: string;
  secretKey: string;
}

export function fiuuSkey(input: FiuuSkeyInput): { preSkey: string; skey: string } {
  const preSkey = md5Hex(
    input.tranID + input.orderid + input.status + input.domain + input.amount + input.currency,
  );
  const skey = md5Hex(input.paydate + input.domain + preSkey + input.appcode + input.secretKey);
  return { preSkey, skey };
}

/** Which endpoint a status arrived at: `nbcb` is 1 on the callback URL, 2 on the notification. */
export type FiuuDelivery = 'return' | 'callback' | 'notification';

export interface FiuuNotification {
  delivery: FiuuDelivery;
  tranID: string;
  orderId: string;
  /** 00 paid, 11 failed, 22 pending (cash and some FPX B2B approvals settle later). */
  status: 'paid' | 'failed' | 'pending';
  merchantId: string;
  amountSen: number;
  currency: string;
  paydate: string;
  appcode: string;
  channel: string;
  errorCode: string;
  errorDesc: string;
}

export type FiuuVerifyResult =
  | { ok: true; notification: FiuuNotification }
  | {
      ok: false;
      reason:
        'missing_field' | 'wrong_merchant' | 'signature_mismatch' | 'bad_amount' | 'bad_status';
    };

const SIGNED_FIELDS = ['tranID', 'orderid', 'status', 'domain', 'amount', 'currency', 'paydate'];

/**
 * Checks a status Fiuu posted: the skey over the fields as received, in constant time, then the
 * merchant id, amount and status. The caller compares amount and currency with its payment.
 */
export function verifyFiuuNotification(
  fields: FormFields,
  credentials: { merchantId: string; secretKey: string },
): FiuuVerifyResult {
  if (SIGNED_FIELDS.some((name) => fields[name] === undefined) || !fields.skey) {
    return { ok: false, reason: 'missing_field' };
  }
  const { skey } = fiuuSkey({
    tranID: fields.tranID!,
    orderid: fields.orderid!,
    status: fields.status!,
    domain: fields.domain!,
    amount: fields.amount!,
    currency: fields.currency!,
    paydate: fields.paydate!,
    appcode: fields.appcode ?? '',
    secretKey: credentials.secretKey,
  });
  if (!constantTimeEqual(skey, fields.skey.toLowerCase())) {
    return { ok: false, reason: 'signature_mismatch' };
  }
  if (fields.domain !== credentials.merchantId) return { ok: false, reason: 'wrong_merchant' };
  const amountSen = parseFiuuAmount(fields.amount!);
  if (amountSen === null) return { ok: false, reason: 'bad_amount' };
  const status = FIUU_STATUS[fields.status!];
  if (!status) return { ok: false, reason: 'bad_status' };
  const delivery: FiuuDelivery =
    fields.nbcb === '1' ? 'callback' : fields.nbcb === '2' ? 'notification' : 'return';
  return {
    ok: true,
    notification: {
      delivery,
      tranID: fields.tranID!,
      orderId: fields.orderid!,
      status,
      merchantId: fields.domain!,
      amountSen,
      currency: fields.currency!,
      paydate: fields.paydate!,
      appcode: fields.appcode ?? '',
      channel: fields.channel ?? '',
      errorCode: fields.error_code ?? '',
      errorDesc: fields.error_desc ?? '',
    },
  };
}

export const FIUU_STATUS: Record<string, FiuuNotification['status'] | undefined> = {
  '00': 'paid',
  '11': 'failed',
  '22': 'pending',
};

/**
 * One id per status of a transaction: the return URL, notification and callback of the same
 * result share it (Fiuu sends all three and retries), while pending → paid are two events.
 */
export function fiuuEventId(notification: FiuuNotification): string {
  return `fiuu:${notification.tranID}:${notification.status}`;
}

/**
 * What the endpoint does to acknowledge: the callback URL answers the documented token; the
 * notification (and return URL) posts the received fields back to Fiuu's IPN page with treq=1.
 */
export function fiuuAcknowledgement(
  fields: FormFields,
): { kind: 'answer'; body: string } | { kind: 'echo'; path: string; body: FormFields } {
  if (fields.nbcb === '1') return { kind: 'answer', body: FIUU_CALLBACK_ACK };
  return { kind: 'echo', path: FIUU_IPN_PATH, body: { ...fields, treq: '1' } };
}

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}
