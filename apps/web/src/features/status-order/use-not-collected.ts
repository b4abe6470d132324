import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Board, BoardOrder } from '@kopi/contract';
import { HttpError } from '../../lib/http/http-client';
import { toast } from '../../lib/toasts';
import { boardKeys, markNotCollected } from './api';
import { withoutOrder } from './board';
import { useStatusBoardStrings } from './i18n';
import { errorText } from '../../lib/form-errors';

/**
 * The ready card's "Not collected": after the server has answered, the card leaves (other boards
 * drop it on the live event). A 409 or 404 means the order was handed over or left COMPLETED
 * meanwhile: nothing is left to clear, and the refetch shows where it is. Answers whether the
 * dialog may close.
 */
export function useNotCollected(outletId: string | null) {
  const { t } = useStatusBoardStrings();
  const queryClient = useQueryClient();
  const boardKey = boardKeys.board(outletId);
  return useCallback(
    async (order: BoardOrder, reason: string) => {
      try {
        await markNotCollected(order.id, reason);
        queryClient.setQueryData<Board>(boardKey, (current) =>
          current ? withoutOrder(current, order.id) : current,
        );
        toast.success(t('notCollected.done', { no: order.order_no }));
        return true;
      } catch (error) {
        if (error instanceof HttpError && (error.status === 409 || error.status === 404)) {
          toast.warning(t('move.alreadyMoved', { no: order.order_no }));
          return true;
        }
        toast.error(
          t('notCollected.failed', {
            no: order.order_no,
            message: errorText(error),
          }),
        );
        return false;
      } finally {
        void queryClient.invalidateQueries({ queryKey: boardKeys.all });
      }
    },
    [queryClient, boardKey, t],
  );
}
