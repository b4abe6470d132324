import type { Order } from '@kopi/contract';

// An order's waiting times: placed → ready (it entered COMPLETED) → handed over, in whole seconds.

export interface OrderWaits {
  readyAt: string | null;
  handedOverAt: string | null;
  /** Placed → ready; null until it is ready. */
  toReady: number | null;
  /** Ready → handed over; null until it is handed over. */
  toHandedOver: number | null;
}

const seconds = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

export function orderWaits(
  order: Pick<Order, 'created_at' | 'ready_at' | 'handed_over_at'>,
): OrderWaits {
  const readyAt = order.ready_at ?? null;
  const handedOverAt = order.handed_over_at ?? null;
  return {
    readyAt,
    handedOverAt,
    toReady: readyAt ? seconds(order.created_at, readyAt) : null,
    toHandedOver: readyAt && handedOverAt ? seconds(readyAt, handedOverAt) : null,
  };
}

/** Minutes and seconds of a wait, for "{{minutes}} min {{seconds}} s". */
export const waitParts = (total: number) => ({
  minutes: Math.floor(total / 60),
  seconds: total % 60,
});
