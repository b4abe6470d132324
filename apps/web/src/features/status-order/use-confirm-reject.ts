import { useCallback } from 'react';
import type { ApprovalInput, BoardOrder } from '@kopi/contract';
import { useApproval } from '../../components/approval/use-approval';
import { formatMoney } from '../../lib/formatters';
import { HttpError } from '../../lib/http/http-client';

type Reject = (vars: {
  order: BoardOrder;
  status: 'REJECTED';
  reason: string;
  approval?: ApprovalInput;
}) => Promise<unknown>;

/** Someone moved the order on meanwhile: nothing is left to do with it. */
export const movedAway = (error: unknown) =>
  error instanceof HttpError && (error.status === 409 || error.status === 404);

/**
 * The board's reject: voiding an order that took money needs `void-order` or a manager's PIN
 * (useApproval asks for it). Answers whether the reject dialog may close: rejected, cancelled at
 * the PIN, or moved on meanwhile; otherwise the typed reason stays.
 */
export function useConfirmReject(reject: Reject) {
  const { withApproval, dialog } = useApproval();
  const confirmReject = useCallback(
    async (order: BoardOrder, reason: string) => {
      const send = (approval?: ApprovalInput) =>
        reject({ order, status: 'REJECTED', reason, approval });
      try {
        const paid = order.paid - order.refunded;
        if (paid <= 0) await send();
        else {
          const request = {
            action: 'order_void' as const,
            outletId: order.outlet_id,
            summary: formatMoney(paid),
          };
          return (await withApproval(request, send)) !== undefined;
        }
        return true;
      } catch (error) {
        return movedAway(error);
      }
    },
    [reject, withApproval],
  );
  return { confirmReject, approvalDialog: dialog };
}
