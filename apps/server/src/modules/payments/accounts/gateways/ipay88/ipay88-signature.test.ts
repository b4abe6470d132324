import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseFormBody } from '../shared/form-body';
import { ipay88AutoSubmitPage } from './ipay88-form';
import {
  buildIpay88RequeryBody,
  IPAY88_REFUND_UNSUPPORTED,
  parseIpay88RequeryAnswer,
} from './ipay88-requery';
import {
  buildIpay88PaymentRequest,
  formatIpay88Amount,
  ipay88AmountForSignature,
  ipay88EventId,
  ipay88RequestSignature,
  ipay88ResponseSignature,
  parseIpay88Amount,
  verifyIpay88Response,
} from './ipay88-signature';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('iPay88 signatures: the documented worked examples', () => {
  // Vector from iPay88 OPSG Technical Specification (MT) v1.0.6, §3 "Request page signature"
  // (https://fliphtml5.com/hmseu/oxni/iPay88_Technical_Spec_%28MT%29_V1.0.6_copy/40):
  // MerchantKey "apple", MerchantCode "M00003", RefNo "A00000001", Amount "1.00", Currency "MYR"
  // → string "appleM00003A00000001100MYR" → SHA-256 110f0be7…b07fa.
  it('signs the request example byte for byte', () => {
    const signature = ipay88RequestSignature({
      merchantKey: 'apple',
      merchantCode: 'M00003',
      refNo: 'A00000001',
      amount: '1.00',
      currency: 'MYR',
    });
    expect(signature).toBe('110f0be755ccfa9373aa38104bafbc5c6e5462344e44bcfbb70439c82b4b07fa');
  });

  // Vector from the same specification, "Response page signature"
  // (https://fliphtml5.com/hmseu/oxni/iPay88_Technical_Spec_%28MT%29_V1.0.6_copy/41):
  // PaymentId "2", Status "1", other fields as above → string "appleM000032A00000001100MYR1"
  // → SHA-256 f173a252…fbf352.
  it('signs the response example byte for byte', () => {
    const signature = ipay88ResponseSignature({
      merchantKey: 'apple',
      merchantCode: 'M00003',
      paymentId: '2',
      refNo: 'A00000001',
      amount: '1.00',
      currency: 'MYR',
      status: '1',
    });
    expect(signature).toBe('f173a2521d178574caab19ab7ddd04b299dbc0d656a26c1d1aabf9187dfbf352');
  });

  it('verifies the documented response and reads it', () => {
    const result = verifyIpay88Response(documentedResponse(), 'apple');
    expect(result).toEqual({
      ok: true,
      response: expect.objectContaining({ refNo: 'A00000001', amountSen: 100, status: 'paid' }),
    });
  });
});

describe('iPay88 amounts: integer sen in, exact strings out and back', () => {
  const cases: [number, string, string][] = [
    [5, '0.05', '005'],
    [100, '1.00', '100'],
    [1060, '10.60', '1060'],
    [123450, '1,234.50', '123450'],
    [127899, '1,278.99', '127899'],
    [100000000, '1,000,000.00', '100000000'],
    [987654321012, '9,876,543,210.12', '987654321012'],
  ];
  it.each(cases)('%i sen is "%s" and signs as "%s"', (sen, text, signed) => {
    expect(formatIpay88Amount(sen)).toBe(text);
    expect(ipay88AmountForSignature(text)).toBe(signed);
    expect(parseIpay88Amount(text)).toBe(sen);
  });

  it('reads an amount without thousands separators too', () => {
    expect(parseIpay88Amount('1234.50')).toBe(123450);
  });

  it('refuses fractions of a sen, negatives and malformed text', () => {
    expect(() => formatIpay88Amount(10.5)).toThrow(RangeError);
    expect(() => formatIpay88Amount(-1)).toThrow(RangeError);
    for (const text of ['1.5', '1', '1,23.00', '12,34.50', '-1.00', '1.000', 'abc', '']) {
      expect(parseIpay88Amount(text)).toBeNull();
    }
  });
});

describe('iPay88 payment request form', () => {
  // Self-computed vector (no worked example with thousands in the documentation): the expected
  // signature is computed here independently from the documented concatenation.
  it('carries the amount with separators and signs it without them', () => {
    const form = buildIpay88PaymentRequest({
      merchantCode: 'M99999',
      merchantKey: 'k3y',
      refNo: 'pay_01',
      amountSen: 123450,
      prodDesc: 'Kopi order',
      userName: 'Aisyah',
      userEmail: 'a@example.com',
      userContact: '0123456789',
      responseUrl: 'https://kopi.example/return',
      backendUrl: 'https://kopi.example/api/payments/ipay88/callback',
    });
    expect(form.Amount).toBe('1,234.50');
    expect(form.Currency).toBe('MYR');
    expect(form.SignatureType).toBe('SHA256');
    expect(form.Signature).toBe(sha256('k3yM99999pay_01123450MYR'));
  });

  it('refuses a RefNo longer than the 30 characters iPay88 keeps', () => {
    expect(() =>
      buildIpay88PaymentRequest({
        merchantCode: 'M1',
        merchantKey: 'k',
        refNo: 'x'.repeat(31),
        amountSen: 100,
        prodDesc: '',
        userName: '',
        userEmail: '',
        userContact: '',
        responseUrl: '',
        backendUrl: '',
      }),
    ).toThrow(RangeError);
  });
});

describe('iPay88 responses that must be refused', () => {
  it('refuses a forged signature', () => {
    const fields = { ...documentedResponse(), Signature: 'f'.repeat(64) };
    expect(verifyIpay88Response(fields, 'apple')).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it('refuses an altered amount (signed for 1.00, posted as 100.00)', () => {
    const fields = { ...documentedResponse(), Amount: '100.00' };
    expect(verifyIpay88Response(fields, 'apple')).toMatchObject({ ok: false });
  });

  it('refuses a failure turned into a success', () => {
    const failed = documentedResponse('0');
    expect(verifyIpay88Response({ ...failed, Status: '1' }, 'apple')).toMatchObject({ ok: false });
  });

  // Only 1 is a success and 0 a failure: any other status, correctly signed (6 is iPay88's
  // pending bank transfer), is neither, so it is never read as paid.
  it.each(['6', '2', '', '10', '01', ' 1'])('refuses a signed status of "%s"', (status) => {
    expect(verifyIpay88Response(documentedResponse(status), 'apple')).toEqual({
      ok: false,
      reason: 'bad_status',
    });
  });

  it('reads a signed 1 as paid and a signed 0 as failed', () => {
    expect(verifyIpay88Response(documentedResponse('1'), 'apple')).toMatchObject({
      ok: true,
      response: { status: 'paid' },
    });
    expect(verifyIpay88Response(documentedResponse('0'), 'apple')).toMatchObject({
      ok: true,
      response: { status: 'failed' },
    });
  });

  it('refuses a response signed with another merchant key', () => {
    expect(verifyIpay88Response(documentedResponse(), 'pear')).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  });

  it('refuses a response with a field missing', () => {
    const { Currency: _dropped, ...fields } = documentedResponse();
    expect(verifyIpay88Response(fields, 'apple')).toEqual({ ok: false, reason: 'missing_field' });
  });

  it('gives the same event id to the browser redirect and the backend post', () => {
    const body = new URLSearchParams(documentedResponse()).toString();
    const first = verifyIpay88Response(parseFormBody(body), 'apple');
    const second = verifyIpay88Response(parseFormBody(body), 'apple');
    if (!first.ok || !second.ok) throw new Error('the documented response must verify');
    expect(ipay88EventId(first.response)).toBe(ipay88EventId(second.response));
  });
});

describe('iPay88 re-query', () => {
  it('posts MerchantCode, RefNo and the two-decimal amount', () => {
    expect(
      buildIpay88RequeryBody({ merchantCode: 'M1', refNo: 'pay_01', amountSen: 1060 }),
    ).toEqual({ MerchantCode: 'M1', RefNo: 'pay_01', Amount: '10.60' });
  });

  // The replies listed in the specification's "Re-query Payment Status" table.
  it.each([
    ['00', 'paid'],
    ['Payment fail', 'failed'],
    ['M88Admin', 'failed'],
    ['Record not found', 'not_found'],
    ['Incorrect amount', 'amount_mismatch'],
    ['Invalid parameters', 'invalid_parameters'],
    ['<html>maintenance</html>', 'unknown'],
    // Not the enquiry's success answer: a response page's status codes are not "00".
    ['1', 'unknown'],
    ['6', 'unknown'],
    ['', 'unknown'],
    ['0', 'unknown'],
  ])('reads "%s" as %s', (answer, status) => {
    expect(parseIpay88RequeryAnswer(answer)).toBe(status);
  });

  it('says why a refund cannot go through iPay88', () => {
    expect(IPAY88_REFUND_UNSUPPORTED).toMatch(/merchant portal/);
  });
});

/** The specification's response example as posted, signed with its documented signature. */
function documentedResponse(status = '1'): Record<string, string> {
  return {
    MerchantCode: 'M00003',
    PaymentId: '2',
    RefNo: 'A00000001',
    Amount: '1.00',
    Currency: 'MYR',
    Remark: '',
    TransId: 'T0000001',
    AuthCode: '',
    Status: status,
    ErrDesc: '',
    Signature:
      status === '1'
        ? 'f173a2521d178574caab19ab7ddd04b299dbc0d656a26c1d1aabf9187dfbf352'
        : sha256(`appleM000032A00000001100MYR${status}`),
  };
}

describe('iPay88 auto-submitting form', () => {
  it('posts every signed field to the entry page, escaped', () => {
    const page = ipay88AutoSubmitPage('https://payment.ipay88.com.my/epayment/entry.asp', {
      RefNo: 'pay_01',
      ProdDesc: 'Kopi "O" <ais> & roti',
    });
    expect(page).toContain('action="https://payment.ipay88.com.my/epayment/entry.asp"');
    expect(page).toContain('name="RefNo" value="pay_01"');
    expect(page).toContain('value="Kopi &#34;O&#34; &#60;ais&#62; &#38; roti"');
    expect(page).not.toContain('<ais>');
  });
});
