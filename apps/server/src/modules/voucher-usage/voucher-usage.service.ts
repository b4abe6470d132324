import {
  sumVoucherFigures,
  addDays,
  businessDate,
  type CampaignUsage,
  type CampaignUsageQuery,
  daysBetween,
  discountGiven,
  maskPersonName,
  REPORT_MAX_DAYS,
  redemptionRateBp,
  type VoucherUsageDaily,
  type VoucherUsageDailyExportQuery,
  type VoucherUsageDailyQuery,
  type VoucherUsageLatestQuery,
  type VoucherUsageOngoing,
  type VoucherUsageOngoingExportQuery,
  type VoucherUsageRedemption,
  voucherSales,
  zeroVoucherFigures,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { hasPermission } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { exportLocale } from '../../lib/export-locale';
import type { AuthedContext } from '../../lib/request-context';
import { tenantOutlets } from '../../lib/scoped-outlets';
import { tenantIdOf } from '../../lib/caller-tenant';
import { dailyFile, ongoingFile } from './voucher-usage-export';
import * as repo from './voucher-usage.repo';

// /voucher-campaign's three usage views and one campaign's usage (decision 053): figures from
// voucher_rollups by business day, the newest redemptions, and the campaigns running now. Staff
// bound to an outlet see only that outlet's redemptions and figures (another outlet is a 404).

/** Who may read a customer's name in full; others see its initials. */
const READ_CUSTOMER = 'read-customer';

async function scopeOf(db: Db, ctx: AuthedContext, outletId: string | undefined) {
  const tenantId = tenantIdOf(ctx);
  const bound = ctx.principal.outletId;
  if (bound && outletId && outletId !== bound) throw new AppError('not_found');
  const only = outletId ?? bound ?? null;
  if (only && (await tenantOutlets(db, tenantId, only)).length === 0) {
    throw new AppError('not_found');
  }
  return { tenantId, outletId: only };
}

const iso = (d: Date) => d.toISOString();

export function createVoucherUsageService({ db, now }: { db: Db; now: Clock }) {
  /** Every day of [from, to] in order, zeros where nothing happened, and the sums. */
  async function daily(
    scope: repo.FigureScope,
    from: string,
    to: string,
  ): Promise<VoucherUsageDaily> {
    const rows = await repo.figuresByDay(db, scope, from, to);
    const byDate = new Map(rows.map(({ date, ...f }) => [date, f]));
    const days = Array.from({ length: daysBetween(from, to) }, (_, i) => {
      const date = addDays(from, i);
      return { date, ...(byDate.get(date) ?? zeroVoucherFigures()) };
    });
    const totals = sumVoucherFigures(rows.map(({ date: _date, ...f }) => f));
    return { from, to, outlet_id: scope.outletId, days, totals };
  }

  async function dailyUsage(ctx: AuthedContext, q: VoucherUsageDailyQuery) {
    return daily(await scopeOf(db, ctx, q.outlet_id), q.from, q.to);
  }

  async function ongoing(ctx: AuthedContext): Promise<VoucherUsageOngoing[]> {
    const scope = await scopeOf(db, ctx, undefined);
    const at = now();
    const campaigns = await repo.runningCampaigns(db, scope.tenantId, at);
    const ids = campaigns.map((c) => c.id);
    const [figures, standing] = await Promise.all([
      repo.figuresByCampaign(db, scope, ids),
      repo.standingByCampaign(db, scope, ids),
    ]);
    const figuresOf = new Map(figures.map(({ campaignId, ...f }) => [campaignId, f]));
    const standingOf = new Map(standing.map((s) => [s.campaignId, Number(s.n)]));
    return campaigns.map((c) => {
      const f = figuresOf.get(c.id) ?? zeroVoucherFigures();
      const redeemed = standingOf.get(c.id) ?? 0;
      return {
        id: c.id,
        name_en: c.nameEn,
        name_my: c.nameMy,
        voucher: { id: c.voucherId, name_en: c.voucherNameEn, name_my: c.voucherNameMy },
        starts_at: iso(c.startsAt),
        ends_at: iso(c.endsAt),
        issued: c.issuedCount,
        redeemed,
        redemption_rate_bp: redemptionRateBp(redeemed, c.issuedCount),
        discount_given: discountGiven(f),
        sales: voucherSales(f),
        days_left: Math.ceil((c.endsAt.getTime() - at.getTime()) / 86_400_000),
      };
    });
  }

  return {
    dailyUsage,
    ongoing,

    async latest(ctx: AuthedContext, q: VoucherUsageLatestQuery) {
      const { tenantId, outletId } = await scopeOf(db, ctx, q.outlet_id);
      const full = hasPermission(ctx.principal, READ_CUSTOMER);
      const rows = await repo.latestRedemptions(db, tenantId, outletId, q.limit);
      return rows.map((r): VoucherUsageRedemption => {
        // An erased customer's name is gone from the order too (decision on PDPA erasure).
        const name = r.customerAnonymisedAt ? null : (r.customerName ?? r.orderCustomerName);
        return {
          id: r.id,
          order_id: r.orderId,
          order_no: r.orderNo,
          order_date: r.orderDate,
          customer_name: name && !full ? maskPersonName(name) : name,
          customer_masked: name !== null && !full,
          outlet: { id: r.outletId, code: r.outletCode, name: r.outletName },
          voucher: { id: r.voucherId, name_en: r.voucherNameEn, name_my: r.voucherNameMy },
          code: r.code,
          campaign: r.campaignId
            ? { id: r.campaignId, name_en: r.campaignNameEn!, name_my: r.campaignNameMy }
            : null,
          source: r.source as VoucherUsageRedemption['source'],
          discount: r.discount,
          status: r.status as VoucherUsageRedemption['status'],
          redeemed_at: iso(r.redeemedAt),
          returned_at: r.returnedAt ? iso(r.returnedAt) : null,
        };
      });
    },

    /** One campaign's figures by day: by default from its first day to today or its last. */
    async campaignUsage(
      ctx: AuthedContext,
      id: string,
      q: CampaignUsageQuery,
    ): Promise<CampaignUsage> {
      const scope = await scopeOf(db, ctx, q.outlet_id);
      const campaign = await repo.campaignById(db, scope.tenantId, id);
      if (!campaign) throw new AppError('not_found');
      const zone = await repo.tenantDay(db, scope.tenantId);
      const dayOf = (at: Date) => businessDate(at, zone.timezone, zone.cutoffHour);
      // ends_at is the first moment it no longer runs: its last day is the one before it.
      const lastDay = dayOf(new Date(campaign.endsAt.getTime() - 1));
      const today = dayOf(now());
      let to = q.to ?? (today < lastDay ? today : lastDay);
      let from = q.from ?? dayOf(campaign.startsAt);
      if (to < from) to = from;
      if (daysBetween(from, to) > REPORT_MAX_DAYS) from = addDays(to, 1 - REPORT_MAX_DAYS);
      const figures = await daily({ ...scope, campaignId: campaign.id }, from, to);
      return {
        ...figures,
        campaign: {
          id: campaign.id,
          name_en: campaign.nameEn,
          name_my: campaign.nameMy,
          status: campaign.status,
          starts_at: iso(campaign.startsAt),
          ends_at: iso(campaign.endsAt),
          issued: campaign.issuedCount,
        },
      };
    },

    async dailyExport(ctx: AuthedContext, q: VoucherUsageDailyExportQuery) {
      const data = await dailyUsage(ctx, q);
      const locale = await exportLocale(db, ctx.principal.userId, q.lang);
      return dailyFile(data, locale, q.format);
    },

    async ongoingExport(ctx: AuthedContext, q: VoucherUsageOngoingExportQuery) {
      const [rows, locale] = await Promise.all([
        ongoing(ctx),
        exportLocale(db, ctx.principal.userId, q.lang),
      ]);
      const zone = await repo.tenantDay(db, tenantIdOf(ctx));
      return ongoingFile(rows, locale, q.format, zone.timezone, dayOfNow(now(), zone));
    },
  };
}
export type VoucherUsageService = ReturnType<typeof createVoucherUsageService>;

const dayOfNow = (at: Date, zone: { timezone: string; cutoffHour: number }) =>
  businessDate(at, zone.timezone, zone.cutoffHour);
