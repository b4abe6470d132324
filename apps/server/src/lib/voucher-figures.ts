import { type VoucherFigures, zeroVoucherFigures } from '@kopi/contract';

// Voucher figures add up field by field: a voucher's campaigns into the voucher, days into a
// period, vouchers into a report's total.

/** The figures of `a` and `b` together. */
export const addVoucherFigures = (a: VoucherFigures, b: VoucherFigures): VoucherFigures => ({
  redemptions: a.redemptions + b.redemptions,
  discount: a.discount + b.discount,
  sales: a.sales + b.sales,
  returned: a.returned + b.returned,
  returned_discount: a.returned_discount + b.returned_discount,
  refunds: a.refunds + b.refunds,
});

/** The figures of them all together; zeros for none. */
export const sumVoucherFigures = (all: VoucherFigures[]): VoucherFigures =>
  all.reduce(addVoucherFigures, zeroVoucherFigures());
