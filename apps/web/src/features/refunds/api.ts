import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Refund,
  Refundable,
  RefundCreate,
  RefundListQuery,
  RefundMove,
  RefundStatus,
  RefundSummary,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import { resourceKeys, useRecord } from '../../lib/http/resource-keys';
import { fetchPage, useInvalidate, usePagedQuery } from '../../lib/http/paged-list';
import type { QueryValue } from '../../lib/http/http-client';
import { downloadInLanguage, fetchFile } from '../../lib/http/transfer';

// /api/refunds (subject order to read and ask; approve-refund / transfer-refund to move) and
// /api/orders/{id}/refundable. Refunds also change what an order shows (refunded amount), so a
// write refreshes the orders' queries too.
export const refundKeys = {
  ...resourceKeys<RefundListQuery>('refunds'),
  counts: (filters: RefundCountFilters) => [...refundKeys.all, 'counts', filters] as const,
  refundable: (orderId: string) => [...refundKeys.all, 'refundable', orderId] as const,
  proof: (url: string) => [...refundKeys.all, 'proof', url] as const,
};
const orderKeysRoot = ['orders'] as const;

/** The list's filters without paging, sort and the status (the tabs count every status). */
export type RefundCountFilters = Omit<RefundListQuery, 'page' | 'page_size' | 'sort' | 'status'>;
export type RefundExportFilters = Omit<RefundListQuery, 'page' | 'page_size'>;

export const listRefunds = (query: RefundListQuery) => fetchPage<RefundSummary>('/refunds', query);

export const getRefundStatusCounts = (filters: RefundCountFilters) =>
  http.get<Partial<Record<RefundStatus, number>>>('/refunds/status-counts', {
    query: { ...filters } as Record<string, QueryValue>,
  });

/** A missing refund is a page state (not found), not a toast. */
export const getRefund = (id: string) =>
  http.get<Refund>(`/refunds/${id}`, { errorToast: 'silent' });

export const getRefundable = (orderId: string) =>
  http.get<Refundable>(`/orders/${orderId}/refundable`, { errorToast: 'silent' });

/**
 * One attempt of a refund request with the attempt's own Idempotency-Key: the client's own retry
 * of a lost answer carries the same key, so a double tap or a retry never asks twice.
 */
export const createRefund = (body: RefundCreate, idempotencyKey: string) =>
  http.post<Refund>('/refunds', body, { idempotencyKey });

/** A wrong move (409) is toasted with the server's reason by the client. */
export const moveRefund = (id: string, move: RefundMove) =>
  http.post<Refund>(`/refunds/${id}/status`, move);

export function uploadRefundProof(id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<Refund>(`/refunds/${id}/proof`, form);
}

/** The transfer's proof (a private file) as the answer's proof_url names it; its URL is versioned. */
export function useRefundProof(url: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: refundKeys.proof(url),
    queryFn: async () => {
      const { pathname, searchParams } = new URL(url, window.location.origin);
      const file = await fetchFile(pathname, Object.fromEntries(searchParams), 'proof.webp');
      return file?.blob ?? null;
    },
    staleTime: Infinity,
  });
}

/** The filtered list as CSV, in the screen's language. */
export const exportRefunds = (filters: RefundExportFilters) =>
  downloadInLanguage('/refunds/export', filters, 'refunds.csv');

export const useRefunds = (query: RefundListQuery) =>
  usePagedQuery(refundKeys.list(query), () => listRefunds(query));

export function useRefundStatusCounts(filters: RefundCountFilters) {
  return useQuery({
    queryKey: refundKeys.counts(filters),
    queryFn: () => getRefundStatusCounts(filters),
    placeholderData: keepPreviousData,
  });
}

export const useRefund = (id: string | undefined) => useRecord(refundKeys, id, getRefund);

export function useRefundable(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: refundKeys.refundable(orderId),
    queryFn: () => getRefundable(orderId),
    enabled,
    // What remains changes with every refund anyone asks for: always ask again on opening.
    staleTime: 0,
    gcTime: 0,
  });
}

export const useInvalidateRefunds = () => useInvalidate(refundKeys.all);

/** After any refund write: the refund screens and the orders (refunded amounts) refresh. */
function useRefreshAfterWrite() {
  const client = useQueryClient();
  return (refund: Refund) => {
    client.setQueryData(refundKeys.detail(refund.id), refund);
    void client.invalidateQueries({ queryKey: refundKeys.all });
    void client.invalidateQueries({ queryKey: orderKeysRoot });
  };
}

export function useCreateRefund() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RefundCreate; idempotencyKey: string }) =>
      createRefund(body, idempotencyKey),
    onSuccess: refresh,
  });
}

export function useMoveRefund(id: string) {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (move: RefundMove) => moveRefund(id, move),
    onSuccess: refresh,
  });
}

export function useUploadRefundProof(id: string) {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (file: File) => uploadRefundProof(id, file),
    onSuccess: refresh,
  });
}
