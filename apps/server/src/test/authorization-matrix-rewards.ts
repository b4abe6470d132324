import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { customers } from '../db/schema/customers';
import { voucherRewards } from '../db/schema/vouchers';
import { rewardBody } from './reward-fixtures';
import { uniqueVoucher } from './voucher-campaign-fixtures';

// The authorization matrix's requests for points rewards and a customer's issued vouchers: each
// on fresh rows of the demo tenant, written straight to the database, so one role's write never
// changes another's.

let counter = 0;

export function rewardMatrixRequests(env: () => { db: Db; tenantId: string }) {
  async function newReward() {
    const { db, tenantId } = env();
    const voucher = await uniqueVoucher(db, tenantId);
    const [row] = await db
      .insert(voucherRewards)
      .values({
        tenantId,
        voucherId: voucher.id,
        nameEn: `Matrix reward ${++counter}`,
        pointsPrice: 100,
        startsAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    return row!;
  }
  async function newCustomer() {
    const { db, tenantId } = env();
    const [row] = await db
      .insert(customers)
      .values({
        tenantId,
        name: 'Matrix Voucher Holder',
        phone: `+6019${String(10_000_000 + (++counter % 80_000_000))}`,
        referralCode: randomBytes(6).toString('hex').toUpperCase(),
      })
      .returning();
    return row!;
  }
  return {
    'GET /api/voucher-rewards': () => ({ url: '/api/voucher-rewards?status=active' }),
    'GET /api/voucher-rewards/:id': async () => ({
      url: `/api/voucher-rewards/${(await newReward()).id}`,
    }),
    'POST /api/voucher-rewards': async () => ({
      url: '/api/voucher-rewards',
      payload: rewardBody((await uniqueVoucher(env().db, env().tenantId)).id),
    }),
    'PUT /api/voucher-rewards/:id': async () => {
      const reward = await newReward();
      return {
        url: `/api/voucher-rewards/${reward.id}`,
        payload: rewardBody(reward.voucherId, { name_en: 'Matrix renamed' }),
      };
    },
    'DELETE /api/voucher-rewards/:id': async () => ({
      url: `/api/voucher-rewards/${(await newReward()).id}`,
    }),
    'GET /api/customers/:id/vouchers': async () => ({
      url: `/api/customers/${(await newCustomer()).id}/vouchers`,
    }),
    'GET /api/mobile/rewards': () => ({ url: '/api/mobile/rewards' }),
    'POST /api/mobile/rewards/:id/exchange': () => ({
      url: `/api/mobile/rewards/${randomUUID()}/exchange`,
      headers: { 'idempotency-key': randomUUID() },
    }),
  };
}

/** The audit entry each reward write leaves (the matrix checks every write is audited). */
export const rewardMatrixAudits: Record<string, string> = {
  'POST /api/voucher-rewards': 'reward.create reward',
  'PUT /api/voucher-rewards/:id': 'reward.update reward',
  'DELETE /api/voucher-rewards/:id': 'reward.delete reward',
};
