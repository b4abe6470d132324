import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Board, BoardOrder } from '@kopi/contract';
import { HttpError } from '../../lib/http/http-client';
import { toast } from '../../lib/toasts';
import { boardKeys, handOverOrder } from './api';
import { handOverAction, withoutOrder } from './board';
import { useStatusBoardStrings } from './i18n';
import { errorText } from '../../lib/form-errors';

/**
 * The ready card's "Handed over" / "Served": the card leaves at once (the server records the
 * moment once, so a second board tapping the same card gets the same answer). A 409 or 404 means
 * the order left COMPLETED meanwhile: the refetch shows where it is.
 */
export function useHandOver(outletId: string | null) {
  const { t } = useStatusBoardStrings();
  const queryClient = useQueryClient();
  const boardKey = boardKeys.board(outletId);
  const inFlight = useRef(new Set<string>());

  const handOver = useMutation({
    mutationFn: (order: BoardOrder) => handOverOrder(order.id),
    onMutate: async (order) => {
      inFlight.current.add(order.id);
      await queryClient.cancelQueries({ queryKey: boardKey });
      queryClient.setQueryData<Board>(boardKey, (current) =>
        current ? withoutOrder(current, order.id) : current,
      );
    },
    onSuccess: (_, order) => {
      const done =
        handOverAction(order, true) === 'served' ? 'move.servedDone' : 'move.handedOverDone';
      toast.success(t(done, { no: order.order_no }));
    },
    onError: (error, order) => {
      if (error instanceof HttpError && (error.status === 409 || error.status === 404)) {
        toast.warning(t('move.alreadyMoved', { no: order.order_no }));
        return;
      }
      queryClient.setQueryData<Board>(boardKey, (current) =>
        current && !current.orders.some((o) => o.id === order.id)
          ? { ...current, orders: [...current.orders, order] }
          : current,
      );
      toast.error(
        t('move.handOverFailed', {
          no: order.order_no,
          message: errorText(error),
        }),
      );
    },
    onSettled: (_, __, order) => {
      inFlight.current.delete(order.id);
      void queryClient.invalidateQueries({ queryKey: boardKeys.all });
    },
  });

  const mutate = handOver.mutate;
  return useCallback(
    (order: BoardOrder) => {
      // A double tap sends one request.
      if (!inFlight.current.has(order.id)) mutate(order);
    },
    [mutate],
  );
}
