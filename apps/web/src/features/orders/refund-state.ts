import type { Order } from '@kopi/contract';

/** Whether an order's money went back: all of what was paid, part of it, or none. */
export function refundStateOf(order: Pick<Order, 'paid' | 'refunded'>): 'full' | 'part' | null {
  if (order.refunded <= 0) return null;
  return order.refunded >= order.paid ? 'full' : 'part';
}
