import { randomUUID } from 'node:crypto';
import {
  codedReason,
  messageKey,
  type MobilePoints,
  type MobileRedeemResult,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { byCustomer, type CustomerPrincipal } from '../../lib/customer-principal';
import { AppError, validationError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { type LedgerActor, postPoints, postWallet } from './ledgers.service';
import * as repo from './member-points.repo';
import * as settingsRepo from './settings.repo';

// The customer app's points: the balance, the tier and what the next one needs, and redeeming
// points for wallet credit at the business's rate. A redemption takes the points and credits the
// wallet in one transaction, each posted once per key whatever the retries.

const toTierView = (t: settingsRepo.MembershipTierRow) => ({
  id: t.id,
  name_en: t.nameEn,
  name_my: t.nameMy,
  colour: t.colour,
  benefits_en: t.benefitsEn,
  benefits_my: t.benefitsMy,
});

export function createMemberPointsService({ db, now }: { db: Db; now: Clock }) {
  const member = async (c: CustomerPrincipal) => {
    const row = await repo.memberOf(db, c.tenantId, c.customerId);
    if (!row) throw new AppError('unauthorized');
    return row;
  };

  return {
    /** The English name of a tier (the app's customer view), or null without one. */
    async tierName(tenantId: string, tierId: string | null): Promise<string | null> {
      if (!tierId) return null;
      const tiers = await settingsRepo.tiersOf(db, tenantId);
      return tiers.find((t) => t.id === tierId)?.nameEn ?? null;
    },

    async points(c: CustomerPrincipal): Promise<MobilePoints> {
      const row = await member(c);
      const [settings, tiers, year] = await Promise.all([
        settingsRepo.settingsOf(db, c.tenantId),
        settingsRepo.tiersOf(db, c.tenantId),
        settingsRepo.rollingYear(db, c.tenantId, c.customerId, now()),
      ]);
      const basis = settings.tierBasis as MobilePoints['tier_basis'];
      const reached = basis === 'spend' ? year.spend : year.points;
      const tier = tiers.find((t) => t.id === row.tierId) ?? null;
      const next = tiers.find((t) => t.threshold > Math.max(reached, tier?.threshold ?? -1));
      return {
        points: row.points,
        tier: tier ? toTierView(tier) : null,
        next_tier: next
          ? { name_en: next.nameEn, name_my: next.nameMy, remaining: next.threshold - reached }
          : null,
        tier_basis: basis,
        redeem_points: settings.redeemPoints,
        redeem_value: settings.redeemValue,
      };
    },

    /**
     * Redeems `points` (a multiple of the business's redeem_points) for wallet credit. The same
     * key (the request's Idempotency-Key) answers what it posted the first time.
     */
    async redeem(
      c: CustomerPrincipal,
      ctx: RequestContext,
      points: number,
      idempotencyKey: string | null,
    ): Promise<MobileRedeemResult> {
      const settings = await settingsRepo.settingsOf(db, c.tenantId);
      if (points % settings.redeemPoints !== 0) {
        throw validationError([
          {
            path: 'points',
            message: messageKey('points_multiple', { step: settings.redeemPoints }),
          },
        ]);
      }
      const credit = (points / settings.redeemPoints) * settings.redeemValue;
      const key = `redeem:${c.customerId}:${idempotencyKey ?? randomUUID()}`;
      const actor: LedgerActor = { kind: 'customer', id: c.customerId, name: c.name };
      const base = { tenantId: c.tenantId, customerId: c.customerId, actor };
      return db.transaction(async (tx) => {
        const taken = await postPoints(tx, {
          ...base,
          kind: 'redeem',
          points: -points,
          idempotencyKey: `${key}:points`,
          reason: codedReason('redeemed_for_wallet_credit', {}),
        });
        const credited = await postWallet(tx, {
          ...base,
          kind: 'reward',
          amount: credit,
          idempotencyKey: `${key}:wallet`,
          reason: codedReason('points_redeemed', { points }),
          refuseBlocked: true,
          maxBalance: settings.walletMaxBalance,
        });
        if (!taken || !credited) throw new AppError('invalid_request');
        if (!taken.duplicate) {
          await audit.record(tx, ctx, {
            action: 'customer.redeem_points',
            entity: 'customer',
            entityId: c.customerId,
            ...byCustomer(c),
            after: { points, credited: credit },
          });
        }
        return {
          redeemed_points: -taken.entry.points,
          credited: credited.entry.amount,
          points: taken.entry.balanceAfter,
          wallet_balance: credited.entry.balanceAfter,
        };
      });
    },
  };
}

export type MemberPointsService = ReturnType<typeof createMemberPointsService>;
