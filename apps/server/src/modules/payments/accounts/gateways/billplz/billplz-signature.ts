import { createHmac, timingSafeEqual } from 'node:crypto';

// Billplz's X Signature (API v3, "X Signature Callback Url" / "X Signature Redirect Url"): every
// field but x_signature becomes one string of its key followed at once by its value; those
// strings are sorted in ascending order, case-insensitively, and joined with "|"; the signature is
// the HMAC-SHA256 (hex) of that source string under the account's X Signature Key. A redirect's
// fields arrive as billplz[id], billplz[paid]…; they sign flattened: `billplz[id]` as `billplzid`.

/** The redirect's `billplz[name]` keys as they are signed (`billplzname`); other keys unchanged. */
export const flattenBillplzKey = (key: string) => key.replace(/^billplz\[([^\]]*)\]$/, 'billplz$1');

const caseInsensitive = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The source string Billplz signs, from the fields as received (x_signature left out). */
export function billplzSourceString(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => [flattenBillplzKey(key), value] as const)
    .filter(([key]) => key !== 'x_signature' && key !== 'billplzx_signature')
    .map(([key, value]) => `${key}${value}`)
    .sort(caseInsensitive)
    .join('|');
}

export function billplzSignature(key: string, fields: Record<string, string>): string {
  return createHmac('sha256', key).update(billplzSourceString(fields), 'utf8').digest('hex');
}

/** Whether `fields` carry a valid x_signature (callback) or billplz[x_signature] (redirect). */
export function verifyBillplzSignature(key: string, fields: Record<string, string>): boolean {
  const given = fields.x_signature ?? fields['billplz[x_signature]'] ?? '';
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(billplzSignature(key, fields), 'hex');
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), expected);
}
