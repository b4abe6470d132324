import { constantTimeEqual } from '../shared/constant-time';
import type { FormFields } from '../shared/form-body';
import {
  FIUU_STATUS,
  type FiuuNotification,
  formatFiuuAmount,
  md5Hex,
  parseFiuuAmount,
} from './fiuu-signature';

// Fiuu's merchant-request APIs our server calls: the indirect status requery by transaction id
// and the full/partial refund. Both are form posts; each answer carries its own MD5 signature,
// checked here before the answer is believed.
// Source: Fiuu API Spec for Merchant, "Payment Status Requery" (q_by_tid.php) and "Refund API"
// (refundAPI/index.php); formulas as used by Fiuu's own plugins:
//   requery skey  = md5(txID + domain + verify_key + amount)
//   answer VrfKey = md5(Amount + secret_key + Domain + TranID + StatCode)
//   refund Signature = md5(RefundType + MerchantID + RefID + TxnID + Amount + secret_key)
//   refund answer    = md5(RefundType + MerchantID + RefID + RefundID + TxnID + Amount + Status
//                          + secret_key)

export const FIUU_REQUERY_PATH = '/MOLPay/q_by_tid.php';
export const FIUU_REFUND_PATH = '/RMS/API/refundAPI/index.php';
export const FIUU_PRODUCTION_API_URL = 'https://api.fiuu.com';
export const FIUU_SANDBOX_API_URL = 'https://sandbox-api.fiuu.com';

export function buildFiuuRequeryBody(input: {
  tranID: string;
  merchantId: string;
  verifyKey: string;
  amountSen: number;
}): FormFields {
  const amount = formatFiuuAmount(input.amountSen);
  return {
    amount,
    txID: input.tranID,
    domain: input.merchantId,
    skey: md5Hex(input.tranID + input.merchantId + input.verifyKey + amount),
    // 0: the answer comes back in the response body as "Name: value" lines.
    type: '0',
  };
}

export interface FiuuRequeryAnswer {
  status: FiuuNotification['status'] | 'unknown';
  statName: string;
  tranID: string;
  amountSen: number;
  merchantId: string;
}

export type FiuuRequeryResult =
  | { ok: true; answer: FiuuRequeryAnswer }
  | { ok: false; reason: 'malformed' | 'signature_mismatch' };

/** Parses a plain-text requery answer and checks its VrfKey against the secret key. */
export function parseFiuuRequeryAnswer(text: string, secretKey: string): FiuuRequeryResult {
  const values: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) values[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  const { StatCode, StatName, TranID, Amount, Domain, VrfKey } = values;
  if (!StatCode || !TranID || !Amount || !Domain || !VrfKey)
    return { ok: false, reason: 'malformed' };
  const expected = md5Hex(Amount + secretKey + Domain + TranID + StatCode);
  if (!constantTimeEqual(expected, VrfKey.toLowerCase())) {
    return { ok: false, reason: 'signature_mismatch' };
  }
  const amountSen = parseFiuuAmount(Amount);
  if (amountSen === null) return { ok: false, reason: 'malformed' };
  return {
    ok: true,
    answer: {
      status: FIUU_STATUS[StatCode] ?? 'unknown',
      statName: StatName ?? '',
      tranID: TranID,
      amountSen,
      merchantId: Domain,
    },
  };
}

/** The requery answer as Fiuu writes it, signed: used by the fake and by tests. */
export function formatFiuuRequeryAnswer(input: {
  statCode: string;
  statName: string;
  tranID: string;
  amount: string;
  domain: string;
  secretKey: string;
}): string {
  const vrfKey = md5Hex(
    input.amount + input.secretKey + input.domain + input.tranID + input.statCode,
  );
  return [
    `StatCode: ${input.statCode}`,
    `StatName: ${input.statName}`,
    `TranID: ${input.tranID}`,
    `Amount: ${input.amount}`,
    `Domain: ${input.domain}`,
    `VrfKey: ${vrfKey}`,
  ].join('\n');
}

export function fiuuRefundSignature(input: {
  refundType: string;
  merchantId: string;
  refId: string;
  txnId: string;
  amount: string;
  secretKey: string;
}): string {
  return md5Hex(
    input.refundType +
      input.merchantId +
      input.refId +
      input.txnId +
      input.amount +
      input.secretKey,
  );
}

/** A partial-or-full refund ("P") of a Fiuu transaction; RefID is our refund id, unique. */
export function buildFiuuRefundBody(input: {
  merchantId: string;
  secretKey: string;
  refId: string;
  tranID: string;
  amountSen: number;
}): FormFields {
  const amount = formatFiuuAmount(input.amountSen);
  return {
    RefundType: 'P',
    MerchantID: input.merchantId,
    RefID: input.refId,
    TxnID: input.tranID,
    Amount: amount,
    Signature: fiuuRefundSignature({
      refundType: 'P',
      merchantId: input.merchantId,
      refId: input.refId,
      txnId: input.tranID,
      amount,
      secretKey: input.secretKey,
    }),
  };
}

export function fiuuRefundAnswerSignature(
  answer: Record<string, string>,
  secretKey: string,
): string {
  return md5Hex(
    (answer.RefundType ?? '') +
      (answer.MerchantID ?? '') +
      (answer.RefID ?? '') +
      (answer.RefundID ?? '') +
      (answer.TxnID ?? '') +
      (answer.Amount ?? '') +
      (answer.Status ?? '') +
      secretKey,
  );
}

export type FiuuRefundResult =
  | { ok: true; refundId: string; refId: string; status: 'refunded' | 'rejected' | 'pending' }
  | { ok: false; reason: 'error'; code: string; description: string }
  | { ok: false; reason: 'malformed' | 'signature_mismatch' };

/** Reads the refund API's JSON answer: an error, or a signed refund with status 00/11/22. */
export function parseFiuuRefundAnswer(json: unknown, secretKey: string): FiuuRefundResult {
  if (typeof json !== 'object' || json === null) return { ok: false, reason: 'malformed' };
  const answer = Object.fromEntries(
    Object.entries(json).map(([name, value]) => [name, value === null ? '' : String(value)]),
  );
  if (answer.error_code) {
    return {
      ok: false,
      reason: 'error',
      code: answer.error_code,
      description: answer.error_desc ?? '',
    };
  }
  if (!answer.Signature || !answer.RefundID || !answer.Status)
    return { ok: false, reason: 'malformed' };
  const expected = fiuuRefundAnswerSignature(answer, secretKey);
  if (!constantTimeEqual(expected, answer.Signature.toLowerCase())) {
    return { ok: false, reason: 'signature_mismatch' };
  }
  const status =
    answer.Status === '00'
      ? 'refunded'
      : answer.Status === '11'
        ? 'rejected'
        : answer.Status === '22'
          ? 'pending'
          : null;
  if (status === null) return { ok: false, reason: 'malformed' };
  return { ok: true, refundId: answer.RefundID, refId: answer.RefID ?? '', status };
}
