import { useQuery } from '@tanstack/react-query';
import type { Reward, RewardInput, RewardListQuery, Voucher } from '@kopi/contract';
import { http } from '../../lib/http/http';
import { resourceKeys } from '../../lib/http/resource-keys';
import { fetchPage, useInvalidate, usePagedQuery, type Page } from '../../lib/http/paged-list';

// /api/voucher-rewards (subject reward): the points rewards the customer app offers, and the
// vouchers of unique codes a reward may give (read, never changed here).

export const rewardKeys = resourceKeys<RewardListQuery>('rewards');

export const listRewards = (query: RewardListQuery): Promise<Page<Reward>> =>
  fetchPage('/voucher-rewards', query);
export const createReward = (body: RewardInput) => http.post<Reward>('/voucher-rewards', body);
export const updateReward = (id: string, body: RewardInput) =>
  http.put<Reward>(`/voucher-rewards/${id}`, body);
/** Silent: an exchanged reward's refusal (reward_in_use) is shown in the confirm dialog. */
export const deleteReward = (id: string) =>
  http.delete<unknown>(`/voucher-rewards/${id}`, { errorToast: 'silent' });
/** The vouchers of unique codes a reward may give (the newest hundred). */
export const listUniqueVouchers = () =>
  http.get<Voucher[]>('/vouchers', { query: { page: 1, page_size: 100, code_kind: 'unique' } });

export const useRewards = (query: RewardListQuery) =>
  usePagedQuery(rewardKeys.list(query), () => listRewards(query));
export const useInvalidateRewards = () => useInvalidate(rewardKeys.all);
export const useUniqueVouchers = () =>
  useQuery({ queryKey: ['rewards', 'choices', 'vouchers'], queryFn: listUniqueVouchers });
