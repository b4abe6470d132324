import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  defaultLocale,
  localeSchema,
  type Outlet,
  type VoucherUsageDaily,
  type VoucherUsageOngoing,
  type VoucherUsageRedemption,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import { downloadFile } from '../../lib/http/transfer';
import { i18n } from '../../lib/i18n/i18n';

// /api/voucher-campaigns/usage/* (read voucher-campaign): the daily figures, the newest
// redemptions and the campaigns running now, with the CSV/XLSX files. Outlet-bound staff are
// limited to their outlet by the server, whatever they send.

export interface DailyRequest {
  from: string;
  to: string;
  outlet_id?: string;
}

export const usageKeys = {
  all: ['voucher-usage'] as const,
  daily: (q: DailyRequest) => [...usageKeys.all, 'daily', q] as const,
  latest: (outletId: string | null) => [...usageKeys.all, 'latest', outletId] as const,
  ongoing: () => [...usageKeys.all, 'ongoing'] as const,
  outlets: () => [...usageKeys.all, 'outlets'] as const,
};

/** How many of the newest redemptions the latest view lists. */
export const LATEST_LIMIT = 50;

const localeOf = (language: string) => localeSchema.catch(defaultLocale).parse(language);

export const getDaily = (q: DailyRequest) =>
  http.get<VoucherUsageDaily>('/voucher-campaigns/usage/daily', { query: { ...q } });
export const getLatest = (outletId: string | null) =>
  http.get<VoucherUsageRedemption[]>('/voucher-campaigns/usage/latest', {
    query: { limit: LATEST_LIMIT, ...(outletId ? { outlet_id: outletId } : {}) },
  });
export const getOngoing = () => http.get<VoucherUsageOngoing[]>('/voucher-campaigns/usage/ongoing');

export const exportDaily = (q: DailyRequest, format: 'csv' | 'xlsx') =>
  downloadFile(
    '/voucher-campaigns/usage/daily/export',
    { ...q, format, lang: localeOf(i18n.language) },
    `voucher-usage-${q.from}-${q.to}.${format}`,
  );
export const exportOngoing = (format: 'csv' | 'xlsx') =>
  downloadFile(
    '/voucher-campaigns/usage/ongoing/export',
    { format, lang: localeOf(i18n.language) },
    `ongoing-campaigns.${format}`,
  );

export const useDailyUsage = (q: DailyRequest, enabled: boolean) =>
  useQuery({
    queryKey: usageKeys.daily(q),
    queryFn: () => getDaily(q),
    enabled,
    placeholderData: keepPreviousData,
  });
export const useLatestUsage = (outletId: string | null) =>
  useQuery({ queryKey: usageKeys.latest(outletId), queryFn: () => getLatest(outletId) });
export const useOngoingCampaigns = () =>
  useQuery({ queryKey: usageKeys.ongoing(), queryFn: getOngoing });

/** The outlets to filter by (read outlet); none asked for without it. */
export const useOutletChoices = (enabled: boolean) =>
  useQuery({
    queryKey: usageKeys.outlets(),
    queryFn: () => http.get<Outlet[]>('/outlets', { query: { page: 1, page_size: 100 } }),
    enabled,
  });
