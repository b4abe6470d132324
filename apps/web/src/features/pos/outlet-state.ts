import type { PosContext } from '@kopi/contract';

// What the counter can do at the outlet now. `paused` and `dayClosed` stop sales (the server
// refuses them whatever the cashier says); `closedNow` and `lastOrders` need the cashier to
// confirm a sale outside opening hours (sent as allow_outside_hours).
export type OutletSaleState =
  'open' | 'lastOrders' | 'closedNow' | 'paused' | 'disabled' | 'dayClosed';

export function outletSaleState(outlet: PosContext['outlet']): OutletSaleState {
  if (outlet.status !== 'active') return 'disabled';
  if (!outlet.accepting_orders) return 'paused';
  if (outlet.day_closed) return 'dayClosed';
  if (outlet.taking_orders_now) return 'open';
  return outlet.open_now ? 'lastOrders' : 'closedNow';
}

export const blocksSales = (s: OutletSaleState) =>
  s === 'paused' || s === 'disabled' || s === 'dayClosed';
export const needsOutsideHoursConfirm = (s: OutletSaleState) =>
  s === 'closedNow' || s === 'lastOrders';
