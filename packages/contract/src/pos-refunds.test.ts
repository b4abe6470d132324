import { describe, expect, it } from 'vitest';
import { parseReceiptQuery, receiptCode, refundMethodsFor } from './pos-refunds';

describe('refundMethodsFor', () => {
  const of = (methods: string[], hasCustomer = false, atCounter = false) =>
    refundMethodsFor(
      methods.map((method) => ({ method })),
      { hasCustomer, atCounter },
    );

  it('sends cash back only for cash, anything else back to its own method', () => {
    expect(of(['cash'])).toEqual(['cash', 'bank_transfer']);
    expect(of(['card'])).toEqual(['original', 'bank_transfer']);
    expect(of(['tng'])).toEqual(['original', 'bank_transfer']);
    expect(of(['cash', 'duitnow_qr'])).toEqual(['original', 'cash', 'bank_transfer']);
  });

  it('credits the wallet only with a customer, and makes no transfer at the counter', () => {
    expect(of(['card'], true)).toEqual(['original', 'bank_transfer', 'wallet']);
    expect(of(['wallet'], true, true)).toEqual(['original', 'wallet']);
    expect(of(['cash'], false, true)).toEqual(['cash']);
  });
});

describe('receipt numbers and codes', () => {
  it('reads a typed number, an outlet number and a scanned code', () => {
    expect(parseReceiptQuery('12')).toEqual({ seq: 12, outletCode: null, date: null });
    expect(parseReceiptQuery(' kl01-0012 ')).toEqual({ seq: 12, outletCode: 'KL01', date: null });
    const code = receiptCode({ order_no: 'KL01-0012', business_date: '2026-11-29' });
    expect(code).toBe('20261129-KL01-0012');
    expect(parseReceiptQuery(code)).toEqual({ seq: 12, outletCode: 'KL01', date: '2026-11-29' });
  });

  it('names nothing for words, a zero or an impossible day', () => {
    for (const text of ['coffee', '0', '', 'KL01-', '20261399-KL01-0012', '1-2-3']) {
      expect(parseReceiptQuery(text)).toBeNull();
    }
  });
});
