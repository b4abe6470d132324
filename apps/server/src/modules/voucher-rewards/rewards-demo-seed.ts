import { type RewardInput, rewardInputSchema, voucherInputSchema } from '@kopi/contract';
import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { customers } from '../../db/schema/customers';
import { voucherRewards } from '../../db/schema/vouchers';
import { ownedBy } from '../../db/tenant-scope';
import type { Clock } from '../../lib/clock';
import type { CustomerPrincipal } from '../../lib/customer-principal';
import { demoStaffContexts } from '../../lib/demo-staff';
import {
  type DemoCatalogue,
  demoCatalogue,
  demoTenantToSeed,
  demoVoucherInput,
} from '../../lib/demo-catalogue';
import type { RequestContext } from '../../lib/request-context';
import { createVoucherService } from '../vouchers/vouchers.service';
import { createRewardExchangeService } from './reward-exchange.service';
import { type DemoReward, type DemoRewardVoucher, demoRewards } from './rewards-demo-seed-data';
import { createRewardService } from './voucher-rewards.service';
import { columnsOf } from '../../db/columns';

// Demo points rewards (rewards-demo-seed-data.ts): the demo marketing user makes each reward's
// voucher and the reward through the back office services; then, this morning, the app customers
// with the most points exchange points for them through the app's exchange service (points taken
// by the loyalty ledger, the reward counted, a code issued), one Idempotency-Key each; a retired
// reward is switched off afterwards. Runs once, after the voucher and campaign demos.

const DAY = 86_400_000;

export interface DemoRewardOptions {
  now: Clock;
  tenantSlug?: string;
  /** One transaction (each service call nests as a savepoint): faster on PostgreSQL. */
  oneTransaction?: boolean;
}

export async function seedDemoRewards(db: Db, options: DemoRewardOptions) {
  if (options.oneTransaction) return db.transaction((tx) => seed(tx, options));
  return seed(db, options);
}

async function seed(db: Db, options: DemoRewardOptions) {
  const none = { rewards: 0, exchanges: 0 };
  const tenant = await demoTenantToSeed(db, options.tenantSlug, voucherRewards);
  if (!tenant) return none;
  const tenantId = tenant.id;
  const staff = await demoStaffContexts(db, tenantId, ['marketing']);
  const marketing = staff.get('marketing');
  if (!marketing) return none;

  const realNow = options.now();
  let current = realNow;
  const clock: Clock = () => current;
  const startOfToday = Math.floor(realNow.getTime() / DAY) * DAY;
  const dayAt = (days: number) => new Date(startOfToday + days * DAY).toISOString();
  const refs = await demoCatalogue(db, tenantId);

  const voucherService = createVoucherService({ db, now: clock });
  const rewardService = createRewardService({ db });
  const made: { plan: DemoReward; id: string; input: RewardInput }[] = [];
  for (const plan of demoRewards) {
    const voucher = await voucherService.create(
      marketing,
      voucherInputSchema.parse(voucherInputOf(plan.voucher, refs, dayAt)),
    );
    const input: RewardInput = {
      voucher_id: voucher.id,
      name_en: plan.nameEn,
      name_my: plan.nameMy,
      points_price: plan.pointsPrice,
      stock: plan.stock,
      starts_at: dayAt(plan.startDay),
      ends_at: plan.endDay === null ? null : dayAt(plan.endDay),
      status: 'active',
      sort_order: plan.sortOrder,
    };
    const reward = await rewardService.create(marketing, rewardInputSchema.parse(input));
    made.push({ plan, id: reward.id, input });
  }

  // The customers with the most points take turns, each only what their points still cover.
  const people = await db
    .select(columnsOf(customers, ['id', 'name', 'phone', 'points']))
    .from(customers)
    .where(
      and(
        ownedBy(customers, tenantId),
        eq(customers.status, 'active'),
        isNotNull(customers.passwordHash),
        isNull(customers.anonymisedAt),
      ),
    )
    .orderBy(desc(customers.points), asc(customers.phone))
    .limit(8);
  const exchange = createRewardExchangeService({ db, now: clock });
  const ctx: RequestContext = {
    principal: null,
    ip: '127.0.0.1',
    userAgent: 'demo seed',
    requestId: 'demo-seed',
  };
  let exchanges = 0;
  let turn = 0;
  const morning = startOfToday + 2 * 3_600_000;
  for (const m of made) {
    for (let i = 0; i < m.plan.exchanges; i++) {
      const who = people
        .map((_, k) => people[(turn + k) % people.length]!)
        .find((p) => p.points >= m.plan.pointsPrice);
      if (!who) break;
      turn++;
      current = new Date(Math.min(morning + exchanges * 7 * 60_000, realNow.getTime()));
      const principal: CustomerPrincipal = {
        customerId: who.id,
        sessionId: '00000000-0000-0000-0000-000000000000',
        tenantId,
        tenantSlug: tenant.slug,
        name: who.name,
        phone: who.phone,
      };
      const answer = await exchange.exchange(principal, ctx, m.id, `demo-reward-${exchanges}`);
      who.points = answer.points;
      exchanges++;
    }
    if (m.plan.switchedOff) {
      current = new Date(Math.min(morning + 3_600_000, realNow.getTime()));
      await rewardService.update(
        marketing,
        m.id,
        rewardInputSchema.parse({ ...m.input, status: 'inactive' }),
      );
    }
  }
  current = realNow;
  return { rewards: made.length, exchanges };
}

/** The reward's voucher as the back office form sends it: unique codes, valid from long ago. */
const voucherInputOf = (
  v: DemoRewardVoucher,
  refs: DemoCatalogue,
  dayAt: (days: number) => string,
) =>
  demoVoucherInput(v, refs, {
    codes: { kind: 'unique', code: null },
    valid: { from: dayAt(-60), until: v.untilDay === null ? null : dayAt(v.untilDay) },
  });
