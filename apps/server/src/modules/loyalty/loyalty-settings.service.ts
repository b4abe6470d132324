import type { LoyaltySettings, ReferralSettings } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as repo from './loyalty-settings.repo';
import { type LoyaltySettingsRow, settingsOf } from './settings.repo';
import { recalculateTenantTiers } from './tiers.service';

// The tenant's loyalty rules (/customer/membership, /customer/wallet) and referral rules
// (/customer/referral): one row per tenant, made with the defaults when first read. Each save is
// audited with what it was and what it became; a new tier basis moves every customer to the tier
// the other measure reaches, in the same transaction.

export const toLoyaltySettings = (r: LoyaltySettingsRow): LoyaltySettings => ({
  wallet_max_balance: r.walletMaxBalance,
  topup_presets: r.topupPresets,
  adjustment_limit: r.adjustmentLimit,
  tier_basis: r.tierBasis as LoyaltySettings['tier_basis'],
  points_expiry_months: r.pointsExpiryMonths,
  redeem_points: r.redeemPoints,
  redeem_value: r.redeemValue,
});

export const toReferralSettings = (r: LoyaltySettingsRow): ReferralSettings => ({
  enabled: r.referralEnabled,
  referrer_reward_kind: r.referrerRewardKind as ReferralSettings['referrer_reward_kind'],
  referrer_reward_amount: r.referrerRewardAmount,
  referee_reward_kind: r.refereeRewardKind as ReferralSettings['referee_reward_kind'],
  referee_reward_amount: r.refereeRewardAmount,
  min_order: r.referralMinOrder,
});

export function createLoyaltySettingsService({ db, now }: { db: Db; now: Clock }) {
  /** Saves a part of the row with its audit entry; `after` runs in the same transaction. */
  async function save<T>(
    ctx: AuthedContext,
    entity: 'loyalty_settings' | 'referral_settings',
    view: (r: LoyaltySettingsRow) => T,
    input: T,
    values: repo.LoyaltySettingsValues,
    after?: (tx: Db, before: LoyaltySettingsRow) => Promise<unknown>,
  ): Promise<T> {
    const tenantId = tenantIdOf(ctx);
    return db.transaction(async (tx) => {
      const before = await settingsOf(tx, tenantId);
      await repo.updateSettings(tx, tenantId, values);
      await after?.(tx, before);
      await audit.record(tx, ctx, {
        action: `${entity}.update`,
        entity,
        entityId: tenantId,
        before: view(before),
        after: input,
      });
      return view(await settingsOf(tx, tenantId));
    });
  }

  return {
    async loyalty(ctx: AuthedContext): Promise<LoyaltySettings> {
      return toLoyaltySettings(await settingsOf(db, tenantIdOf(ctx)));
    },

    async referral(ctx: AuthedContext): Promise<ReferralSettings> {
      return toReferralSettings(await settingsOf(db, tenantIdOf(ctx)));
    },

    updateLoyalty(ctx: AuthedContext, input: LoyaltySettings): Promise<LoyaltySettings> {
      const values = {
        walletMaxBalance: input.wallet_max_balance,
        topupPresets: input.topup_presets,
        adjustmentLimit: input.adjustment_limit,
        tierBasis: input.tier_basis,
        pointsExpiryMonths: input.points_expiry_months,
        redeemPoints: input.redeem_points,
        redeemValue: input.redeem_value,
      };
      return save(ctx, 'loyalty_settings', toLoyaltySettings, input, values, (tx, before) =>
        before.tierBasis === input.tier_basis
          ? Promise.resolve()
          : recalculateTenantTiers(tx, tenantIdOf(ctx), now()),
      );
    },

    updateReferral(ctx: AuthedContext, input: ReferralSettings): Promise<ReferralSettings> {
      return save(ctx, 'referral_settings', toReferralSettings, input, {
        referralEnabled: input.enabled,
        referrerRewardKind: input.referrer_reward_kind,
        referrerRewardAmount: input.referrer_reward_amount,
        refereeRewardKind: input.referee_reward_kind,
        refereeRewardAmount: input.referee_reward_amount,
        referralMinOrder: input.min_order,
      });
    },
  };
}

export type LoyaltySettingsService = ReturnType<typeof createLoyaltySettingsService>;
