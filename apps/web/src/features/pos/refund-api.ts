import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CounterRefund,
  ReceiptLookupQuery,
  ReceiptMatch,
  Refund,
  Refundable,
} from '@kopi/contract';
import { http } from '../../lib/http/http';

// Refunds at the POS: GET /api/pos/receipts (create-pos), GET /api/orders/{id}/refundable and
// POST /api/pos/refunds (create-pos, with a manager's approval).

export const posRefundKeys = {
  refundable: (orderId: string) => ['pos-refund', 'refundable', orderId] as const,
};

/** The outlet's receipts with a number or scanned code; a bad text is the form's to say. */
export const findReceipts = (query: ReceiptLookupQuery) =>
  http.get<ReceiptMatch[]>('/pos/receipts', {
    query: { ...query },
    errorToast: 'silent',
  });

export function useReceiptSearch() {
  return useMutation({ mutationFn: findReceipts });
}

export function usePosRefundable(orderId: string) {
  return useQuery({
    queryKey: posRefundKeys.refundable(orderId),
    queryFn: () => http.get<Refundable>(`/orders/${orderId}/refundable`, { errorToast: 'silent' }),
    // What remains changes with every refund: ask again each time.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * One attempt of a counter refund with its own Idempotency-Key; silent while it carries a
 * manager's approval (the approval dialog shows why it failed).
 */
export const createCounterRefund = (body: CounterRefund, idempotencyKey: string) =>
  http.post<Refund>('/pos/refunds', body, {
    idempotencyKey,
    errorToast: body.approval ? 'silent' : 'default',
  });
