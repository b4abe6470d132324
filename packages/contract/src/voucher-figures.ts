import { z } from 'zod';

// The voucher figures of voucher_rollups (decision 053), as the usage views and the sales report
// by voucher send them, and what the screens make of them. Money is integer sen.

const sen = z.number().int();
const count = z.number().int();

/** One day's (or a range's) voucher figures, as kept. */
export const voucherFiguresSchema = z.object({
  redemptions: count,
  discount: sen,
  sales: sen,
  returned: count,
  returned_discount: sen,
  refunds: sen,
});
export type VoucherFigures = z.infer<typeof voucherFiguresSchema>;
export const voucherFigureKeys = voucherFiguresSchema.keyof().options;

/** Redemptions that stand: those made less those given back. */
export const redemptionsStanding = (f: VoucherFigures) => f.redemptions - f.returned;
/** Discount given: what the redemptions took off, less what give-backs handed back. */
export const discountGiven = (f: VoucherFigures) => f.discount - f.returned_discount;
/** Sales with a voucher: the totals of sales that carried one, less their refunds. */
export const voucherSales = (f: VoucherFigures) => f.sales - f.refunds;

/** The figures with `value` as each field. */
const eachFigure = (value: (key: keyof VoucherFigures) => number) =>
  Object.fromEntries(voucherFigureKeys.map((key) => [key, value(key)])) as VoucherFigures;

export const zeroVoucherFigures = (): VoucherFigures => eachFigure(() => 0);

// Figures add up field by field: a voucher's campaigns into the voucher, days into a period,
// vouchers into a report's total.

/** The figures of `a` and `b` together. */
export const addVoucherFigures = (a: VoucherFigures, b: VoucherFigures): VoucherFigures =>
  eachFigure((key) => a[key] + b[key]);

/** The figures of them all together; zeros for none. */
export const sumVoucherFigures = (all: VoucherFigures[]): VoucherFigures =>
  all.reduce(addVoucherFigures, zeroVoucherFigures());
