import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedBy, ownedWhere } from '../../db/tenant-scope';
import { customers } from '../../db/schema/customers';
import { loyaltySettings, pointsEntries } from '../../db/schema/loyalty';
import { membershipTiers } from '../../db/schema/membership-tiers';

// The tenant's loyalty rules and tiers as the ledgers read them.

export type LoyaltySettingsRow = typeof loyaltySettings.$inferSelect;
export type MembershipTierRow = typeof membershipTiers.$inferSelect;

/** The tenant's settings; the row is made with the defaults the first time it is asked for. */
export async function settingsOf(tx: Db, tenantId: string): Promise<LoyaltySettingsRow> {
  await tx.insert(loyaltySettings).values({ tenantId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(loyaltySettings)
    .where(ownedBy(loyaltySettings, tenantId))
    .limit(1);
  return row!;
}

/** Tiers from the lowest threshold up. */
export async function tiersOf(tx: Db, tenantId: string) {
  return tx
    .select()
    .from(membershipTiers)
    .where(ownedBy(membershipTiers, tenantId))
    .orderBy(asc(membershipTiers.threshold));
}

/** The customer's tier's points multiplier (hundredths); null without a tier. */
export async function multiplierOf(tx: Db, tenantId: string, customerId: string) {
  const [row] = await tx
    .select({ pointsPerRm: membershipTiers.pointsPerRm })
    .from(customers)
    .innerJoin(
      membershipTiers,
      and(eq(membershipTiers.id, customers.tierId), ownedBy(membershipTiers, tenantId)),
    )
    .where(and(ownedBy(customers, tenantId), eq(customers.id, customerId)))
    .limit(1);
  return row?.pointsPerRm ?? null;
}

/**
 * Points earned (net of reversals) and sen spent over the 12 months before `at`, up to now: an
 * entry is stamped by the database's clock, which may be ahead of the caller's `at`.
 */
export async function rollingYear(tx: Db, tenantId: string, customerId: string, at: Date) {
  const [row] = await tx
    .select({
      points: sql<number>`coalesce(sum(${pointsEntries.points}) filter (where ${pointsEntries.kind} in ('earn', 'reverse')), 0)::int`,
      spend: sql<number>`coalesce(sum(${pointsEntries.spend}), 0)::int`,
    })
    .from(pointsEntries)
    .where(
      ownedWhere(
        pointsEntries,
        tenantId,
        { customerId },
        gte(pointsEntries.createdAt, sql`${at.toISOString()}::timestamptz - interval '12 months'`),
      ),
    );
  return { points: row?.points ?? 0, spend: row?.spend ?? 0 };
}

export async function setTier(tx: Db, tenantId: string, customerId: string, tierId: string | null) {
  await tx
    .update(customers)
    .set({ tierId })
    .where(and(ownedBy(customers, tenantId), eq(customers.id, customerId)));
}

/**
 * The points an order earned and who earned them (null: none). Only its `earn` entry counts: a
 * referral's reward names the order too, for the referrer as well.
 */
export async function pointsOfOrder(tx: Db, tenantId: string, orderId: string) {
  const [row] = await tx
    .select({
      customerId: pointsEntries.customerId,
      earned: sql<number>`sum(${pointsEntries.points})::int`,
    })
    .from(pointsEntries)
    .where(ownedWhere(pointsEntries, tenantId, { orderId, kind: 'earn' }))
    .groupBy(pointsEntries.customerId)
    .limit(1);
  return row ?? null;
}
