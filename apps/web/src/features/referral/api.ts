import { useQuery } from '@tanstack/react-query';
import type { Referral, ReferralListQuery, ReferralSettings } from '@kopi/contract';
import { http } from '../../lib/http/http';
import { fetchPage, useInvalidate, usePagedQuery } from '../../lib/http/paged-list';

// /api/referral-settings and /api/referrals (subject referral).
export const referralKeys = {
  all: ['referral'] as const,
  settings: () => [...referralKeys.all, 'settings'] as const,
  list: (query: ReferralListQuery) => [...referralKeys.all, 'list', query] as const,
};

export const getReferralSettings = () => http.get<ReferralSettings>('/referral-settings');
export const saveReferralSettings = (body: ReferralSettings) =>
  http.put<ReferralSettings>('/referral-settings', body);
export const listReferrals = (query: ReferralListQuery) => fetchPage<Referral>('/referrals', query);

export const useReferralSettings = () =>
  useQuery({ queryKey: referralKeys.settings(), queryFn: getReferralSettings });

export const useReferrals = (query: ReferralListQuery) =>
  usePagedQuery(referralKeys.list(query), () => listReferrals(query));

export const useInvalidateReferrals = () => useInvalidate(referralKeys.all);
