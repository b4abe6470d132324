import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { billplzSignature, billplzSourceString, verifyBillplzSignature } from './billplz-signature';

// Billplz's X Signature against the worked examples of its API documentation ("X Signature
// Callback Url" and "X Signature Redirect Url", https://www.billplz.com/api): the key, the fields
// and the signatures below are the documentation's, as quoted verbatim by several public
// integrations (the page itself was not reachable from where this was written). Both reproduce
// byte for byte, which also settles the ordering rule: the key+value strings sort
// case-insensitively, so `paid_at…` comes before `paidtrue`.

const DOC_KEY = 'S-s7b4yWpp9h7rrkNM1i3Z_g';

/** The documentation's callback of a paid bill (mobile is nil there: an empty value). */
const DOC_CALLBACK = {
  id: 'zq0tm2wc',
  collection_id: 'yhx5t1pp',
  paid: 'true',
  state: 'paid',
  amount: '100',
  paid_amount: '100',
  due_at: '2018-9-27',
  email: 'tester@test.com',
  mobile: '',
  name: 'TESTER',
  url: 'http://www.billplz-sandbox.com/bills/zq0tm2wc',
  paid_at: '2018-09-27 15:15:09 +0800',
  x_signature: '0fe0a20b8d557eeae570377783d062a3816a9ea80f368860bacfa7ec3ca4d00e',
};

/** The documentation's redirect of the same bill, as the query string's keys arrive. */
const DOC_REDIRECT = {
  'billplz[id]': 'zq0tm2wc',
  'billplz[paid]': 'true',
  'billplz[paid_at]': '2018-09-27 15:15:09 +0800',
  'billplz[x_signature]': '4aab095fe5a39b1d534500988f9a0cb085cd1b6d5bbb55dd4e02ea6fa102b47b',
};

describe("Billplz's X Signature", () => {
  it("reproduces the documentation's callback example byte for byte", () => {
    expect(billplzSourceString(DOC_CALLBACK)).toBe(
      'amount100|collection_idyhx5t1pp|due_at2018-9-27|emailtester@test.com|idzq0tm2wc|' +
        'mobile|nameTESTER|paid_amount100|paid_at2018-09-27 15:15:09 +0800|paidtrue|' +
        'statepaid|urlhttp://www.billplz-sandbox.com/bills/zq0tm2wc',
    );
    expect(billplzSignature(DOC_KEY, DOC_CALLBACK)).toBe(DOC_CALLBACK.x_signature);
    expect(verifyBillplzSignature(DOC_KEY, DOC_CALLBACK)).toBe(true);
  });

  it("reproduces the documentation's redirect example byte for byte (billplz[id] signs as billplzid)", () => {
    expect(billplzSourceString(DOC_REDIRECT)).toBe(
      'billplzidzq0tm2wc|billplzpaid_at2018-09-27 15:15:09 +0800|billplzpaidtrue',
    );
    expect(billplzSignature(DOC_KEY, DOC_REDIRECT)).toBe(DOC_REDIRECT['billplz[x_signature]']);
    expect(verifyBillplzSignature(DOC_KEY, DOC_REDIRECT)).toBe(true);
  });

  it('refuses an altered or added field, another key, and an empty or short signature', () => {
    expect(verifyBillplzSignature(DOC_KEY, { ...DOC_CALLBACK, amount: '10000' })).toBe(false);
    expect(verifyBillplzSignature(DOC_KEY, { ...DOC_CALLBACK, paid_amount: '1' })).toBe(false);
    expect(verifyBillplzSignature('S-another-key', DOC_CALLBACK)).toBe(false);
    expect(verifyBillplzSignature(DOC_KEY, { ...DOC_CALLBACK, x_signature: '' })).toBe(false);
    expect(verifyBillplzSignature(DOC_KEY, { ...DOC_CALLBACK, x_signature: 'abc' })).toBe(false);
    // A field added in transit is signed too: it cannot ride along unnoticed.
    expect(verifyBillplzSignature(DOC_KEY, { ...DOC_CALLBACK, reference_1: 'x' })).toBe(false);
    // Hex case does not matter; the value does.
    const upper = { ...DOC_CALLBACK, x_signature: DOC_CALLBACK.x_signature.toUpperCase() };
    expect(verifyBillplzSignature(DOC_KEY, upper)).toBe(true);
  });

  it('sorts case-insensitively (a self-made vector, not from the documentation)', () => {
    const fields = { Zeta: '1', alpha: '2', Beta: '3' };
    const source = 'alpha2|Beta3|Zeta1';
    expect(billplzSourceString(fields)).toBe(source);
    expect(billplzSignature('k', fields)).toBe(
      createHmac('sha256', 'k').update(source).digest('hex'),
    );
  });
});
