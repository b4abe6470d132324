import { describe, expect, it } from 'vitest';
import { addQuickCash, newEntry, paymentView } from './payment';
import { priceOrder, defaultPricingSettings } from '@kopi/contract';

// Quick cash adds up as the customer hands notes over; the change follows.

const price = (paid_in_cash: boolean) =>
  priceOrder({
    lines: [{ unit_price: 1290, option_prices: [], addon_prices: [], quantity: 1 }],
    discount: 0,
    serving_method: 'pick_up',
    delivery_fee: 0,
    paid_in_cash,
    settings: defaultPricingSettings,
  });

describe('quick cash', () => {
  it('adds each note to the cash received: RM 5 twice is RM 10', () => {
    expect(addQuickCash(null, 500)).toBe(500);
    expect(addQuickCash(addQuickCash(null, 500), 500)).toBe(1000);
    expect(addQuickCash(5000, 500)).toBe(5500);
    expect(addQuickCash(0, 10000)).toBe(10000);
  });

  it('gives the change of the notes added up', () => {
    // RM 12.90 + 6% SST = RM 13.67, rounded to RM 13.65 in cash.
    let tendered: number | null = null;
    for (const note of [1000, 500]) tendered = addQuickCash(tendered, note);
    const view = paymentView([], { ...newEntry(), tendered }, price);
    expect(view.totals.total).toBe(1365);
    expect(view.change).toBe(135);
    expect(view.canConfirm).toBe(true);
  });
});
