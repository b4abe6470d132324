import { randomUUID } from 'node:crypto';
import { businessDate, seededRandom } from '@kopi/contract';
import { and, asc, eq, inArray, isNotNull, min } from 'drizzle-orm';
import { insertRows } from '../../db/bulk-insert';
import type { Db } from '../../db/database';
import { ownedBy } from '../../db/tenant-scope';
import { users } from '../../db/schema/access';
import { customerOrders, customers } from '../../db/schema/customers';
import {
  customerNotes,
  loyaltySettings,
  pointsEntries,
  referrals,
  walletEntries,
} from '../../db/schema/loyalty';
import { membershipTiers } from '../../db/schema/membership-tiers';
import { orders, orderStatusHistory } from '../../db/schema/orders';
import { refunds, refundStatusHistory } from '../../db/schema/refunds';
import { tenants } from '../../db/schema/tenancy';
import type { Clock } from '../../lib/clock';
import type { LedgerActor } from '../loyalty/ledgers.service';
import { demoTiers, demoNotes } from './customers-demo-data';
import { loadBaskets, loadOutlets, planHistory } from './customers-demo-history';
import { writeHistory } from './customers-demo-history-rows';
import {
  type CompletedRefund,
  type CustomerOrder,
  type ReferralPair,
  replayLedgers,
} from './customers-demo-ledgers';
import { type DemoPerson, demoPeople } from './customers-demo-people';

// Demo customers: a few hundred people of the demo chain with tiers, referrals and staff notes,
// their past visits as orders (customers-demo-history.ts), the demo orders taken in their names
// linked to them, and their wallet and points ledgers replayed from those orders, their refunds,
// top-ups and referrals (customers-demo-ledgers.ts). Written in bulk (a service call per order and
// entry would take minutes on PGlite). Deterministic (seeded random); runs once, after the demo
// orders and refunds.

const DAY = 86_400_000;
const MONTH = 30 * DAY;

export async function seedDemoCustomers(db: Db, options: { now: Clock; tenantSlug?: string }) {
  // All or nothing: a failed seed leaves no half-written ledger behind.
  return db.transaction((tx) => seed(tx, options));
}

async function seed(db: Db, options: { now: Clock; tenantSlug?: string }) {
  const [tenant] = await db
    .select({ id: tenants.id, cutoff: tenants.businessDayCutoffHour })
    .from(tenants)
    .where(eq(tenants.slug, options.tenantSlug ?? 'kopi-demo'));
  if (!tenant) return { customers: 0 };
  const tenantId = tenant.id;
  const seeded = await db
    .select({ id: membershipTiers.id })
    .from(membershipTiers)
    .where(ownedBy(membershipTiers, tenantId))
    .limit(1);
  if (seeded.length > 0) return { customers: 0 };
  const now = options.now();
  const rand = seededRandom(20_260_219);

  const staff = await db
    .select({ id: users.id, username: users.username, name: users.fullname })
    .from(users)
    .where(and(ownedBy(users, tenantId), inArray(users.username, ['admin', 'manager', 'finance'])));
  const staffActor = (username: string): LedgerActor => {
    const u = staff.find((s) => s.username === username) ?? staff[0];
    return u ? { kind: 'staff', id: u.id, name: u.name } : { kind: 'system', name: 'Kopi HQ' };
  };
  const existing = await db.select().from(customers).where(ownedBy(customers, tenantId));
  const appHash = existing.find((c) => c.passwordHash)?.passwordHash ?? null;

  // The demo's own days: the history ends the day before the first of them.
  const outletList = await loadOutlets(db, tenantId);
  const [first] = await db
    .select({ day: min(orders.businessDate), at: min(orders.createdAt) })
    .from(orders)
    .where(ownedBy(orders, tenantId));
  const firstDemoDay =
    first?.day ?? businessDate(now, outletList[0]?.timezone, tenant.cutoff ?? undefined);
  const historyEnd = new Date((first?.at ?? now).getTime() - DAY);

  // The people the demo orders were taken for (a name and a Malaysian mobile number) are
  // customers too, and those orders theirs.
  const orderRows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      name: orders.customerName,
      phone: orders.customerPhone,
      status: orders.status,
      paid: orders.paid,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(ownedBy(orders, tenantId), isNotNull(orders.customerPhone)))
    .orderBy(asc(orders.createdAt));
  const onOrders = new Map<string, string>();
  for (const o of orderRows) {
    const phone = o.phone ?? '';
    const known = onOrders.has(phone) || existing.some((c) => c.phone === phone);
    if (o.name && /^\+601\d{8,9}$/.test(phone) && !known) onOrders.set(phone, o.name);
  }
  const people = demoPeople(
    rand,
    now,
    existing,
    [...onOrders]
      .map(([phone, name]) => ({ name, phone }))
      .sort((a, b) => a.phone.localeCompare(b.phone)),
    appHash,
    historyEnd,
  );
  const byPhone = new Map(people.map((p) => [p.phone, p]));
  const timezoneOf = (outletId: string) =>
    outletList.find((o) => o.id === outletId)?.timezone ?? 'Asia/Kuala_Lumpur';

  const settings = await loyaltyRulesOf(db, tenantId);
  const plan = planHistory({
    rand,
    people,
    outlets: outletList,
    baskets: await loadBaskets(db, tenantId, timezoneOf),
    cutoffHour: tenant.cutoff,
    firstDemoDay,
    walletMax: settings.walletMaxBalance,
    adjuster: staffActor('finance'),
  });

  // The demo sales in their names, with when they were handed over and what was refunded.
  const linked = orderRows.flatMap((o) => {
    const person = byPhone.get(o.phone ?? '');
    return person ? [{ ...o, person }] : [];
  });
  const linkedIds = linked.map((o) => o.id);
  const completions =
    linkedIds.length === 0
      ? []
      : await db
          .select({ orderId: orderStatusHistory.orderId, at: orderStatusHistory.at })
          .from(orderStatusHistory)
          .where(
            and(
              ownedBy(orderStatusHistory, tenantId),
              inArray(orderStatusHistory.orderId, linkedIds),
              eq(orderStatusHistory.toStatus, 'COMPLETED'),
            ),
          );
  const completedAt = new Map(completions.map((c) => [c.orderId, c.at]));
  const customerOrderList: CustomerOrder[] = [
    ...plan.orders.map((o) => ({
      id: o.id,
      customerId: o.person.id,
      orderNo: o.orderNo,
      at: o.at,
      paid: o.basket.total,
      status: 'COMPLETED',
      completedAt: o.completedAt,
    })),
    ...linked.map((o) => ({
      id: o.id,
      customerId: o.person.id,
      orderNo: o.orderNo,
      at: o.createdAt,
      paid: o.paid,
      status: o.status,
      completedAt: completedAt.get(o.id) ?? null,
    })),
  ];

  const tiers = await db
    .insert(membershipTiers)
    .values(demoTiers.map((tier) => ({ ...tier, tenantId })))
    .returning({
      id: membershipTiers.id,
      threshold: membershipTiers.threshold,
      pointsPerRm: membershipTiers.pointsPerRm,
    });
  const replayed = replayLedgers({
    tenantId,
    customers: new Map(people.map((p) => [p.id, p.row.name])),
    orders: customerOrderList,
    refunds: await completedRefunds(db, tenantId, linkedIds),
    wallet: plan.wallet,
    referrals: referralsOf(rand, people),
    rules: { ...settings, tiers },
  });

  const fresh = people.filter((p) => !p.existing);
  const balancesOf = (p: DemoPerson) => replayed.balances.get(p.id)!;
  for (const part of chunks(fresh, 200)) {
    await db
      .insert(customers)
      .values(part.map((p) => ({ ...p.row, id: p.id, tenantId, ...balancesOf(p) })));
  }
  for (const p of people.filter((x) => x.existing)) {
    await db
      .update(customers)
      .set({ createdAt: p.row.createdAt, ...balancesOf(p) })
      .where(and(ownedBy(customers, tenantId), eq(customers.id, p.id)));
  }
  // Referred customers name their referrer (the referrer's row exists now).
  for (const r of replayed.referrals) {
    await db
      .update(customers)
      .set({ referredBy: r.referrerId })
      .where(and(ownedBy(customers, tenantId), eq(customers.id, r.refereeId)));
  }
  await writeHistory(db, tenantId, plan);
  if (linked.length > 0) {
    await db.insert(customerOrders).values(
      linked.map((o) => ({
        orderId: o.id,
        tenantId,
        customerId: o.person.id,
        createdAt: o.createdAt,
      })),
    );
  }
  await insertRows(db, walletEntries, replayed.wallet);
  await insertRows(db, pointsEntries, replayed.points);
  if (replayed.referrals.length > 0) await db.insert(referrals).values(replayed.referrals);

  const author = [staffActor('manager'), staffActor('admin')];
  const noted = people.filter((p) => !p.row.anonymisedAt).filter((_, i) => i % 37 === 5);
  if (noted.length > 0) {
    await db.insert(customerNotes).values(
      noted.map((p, i) => {
        const by = author[i % author.length]!;
        return {
          tenantId,
          customerId: p.id,
          body: demoNotes[i % demoNotes.length]!,
          authorId: by.kind === 'staff' ? by.id : null,
          authorName: by.name,
          createdAt: new Date(now.getTime() - Math.floor(rand() * 3 * MONTH)),
        };
      }),
    );
  }
  return { customers: fresh.length, orders: plan.orders.length };
}

/** The tenant's loyalty settings (the defaults until someone saves them), as the ledgers read them. */
async function loyaltyRulesOf(db: Db, tenantId: string) {
  await db.insert(loyaltySettings).values({ tenantId }).onConflictDoNothing();
  const [s] = await db.select().from(loyaltySettings).where(ownedBy(loyaltySettings, tenantId));
  return {
    walletMaxBalance: s!.walletMaxBalance,
    referralEnabled: s!.referralEnabled,
    referralMinOrder: s!.referralMinOrder,
    referrerReward: { kind: s!.referrerRewardKind, amount: s!.referrerRewardAmount },
    refereeReward: { kind: s!.refereeRewardKind, amount: s!.refereeRewardAmount },
  };
}

/** The completed refunds of these orders, with who completed them. */
async function completedRefunds(
  db: Db,
  tenantId: string,
  orderIds: string[],
): Promise<CompletedRefund[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      refundNo: refunds.refundNo,
      amount: refunds.amount,
      method: refunds.method,
      paymentMethod: refunds.paymentMethod,
      completedAt: refunds.completedAt,
      byUserId: refundStatusHistory.byUserId,
      byName: refundStatusHistory.byName,
    })
    .from(refunds)
    .innerJoin(
      refundStatusHistory,
      and(
        eq(refundStatusHistory.refundId, refunds.id),
        eq(refundStatusHistory.toStatus, 'COMPLETED'),
      ),
    )
    .where(
      and(
        ownedBy(refunds, tenantId),
        inArray(refunds.orderId, orderIds),
        isNotNull(refunds.completedAt),
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    refundNo: r.refundNo,
    amount: r.amount,
    completedAt: r.completedAt!,
    toWallet: r.method === 'wallet' || (r.method === 'original' && r.paymentMethod === 'wallet'),
    completedBy: r.byUserId
      ? { kind: 'staff', id: r.byUserId, name: r.byName ?? '' }
      : { kind: 'system', name: r.byName ?? 'Automatic refund' },
  }));
}

/**
 * About one customer in seven came through a friend who joined before them (the app's demo
 * customers as the seed says); whether the referral was rewarded follows from their orders.
 */
function referralsOf(r: () => number, everyone: DemoPerson[]): ReferralPair[] {
  const pairs: ReferralPair[] = [];
  const appUsers = everyone.filter((p) => p.row.passwordHash && !p.row.anonymisedAt);
  for (const referee of appUsers) {
    const fixed = referee.referrerPhone
      ? everyone.find((p) => p.phone === referee.referrerPhone)
      : undefined;
    if (!fixed && r() > 0.15) continue;
    const earlier = appUsers.filter((p) => p.row.createdAt < referee.row.createdAt);
    const referrer = fixed ?? earlier[Math.floor(r() * earlier.length)];
    if (!referrer || referrer === referee) continue;
    pairs.push({
      id: randomUUID(),
      referrerId: referrer.id,
      refereeId: referee.id,
      createdAt: referee.row.createdAt,
    });
  }
  return pairs;
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
