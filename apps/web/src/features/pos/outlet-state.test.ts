import { describe, expect, it } from 'vitest';
import { blocksSales, needsOutsideHoursConfirm, outletSaleState } from './outlet-state';
import { context } from './test-menu';

const outlet = (changes: Partial<typeof context.outlet>) => ({ ...context.outlet, ...changes });

describe('outlet sale state', () => {
  it('says whether the counter may sell, must confirm, or cannot sell', () => {
    expect(outletSaleState(outlet({}))).toBe('open');
    expect(outletSaleState(outlet({ taking_orders_now: false }))).toBe('lastOrders');
    expect(outletSaleState(outlet({ taking_orders_now: false, open_now: false }))).toBe(
      'closedNow',
    );
    expect(outletSaleState(outlet({ accepting_orders: false }))).toBe('paused');
    expect(outletSaleState(outlet({ status: 'disabled' }))).toBe('disabled');
    expect(outletSaleState(outlet({ day_closed: true, taking_orders_now: false }))).toBe(
      'dayClosed',
    );
    expect(['open', 'lastOrders', 'closedNow'].map((s) => blocksSales(s as never))).toEqual([
      false,
      false,
      false,
    ]);
    expect(['paused', 'disabled', 'dayClosed'].every((s) => blocksSales(s as never))).toBe(true);
    expect(needsOutsideHoursConfirm('closedNow')).toBe(true);
    expect(needsOutsideHoursConfirm('lastOrders')).toBe(true);
    expect(needsOutsideHoursConfirm('open')).toBe(false);
  });
});
