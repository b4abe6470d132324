import type { OrderStatus } from '@kopi/contract';
import type { CanCheck } from '../../lib/can-context';

// The moves staff make on an order (015-orders: APPROVED, COMPLETED, REJECTED), in button order.
// PENDING comes from payment and CLOSED from the day close, so they have no button.
export const orderMoves = [
  { status: 'APPROVED', key: 'accept' },
  { status: 'COMPLETED', key: 'complete' },
  { status: 'REJECTED', key: 'reject' },
] as const satisfies readonly { status: OrderStatus; key: string }[];
export type OrderMove = (typeof orderMoves)[number];

/** The server's POST /api/orders/{id}/status permission, update-status-order, parsed. */
export const mayMoveOrders = (can: CanCheck) => can('update', 'status-order');

/**
 * Buttons for the moves the server allows now (`allowed_statuses`, which already reflects the
 * status machine and the caller's permissions) and that the signed-in user's abilities allow.
 */
export function availableMoves(allowed: readonly OrderStatus[], can: CanCheck): OrderMove[] {
  if (!mayMoveOrders(can)) return [];
  return orderMoves.filter((move) => allowed.includes(move.status));
}
