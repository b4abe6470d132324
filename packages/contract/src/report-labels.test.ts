import { describe, expect, it } from 'vitest';
import { isRinggitColumn, reportFileColumns } from './report-labels';

describe('isRinggitColumn', () => {
  // What is not money in a report file: names, dates and counts, this period's and the compared
  // period's. Every other file column is an amount.
  const notRinggit = [
    ['business_date', 'previous_business_date', 'outlet', 'payment_method', 'product', 'sku'],
    ['serving_method', 'source', 'voucher', 'campaign'],
    ['orders', 'previous_orders', 'rejected', 'previous_rejected'],
    ['payments', 'previous_payments', 'refund_count', 'previous_refund_count'],
    ['quantity', 'previous_quantity', 'refunded_quantity', 'previous_refunded_quantity'],
    ['redemptions', 'previous_redemptions', 'returned', 'previous_returned'],
  ].flat();

  it('says ringgit for the amounts of a report file and not for its names, dates and counts', () => {
    for (const column of reportFileColumns)
      expect([column, isRinggitColumn(column)]).toEqual([column, !notRinggit.includes(column)]);
  });

  it('says not ringgit for the screen-only columns (share, rank, change)', () => {
    for (const column of ['share', 'rank', 'change']) expect(isRinggitColumn(column)).toBe(false);
  });
});
