import {
  loyaltySettingsSchema,
  membershipTierInputSchema,
  membershipTierSchema,
  referralListQuerySchema,
  referralSchema,
  referralSettingsSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import { settingsRoutes } from '../../lib/settings-routes';
import type { LoyaltySettingsService } from './loyalty-settings.service';
import type { ReferralListService } from './referral-list.service';
import type { TierService } from './tiers.service';

// DESIGN §8 membership and referral (SPEC §2 /customer/membership, /customer/referral):
// /api/membership-tiers and /api/loyalty-settings (subject membership), /api/referrals and
// /api/referral-settings (subject referral).

export interface MembershipRoutesOptions {
  tiers: TierService;
  settings: LoyaltySettingsService;
  referrals: ReferralListService;
}

export async function membershipRoutes(
  app: FastifyInstance,
  { tiers, settings, referrals }: MembershipRoutesOptions,
) {
  const route = defineRoutes(app, { tags: ['membership'], context: authedContextOf });
  const tierRoutes = resourceRoutes(route, '/membership-tiers', tiers, 'membership');
  const referralRoutes = resourceRoutes(route, '/referrals', referrals, 'referral');

  route.get('/membership-tiers', {
    config: { permission: 'read-membership' },
    summary: 'Membership tiers from the lowest threshold up, with how many customers each holds',
    data: z.array(membershipTierSchema),
    handler: (ctx) => tiers.list(ctx),
  });

  tierRoutes.create(
    'Create a tier (409 tier_threshold_taken when another starts at its threshold); every customer moves to the tier their last 12 months reach',
    membershipTierInputSchema,
    membershipTierSchema,
  );

  tierRoutes.update(
    'Update a tier; every customer moves to the tier their last 12 months reach',
    membershipTierInputSchema,
    membershipTierSchema,
  );

  tierRoutes.remove('Delete a tier: its customers fall to the tier their figures reach without it');

  settingsRoutes(route, '/loyalty-settings', 'membership', {
    data: loyaltySettingsSchema,
    body: loyaltySettingsSchema,
    read: {
      summary: 'Wallet limits, top-up presets, tier basis, points expiry and redemption rate',
      handler: (ctx) => settings.loyalty(ctx),
    },
    update: {
      summary:
        'Save the loyalty rules; a new tier basis moves every customer to the tier the other measure reaches',
      handler: (ctx, body) => settings.updateLoyalty(ctx, body),
    },
  });

  settingsRoutes(route, '/referral-settings', 'referral', {
    data: referralSettingsSchema,
    body: referralSettingsSchema,
    read: {
      summary: 'Referral rewards for both customers, the minimum first order and whether it runs',
      handler: (ctx) => settings.referral(ctx),
    },
    update: {
      summary: 'Save the referral rules (they apply to referrals rewarded from now on)',
      handler: (ctx, body) => settings.updateReferral(ctx, body),
    },
  });

  referralRoutes.list(
    'Referrals newest first: q (name or phone of either customer), status, customer_id (either side)',
    referralListQuerySchema,
    referralSchema,
  );
}
