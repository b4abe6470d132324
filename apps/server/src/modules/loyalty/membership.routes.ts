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

  route.get('/loyalty-settings', {
    config: { permission: 'read-membership' },
    summary: 'Wallet limits, top-up presets, tier basis, points expiry and redemption rate',
    data: loyaltySettingsSchema,
    handler: (ctx) => settings.loyalty(ctx),
  });

  route.put('/loyalty-settings', {
    config: { permission: 'update-membership' },
    summary:
      'Save the loyalty rules; a new tier basis moves every customer to the tier the other measure reaches',
    body: loyaltySettingsSchema,
    data: loyaltySettingsSchema,
    handler: (ctx, { body }) => settings.updateLoyalty(ctx, body),
  });

  route.get('/referral-settings', {
    config: { permission: 'read-referral' },
    summary: 'Referral rewards for both customers, the minimum first order and whether it runs',
    data: referralSettingsSchema,
    handler: (ctx) => settings.referral(ctx),
  });

  route.put('/referral-settings', {
    config: { permission: 'update-referral' },
    summary: 'Save the referral rules (they apply to referrals rewarded from now on)',
    body: referralSettingsSchema,
    data: referralSettingsSchema,
    handler: (ctx, { body }) => settings.updateReferral(ctx, body),
  });

  route.list('/referrals', {
    config: { permission: 'read-referral' },
    summary:
      'Referrals newest first: q (name or phone of either customer), status, customer_id (either side)',
    querystring: referralListQuerySchema,
    item: referralSchema,
    handler: (ctx, { query }) => referrals.list(ctx, query),
  });
}
