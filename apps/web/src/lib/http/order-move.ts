import type { ApprovalInput, Order, OrderStatus } from '@kopi/contract';
import type { ErrorToastMode } from './http-client';
import { http } from './http';

/**
 * POST /api/orders/{id}/status: one move of an order, with its reason (a reject, a void) and a
 * manager's approval where one is asked for. The order screens and the status board both move
 * orders; each says how a failure is shown.
 */
export const postOrderMove = (
  id: string,
  move: { status: OrderStatus; reason?: string | undefined; approval?: ApprovalInput | undefined },
  errorToast: ErrorToastMode,
) =>
  http.post<Order>(
    `/orders/${encodeURIComponent(id)}/status`,
    {
      status: move.status,
      ...(move.reason ? { reason: move.reason } : {}),
      ...(move.approval ? { approval: move.approval } : {}),
    },
    { errorToast },
  );
