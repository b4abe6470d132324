import { useQuery } from '@tanstack/react-query';
import type { LoyaltySettings, MembershipTier, MembershipTierInput } from '@kopi/contract';
import { http } from '../../lib/http/http';
import { useInvalidate } from '../../lib/http/paged-list';

// /api/membership-tiers and /api/loyalty-settings (subject membership). A tenant has a handful of
// tiers, so the list is read whole; the settings are one record per tenant.
export const membershipKeys = {
  all: ['membership'] as const,
  tiers: () => [...membershipKeys.all, 'tiers'] as const,
  settings: () => [...membershipKeys.all, 'settings'] as const,
};

export const listTiers = () => http.get<MembershipTier[]>('/membership-tiers');
export const createTier = (body: MembershipTierInput) =>
  http.post<MembershipTier>('/membership-tiers', body);
export const updateTier = (id: string, body: MembershipTierInput) =>
  http.put<MembershipTier>(`/membership-tiers/${id}`, body);
export const deleteTier = (id: string) => http.delete<{ id: string }>(`/membership-tiers/${id}`);

export const getLoyaltySettings = () => http.get<LoyaltySettings>('/loyalty-settings');
export const saveLoyaltySettings = (body: LoyaltySettings) =>
  http.put<LoyaltySettings>('/loyalty-settings', body);

export const useTiers = () => useQuery({ queryKey: membershipKeys.tiers(), queryFn: listTiers });

export const useLoyaltySettings = () =>
  useQuery({ queryKey: membershipKeys.settings(), queryFn: getLoyaltySettings });

export const useInvalidateMembership = () => useInvalidate(membershipKeys.all);
