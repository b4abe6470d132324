import type { Reward, rewardInputSchema } from '@kopi/contract';
import type { z } from 'zod';

// The reward form's values: a new reward's, and a saved reward's as PUT /api/voucher-rewards/{id}
// takes them back.

export type RewardFormValues = z.input<typeof rewardInputSchema>;

/** A new reward starts now (to the minute), without an end or a stock limit. */
export function blankReward(now = new Date()): RewardFormValues {
  const start = new Date(now);
  start.setUTCSeconds(0, 0);
  return {
    voucher_id: '',
    name_en: '',
    name_my: '',
    points_price: 100,
    stock: null,
    starts_at: start.toISOString(),
    ends_at: null,
    status: 'active',
    sort_order: 0,
  };
}

export const rewardValuesOf = (r: Reward): RewardFormValues => ({
  voucher_id: r.voucher_id,
  name_en: r.name_en,
  name_my: r.name_my ?? '',
  points_price: r.points_price,
  stock: r.stock,
  starts_at: r.starts_at,
  ends_at: r.ends_at,
  status: r.status,
  sort_order: r.sort_order,
});
