import {
  businessDate,
  type VoucherCampaignInput,
  voucherCampaignInputSchema,
  voucherInputSchema,
  seededRandom,
} from '@kopi/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { customers } from '../../db/schema/customers';
import { membershipTiers } from '../../db/schema/membership-tiers';
import { voucherCampaigns, voucherCodes } from '../../db/schema/vouchers';
import { ownedBy } from '../../db/tenant-scope';
import type { Clock } from '../../lib/clock';
import { demoStaffContexts } from '../../lib/demo-staff';
import { demoCatalogue, demoTenantToSeed, demoVoucherInput } from '../../lib/demo-catalogue';
import { AppError } from '../../lib/errors';
import { createJobRunner } from '../../lib/jobs/job-runner';
import { voucherSale } from '../../lib/demo-sales';
import type { OrderService } from '../orders/orders.service';
import { createVoucherCheckService } from '../orders/voucher-check.service';
import { createVoucherService } from '../vouchers/vouchers.service';
import { type CampaignVoucher, type DemoCampaign, demoCampaigns } from './campaigns-demo-seed-data';
import { campaignCart, type SaleOutlet, saleMoment, servingAt } from './campaigns-demo-seed-sales';
import { CAMPAIGN_ISSUE_JOB, createCampaignIssueJob } from './campaign-issue-job';
import { createVoucherCampaignService } from './voucher-campaigns.service';

// Demo voucher campaigns (campaigns-demo-seed-data.ts), lived through on a moving clock as the
// back office and the app's housekeeping would: the demo marketing user makes each campaign's
// voucher and the campaign, schedules it before its start, the campaign tick takes it live at
// its start and the issuing job runs to the end (a few hundred customers at most), a paused one
// is paused, and the tick ends the past one. Then customers redeem some of their issued codes at
// the counter through the order service, as the voucher demo's sales do. Runs once, after the
// voucher demo.

const DAY = 86_400_000;
const LATEST_SALE_DAY = -5;

export interface DemoCampaignOptions {
  now: Clock;
  tenantSlug?: string;
  /** One transaction (each service call nests as a savepoint): faster on PostgreSQL. */
  oneTransaction?: boolean;
  /** The sales' order service, on the seed's connection and clock, announcing nothing. */
  services: (
    db: Db,
    now: Clock,
  ) => { orders: Pick<OrderService, 'create' | 'move' | 'posMenu' | 'posContext'> };
}

export async function seedDemoCampaigns(db: Db, options: DemoCampaignOptions) {
  if (options.oneTransaction) return db.transaction((tx) => seed(tx, options));
  return seed(db, options);
}

async function seed(db: Db, options: DemoCampaignOptions) {
  const none = { campaigns: 0, issued: 0, redemptions: 0 };
  const tenant = await demoTenantToSeed(db, options.tenantSlug, voucherCampaigns);
  if (!tenant) return none;
  const tenantId = tenant.id;
  const staff = await demoStaffContexts(db, tenantId, ['marketing', 'admin', 'cashier']);
  const marketing = staff.get('marketing');
  const admin = staff.get('admin');
  if (!marketing || !admin) return none;

  const refs = await referencesOf(db, tenantId);
  const realNow = options.now();
  let current = realNow;
  const clock: Clock = () => current;
  const rand = seededRandom(20_261_130);
  const startOfToday = Math.floor(realNow.getTime() / DAY) * DAY;
  const dayAt = (days: number) => new Date(startOfToday + days * DAY);

  // The issuing job runs here, to the end, each time the tick takes a campaign live.
  const jobs = createJobRunner({ db });
  jobs.register(CAMPAIGN_ISSUE_JOB, createCampaignIssueJob(clock));
  const voucherService = createVoucherService({ db, now: clock });
  const campaigns = createVoucherCampaignService({ db, now: clock, jobs });

  // In the order they were made: each two days before its start, or today when it starts later.
  const plans = [...demoCampaigns].sort((a, b) => a.startDay - b.startDay);
  const made: { plan: DemoCampaign; id: string }[] = [];
  for (const plan of plans) {
    current = dayAt(Math.min(plan.startDay - 2, 0));
    const voucherInput = voucherInputSchema.parse(voucherInputOf(plan.voucher, refs, dayAt));
    const voucher = await voucherService.create(marketing, voucherInput);
    const campaign = await campaigns.create(
      marketing,
      voucherCampaignInputSchema.parse(campaignInput(plan, voucher.id, refs, dayAt)),
    );
    if (plan.state !== 'draft') await campaigns.move(marketing, campaign.id, 'schedule');
    made.push({ plan, id: campaign.id });
  }
  // Time passes: each start and end the tick would have seen, and the pauses made meanwhile.
  const moments = [
    ...made.flatMap(({ plan }) => [plan.startDay, plan.endDay]),
    ...made.flatMap(({ plan }) => (plan.pausedDay === undefined ? [] : [plan.pausedDay])),
  ]
    .filter((d) => d <= 0)
    .sort((a, b) => a - b);
  for (const day of new Set(moments)) {
    current = dayAt(day);
    await campaigns.tick(current);
    await jobs.runPending();
    for (const m of made.filter((x) => x.plan.pausedDay === day)) {
      current = new Date(dayAt(day).getTime() + 10 * 3_600_000);
      await campaigns.move(marketing, m.id, 'pause');
    }
  }
  current = realNow;
  await campaigns.tick(realNow);
  await jobs.runPending();

  // The counter sales with issued codes, by the customers they were issued to, in time order.
  const sales: {
    plan: DemoCampaign;
    code: string;
    customerId: string;
    at: Date;
    outlet: SaleOutlet;
  }[] = [];
  for (const m of made.filter((x) => x.plan.sales > 0)) {
    const codes = await db
      .select({ code: voucherCodes.code, customerId: voucherCodes.customerId })
      .from(voucherCodes)
      .innerJoin(customers, eq(customers.id, voucherCodes.customerId))
      // Not by a referred customer: their referral was settled on their first paid order when the
      // customers were seeded, and a sale dated before it would become that first order.
      .where(
        and(
          ownedBy(voucherCodes, tenantId),
          eq(voucherCodes.campaignId, m.id),
          isNull(customers.referredBy),
        ),
      )
      .orderBy(asc(customers.phone));
    // From the day after the start (every code issued by then) to the voucher's last day, and
    // as the voucher demo's sales, not in the last few days.
    const first = m.plan.startDay + 1;
    const last = Math.min(m.plan.voucher.untilDay - 1, LATEST_SALE_DAY);
    for (let i = 0; i < m.plan.sales && codes.length > 0; i++) {
      const [taken] = codes.splice(Math.floor(rand() * codes.length), 1);
      const outlet = refs.outlets[Math.floor(rand() * refs.outlets.length)]!;
      const today = businessDate(realNow, outlet.timezone, tenant.cutoff);
      const at = saleMoment(first, last, outlet, today, rand);
      if (at)
        sales.push({ plan: m.plan, code: taken!.code, customerId: taken!.customerId!, at, outlet });
    }
  }
  sales.sort((a, b) => a.at.getTime() - b.at.getTime());

  const { orders: orderService } = options.services(db, clock);
  const check = createVoucherCheckService({ db, now: clock });
  const seller = (outletId: string) => {
    const cashier = staff.get('cashier');
    return cashier && cashier.principal.outletId === outletId ? cashier : admin;
  };
  const menus = new Map<string, Awaited<ReturnType<typeof orderService.posMenu>>>();
  const contexts = new Map<string, Awaited<ReturnType<typeof orderService.posContext>>>();
  let redemptions = 0;
  for (const s of sales) {
    current = s.at;
    const ctx = seller(s.outlet.id);
    if (!menus.has(s.outlet.id)) {
      menus.set(s.outlet.id, await orderService.posMenu(ctx, s.outlet.id));
      contexts.set(s.outlet.id, await orderService.posContext(ctx, s.outlet.id));
    }
    const lines = campaignCart(s.plan.voucher, menus.get(s.outlet.id)!.products, refs, rand);
    if (!lines) continue;
    const serving = servingAt(s.outlet, rand);
    const answer = await check.pos(ctx, {
      code: s.code,
      outlet_id: s.outlet.id,
      serving_method: serving,
      items: lines.map((l) => l.input),
      customer_id: s.customerId,
    });
    if (!answer.ok) continue;
    const input = voucherSale(
      s.code,
      s.outlet,
      contexts.get(s.outlet.id)!,
      lines,
      serving,
      answer.discount,
      rand,
    );
    try {
      const order = await orderService.create(ctx, { ...input, customer_id: s.customerId }, null);
      redemptions++;
      let at = s.at;
      for (const status of ['APPROVED', 'COMPLETED'] as const) {
        current = at = new Date(at.getTime() + (3 + Math.floor(rand() * 6)) * 60_000);
        await orderService.move(ctx, order.id, { status });
      }
    } catch (error) {
      // A product sold out that day: the cashier would pick another; the demo skips the sale.
      if (error instanceof AppError) continue;
      throw error;
    }
  }
  current = realNow;
  const issued = made.length === 0 ? 0 : await issuedCodes(db, tenantId);
  return { campaigns: made.length, issued, redemptions };
}

async function issuedCodes(db: Db, tenantId: string) {
  const rows = await db
    .select({ n: voucherCampaigns.issuedCount })
    .from(voucherCampaigns)
    .where(ownedBy(voucherCampaigns, tenantId));
  return rows.reduce((sum, r) => sum + r.n, 0);
}

/** The demo's catalogue, and its membership tiers by name. */
async function referencesOf(db: Db, tenantId: string) {
  const tierRows = await db
    .select({ id: membershipTiers.id, name: membershipTiers.nameEn })
    .from(membershipTiers)
    .where(ownedBy(membershipTiers, tenantId));
  return {
    ...(await demoCatalogue(db, tenantId)),
    tierOf: (name: string) => tierRows.find((t) => t.name === name)!.id,
  };
}

type Refs = Awaited<ReturnType<typeof referencesOf>>;

/** The campaign's voucher as the back office form sends it: unique codes, none generated. */
const voucherInputOf = (v: CampaignVoucher, refs: Refs, dayAt: (days: number) => Date) =>
  demoVoucherInput(v, refs, {
    codes: { kind: 'unique', code: null },
    valid: { from: dayAt(v.fromDay).toISOString(), until: dayAt(v.untilDay).toISOString() },
  });

/** The campaign as the back office form sends it. */
function campaignInput(
  plan: DemoCampaign,
  voucherId: string,
  refs: Refs,
  dayAt: (days: number) => Date,
): VoucherCampaignInput {
  const a = plan.audience;
  return {
    name_en: plan.nameEn,
    name_my: plan.nameMy,
    voucher_id: voucherId,
    audience_kind: a.kind,
    audience_tier_id: a.kind === 'tier' ? refs.tierOf(a.tier) : null,
    audience_days: a.kind === 'new_customers' ? a.days : null,
    audience_phones: [],
    starts_at: dayAt(plan.startDay).toISOString(),
    ends_at: dayAt(plan.endDay).toISOString(),
  };
}
