import type { Outlet, OutletInput } from '@kopi/contract';

/** The body that saves `outlet` as it is (with `patch` over it): every field, as a PUT wants. */
export const outletInputOf = (o: Outlet, patch: Partial<OutletInput> = {}): OutletInput => ({
  code: o.code,
  name: o.name,
  address: o.address,
  phone: o.phone,
  lat: o.lat,
  lng: o.lng,
  status: o.status,
  serving_methods: o.serving_methods,
  delivery_fee: o.delivery_fee,
  accepting_orders: o.accepting_orders,
  timezone: o.timezone,
  // A PUT without them would put the board thresholds back to their defaults.
  board_amber_minutes: o.board_amber_minutes,
  board_red_minutes: o.board_red_minutes,
  ...patch,
});
