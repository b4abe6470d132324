import { describe, expect, it } from 'vitest';
import { orderSystemReasons, systemOrderReason } from './orders-history-reasons';

describe('systemOrderReason', () => {
  it('knows the reasons the orders module writes', () => {
    for (const [key, text] of Object.entries(orderSystemReasons)) {
      expect(systemOrderReason(text)).toEqual({ key });
    }
  });

  it('knows the app’s reasons: placed, paid online (amount in sen, method) and cancelled', () => {
    expect(systemOrderReason('Placed in the app (MOBILE)')).toEqual({ key: 'placedInApp' });
    expect(systemOrderReason('Paid online: RM 1234.05 (tng)')).toEqual({
      key: 'paidOnline',
      amount: 123405,
      method: 'tng',
    });
    expect(systemOrderReason('Paid online: RM 0.90 (fpx)')).toEqual({
      key: 'paidOnline',
      amount: 90,
      method: 'fpx',
    });
    expect(systemOrderReason('Cancelled by customer')).toEqual({
      key: 'cancelledByCustomer',
      note: null,
    });
    expect(systemOrderReason('Cancelled by customer: ordered twice')).toEqual({
      key: 'cancelledByCustomer',
      note: 'ordered twice',
    });
  });

  it('leaves what a person wrote alone', () => {
    for (const typed of ['Out of milk', 'Day closed early', 'paid at the counter', '']) {
      expect(systemOrderReason(typed)).toBeNull();
    }
  });
});
