import { describe, expect, it } from 'vitest';
import { addVoucherFigures, sumVoucherFigures } from './voucher-figures';

const day1 = {
  redemptions: 3,
  discount: 450,
  sales: 3_000,
  returned: 1,
  returned_discount: 150,
  refunds: 500,
};
const day2 = {
  redemptions: 2,
  discount: 200,
  sales: 1_800,
  returned: 0,
  returned_discount: 0,
  refunds: 0,
};

describe('voucher figures', () => {
  it('add up field by field', () => {
    expect(addVoucherFigures(day2, day1)).toEqual({
      redemptions: 5,
      discount: 650,
      sales: 4_800,
      returned: 1,
      returned_discount: 150,
      refunds: 500,
    });
  });

  it('sum to zeros for none and to the fields’ totals for several', () => {
    expect(sumVoucherFigures([])).toEqual({
      redemptions: 0,
      discount: 0,
      sales: 0,
      returned: 0,
      returned_discount: 0,
      refunds: 0,
    });
    expect(sumVoucherFigures([day1, day2, day1])).toEqual({
      redemptions: 8,
      discount: 1_100,
      sales: 7_800,
      returned: 2,
      returned_discount: 300,
      refunds: 1_000,
    });
  });
});
