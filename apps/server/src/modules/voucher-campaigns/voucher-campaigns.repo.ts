import type { CampaignStatus } from '@kopi/contract';
import { and, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { searchAny, windowPage, windowTotal } from '../../db/list-page';
import { deleteOwnedRow, insertedId, ownedRowWhere, updateOwnedRow } from '../../db/owned-rows';
import { backgroundJobs } from '../../db/schema/jobs';
import { membershipTiers } from '../../db/schema/membership-tiers';
import { tenants } from '../../db/schema/tenancy';
import { voucherCampaigns, vouchers } from '../../db/schema/vouchers';
import { isTenant, ownedBy, ownedId, ownedWhere } from '../../db/tenant-scope';

/** The housekeeping tick moves every business's campaigns on time: it has no tenant yet. */
export const tenantFree = ['dueForMove'] as const;

// Voucher campaigns of one tenant (every query filters by tenant_id), and the campaigns whose
// stored status time has moved on, across tenants, for the housekeeping tick.

import { CAMPAIGN_ISSUE_JOB } from './campaign-issue-job';

export type CampaignRow = typeof voucherCampaigns.$inferSelect & { voucherName: string };
export type CampaignValues = Pick<
  typeof voucherCampaigns.$inferInsert,
  | 'voucherId'
  | 'nameEn'
  | 'nameMy'
  | 'audienceKind'
  | 'audienceTierId'
  | 'audienceDays'
  | 'audiencePhones'
  | 'startsAt'
  | 'endsAt'
>;

const columns = { campaign: voucherCampaigns, voucherName: vouchers.nameEn };
const joined = (db: Db) =>
  db
    .select(columns)
    .from(voucherCampaigns)
    .innerJoin(vouchers, eq(vouchers.id, voucherCampaigns.voucherId));
const flat = (r: { campaign: typeof voucherCampaigns.$inferSelect; voucherName: string }) => ({
  ...r.campaign,
  voucherName: r.voucherName,
});

/**
 * The campaigns whose status at `now` is `status`: the SQL of the contract's campaignStatusAt
 * (ended at ends_at, scheduled turns ongoing at starts_at), so a filter never sees a stale status.
 */
function statusAt(status: CampaignStatus, now: Date): SQL | undefined {
  const at = sql`${now.toISOString()}::timestamptz`;
  const over = or(eq(voucherCampaigns.status, 'ended'), lte(voucherCampaigns.endsAt, at));
  const live = sql`not (${over})`;
  const started = lte(voucherCampaigns.startsAt, at);
  switch (status) {
    case 'ended':
      return over;
    case 'ongoing':
      return and(
        live,
        or(
          eq(voucherCampaigns.status, 'ongoing'),
          and(eq(voucherCampaigns.status, 'scheduled'), started),
        ),
      );
    case 'scheduled':
      return and(live, eq(voucherCampaigns.status, 'scheduled'), sql`not (${started})`);
    default:
      return and(live, eq(voucherCampaigns.status, status));
  }
}

export interface CampaignFilter {
  q?: string | undefined;
  status?: CampaignStatus | undefined;
  now: Date;
}

const where = (tenantId: string, f: CampaignFilter) =>
  and(
    ownedBy(voucherCampaigns, tenantId),
    f.status ? statusAt(f.status, f.now) : undefined,
    searchAny(f.q, [voucherCampaigns.nameEn, voucherCampaigns.nameMy]),
  );

export async function list(
  db: Db,
  tenantId: string,
  f: CampaignFilter,
  limit: number,
  offset: number,
): Promise<{ rows: CampaignRow[]; total: number }> {
  const filter = where(tenantId, f);
  const page = db
    .select({ ...columns, total: windowTotal() })
    .from(voucherCampaigns)
    .innerJoin(vouchers, eq(vouchers.id, voucherCampaigns.voucherId))
    .where(filter)
    .orderBy(desc(voucherCampaigns.createdAt), desc(voucherCampaigns.id))
    .limit(limit)
    .offset(offset);
  const { rows, total } = await windowPage(page, offset, db, voucherCampaigns, filter);
  return { rows: rows.map(flat), total };
}

export async function findById(db: Db, tenantId: string, id: string): Promise<CampaignRow | null> {
  const [row] = await joined(db)
    .where(and(ownedBy(voucherCampaigns, tenantId), eq(voucherCampaigns.id, id)))
    .limit(1);
  return row ? flat(row) : null;
}

/** The campaign row, locked for a status move or a change. */
export function lockById(tx: Db, tenantId: string, id: string) {
  return ownedRowWhere(tx, voucherCampaigns, tenantId, eq(voucherCampaigns.id, id), { lock: true });
}

/** The values with the voucher and tier read through the tenant: another's id writes null. */
const withOwnedRefs = (tenantId: string, values: CampaignValues) => ({
  ...values,
  voucherId: ownedId(vouchers, tenantId, values.voucherId as string),
  audienceTierId:
    values.audienceTierId == null
      ? null
      : ownedId(membershipTiers, tenantId, values.audienceTierId as string),
});

export async function insert(
  tx: Db,
  tenantId: string,
  createdBy: string | null,
  values: CampaignValues,
): Promise<string> {
  return insertedId(
    tx
      .insert(voucherCampaigns)
      .values({ ...withOwnedRefs(tenantId, values), tenantId, createdBy })
      .returning({ id: voucherCampaigns.id }),
  );
}

export async function update(tx: Db, tenantId: string, id: string, values: CampaignValues) {
  await updateOwnedRow(tx, voucherCampaigns, tenantId, id, withOwnedRefs(tenantId, values));
}

export async function setStatus(tx: Db, tenantId: string, id: string, status: CampaignStatus) {
  await updateOwnedRow(tx, voucherCampaigns, tenantId, id, { status });
}

export async function remove(tx: Db, tenantId: string, id: string) {
  await deleteOwnedRow(tx, voucherCampaigns, tenantId, id);
}

/** The voucher's code kind, when it is the tenant's. */
export async function voucherCodeKind(db: Db, tenantId: string, voucherId: string) {
  const [row] = await db
    .select({ codeKind: vouchers.codeKind })
    .from(vouchers)
    .where(and(ownedBy(vouchers, tenantId), eq(vouchers.id, voucherId)));
  return row?.codeKind ?? null;
}

export async function tierExists(db: Db, tenantId: string, tierId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: membershipTiers.id })
    .from(membershipTiers)
    .where(and(ownedBy(membershipTiers, tenantId), eq(membershipTiers.id, tierId)));
  return Boolean(row);
}

export async function tenantTimezone(db: Db, tenantId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: tenants.timezone })
    .from(tenants)
    .where(isTenant(tenantId));
  return row?.timezone ?? 'Asia/Kuala_Lumpur';
}

/** The campaign's issuing jobs, newest first (normally one). */
export async function jobsOf(db: Db, tenantId: string, campaignIds: string[]) {
  if (campaignIds.length === 0) return [];
  return db
    .select()
    .from(backgroundJobs)
    .where(
      ownedWhere(
        backgroundJobs,
        tenantId,
        { kind: CAMPAIGN_ISSUE_JOB },
        inArray(backgroundJobs.subjectId, campaignIds),
      ),
    )
    .orderBy(desc(backgroundJobs.createdAt), desc(backgroundJobs.id));
}

/**
 * Campaigns of every tenant whose stored status time has moved on at `now`: scheduled ones past
 * starts_at, and live ones past ends_at.
 */
export async function dueForMove(db: Db, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .select({ id: voucherCampaigns.id, tenantId: voucherCampaigns.tenantId })
    .from(voucherCampaigns)
    .where(
      or(
        and(eq(voucherCampaigns.status, 'scheduled'), lte(voucherCampaigns.startsAt, at)),
        and(
          inArray(voucherCampaigns.status, ['draft', 'scheduled', 'ongoing', 'paused']),
          lte(voucherCampaigns.endsAt, at),
        ),
      ),
    )
    .limit(500);
}
