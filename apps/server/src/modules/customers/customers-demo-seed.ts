import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ownedBy } from '../../db/tenant-scope';
import { users } from '../../db/schema/access';
import { customerOrders, customers } from '../../db/schema/customers';
import {
  customerNotes,
  membershipTiers,
  pointsEntries,
  referrals,
  walletEntries,
} from '../../db/schema/loyalty';
import { orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/refunds';
import { tenants } from '../../db/schema/tenancy';
import type { Clock } from '../../lib/clock';
import type { LedgerActor } from '../loyalty/ledgers.service';
import { seededRandom } from '../../lib/seeded-random';
import { demoTiers, demoNotes } from './customers-demo-data';
import {
  type DemoPerson,
  demoPeople,
  ledgersOf,
  type PointsEvent,
  type WalletEvent,
} from './customers-demo-ledgers';

// Demo customers: a few hundred people of the demo chain with wallet and points ledgers, tiers,
// referrals and staff notes, and the demo orders taken in their names linked to them. Written in
// bulk (a ledger service call per entry would take minutes on PGlite), with each entry's balance
// after computed in order, so the ledgers read exactly as postWallet and postPoints would have
// left them. Deterministic (seeded random); runs once, after the demo orders and refunds.

const MONTH = 30 * 86_400_000;
const SALE = ['PENDING', 'APPROVED', 'COMPLETED', 'CLOSED'];

export async function seedDemoCustomers(db: Db, options: { now: Clock; tenantSlug?: string }) {
  // All or nothing: a failed seed leaves no half-written ledger behind.
  return db.transaction((tx) => seed(tx, options));
}

async function seed(db: Db, options: { now: Clock; tenantSlug?: string }) {
  const [tenant] = await db
    .select({ id: tenants.id })
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
  // The people the demo orders were taken for (a name and a Malaysian mobile number) are
  // customers too, and those orders theirs.
  const orderRows = await db
    .select({
      id: orders.id,
      name: orders.customerName,
      phone: orders.customerPhone,
      status: orders.status,
      paid: orders.paid,
      total: orders.total,
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
    staffActor('finance'),
  );
  const byPhone = new Map(people.map((p) => [p.phone, p]));
  const refundRows = await db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      amount: refunds.amount,
      completedAt: refunds.completedAt,
    })
    .from(refunds)
    .where(and(ownedBy(refunds, tenantId), isNotNull(refunds.completedAt)))
    .orderBy(asc(refunds.completedAt));
  const links: (typeof customerOrders.$inferInsert)[] = [];
  const system: LedgerActor = { kind: 'system', name: 'Kopi HQ' };
  for (const o of orderRows) {
    const person = byPhone.get(o.phone ?? '');
    if (!person) continue;
    links.push({ orderId: o.id, tenantId, customerId: person.id, createdAt: o.createdAt });
    if (!SALE.includes(o.status) || o.paid <= 0) continue;
    // Points follow paid money (points.service.ts), with the keys the order hooks use.
    const earned = Math.floor(o.paid / 100);
    person.points.push({
      at: o.createdAt,
      kind: 'earn',
      points: earned,
      spend: o.paid,
      key: `order:${o.id}:earn`,
      orderId: o.id,
      actor: system,
    });
    person.firstSale ??= { at: o.createdAt, orderId: o.id, paid: o.paid };
    let refunded = 0;
    const share = (sen: number) => Math.floor((earned * Math.min(sen, o.total)) / o.total);
    for (const r of refundRows.filter((x) => x.orderId === o.id)) {
      const before = refunded;
      refunded += r.amount;
      person.points.push({
        at: r.completedAt!,
        kind: 'reverse',
        points: -(share(refunded) - share(before)),
        spend: -r.amount,
        key: `refund:${r.id}:reverse`,
        orderId: o.id,
        refundId: r.id,
        actor: system,
      });
    }
  }

  const referralRows = referralsOf(rand, people, tenantId);
  const tiers = await db
    .insert(membershipTiers)
    .values(demoTiers.map((tier) => ({ ...tier, tenantId })))
    .returning({ id: membershipTiers.id, threshold: membershipTiers.threshold });
  const ledgers = people.map((p) => ledgersOf(p, tenantId, now, tiers));

  const fresh = people.filter((p) => !p.existing);
  for (const part of chunks(fresh, 200)) {
    await db.insert(customers).values(
      part.map((p) => {
        const l = ledgers[people.indexOf(p)]!;
        return {
          ...p.row,
          id: p.id,
          tenantId,
          walletBalance: l.walletBalance,
          points: l.pointsBalance,
          tierId: l.tierId,
        };
      }),
    );
  }
  for (const p of people.filter((x) => x.existing)) {
    const l = ledgers[people.indexOf(p)]!;
    await db
      .update(customers)
      .set({
        createdAt: p.row.createdAt,
        walletBalance: l.walletBalance,
        points: l.pointsBalance,
        tierId: l.tierId,
      })
      .where(and(ownedBy(customers, tenantId), eq(customers.id, p.id)));
  }
  // Referred customers name their referrer (the referrer's row exists now).
  for (const r of referralRows) {
    await db
      .update(customers)
      .set({ referredBy: r.referrerId })
      .where(and(ownedBy(customers, tenantId), eq(customers.id, r.refereeId)));
  }
  if (links.length > 0) await db.insert(customerOrders).values(links);
  for (const part of chunks(
    ledgers.flatMap((l) => l.wallet),
    1000,
  )) {
    await db.insert(walletEntries).values(part);
  }
  for (const part of chunks(
    ledgers.flatMap((l) => l.points),
    1000,
  )) {
    await db.insert(pointsEntries).values(part);
  }
  if (referralRows.length > 0) await db.insert(referrals).values(referralRows);

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
  return { customers: fresh.length };

  /**
   * About one customer in seven came through a friend who joined before them. The reward was
   * granted on the friend's first paid order (wallet credit for the referrer, points for the new
   * customer, as the default settings say); a friend who has not bought yet is pending.
   */
  function referralsOf(r: () => number, everyone: DemoPerson[], tenant: string) {
    const rows: (typeof referrals.$inferInsert)[] = [];
    const appUsers = everyone.filter((p) => p.row.passwordHash && !p.row.anonymisedAt);
    for (const referee of appUsers) {
      const fixed = referee.referrerPhone
        ? everyone.find((p) => p.phone === referee.referrerPhone)
        : undefined;
      if (!fixed && r() > 0.15) continue;
      const earlier = appUsers.filter((p) => p.row.createdAt < referee.row.createdAt);
      const referrer = fixed ?? earlier[Math.floor(r() * earlier.length)];
      if (!referrer || referrer === referee) continue;
      const id = randomUUID();
      const first = referee.firstPurchase();
      const rewarded = first !== null && first.paid >= 1000;
      rows.push({
        id,
        tenantId: tenant,
        referrerId: referrer.id,
        refereeId: referee.id,
        status: rewarded ? 'rewarded' : 'pending',
        orderId: rewarded ? first.orderId : null,
        rewardedAt: rewarded ? first.at : null,
        createdAt: referee.row.createdAt,
      });
      if (!rewarded) continue;
      const referral = { kind: 'system', name: 'Referral' } as const;
      // Granted as the order completes, a moment after it was paid.
      const at = new Date(first.at.getTime() + 1000);
      const wallet: WalletEvent = {
        at,
        kind: 'reward',
        amount: 500,
        key: `referral:${id}:referrer:reward`,
        orderId: first.orderId,
        reason: 'Referral reward (referrer)',
        actor: referral,
      };
      referrer.wallet.push(wallet);
      const points: PointsEvent = {
        at,
        kind: 'reward',
        points: 100,
        spend: 0,
        key: `referral:${id}:referee:reward`,
        orderId: first.orderId,
        reason: 'Referral reward (referee)',
        actor: referral,
      };
      referee.points.push(points);
    }
    return rows;
  }
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
