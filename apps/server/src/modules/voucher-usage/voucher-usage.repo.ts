import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { isTenant, ownedBy } from '../../db/tenant-scope';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { voucherRollups } from '../../db/schema/reports';
import { outlets, tenants } from '../../db/schema/tenancy';
import { voucherCampaigns, voucherRedemptions, vouchers } from '../../db/schema/vouchers';

// Voucher usage reads: the figures of voucher_rollups (kept by the triggers of migration 0040)
// summed by day or by campaign, the newest redemptions with their order, outlet, voucher and
// campaign, and the campaigns running at a moment. Every read is the tenant's own.

export interface FigureScope {
  tenantId: string;
  outletId: string | null;
  campaignId?: string;
}

const r = voucherRollups;
const sums = {
  redemptions: sql<number>`coalesce(sum(${r.redemptions}), 0)::int`,
  discount: sql<number>`coalesce(sum(${r.discount}), 0)::bigint`.mapWith(Number),
  sales: sql<number>`coalesce(sum(${r.sales}), 0)::bigint`.mapWith(Number),
  returned: sql<number>`coalesce(sum(${r.returned}), 0)::int`,
  returned_discount: sql<number>`coalesce(sum(${r.returnedDiscount}), 0)::bigint`.mapWith(Number),
  refunds: sql<number>`coalesce(sum(${r.refunds}), 0)::bigint`.mapWith(Number),
};

const scoped = (s: FigureScope) =>
  and(
    ownedBy(r, s.tenantId),
    s.outletId ? eq(r.outletId, s.outletId) : undefined,
    s.campaignId ? eq(r.campaignId, s.campaignId) : undefined,
  );

/** The figures of each business day of [from, to] that has any, in date order. */
export async function figuresByDay(db: Db, s: FigureScope, from: string, to: string) {
  return db
    .select({ date: r.businessDate, ...sums })
    .from(r)
    .where(and(scoped(s), sql`${r.businessDate} between ${from}::date and ${to}::date`))
    .groupBy(r.businessDate)
    .orderBy(asc(r.businessDate));
}

/** The figures of each of the campaigns over all their days. */
export async function figuresByCampaign(db: Db, s: FigureScope, campaignIds: string[]) {
  if (campaignIds.length === 0) return [];
  return db
    .select({ campaignId: r.campaignId, ...sums })
    .from(r)
    .where(and(scoped(s), inArray(r.campaignId, campaignIds)))
    .groupBy(r.campaignId);
}

/** Standing (not given back) redemptions of each campaign's codes. */
export async function standingByCampaign(db: Db, s: FigureScope, campaignIds: string[]) {
  if (campaignIds.length === 0) return [];
  const v = voucherRedemptions;
  return db
    .select({ campaignId: v.campaignId, n: count() })
    .from(v)
    .where(
      and(
        ownedBy(v, s.tenantId),
        inArray(v.campaignId, campaignIds),
        eq(v.status, 'redeemed'),
        s.outletId ? eq(v.outletId, s.outletId) : undefined,
      ),
    )
    .groupBy(v.campaignId);
}

/** The newest redemptions, given-back ones included (they show as such). */
export async function latestRedemptions(
  db: Db,
  tenantId: string,
  outletId: string | null,
  limit: number,
) {
  const v = voucherRedemptions;
  return db
    .select({
      id: v.id,
      orderId: v.orderId,
      orderNo: orders.orderNo,
      orderDate: orders.businessDate,
      orderCustomerName: orders.customerName,
      customerName: customers.name,
      customerAnonymisedAt: customers.anonymisedAt,
      outletId: outlets.id,
      outletCode: outlets.code,
      outletName: outlets.name,
      voucherId: vouchers.id,
      voucherNameEn: vouchers.nameEn,
      voucherNameMy: vouchers.nameMy,
      code: v.code,
      campaignId: voucherCampaigns.id,
      campaignNameEn: voucherCampaigns.nameEn,
      campaignNameMy: voucherCampaigns.nameMy,
      source: v.source,
      discount: v.discount,
      status: v.status,
      redeemedAt: v.redeemedAt,
      returnedAt: v.returnedAt,
    })
    .from(v)
    .innerJoin(orders, eq(orders.id, v.orderId))
    .innerJoin(outlets, eq(outlets.id, v.outletId))
    .innerJoin(vouchers, eq(vouchers.id, v.voucherId))
    .leftJoin(customers, eq(customers.id, v.customerId))
    .leftJoin(voucherCampaigns, eq(voucherCampaigns.id, v.campaignId))
    .where(and(ownedBy(v, tenantId), outletId ? eq(v.outletId, outletId) : undefined))
    .orderBy(desc(v.redeemedAt), desc(v.id))
    .limit(limit);
}
export type LatestRedemptionRow = Awaited<ReturnType<typeof latestRedemptions>>[number];

const campaignColumns = {
  id: voucherCampaigns.id,
  nameEn: voucherCampaigns.nameEn,
  nameMy: voucherCampaigns.nameMy,
  status: voucherCampaigns.status,
  startsAt: voucherCampaigns.startsAt,
  endsAt: voucherCampaigns.endsAt,
  issuedCount: voucherCampaigns.issuedCount,
  voucherId: vouchers.id,
  voucherNameEn: vouchers.nameEn,
  voucherNameMy: vouchers.nameMy,
};

/**
 * Campaigns running at `at`: scheduled or ongoing, begun and not ended (time moves a scheduled
 * campaign to ongoing at its start and any to ended at its end, so the stored status alone can
 * lag), the soonest to end first.
 */
export async function runningCampaigns(db: Db, tenantId: string, at: Date) {
  return db
    .select(campaignColumns)
    .from(voucherCampaigns)
    .innerJoin(vouchers, eq(vouchers.id, voucherCampaigns.voucherId))
    .where(
      and(
        ownedBy(voucherCampaigns, tenantId),
        inArray(voucherCampaigns.status, ['scheduled', 'ongoing']),
        lte(voucherCampaigns.startsAt, at),
        gt(voucherCampaigns.endsAt, at),
      ),
    )
    .orderBy(asc(voucherCampaigns.endsAt), asc(voucherCampaigns.id))
    .limit(500);
}
export type CampaignRow = Awaited<ReturnType<typeof runningCampaigns>>[number];

/** One campaign of the tenant, or null. */
export async function campaignById(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select(campaignColumns)
    .from(voucherCampaigns)
    .innerJoin(vouchers, eq(vouchers.id, voucherCampaigns.voucherId))
    .where(and(ownedBy(voucherCampaigns, tenantId), eq(voucherCampaigns.id, id)))
    .limit(1);
  return row ?? null;
}

/** The tenant's time zone and business-day cut-off hour. */
export async function tenantDay(db: Db, tenantId: string) {
  const [row] = await db
    .select({ timezone: tenants.timezone, cutoffHour: tenants.businessDayCutoffHour })
    .from(tenants)
    .where(isTenant(tenantId))
    .limit(1);
  return row ?? { timezone: 'Asia/Kuala_Lumpur', cutoffHour: 4 };
}
