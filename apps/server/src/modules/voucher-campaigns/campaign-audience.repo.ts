import type { CampaignAudienceKind } from '@kopi/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { customerOrders, customers } from '../../db/schema/customers';
import { backgroundJobs } from '../../db/schema/jobs';
import { orders } from '../../db/schema/orders';
import { voucherCampaigns, voucherCodes, vouchers } from '../../db/schema/vouchers';

// A campaign's audience as SQL over the tenant's customers, and the issuing of its codes. The
// audience is read as of one moment (`asOf`, when the campaign went live), so a job that runs
// again resolves the same people: customers who joined later are not in it.

export interface Audience {
  tenantId: string;
  kind: CampaignAudienceKind;
  tierId: string | null;
  days: number | null;
  phones: string[];
  /** The moment the audience is taken at (ISO). */
  asOf: string;
  /** The birthday month (1–12), for audience birthday_month. */
  month: number;
}

const DAY_MS = 86_400_000;

/** `c` (customers) is in the audience. */
function inAudience(a: Audience): SQL {
  const asOf = sql`${a.asOf}::timestamptz`;
  const since = sql`${new Date(Date.parse(a.asOf) - (a.days ?? 0) * DAY_MS).toISOString()}::timestamptz`;
  const base = sql`c.tenant_id = ${a.tenantId}::uuid and c.status = 'active'
    and c.anonymised_at is null and c.created_at <= ${asOf}`;
  switch (a.kind) {
    case 'all':
      return base;
    case 'tier':
      return sql`${base} and c.tier_id = ${a.tierId}::uuid`;
    // Joined within the last N days: exactly N days before counts, a moment earlier does not.
    case 'new_customers':
      return sql`${base} and c.created_at >= ${since}`;
    case 'birthday_month':
      return sql`${base} and c.birthday is not null and extract(month from c.birthday) = ${a.month}`;
    // No order in the last N days: an order exactly N days before is not in them.
    case 'inactive':
      return sql`${base} and not exists (select 1 from ${customerOrders} co
        join ${orders} o on o.id = co.order_id and o.tenant_id = co.tenant_id
        where co.tenant_id = c.tenant_id and co.customer_id = c.id
          and o.created_at > ${since} and o.created_at <= ${asOf})`;
    case 'phone_list': {
      const phones = a.phones.length > 0 ? a.phones : ['-'];
      return sql`${base} and c.phone = any(array[${sql.join(
        phones.map((p) => sql`${p}`),
        sql`, `,
      )}]::text[])`;
    }
  }
}

export async function audienceSize(db: Db, a: Audience): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${customers} c where ${inAudience(a)}`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** The ids of the audience, for tests and the web's preview. */
export async function audienceIds(db: Db, a: Audience): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select c.id from ${customers} c where ${inAudience(a)} order by c.id`),
  );
  return rows.map((r) => r.id);
}

/**
 * The next `limit` customers of the audience not issued a code of the campaign yet, in id order,
 * starting after the highest customer issued so far (an index-only look-up), so a chunk reads
 * only its own slice of 100,000 customers.
 */
export async function nextRecipients(
  tx: Db,
  campaignId: string,
  a: Audience,
  limit: number,
): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
    select c.id from ${customers} c
    where ${inAudience(a)}
      and c.id > coalesce((select vc.customer_id from ${voucherCodes} vc
        where vc.campaign_id = ${campaignId}::uuid order by vc.customer_id desc limit 1),
        '00000000-0000-0000-0000-000000000000'::uuid)
      and not exists (select 1 from ${voucherCodes} vc
        where vc.campaign_id = ${campaignId}::uuid and vc.customer_id = c.id)
    order by c.id
    limit ${limit}`),
  );
  return rows.map((r) => r.id);
}

/** Which of `codes` read as one of the tenant's shared voucher codes. */
export async function sharedCodesAmong(tx: Db, tenantId: string, codes: string[]) {
  if (codes.length === 0) return new Set<string>();
  const rows = rowsOf<{ code: string }>(
    await tx.execute(sql`
    select code from ${vouchers} where tenant_id = ${tenantId}::uuid
      and code = any(array[${sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      )}]::text[])`),
  );
  return new Set(rows.map((r) => r.code));
}

/**
 * Inserts one code per customer of `issues`; a customer the campaign already issued to, or a
 * code already taken, is passed over. Answers the customers issued by this statement.
 */
export async function insertIssued(
  tx: Db,
  tenantId: string,
  voucherId: string,
  campaignId: string,
  issues: { customerId: string; code: string }[],
): Promise<string[]> {
  if (issues.length === 0) return [];
  const rows = await tx
    .insert(voucherCodes)
    .values(
      issues.map((i) => ({
        tenantId,
        voucherId,
        campaignId,
        customerId: i.customerId,
        code: i.code,
      })),
    )
    .onConflictDoNothing()
    .returning({ customerId: voucherCodes.customerId });
  return rows.map((r) => r.customerId!);
}

/** Of `customerIds`, the ones the campaign has issued a code to. */
export async function alreadyIssued(tx: Db, campaignId: string, customerIds: string[]) {
  if (customerIds.length === 0) return new Set<string>();
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
    select customer_id as id from ${voucherCodes} where campaign_id = ${campaignId}::uuid
      and customer_id = any(array[${sql.join(
        customerIds.map((c) => sql`${c}::uuid`),
        sql`, `,
      )}])`),
  );
  return new Set(rows.map((r) => r.id));
}

export async function addIssued(tx: Db, campaignId: string, count: number) {
  if (count === 0) return;
  await tx.execute(
    sql`update ${voucherCampaigns} set issued_count = issued_count + ${count}, updated_at = now()
      where id = ${campaignId}::uuid`,
  );
}

/**
 * The campaign the job works for, locked for the chunk, with its voucher's code kind (null once
 * it is gone).
 */
export async function campaignForJob(tx: Db, tenantId: string, campaignId: string) {
  const [row] = await tx
    .select({ campaign: voucherCampaigns, codeKind: vouchers.codeKind })
    .from(voucherCampaigns)
    .innerJoin(vouchers, eq(vouchers.id, voucherCampaigns.voucherId))
    .where(and(eq(voucherCampaigns.tenantId, tenantId), eq(voucherCampaigns.id, campaignId)))
    .for('update', { of: voucherCampaigns });
  return row ?? null;
}

/**
 * Ends an issuing job before its total (the campaign was paused or ended): done, not failed,
 * and no longer claimed, so the runner finds it lost after this chunk and moves on.
 */
export async function endJob(tx: Db, jobId: string) {
  await tx
    .update(backgroundJobs)
    .set({ status: 'done', claimedBy: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(backgroundJobs.id, jobId));
}

/** How many of the audience hold a code of the campaign (a continuation's progress so far). */
export async function issuedInAudience(db: Db, campaignId: string, a: Audience): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${customers} c where ${inAudience(a)}
      and exists (select 1 from ${voucherCodes} vc
        where vc.campaign_id = ${campaignId}::uuid and vc.customer_id = c.id)`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Sets a just-enqueued continuation job's progress to what earlier jobs issued. */
export async function startJobAt(tx: Db, jobId: string, done: number) {
  await tx.update(backgroundJobs).set({ done }).where(eq(backgroundJobs.id, jobId));
}
