import { createHash } from 'node:crypto';
import { codedReason, type MobileRewardExchange, type MobileRewards } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { byCustomer, type CustomerPrincipal } from '../../lib/customer-principal';
import { AppError, found } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { postPoints } from '../loyalty/ledgers.service';
import { faceOf, issueCustomerCode } from '../vouchers/voucher-codes.service';
import * as repo from './reward-exchange.repo';
import * as rewards from './voucher-rewards.repo';

// The customer app's rewards: the list a customer may exchange now with their points balance,
// and the exchange. An exchange runs in one transaction under the reward row's lock: the status,
// period and stock are read under it, the points are taken by the loyalty ledger (kind
// `voucher`, never below zero), the reward counts one more and the customer's code is written.
// However many taps race, the stock and the balance hold.

/**
 * The code's id, drawn from the customer and their Idempotency-Key: the code row keeps the key,
 * so the same exchange asked again after its answer lapsed finds its code instead of a second.
 */
export function exchangeCodeId(customerId: string, key: string): string {
  const h = createHash('sha256').update(`reward-exchange:${customerId}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const open = (r: { status: string; startsAt: Date; endsAt: Date | null }, now: Date) =>
  r.status === 'active' && r.startsAt <= now && (r.endsAt === null || r.endsAt > now);

export function createRewardExchangeService({ db, now }: { db: Db; now: Clock }) {
  return {
    /** GET /api/mobile/rewards: what may be exchanged now, and the customer's points. */
    async available(c: CustomerPrincipal): Promise<MobileRewards> {
      const points = found(await repo.pointsOf(db, c.tenantId, c.customerId));
      const rows = await rewards.available(db, c.tenantId, now());
      return {
        points,
        rewards: rows.map(({ reward, voucher }) => ({
          id: reward.id,
          name_en: reward.nameEn,
          name_my: reward.nameMy,
          points_price: reward.pointsPrice,
          stock_left: reward.stock === null ? null : reward.stock - reward.issuedCount,
          ends_at: reward.endsAt?.toISOString() ?? null,
          affordable: points >= reward.pointsPrice,
          voucher: faceOf(voucher),
        })),
      };
    },

    /** POST /api/mobile/rewards/{id}/exchange: once per Idempotency-Key. */
    async exchange(
      c: CustomerPrincipal,
      ctx: RequestContext,
      rewardId: string,
      idempotencyKey: string,
    ): Promise<MobileRewardExchange> {
      const codeId = exchangeCodeId(c.customerId, idempotencyKey);
      const pointsKey = `reward:${c.customerId}:${idempotencyKey}:points`;
      const actor = { kind: 'customer' as const, id: c.customerId, name: c.name };
      const at = now();
      return db.transaction(async (tx) => {
        const reward = found(await rewards.lockById(tx, c.tenantId, rewardId));
        const voucher = found(await rewards.voucherOf(tx, c.tenantId, reward.voucherId));
        const spend = {
          tenantId: c.tenantId,
          customerId: c.customerId,
          kind: 'voucher' as const,
          idempotencyKey: pointsKey,
          actor,
          reason: codedReason('reward_exchange', {
            name_en: reward.nameEn,
            name_my: reward.nameMy,
          }),
        };
        const answer = (code: { code: string; createdAt: Date }, spent: number, left: number) => ({
          reward_id: reward.id,
          code: code.code,
          points_spent: spent,
          points: left,
          issued_at: code.createdAt.toISOString(),
          voucher: faceOf(voucher),
        });
        const earlier = await repo.codeById(tx, c.tenantId, codeId);
        if (earlier) {
          // This key exchanged before: answer that exchange, whatever the reward holds now.
          if (earlier.rewardId !== reward.id || earlier.customerId !== c.customerId) {
            throw new AppError('idempotency_key_reused');
          }
          // The ledger answers the entry this key posted, writing nothing.
          const posted = await postPoints(tx, { ...spend, points: -reward.pointsPrice });
          return answer(earlier, -(posted?.entry.points ?? 0), posted?.entry.balanceAfter ?? 0);
        }
        const voucherLive =
          voucher.status === 'active' && (voucher.validUntil === null || voucher.validUntil > at);
        if (!open(reward, at) || !voucherLive) throw new AppError('reward_unavailable');
        if (reward.stock !== null && reward.issuedCount >= reward.stock) {
          throw new AppError('reward_out_of_stock');
        }
        const taken = await postPoints(tx, { ...spend, points: -reward.pointsPrice });
        if (!taken || taken.duplicate) throw new AppError('invalid_request');
        await rewards.countIssued(tx, c.tenantId, reward.id);
        const code = await issueCustomerCode(tx, c.tenantId, {
          id: codeId,
          voucherId: reward.voucherId,
          customerId: c.customerId,
          rewardId: reward.id,
        });
        await audit.record(tx, ctx, {
          action: 'reward.exchange',
          entity: 'reward',
          entityId: reward.id,
          ...byCustomer(c),
          after: { points: reward.pointsPrice, code_id: code.id, customer_id: c.customerId },
        });
        return answer(code, reward.pointsPrice, taken.entry.balanceAfter);
      });
    },
  };
}

export type RewardExchangeService = ReturnType<typeof createRewardExchangeService>;
