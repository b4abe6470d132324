import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildFiuuRefundBody,
  buildFiuuRequeryBody,
  formatFiuuRequeryAnswer,
  parseFiuuRefundAnswer,
  parseFiuuRequeryAnswer,
} from './fiuu-api';
import {
  buildFiuuPaymentUrl,
  FIUU_CALLBACK_ACK,
  FIUU_IPN_PATH,
  fiuuAcknowledgement,
  fiuuEventId,
  fiuuSkey,
  fiuuVcode,
  formatFiuuAmount,
  parseFiuuAmount,
  verifyFiuuNotification,
} from './fiuu-signature';

// Fiuu's public API specification gives the vcode and skey formulas but no worked example with
// values, so every vector here is SELF-COMPUTED: the expected digest is worked out in the test
// with node:crypto straight from the documented formula (Fiuu API Spec for Merchant, "vcode" and
// "skey"), and pinned to a literal computed outside the code (`printf '%s' … | md5sum`).

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const MERCHANT = { merchantId: 'SB_kopihq', verifyKey: 'verify123', secretKey: 'secret456' };

describe('Fiuu vcode (self-computed from the documented formula)', () => {
  it('is md5(amount + merchantID + orderid + verify key)', () => {
    const vcode = fiuuVcode({ amount: '10.60', orderId: 'pay_01', ...MERCHANT });
    expect(vcode).toBe(md5('10.60SB_kopihqpay_01verify123'));
    expect(vcode).toBe('fe72d94f89d4e40836f3e8d4c6c6bdcd');
  });

  it('adds the currency when the extended vcode option is on', () => {
    const vcode = fiuuVcode({ amount: '10.60', orderId: 'pay_01', currency: 'MYR', ...MERCHANT });
    expect(vcode).toBe('9e8e5b049541a26e3142d0f31b96f560');
  });

  it('builds the hosted payment URL with the amount and vcode it signed', () => {
    const url = new URL(
      buildFiuuPaymentUrl({
        baseUrl: 'https://sandbox-payment.fiuu.com',
        ...MERCHANT,
        orderId: 'pay_01',
        amountSen: 1060,
        billName: 'Aisyah',
        billEmail: 'a@example.com',
        billMobile: '0123456789',
        billDesc: 'Kopi order',
        returnUrl: 'https://kopi.example/return',
        callbackUrl: 'https://kopi.example/api/payments/fiuu/callback',
        channel: 'fpx',
      }),
    );
    expect(url.pathname).toBe('/RMS/pay/SB_kopihq/fpx/');
    expect(url.searchParams.get('amount')).toBe('10.60');
    expect(url.searchParams.get('currency')).toBe('MYR');
    expect(url.searchParams.get('vcode')).toBe('fe72d94f89d4e40836f3e8d4c6c6bdcd');
  });
});

describe('Fiuu skey (self-computed from the documented two-stage formula)', () => {
  it('is md5(paydate + domain + md5(tranID + orderid + status + domain + amount + currency) + appcode + secret)', () => {
    const { preSkey, skey } = fiuuSkey(signedFields());
    expect(preSkey).toBe(md5('30000001pay_0100SB_kopihq10.60MYR'));
    expect(preSkey).toBe('ee4a4ab3a9464c04d2cc4ec1c1368bbc');
    expect(skey).toBe(md5(`2026-11-27 15:30:00SB_kopihq${preSkey}A12345secret456`));
    expect(skey).toBe('f6e34c252658281fea294c6b1d804208');
  });

  it('verifies a notification and reads it', () => {
    const result = verifyFiuuNotification({ ...notification(), nbcb: '2' }, MERCHANT);
    expect(result).toEqual({
      ok: true,
      notification: expect.objectContaining({
        delivery: 'notification',
        tranID: '30000001',
        orderId: 'pay_01',
        status: 'paid',
        amountSen: 1060,
      }),
    });
  });

  it.each([
    ['00', 'paid'],
    ['11', 'failed'],
    ['22', 'pending'],
  ])('reads status %s as %s', (status, meaning) => {
    const fields = notification({ status });
    const result = verifyFiuuNotification(fields, MERCHANT);
    expect(result).toMatchObject({ ok: true, notification: { status: meaning } });
  });

  it('refuses a forged skey, an altered amount, a changed status and a wrong secret', () => {
    expect(verifyFiuuNotification({ ...notification(), skey: '0'.repeat(32) }, MERCHANT)).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect(
      verifyFiuuNotification({ ...notification(), amount: '1060.00' }, MERCHANT),
    ).toMatchObject({
      ok: false,
    });
    const failed = notification({ status: '11' });
    expect(verifyFiuuNotification({ ...failed, status: '00' }, MERCHANT)).toMatchObject({
      ok: false,
    });
    expect(
      verifyFiuuNotification(notification(), { ...MERCHANT, secretKey: 'not-the-secret' }),
    ).toEqual({ ok: false, reason: 'signature_mismatch' });
  });

  it("refuses another merchant's correctly signed result", () => {
    const fields = notification({ domain: 'SB_othershop' });
    expect(verifyFiuuNotification(fields, MERCHANT)).toEqual({
      ok: false,
      reason: 'wrong_merchant',
    });
  });

  it('gives the notification, callback and return of one result the same event id', () => {
    const ids = ['1', '2', undefined].map((nbcb) => {
      const result = verifyFiuuNotification(
        { ...notification(), ...(nbcb ? { nbcb } : {}) },
        MERCHANT,
      );
      if (!result.ok) throw new Error('must verify');
      return fiuuEventId(result.notification);
    });
    expect(new Set(ids).size).toBe(1);
  });

  it('acknowledges as documented: the callback token, or the IPN echo with treq=1', () => {
    expect(fiuuAcknowledgement({ ...notification(), nbcb: '1' })).toEqual({
      kind: 'answer',
      body: FIUU_CALLBACK_ACK,
    });
    expect(FIUU_CALLBACK_ACK).toBe('CBTOKEN:MPSTATOK');
    const echo = fiuuAcknowledgement({ ...notification(), nbcb: '2' });
    expect(echo).toMatchObject({
      kind: 'echo',
      path: FIUU_IPN_PATH,
      body: { treq: '1', nbcb: '2' },
    });
  });
});

describe('Fiuu amounts', () => {
  it.each([
    [5, '0.05'],
    [100, '1.00'],
    [1060, '10.60'],
    [123450, '1234.50'],
    [987654321012, '9876543210.12'],
  ])('%i sen is "%s" and back', (sen, text) => {
    expect(formatFiuuAmount(sen)).toBe(text);
    expect(parseFiuuAmount(text)).toBe(sen);
  });

  it('reads the shorter forms Fiuu allows and refuses commas and fractions of a sen', () => {
    expect(parseFiuuAmount('10.6')).toBe(1060);
    expect(parseFiuuAmount('500')).toBe(50000);
    for (const text of ['1,234.50', '1.005', '-1.00', '', '.50'])
      expect(parseFiuuAmount(text)).toBeNull();
    expect(() => formatFiuuAmount(0.5)).toThrow(RangeError);
  });
});

describe('Fiuu requery and refund (self-computed from the documented formulas)', () => {
  it('signs the requery with md5(txID + domain + verify key + amount)', () => {
    const body = buildFiuuRequeryBody({ tranID: '30000001', amountSen: 1060, ...MERCHANT });
    expect(body).toEqual({
      amount: '10.60',
      txID: '30000001',
      domain: 'SB_kopihq',
      skey: md5('30000001SB_kopihqverify12310.60'),
      type: '0',
    });
  });

  it('checks the answer VrfKey = md5(Amount + secret + Domain + TranID + StatCode)', () => {
    const text = formatFiuuRequeryAnswer({
      statCode: '00',
      statName: 'captured',
      tranID: '30000001',
      amount: '10.60',
      domain: 'SB_kopihq',
      secretKey: MERCHANT.secretKey,
    });
    expect(text).toContain(`VrfKey: ${md5('10.60secret456SB_kopihq3000000100')}`);
    expect(parseFiuuRequeryAnswer(text, MERCHANT.secretKey)).toMatchObject({
      ok: true,
      answer: { status: 'paid', amountSen: 1060, tranID: '30000001' },
    });
    const forged = text.replace('StatCode: 00', 'StatCode: 11');
    expect(parseFiuuRequeryAnswer(forged, MERCHANT.secretKey)).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect(parseFiuuRequeryAnswer('Error: invalid skey', MERCHANT.secretKey)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('signs a refund with md5(RefundType + MerchantID + RefID + TxnID + Amount + secret)', () => {
    const body = buildFiuuRefundBody({
      refId: 'rf_01',
      tranID: '30000001',
      amountSen: 500,
      ...MERCHANT,
    });
    expect(body).toMatchObject({ RefundType: 'P', Amount: '5.00' });
    expect(body.Signature).toBe(md5('PSB_kopihqrf_01300000015.00secret456'));
  });

  it('reads a signed refund answer and refuses a forged or failed one', () => {
    const answer = {
      RefundType: 'P',
      MerchantID: 'SB_kopihq',
      RefID: 'rf_01',
      RefundID: '5001',
      TxnID: '30000001',
      Amount: '5.00',
      Status: '00',
      Signature: md5('PSB_kopihqrf_01500130000001' + '5.0000secret456'),
    };
    expect(parseFiuuRefundAnswer(answer, MERCHANT.secretKey)).toEqual({
      ok: true,
      refundId: '5001',
      refId: 'rf_01',
      status: 'refunded',
    });
    expect(parseFiuuRefundAnswer({ ...answer, Amount: '50.00' }, MERCHANT.secretKey)).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect(
      parseFiuuRefundAnswer({ error_code: 'PR011', error_desc: 'Exceed refund amount' }, 'x'),
    ).toMatchObject({ ok: false, reason: 'error', code: 'PR011' });
  });
});

function signedFields() {
  return {
    tranID: '30000001',
    orderid: 'pay_01',
    status: '00',
    domain: 'SB_kopihq',
    amount: '10.60',
    currency: 'MYR',
    paydate: '2026-11-27 15:30:00',
    appcode: 'A12345',
    secretKey: MERCHANT.secretKey,
  };
}

/** A result as Fiuu posts it, signed with the documented skey. */
function notification(overrides: Partial<ReturnType<typeof signedFields>> = {}) {
  const { secretKey, ...fields } = { ...signedFields(), ...overrides };
  return { ...fields, channel: 'fpx', skey: fiuuSkey({ ...fields, secretKey }).skey };
}
