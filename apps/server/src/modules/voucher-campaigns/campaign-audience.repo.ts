import { and, eq, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { ownedBy, tenantIs } from '../../db/tenant-scope';
import { customers } from '../../db/schema/customers';
import { backgroundJobs } from '../../db/schema/jobs';
import { voucherCampaigns, voucherCodes, vouchers } from '../../db/schema/vouchers';
import { type Audience, inAudience } from './campaign-audience.sql';

export type { Audience } from './campaign-audience.sql';

// A campaign's audience counted over the tenant's customers, and the issuing of its codes.

export async function audienceSize(db: Db, a: Audience): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${customers} c where ${inAudience(a)}`),
  );
  return Number(rows[0]?.n ?? 0);
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
        where vc.tenant_id = ${a.tenantId}::uuid and vc.campaign_id = ${campaignId}::uuid
        order by vc.customer_id desc limit 1),
        '00000000-0000-0000-0000-000000000000'::uuid)
      and not exists (select 1 from ${voucherCodes} vc
        where vc.tenant_id = ${a.tenantId}::uuid and vc.campaign_id = ${campaignId}::uuid
          and vc.customer_id = c.id)
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
 * code already taken, is passed over. The voucher, the campaign and each customer are joined
 * through the tenant, so only the tenant's own are written. Answers the customers issued by
 * this statement.
 */
export async function insertIssued(
  tx: Db,
  tenantId: string,
  voucherId: string,
  campaignId: string,
  issues: { customerId: string; code: string }[],
): Promise<string[]> {
  if (issues.length === 0) return [];
  const list = (values: SQL[]) => sql.join(values, sql`, `);
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
    insert into ${voucherCodes} (tenant_id, voucher_id, campaign_id, customer_id, code)
    select v.tenant_id, v.id, vc.id, c.id, x.code
    from unnest(array[${list(issues.map((i) => sql`${i.customerId}`))}]::uuid[],
                array[${list(issues.map((i) => sql`${i.code}`))}]::text[]) as x(customer_id, code)
    join ${customers} c on c.id = x.customer_id and ${tenantIs('c', tenantId)}
    join ${vouchers} v on v.id = ${voucherId}::uuid and ${tenantIs('v', tenantId)}
    join ${voucherCampaigns} vc on vc.id = ${campaignId}::uuid and ${tenantIs('vc', tenantId)}
    on conflict do nothing
    returning customer_id as id`),
  );
  return rows.map((r) => r.id);
}

/** Of `customerIds`, the ones the campaign has issued a code to. */
export async function alreadyIssued(
  tx: Db,
  tenantId: string,
  campaignId: string,
  customerIds: string[],
) {
  if (customerIds.length === 0) return new Set<string>();
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
    select customer_id as id from ${voucherCodes}
    where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid
      and customer_id = any(array[${sql.join(
        customerIds.map((c) => sql`${c}::uuid`),
        sql`, `,
      )}])`),
  );
  return new Set(rows.map((r) => r.id));
}

export async function addIssued(tx: Db, tenantId: string, campaignId: string, count: number) {
  if (count === 0) return;
  await tx.execute(
    sql`update ${voucherCampaigns} set issued_count = issued_count + ${count}, updated_at = now()
      where tenant_id = ${tenantId}::uuid and id = ${campaignId}::uuid`,
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
    .where(and(ownedBy(voucherCampaigns, tenantId), eq(voucherCampaigns.id, campaignId)))
    .for('update', { of: voucherCampaigns });
  return row ?? null;
}

/**
 * Ends an issuing job before its total (the campaign was paused or ended): done, not failed,
 * and no longer claimed, so the runner finds it lost after this chunk and moves on.
 */
export async function endJob(tx: Db, tenantId: string, jobId: string) {
  await tx
    .update(backgroundJobs)
    .set({ status: 'done', claimedBy: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(ownedBy(backgroundJobs, tenantId), eq(backgroundJobs.id, jobId)));
}

/** How many of the audience hold a code of the campaign (a continuation's progress so far). */
export async function issuedInAudience(db: Db, campaignId: string, a: Audience): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${customers} c where ${inAudience(a)}
      and exists (select 1 from ${voucherCodes} vc where vc.tenant_id = ${a.tenantId}::uuid
        and vc.campaign_id = ${campaignId}::uuid and vc.customer_id = c.id)`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Sets a just-enqueued continuation job's progress to what earlier jobs issued. */
export async function startJobAt(tx: Db, tenantId: string, jobId: string, done: number) {
  await tx
    .update(backgroundJobs)
    .set({ done })
    .where(and(ownedBy(backgroundJobs, tenantId), eq(backgroundJobs.id, jobId)));
}
