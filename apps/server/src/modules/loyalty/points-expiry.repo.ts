import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { tenantIs } from '../../db/tenant-scope';

/** The sweeper starts from every business whose points expire: it has no tenant yet. */
export const tenantFree = ['tenantsWithExpiry'] as const;

// What the points-expiry sweeper reads. Points are consumed oldest first: whatever went out
// (redeemed, reversed, expired, adjusted down) used up the oldest points first, so what is left of
// the points earned before the cut-off is Σ positive entries before it + Σ every negative entry.

export async function tenantsWithExpiry(db: Db) {
  const rows = rowsOf<{ tenant_id: string; months: number }>(
    await db.execute(sql`
      select tenant_id::text, points_expiry_months as months
        from loyalty_settings where points_expiry_months > 0`),
  );
  return rows.map((r) => ({ tenantId: r.tenant_id, months: Number(r.months) }));
}

/** Σ positive entries before `cutoff` + Σ negative entries, over points_entries p. */
const leftBefore = (cutoff: Date) => {
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  return sql`coalesce(sum(p.points) filter (where p.points > 0 and p.created_at < ${at}), 0)
    + coalesce(sum(p.points) filter (where p.points < 0), 0)`;
};

/** Customers of the tenant holding points earned before `cutoff` that nothing has used up. */
export async function expiryCandidates(db: Db, tenantId: string, cutoff: Date) {
  const rows = rowsOf<{ customer_id: string }>(
    await db.execute(sql`
      select p.customer_id::text
        from points_entries p
        join customers c on c.id = p.customer_id and ${tenantIs('c', tenantId)}
       where ${tenantIs('p', tenantId)} and c.points > 0
       group by p.customer_id
      having ${leftBefore(cutoff)} > 0`),
  );
  return rows.map((r) => r.customer_id);
}

/** What is left of one customer's points earned before `cutoff` (read under their lock). */
export async function outstandingBefore(
  tx: Db,
  tenantId: string,
  customerId: string,
  cutoff: Date,
): Promise<number> {
  const [row] = rowsOf<{ remaining: unknown }>(
    await tx.execute(sql`
      select ${leftBefore(cutoff)} as remaining
        from points_entries p
       where ${tenantIs('p', tenantId)} and p.customer_id = ${customerId}::uuid`),
  );
  return Math.max(0, Number(row?.remaining ?? 0));
}
