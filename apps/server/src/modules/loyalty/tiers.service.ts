import type { MembershipTier, MembershipTierInput } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited, createdEntry, deletedEntry, updatedEntry } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueFieldTaken } from '../../lib/db-errors';
import { found } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as settingsRepo from './settings.repo';
import * as repo from './tiers.repo';

// Membership tiers (/customer/membership): names in English and Melayu, the threshold of points
// or spend over 12 months that reaches them, the points multiplier, a colour and benefits. A
// change to the ladder moves every customer of the business to the tier their figures reach now,
// in the same transaction, so no customer is left in a tier that no longer fits.

export const toTier = (r: repo.TierRow): MembershipTier => ({
  id: r.id,
  name_en: r.nameEn,
  name_my: r.nameMy,
  threshold: r.threshold,
  points_per_rm: r.pointsPerRm,
  colour: r.colour,
  benefits_en: r.benefitsEn,
  benefits_my: r.benefitsMy,
  members: r.members,
});

const valuesOf = (input: MembershipTierInput): repo.TierValues => ({
  nameEn: input.name_en,
  nameMy: input.name_my,
  threshold: input.threshold,
  pointsPerRm: input.points_per_rm,
  colour: input.colour.toLowerCase(),
  benefitsEn: input.benefits_en,
  benefitsMy: input.benefits_my,
});

const thresholdTaken = uniqueFieldTaken(
  'membership_tiers_tenant_threshold_unique',
  'tier_threshold_taken',
  'threshold',
);

/** Moves every customer of the tenant to the tier their last 12 months reach at `at`. */
export async function recalculateTenantTiers(tx: Db, tenantId: string, at: Date) {
  const settings = await settingsRepo.settingsOf(tx, tenantId);
  return repo.recalculateAllTiers(tx, tenantId, settings.tierBasis as 'points' | 'spend', at);
}

export function createTierService({ db, now }: { db: Db; now: Clock }) {
  const tierOf = async (tenantId: string, id: string) =>
    found((await repo.listTiers(db, tenantId)).find((t) => t.id === id));

  return {
    async list(ctx: AuthedContext): Promise<MembershipTier[]> {
      return (await repo.listTiers(db, tenantIdOf(ctx))).map(toTier);
    },

    async create(ctx: AuthedContext, input: MembershipTierInput): Promise<MembershipTier> {
      const tenantId = tenantIdOf(ctx);
      const id = await audited(db, ctx, createdEntry('membership_tier', input), async (tx) => {
        const id = await repo.insertTier(tx, tenantId, valuesOf(input));
        await recalculateTenantTiers(tx, tenantId, now());
        return id;
      }).catch(thresholdTaken);
      return toTier(await tierOf(tenantId, id));
    },

    async update(
      ctx: AuthedContext,
      id: string,
      input: MembershipTierInput,
    ): Promise<MembershipTier> {
      const tenantId = tenantIdOf(ctx);
      const before = toTier(await tierOf(tenantId, id));
      const entry = updatedEntry('membership_tier', id, before, input);
      await audited(db, ctx, entry, async (tx) => {
        await repo.updateTier(tx, tenantId, id, valuesOf(input));
        await recalculateTenantTiers(tx, tenantId, now());
      }).catch(thresholdTaken);
      return toTier(await tierOf(tenantId, id));
    },

    /** Deletes a tier: its customers fall to the tier their figures reach without it. */
    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const tenantId = tenantIdOf(ctx);
      const before = toTier(await tierOf(tenantId, id));
      await audited(db, ctx, deletedEntry('membership_tier', id, before), async (tx) => {
        await repo.deleteTier(tx, tenantId, id);
        await recalculateTenantTiers(tx, tenantId, now());
      });
      return { id, deleted: true };
    },
  };
}

export type TierService = ReturnType<typeof createTierService>;
