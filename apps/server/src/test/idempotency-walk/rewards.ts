import { asc, eq } from 'drizzle-orm';
import { voucherCodes, voucherRewards } from '../../db/schema/vouchers';
import {
  addReward,
  customerWithPoints,
  pointsBalance,
  rewardBody,
  uniqueVoucher,
} from '../reward-fixtures';
import type { TestAppContext } from '../use-test-app';
import { twoTargets, type Drivers } from './walk';
import { rowsIn } from '../fixtures';

// Points rewards: the back office's reward writes, and the app's exchange (its key is kept with
// the code it issues, whose id is drawn from the key). Every driver makes its own rewards.

export function rewardDrivers(ctx: TestAppContext<'admin'>): Drivers {
  const { t } = ctx;
  const db = () => t.database.db;
  const rewardsById = (ids: string[]) => rowsIn(t, voucherRewards, voucherRewards.id, ids);
  const rewardsNamed = (names: string[]) =>
    rowsIn(t, voucherRewards, voucherRewards.nameEn, names, voucherRewards.id);
  return {
    'POST /api/voucher-rewards': async () => {
      const voucher = await uniqueVoucher(t);
      const [a, b] = [rewardBody(voucher.id), rewardBody(voucher.id)];
      return {
        url: '/api/voucher-rewards',
        first: a,
        second: b,
        effect: () => rewardsNamed([a.name_en, b.name_en]),
      };
    },
    'PUT /api/voucher-rewards/:id': async () => {
      const reward = await addReward(t);
      return {
        url: `/api/voucher-rewards/${reward.id}`,
        first: rewardBody(reward.voucherId, { name_en: reward.nameEn, points_price: 200 }),
        second: rewardBody(reward.voucherId, { name_en: reward.nameEn, points_price: 300 }),
        effect: () => rewardsById([reward.id]),
      };
    },
    'DELETE /api/voucher-rewards/:id': () =>
      twoTargets(
        () => addReward(t),
        (a) => `/api/voucher-rewards/${a.id}`,
        (a, b) => rewardsById([a.id, b.id]),
      ),
    'POST /api/mobile/rewards/:id/exchange': async () => {
      const customer = await customerWithPoints(t, 1000);
      // The route takes no body: only another reward could be exchanged under the key.
      return twoTargets(
        () => addReward(t),
        (a) => `/api/mobile/rewards/${a.id}/exchange`,
        async (a, b) => [
          await pointsBalance(t, customer.id),
          await rewardsById([a.id, b.id]),
          await db()
            .select({ id: voucherCodes.id, reward: voucherCodes.rewardId })
            .from(voucherCodes)
            .where(eq(voucherCodes.customerId, customer.id))
            .orderBy(asc(voucherCodes.id)),
        ],
        { headers: customer.headers },
      );
    },
  };
}
