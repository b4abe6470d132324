import { codedReason } from '@kopi/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { postPoints, postWallet, type LedgerActor } from './ledgers.service';
import * as repo from './referrals.repo';
import * as settingsRepo from './settings.repo';

// "Invite a friend": both customers are rewarded once, when the referred customer's first paid
// order completes (reaching the tenant's minimum), and the rewards are taken back if that order
// is refunded in full. The referral row is locked first, so parallel completions reward once.

const system: LedgerActor = { kind: 'system', name: 'Referral' };

export interface CompletedOrder {
  tenantId: string;
  customerId: string;
  orderId: string;
  /** What the customer paid for the order, in sen. */
  paid: number;
  at: Date;
}

async function grant(
  tx: Db,
  who: { tenantId: string; customerId: string; referralId: string; role: 'referrer' | 'referee' },
  reward: { kind: string; amount: number },
  sign: 1 | -1,
  orderId: string,
) {
  if (reward.amount <= 0) return;
  const base = {
    tenantId: who.tenantId,
    customerId: who.customerId,
    idempotencyKey: `referral:${who.referralId}:${who.role}:${sign > 0 ? 'reward' : 'reverse'}`,
    orderId,
    reason: codedReason(sign > 0 ? 'referral_reward' : 'referral_reward_reversed', {
      role: who.role,
    }),
    actor: system,
  };
  const posted =
    reward.kind === 'wallet'
      ? postWallet(tx, {
          ...base,
          kind: sign > 0 ? 'reward' : 'adjustment',
          amount: sign * reward.amount,
          clampToBalance: sign < 0,
        })
      : postPoints(tx, {
          ...base,
          kind: sign > 0 ? 'reward' : 'adjustment',
          points: sign * reward.amount,
          clampToBalance: sign < 0,
        });
  // A customer whose data was erased gets nothing; the other side is still rewarded.
  await posted.catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'customer_anonymised') return null;
    throw error;
  });
}

/** Rewards the referral of the order's customer if this is their first paid order. */
export async function rewardOnCompletion(tx: Db, order: CompletedOrder) {
  const referral = await repo.lockReferralOf(tx, order.tenantId, order.customerId);
  if (!referral || referral.status !== 'pending') return null;
  const settings = await settingsRepo.settingsOf(tx, order.tenantId);
  if (!settings.referralEnabled || order.paid <= 0 || order.paid < settings.referralMinOrder) {
    return null;
  }
  if (await repo.hasEarlierPaidOrder(tx, order.tenantId, order.customerId, order.orderId)) {
    return null;
  }
  const ids = { tenantId: order.tenantId, referralId: referral.id };
  await grant(
    tx,
    { ...ids, customerId: referral.referrerId, role: 'referrer' },
    { kind: settings.referrerRewardKind, amount: settings.referrerRewardAmount },
    1,
    order.orderId,
  );
  await grant(
    tx,
    { ...ids, customerId: referral.refereeId, role: 'referee' },
    { kind: settings.refereeRewardKind, amount: settings.refereeRewardAmount },
    1,
    order.orderId,
  );
  await repo.markReferral(tx, order.tenantId, referral.id, {
    status: 'rewarded',
    orderId: order.orderId,
    rewardedAt: order.at,
  });
  return referral.id;
}

/**
 * Takes the rewards back when the order that earned them is refunded in full. The amounts are
 * the ones granted (read from the ledger entries by their keys' settings at the time).
 */
export async function reverseOnFullRefund(
  tx: Db,
  refund: { tenantId: string; customerId: string; orderId: string; at: Date },
) {
  const referral = await repo.lockReferralOf(tx, refund.tenantId, refund.customerId);
  if (!referral || referral.status !== 'rewarded' || referral.orderId !== refund.orderId) {
    return null;
  }
  const granted = await repo.grantedRewards(tx, refund.tenantId, referral.id);
  const ids = { tenantId: refund.tenantId, referralId: referral.id };
  for (const g of granted) {
    await grant(
      tx,
      { ...ids, customerId: g.customerId, role: g.role },
      { kind: g.kind, amount: g.amount },
      -1,
      refund.orderId,
    );
  }
  await repo.markReferral(tx, refund.tenantId, referral.id, {
    status: 'reversed',
    reversedAt: refund.at,
  });
  return referral.id;
}
