import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { ownedBy, tenantIs } from '../../db/tenant-scope';
import { customers } from '../../db/schema/customers';
import { membershipTiers } from '../../db/schema/membership-tiers';

// Membership tiers as staff edit them, with how many customers each holds, and the tenant-wide
// recalculation of every customer's tier in one statement.

export type TierRow = typeof membershipTiers.$inferSelect & { members: number };
export type TierValues = Omit<
  typeof membershipTiers.$inferInsert,
  'id' | 'tenantId' | 'createdAt' | 'updatedAt'
>;

const members = (tenantId: string) =>
  sql<number>`(select count(*)::int from ${customers} c
    where ${tenantIs('c', tenantId)} and c.tier_id = membership_tiers.id)`;

/** The tenant's tiers from the lowest threshold up, with their members. */
export async function listTiers(db: Db, tenantId: string): Promise<TierRow[]> {
  return db
    .select({
      id: membershipTiers.id,
      tenantId: membershipTiers.tenantId,
      nameEn: membershipTiers.nameEn,
      nameMy: membershipTiers.nameMy,
      threshold: membershipTiers.threshold,
      pointsPerRm: membershipTiers.pointsPerRm,
      colour: membershipTiers.colour,
      benefitsEn: membershipTiers.benefitsEn,
      benefitsMy: membershipTiers.benefitsMy,
      createdAt: membershipTiers.createdAt,
      updatedAt: membershipTiers.updatedAt,
      members: members(tenantId),
    })
    .from(membershipTiers)
    .where(ownedBy(membershipTiers, tenantId))
    .orderBy(asc(membershipTiers.threshold));
}

export async function insertTier(tx: Db, tenantId: string, values: TierValues) {
  const [row] = await tx
    .insert(membershipTiers)
    .values({ ...values, tenantId })
    .returning({ id: membershipTiers.id });
  return row!.id;
}

export async function updateTier(tx: Db, tenantId: string, id: string, values: TierValues) {
  await tx
    .update(membershipTiers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ownedBy(membershipTiers, tenantId), eq(membershipTiers.id, id)));
}

/** Deletes a tier; its customers' tier_id is cleared by the foreign key (on delete set null). */
export async function deleteTier(tx: Db, tenantId: string, id: string) {
  await tx
    .delete(membershipTiers)
    .where(and(ownedBy(membershipTiers, tenantId), eq(membershipTiers.id, id)));
}

/**
 * Sets every customer of the tenant to the highest tier their last 12 months (before `at`)
 * reach: net points earned, or sen spent, as `basis` says — what recalculateTier does for one
 * customer, as one statement that writes only the customers whose tier changes. Answers how many
 * changed.
 */
export async function recalculateAllTiers(
  tx: Db,
  tenantId: string,
  basis: 'points' | 'spend',
  at: Date,
): Promise<number> {
  const measure =
    basis === 'spend'
      ? sql`sum(p.spend)`
      : sql`sum(p.points) filter (where p.kind in ('earn', 'reverse'))`;
  const since = sql`${at.toISOString()}::timestamptz`;
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
    with reached as (
      select c.id, coalesce((
        select ${measure} from points_entries p
         where ${tenantIs('p', tenantId)} and p.customer_id = c.id
           and p.created_at >= ${since} - interval '12 months' and p.created_at <= ${since}
      ), 0) as reached
        from customers c
       where ${tenantIs('c', tenantId)}
    ), target as (
      select r.id, (
        select t.id from membership_tiers t
         where ${tenantIs('t', tenantId)} and t.threshold <= r.reached
         order by t.threshold desc limit 1
      ) as tier_id
        from reached r
    )
    update customers c set tier_id = target.tier_id
      from target
     where ${tenantIs('c', tenantId)} and c.id = target.id
       and c.tier_id is distinct from target.tier_id
    returning c.id`),
  );
  return rows.length;
}
