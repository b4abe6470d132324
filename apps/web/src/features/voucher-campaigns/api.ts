import { useQuery } from '@tanstack/react-query';
import type {
  CampaignMove,
  MembershipTier,
  Voucher,
  VoucherCampaign,
  VoucherCampaignListQuery,
  VoucherCampaignParsed,
} from '@kopi/contract';
import { http } from '../../lib/http/http';
import { resourceKeys } from '../../lib/http/resource-keys';
import { fetchPage, useInvalidate, usePagedQuery, type Page } from '../../lib/http/paged-list';

// /api/voucher-campaigns (subject voucher_campaign), and what the form offers: the tenant's
// vouchers of unique codes and its membership tiers (read, never changed).

export const campaignKeys = {
  ...resourceKeys<VoucherCampaignListQuery>('voucher-campaigns'),
  one: (id: string) => [...campaignKeys.all, 'one', id] as const,
};

export const listCampaigns = (query: VoucherCampaignListQuery): Promise<Page<VoucherCampaign>> =>
  fetchPage('/voucher-campaigns', query);
export const getCampaign = (id: string) => http.get<VoucherCampaign>(`/voucher-campaigns/${id}`);
export const createCampaign = (body: VoucherCampaignParsed) =>
  http.post<VoucherCampaign>('/voucher-campaigns', body);
export const updateCampaign = (id: string, body: VoucherCampaignParsed) =>
  http.put<VoucherCampaign>(`/voucher-campaigns/${id}`, body);
export const moveCampaign = (id: string, move: CampaignMove) =>
  http.post<VoucherCampaign>(`/voucher-campaigns/${id}/status`, { move });
export const deleteCampaign = (id: string) => http.delete<unknown>(`/voucher-campaigns/${id}`);

/** Vouchers of unique codes (a campaign issues one code per customer), the first hundred. */
export const listUniqueVouchers = () =>
  http.get<Voucher[]>('/vouchers', { query: { page: 1, page_size: 100, code_kind: 'unique' } });
export const listTiers = () => http.get<MembershipTier[]>('/membership-tiers');

export const useCampaigns = (query: VoucherCampaignListQuery) =>
  usePagedQuery(campaignKeys.list(query), () => listCampaigns(query));
export const useInvalidateCampaigns = () => useInvalidate(campaignKeys.all);
/** The lists only: a campaign whose issuing just ended need not be asked again itself. */
export const useInvalidateCampaignLists = () => useInvalidate([...campaignKeys.all, 'list']);

/** How often a campaign whose codes are being issued is asked for its progress. */
export const ISSUE_POLL_MS = 3000;
/** Its issuing job is waiting or working. */
export const issuing = (c: VoucherCampaign | undefined) =>
  c?.job?.status === 'queued' || c?.job?.status === 'running';

/**
 * A campaign as listed, asked again every few seconds while its codes are being issued. Keyed by
 * the listed job and its state too: a list that answers a new job (the campaign went live, or
 * resumed) starts from that answer, never from an older poll's.
 */
export const useCampaignProgress = (listed: VoucherCampaign) =>
  useQuery({
    queryKey: [...campaignKeys.one(listed.id), listed.job?.id ?? null, listed.job?.status ?? null],
    queryFn: () => getCampaign(listed.id),
    enabled: issuing(listed),
    initialData: listed,
    // The list's answer counts as fresh: the first poll comes one interval later.
    initialDataUpdatedAt: () => Date.now(),
    staleTime: ISSUE_POLL_MS,
    refetchInterval: (query) => (issuing(query.state.data) ? ISSUE_POLL_MS : false),
  });

export const useUniqueVouchers = (enabled: boolean) =>
  useQuery({
    queryKey: [...campaignKeys.all, 'choices', 'vouchers'],
    queryFn: listUniqueVouchers,
    enabled,
  });
export const useTiers = (enabled = true) =>
  useQuery({ queryKey: [...campaignKeys.all, 'choices', 'tiers'], queryFn: listTiers, enabled });
