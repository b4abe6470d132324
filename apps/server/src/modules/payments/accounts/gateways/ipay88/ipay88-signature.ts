import { createHash } from 'node:crypto';
import { constantTimeEqual } from '../shared/constant-time';
import type { FormFields } from '../shared/form-body';

// iPay88 OPSG (Malaysia): the payment request the customer's browser posts to iPay88, and the
// signed response iPay88 posts back to the Response URL (browser) and the Backend URL (server to
// server). Both signatures are SHA-256, hex, over fields concatenated with no separator, the
// amount written without its "." and "," ("1,234.50" signs as "123450").
// Source: iPay88 OPSG Technical Specification, "Security Control": request page signature
// (MerchantKey & MerchantCode & RefNo & Amount & Currency) and response page signature
// (MerchantKey & MerchantCode & PaymentId & RefNo & Amount & Currency & Status).

export const IPAY88_CURRENCY = 'MYR';
export const IPAY88_SIGNATURE_TYPE = 'SHA256';
/** What the Backend URL prints once it has recorded a payment; iPay88 re-posts until it sees it. */
export const IPAY88_BACKEND_ACK = 'RECEIVEOK';

/** The amount as iPay88 writes it: ringgit, two decimals, thousands separated by commas. */
export function formatIpay88Amount(sen: number): string {
  assertSen(sen);
  const ringgit = Math.trunc(sen / 100).toString();
  const cents = (sen % 100).toString().padStart(2, '0');
  return `${ringgit.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

const IPAY88_AMOUNT = /^(\d{1,3}(?:,\d{3})*|\d+)\.(\d{2})$/;

/** Reads an amount iPay88 sent ("1,278.99" or "1278.99") back into sen; null if malformed. */
export function parseIpay88Amount(text: string): number | null {
  const match = IPAY88_AMOUNT.exec(text);
  if (!match) return null;
  const sen = Number(`${match[1]!.replaceAll(',', '')}${match[2]}`);
  return Number.isSafeInteger(sen) ? sen : null;
}

/** The amount as it enters a signature: the posted text with its "." and "," removed. */
export function ipay88AmountForSignature(amountText: string): string {
  return amountText.replace(/[.,]/g, '');
}

export interface Ipay88RequestSignatureInput {
  merchantKey: string;
  merchantCode: string;
  refNo: string;
  /** The amount exactly as posted, e.g. "1,234.50". */
  amount: string;
  currency: string;
}

export function ipay88RequestSignature(input: Ipay88RequestSignatureInput): string {
  return sha256Hex(
    input.merchantKey +
      input.merchantCode +
      input.refNo +
      ipay88AmountForSignature(input.amount) +
      input.currency,
  );
}

export interface Ipay88ResponseSignatureInput extends Ipay88RequestSignatureInput {
  paymentId: string;
  status: string;
}

export function ipay88ResponseSignature(input: Ipay88ResponseSignatureInput): string {
  return sha256Hex(
    input.merchantKey +
      input.merchantCode +
      input.paymentId +
      input.refNo +
      ipay88AmountForSignature(input.amount) +
      input.currency +
      input.status,
  );
}

export interface Ipay88PaymentRequestInput {
  merchantCode: string;
  merchantKey: string;
  /** Our payment id: iPay88 echoes it back as RefNo. At most 30 characters. */
  refNo: string;
  amountSen: number;
  prodDesc: string;
  userName: string;
  userEmail: string;
  userContact: string;
  responseUrl: string;
  backendUrl: string;
  /** iPay88's payment method id (e.g. 2 card, 16 FPX); empty lets the customer choose. */
  paymentId?: string;
  remark?: string;
}

/** The form fields the browser posts to iPay88's entry page (every field the spec marks M). */
export function buildIpay88PaymentRequest(input: Ipay88PaymentRequestInput): FormFields {
  if (input.refNo.length === 0 || input.refNo.length > 30) {
    throw new RangeError('iPay88 RefNo must be 1 to 30 characters');
  }
  const amount = formatIpay88Amount(input.amountSen);
  return {
    MerchantCode: input.merchantCode,
    PaymentId: input.paymentId ?? '',
    RefNo: input.refNo,
    Amount: amount,
    Currency: IPAY88_CURRENCY,
    ProdDesc: input.prodDesc,
    UserName: input.userName,
    UserEmail: input.userEmail,
    UserContact: input.userContact,
    Remark: input.remark ?? '',
    Lang: 'UTF-8',
    SignatureType: IPAY88_SIGNATURE_TYPE,
    Signature: ipay88RequestSignature({
      merchantKey: input.merchantKey,
      merchantCode: input.merchantCode,
      refNo: input.refNo,
      amount,
      currency: IPAY88_CURRENCY,
    }),
    ResponseURL: input.responseUrl,
    BackendURL: input.backendUrl,
  };
}

/** A response (browser redirect or backend post) after its signature has been checked. */
export interface Ipay88Response {
  merchantCode: string;
  /** iPay88's payment method id. */
  paymentId: string;
  refNo: string;
  amountSen: number;
  currency: string;
  status: 'paid' | 'failed';
  /** iPay88's transaction id: empty on some failures. */
  transId: string;
  authCode: string;
  errDesc: string;
}

export type Ipay88VerifyResult =
  | { ok: true; response: Ipay88Response }
  | { ok: false; reason: 'missing_field' | 'bad_amount' | 'bad_status' | 'signature_mismatch' };

const RESPONSE_FIELDS = ['MerchantCode', 'PaymentId', 'RefNo', 'Amount', 'Currency', 'Status'];

/**
 * Checks a response iPay88 posted against the merchant key. The signature is computed over the
 * fields as received (amount text included), then compared in constant time; only then are the
 * amount and status read. The caller still compares amount and currency with its own payment
 * and, per the spec, re-queries before trusting a browser redirect.
 */
export function verifyIpay88Response(fields: FormFields, merchantKey: string): Ipay88VerifyResult {
  if (RESPONSE_FIELDS.some((name) => fields[name] === undefined) || !fields.Signature) {
    return { ok: false, reason: 'missing_field' };
  }
  const expected = ipay88ResponseSignature({
    merchantKey,
    merchantCode: fields.MerchantCode!,
    paymentId: fields.PaymentId!,
    refNo: fields.RefNo!,
    amount: fields.Amount!,
    currency: fields.Currency!,
    status: fields.Status!,
  });
  if (!constantTimeEqual(expected, fields.Signature.toLowerCase())) {
    return { ok: false, reason: 'signature_mismatch' };
  }
  const amountSen = parseIpay88Amount(fields.Amount!);
  if (amountSen === null) return { ok: false, reason: 'bad_amount' };
  const status = fields.Status === '1' ? 'paid' : fields.Status === '0' ? 'failed' : null;
  if (status === null) return { ok: false, reason: 'bad_status' };
  return {
    ok: true,
    response: {
      merchantCode: fields.MerchantCode!,
      paymentId: fields.PaymentId!,
      refNo: fields.RefNo!,
      amountSen,
      currency: fields.Currency!,
      status,
      transId: fields.TransId ?? '',
      authCode: fields.AuthCode ?? '',
      errDesc: fields.ErrDesc ?? '',
    },
  };
}

/**
 * One id per distinct notification: iPay88 posts the same success to the Response URL and the
 * Backend URL, and re-posts the backend until it reads RECEIVEOK, so all of those share it.
 */
export function ipay88EventId(response: Ipay88Response): string {
  return `ipay88:${response.refNo}:${response.transId}:${response.status}`;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function assertSen(sen: number): void {
  if (!Number.isSafeInteger(sen) || sen < 0) {
    throw new RangeError(`an amount must be a whole, non-negative number of sen: ${sen}`);
  }
}
