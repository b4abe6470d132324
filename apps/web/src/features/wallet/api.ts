import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ListQuery,
  WalletAdjustment,
  WalletEntry,
  WalletEntryListQuery,
  WalletLiability,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import type { QueryValue } from '../../lib/http/http-client';
import { fetchPage, usePagedQuery } from '../../lib/http/paged-list';
import { downloadInLanguage } from '../../lib/http/transfer';

// /customer/wallet's calls (subject wallet): every customer's entries, the outstanding balance by
// day, and the adjustments over the limit waiting for a second staff member (adjust-wallet).
export const walletKeys = {
  all: ['wallet'] as const,
  entries: (query: WalletEntryListQuery) => [...walletKeys.all, 'entries', query] as const,
  liability: (range: LiabilityRange) => [...walletKeys.all, 'liability', range] as const,
  adjustments: (query: ListQuery) => [...walletKeys.all, 'adjustments', query] as const,
};

export interface LiabilityRange {
  from?: string | undefined;
  to?: string | undefined;
}

export type WalletEntryExportFilters = Omit<WalletEntryListQuery, 'page' | 'page_size'>;

/** The filtered entries as CSV, in the screen's language. */
export const exportWalletEntries = (filters: WalletEntryExportFilters) =>
  downloadInLanguage('/wallet-entries/export', filters, 'wallet-entries.csv');

/**
 * A decision on a pending adjustment. Its refusals (the requester approving their own, one
 * already decided) are shown beside the list, not toasted.
 */
export const decideAdjustment = (id: string, decision: 'approve' | 'reject') =>
  http.post<unknown>(`/wallet-adjustments/${id}/${decision}`, undefined, {
    errorToast: 'silent',
  });

export const useWalletEntries = (query: WalletEntryListQuery) =>
  usePagedQuery(walletKeys.entries(query), () => fetchPage<WalletEntry>('/wallet-entries', query));

/** A reversed range is not asked for: the fields already say what is wrong. */
export const useWalletLiability = (range: LiabilityRange) =>
  useQuery({
    enabled: !(range.from && range.to && range.from > range.to),
    queryKey: walletKeys.liability(range),
    queryFn: () =>
      http.get<WalletLiability>('/wallet-liability', {
        query: range as Record<string, QueryValue>,
      }),
  });

/** The adjustments still waiting (the list holds decided ones too). */
export function usePendingAdjustments(query: ListQuery) {
  const pending = { ...query, status: 'pending' };
  return usePagedQuery(walletKeys.adjustments(query), () =>
    fetchPage<WalletAdjustment>('/wallet-adjustments', pending),
  );
}

/** After a decision: the adjustments, the entries and the balance ask again. */
export function useRefreshWallet() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: walletKeys.all });
}
