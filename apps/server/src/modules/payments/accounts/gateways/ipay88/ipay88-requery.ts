import type { FormFields } from '../shared/form-body';
import { formatIpay88Amount } from './ipay88-signature';

// iPay88's re-query: the merchant posts MerchantCode, RefNo and Amount to the enquiry page and
// reads one plain-text line back. The spec asks merchants to re-query before trusting a
// response, because a browser redirect can be forged or replayed by the customer.
// Source: iPay88 OPSG Technical Specification, "Re-query Payment Status" (enquiry.asp): the
// possible replies are "00", "Invalid parameters", "Record not found", "Incorrect amount",
// "Payment fail" and "M88Admin" (status changed to failed by iPay88's admin).

export const IPAY88_ENTRY_PATH = '/epayment/entry.asp';
export const IPAY88_ENQUIRY_PATH = '/epayment/enquiry.asp';
/** iPay88 has one host: "sandbox" testing uses the live host with a test merchant and RM1.00. */
export const IPAY88_BASE_URL = 'https://payment.ipay88.com.my';

export function buildIpay88RequeryBody(input: {
  merchantCode: string;
  refNo: string;
  amountSen: number;
}): FormFields {
  return {
    MerchantCode: input.merchantCode,
    RefNo: input.refNo,
    Amount: formatIpay88Amount(input.amountSen),
  };
}

export type Ipay88RequeryStatus =
  'paid' | 'failed' | 'not_found' | 'amount_mismatch' | 'invalid_parameters' | 'unknown';

/** Reads the enquiry page's answer. Anything unexpected is `unknown`: never treated as paid. */
export function parseIpay88RequeryAnswer(text: string): Ipay88RequeryStatus {
  switch (text.trim()) {
    case '00':
      return 'paid';
    case 'Payment fail':
    case 'M88Admin':
      return 'failed';
    case 'Record not found':
      return 'not_found';
    case 'Incorrect amount':
      return 'amount_mismatch';
    case 'Invalid parameters':
      return 'invalid_parameters';
    default:
      return 'unknown';
  }
}

/**
 * The OPSG specification offers no refund call: refunds are asked for in iPay88's merchant
 * portal (or by e-mail to iPay88 support). A provider built on this module refuses a refund
 * with this reason so the refund stays with staff to pay back by hand.
 */
export const IPAY88_REFUND_UNSUPPORTED =
  'iPay88 offers no refund API in its OPSG specification: refund in the iPay88 merchant portal';
