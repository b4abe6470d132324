import type { OrderSummary } from '@kopi/contract';

/**
 * Whether an order's money went back: all of what was paid, part of it, or none. The list's rows
 * and the details page both carry what it needs.
 */
export function refundStateOf(
  order: Pick<OrderSummary, 'paid' | 'refunded'>,
): 'full' | 'part' | null {
  if (order.refunded <= 0) return null;
  return order.refunded >= order.paid ? 'full' : 'part';
}
