import { randomUUID } from 'node:crypto';
import type { customers } from '../../db/schema/customers';
import type { LedgerActor } from '../loyalty/ledgers.service';
import type { pointsEntries, walletEntries } from '../../db/schema/loyalty';
import {
  adjustmentReasons,
  chineseGiven,
  chineseSurnames,
  DEMO_CUSTOMER_COUNT,
  indianFathers,
  indianMen,
  indianWomen,
  mailDomains,
  malayFathers,
  malayMen,
  malayWomen,
} from './customers-demo-data';

// The demo customers' people and histories (customers-demo-seed.ts writes them): who they are,
// their visits over the past months paid at the counter or from the wallet, top-ups, a few staff
// adjustments, and from those events the two ledgers with each entry's balance after, as
// postWallet and postPoints write them (never below zero), and the tier the last 12 months reach.

const DAY = 86_400_000;
const MONTH = 30 * DAY;
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TOPUPS = [2000, 5000, 5000, 10000];

interface Event {
  at: Date;
  key: string;
  actor: LedgerActor;
  orderId?: string | null;
  refundId?: string | null;
  reason?: string | null;
}
export interface WalletEvent extends Event {
  kind: 'topup' | 'spend' | 'adjustment' | 'reward';
  amount: number;
}
export interface PointsEvent extends Event {
  kind: 'earn' | 'reverse' | 'reward';
  points: number;
  spend: number;
}

type CustomerRow = typeof customers.$inferSelect;
type Row = Omit<typeof customers.$inferInsert, 'tenantId' | 'id'> & { createdAt: Date };

export interface DemoPerson {
  id: string;
  /** Already made by the demo seed (the app's demo customers): updated, not inserted. */
  existing: boolean;
  phone: string;
  /** The friend who invited them, when fixed (the demo app customers). */
  referrerPhone?: string;
  row: Row;
  visits: { at: Date; paid: number }[];
  wallet: WalletEvent[];
  points: PointsEvent[];
  /** Their first linked demo order that was paid (set by the seed). */
  firstSale?: { at: Date; orderId: string; paid: number };
  /** The first paid purchase: a visit, or a linked demo order. */
  firstPurchase(): { at: Date; orderId: string | null; paid: number } | null;
}

/**
 * The demo chain's customers: the app's demo customers, the people named on demo orders (name and
 * phone), and more up to DEMO_CUSTOMER_COUNT.
 */
export function demoPeople(
  rand: () => number,
  now: Date,
  existing: CustomerRow[],
  onOrders: { name: string; phone: string }[],
  appHash: string | null,
  adjuster: LedgerActor,
): DemoPerson[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const phones = new Set([...existing.map((c) => c.phone), ...onOrders.map((o) => o.phone)]);
  const codes = new Set(existing.map((c) => c.referralCode));
  const newPhone = () => {
    for (;;) {
      const prefix = pick(['12', '13', '14', '16', '17', '18', '19', '11']);
      const length = prefix === '11' ? 8 : 7;
      const phone = `+60${prefix}${String(Math.floor(rand() * 10 ** length)).padStart(length, '0')}`;
      if (!phones.has(phone)) return phones.add(phone) && phone;
    }
  };
  const newCode = () => {
    for (;;) {
      const code = Array.from({ length: 8 }, () => pick([...REFERRAL_ALPHABET])).join('');
      if (!codes.has(code)) return codes.add(code) && code;
    }
  };
  const emailOf = (name: string, n: number) => {
    const parts = name
      .toLowerCase()
      .replace(/[^a-z ]/g, '')
      .split(' ')
      .filter(Boolean);
    return `${parts[0]}.${parts.at(-1)}${n}@${pick(mailDomains)}`;
  };
  const birthday = () =>
    `${1960 + Math.floor(rand() * 46)}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;

  const people: DemoPerson[] = [];
  const add = (
    base: { id?: string; existing?: boolean; row: Row; referrerPhone?: string },
    habit: { visits: number; wallet: boolean },
  ) => {
    const id = base.id ?? randomUUID();
    const person: DemoPerson = {
      id,
      existing: base.existing ?? false,
      phone: base.row.phone,
      ...(base.referrerPhone ? { referrerPhone: base.referrerPhone } : {}),
      row: base.row,
      visits: [],
      wallet: [],
      points: [],
      firstPurchase() {
        const visit = this.visits[0];
        const options = [
          ...(visit ? [{ at: visit.at, orderId: null, paid: visit.paid }] : []),
          ...(this.firstSale ? [this.firstSale] : []),
        ];
        return options.sort((a, b) => a.at.getTime() - b.at.getTime())[0] ?? null;
      },
    };
    history(person, habit);
    people.push(person);
  };

  /** Visits between joining and yesterday, paid from the wallet when it holds enough. */
  function history(p: DemoPerson, habit: { visits: number; wallet: boolean }) {
    const from = p.row.createdAt.getTime();
    const until = now.getTime() - DAY;
    if (until <= from) return;
    const times = Array.from({ length: habit.visits }, () => from + rand() * (until - from)).sort(
      (a, b) => a - b,
    );
    const self: LedgerActor = { kind: 'customer', id: p.id, name: p.row.name };
    let balance = 0;
    let n = 0;
    for (const time of times) {
      const at = new Date(time);
      const paid = 800 + Math.floor(rand() * 370) * 10;
      p.visits.push({ at, paid });
      p.points.push({
        at,
        kind: 'earn',
        points: Math.floor(paid / 100),
        spend: paid,
        key: `demo:${p.id}:earn:${++n}`,
        actor: { kind: 'system', name: 'Kopi HQ' },
      });
      if (!habit.wallet) continue;
      if (balance < paid && rand() < 0.8) {
        const amount = pick(TOPUPS);
        balance += amount;
        p.wallet.push({
          at: new Date(time - 120_000),
          kind: 'topup',
          amount,
          key: `demo:${p.id}:topup:${n}`,
          actor: self,
        });
      }
      if (balance >= paid && rand() < 0.75) {
        balance -= paid;
        p.wallet.push({
          at,
          kind: 'spend',
          amount: -paid,
          key: `demo:${p.id}:spend:${n}`,
          actor: self,
        });
      }
      if (rand() < 0.02) {
        const debit = balance >= 500 && rand() < 0.4;
        const amount = debit ? -500 : pick([300, 500, 1000]);
        balance += amount;
        p.wallet.push({
          at: new Date(time + 3_600_000),
          kind: 'adjustment',
          amount,
          key: `demo:${p.id}:adjust:${n}`,
          reason: pick(debit ? adjustmentReasons.debit : adjustmentReasons.credit),
          actor: adjuster,
        });
      }
    }
  }

  const habitOf = (app: boolean) => {
    const roll = rand();
    const visits =
      roll < 0.3
        ? Math.floor(rand() * 3)
        : roll < 0.75
          ? 3 + Math.floor(rand() * 8)
          : 12 + Math.floor(rand() * 24);
    return { visits, wallet: app && rand() < 0.45 };
  };
  const appRow = (name: string, phone: string, createdAt: Date) => ({
    name,
    phone,
    email: rand() < 0.6 ? emailOf(name, Math.floor(rand() * 90) + 10) : null,
    birthday: rand() < 0.5 ? birthday() : null,
    status: 'active',
    referralCode: newCode(),
    passwordHash: appHash,
    phoneVerifiedAt: createdAt,
    lastSignInAt: ago(Math.floor(rand() * 20 * DAY)),
    createdAt,
  });

  // The app's demo customers: Nur Aina since last year, Daniel Lim (her friend) since the summer.
  for (const c of existing) {
    const aina = c.referralCode === 'AINA2026';
    const referrer = c.referredBy ? existing.find((e) => e.id === c.referredBy) : undefined;
    add(
      {
        id: c.id,
        existing: true,
        ...(referrer ? { referrerPhone: referrer.phone } : {}),
        row: { ...c, createdAt: ago(aina ? 14 * MONTH : 6 * MONTH) },
      },
      { visits: aina ? 30 : 10, wallet: true },
    );
  }
  for (const { name, phone } of onOrders) {
    add({ row: appRow(name, phone, ago((4 + Math.floor(rand() * 8)) * MONTH)) }, habitOf(true));
  }
  for (let i = onOrders.length; i < DEMO_CUSTOMER_COUNT; i++) {
    const createdAt = ago(Math.floor(rand() * 18 * MONTH) + DAY);
    const name = personName(rand, pick);
    const app = rand() < 0.75;
    const row = app
      ? appRow(name, newPhone(), createdAt)
      : {
          name,
          phone: newPhone(),
          email: null,
          birthday: null,
          status: 'active',
          referralCode: newCode(),
          passwordHash: null,
          phoneVerifiedAt: null,
          lastSignInAt: null,
          createdAt,
        };
    if (rand() < 0.03) row.status = 'disabled';
    const id = randomUUID();
    // Two asked for their personal data to be erased (PDPA): their ledgers stay.
    const erased = i === 57 || i === 211;
    add(
      {
        id,
        row: erased
          ? {
              ...row,
              name: 'Anonymised customer',
              phone: `anon:${id}`,
              email: null,
              birthday: null,
              passwordHash: null,
              referralCode: `anon-${id}`,
              phoneVerifiedAt: null,
              lastSignInAt: null,
              anonymisedAt: ago(Math.floor(rand() * 30 * DAY)),
            }
          : row,
      },
      habitOf(app && !erased),
    );
  }
  return people;
}

function personName(rand: () => number, pick: <T>(xs: readonly T[]) => T) {
  const roll = rand();
  const woman = rand() < 0.5;
  if (roll < 0.5) {
    return `${pick(woman ? malayWomen : malayMen)} ${woman ? 'binti' : 'bin'} ${pick(malayFathers)}`;
  }
  if (roll < 0.8) return `${pick(chineseSurnames)} ${pick(chineseGiven)}`;
  return `${pick(woman ? indianWomen : indianMen)} ${woman ? 'a/p' : 'a/l'} ${pick(indianFathers)}`;
}

const actorColumns = (actor: LedgerActor) => ({
  actorKind: actor.kind,
  actorId: actor.kind === 'system' ? null : actor.id,
  actorName: actor.name,
});
const byTime = <E extends { at: Date }>(events: E[]) =>
  [...events].sort((a, b) => a.at.getTime() - b.at.getTime());

/**
 * The person's ledger entries in time order with each balance after (never below zero: a
 * reversal takes at most what is left, as clampToBalance does), the final balances and the tier
 * the last 12 months' points reach.
 */
export function ledgersOf(
  p: DemoPerson,
  tenantId: string,
  now: Date,
  tiers: { id: string; threshold: number }[],
) {
  const base = (e: Event) => ({
    tenantId,
    customerId: p.id,
    idempotencyKey: e.key,
    orderId: e.orderId ?? null,
    refundId: e.refundId ?? null,
    reason: e.reason ?? null,
    ...actorColumns(e.actor),
    createdAt: e.at,
  });
  let walletBalance = 0;
  const wallet: (typeof walletEntries.$inferInsert)[] = [];
  for (const e of byTime(p.wallet)) {
    if (walletBalance + e.amount < 0) continue;
    walletBalance += e.amount;
    wallet.push({ ...base(e), kind: e.kind, amount: e.amount, balanceAfter: walletBalance });
  }
  let pointsBalance = 0;
  let year = 0;
  const yearAgo = new Date(now);
  yearAgo.setMonth(yearAgo.getMonth() - 12);
  const points: (typeof pointsEntries.$inferInsert)[] = [];
  for (const e of byTime(p.points)) {
    const moved = e.points < 0 ? Math.max(e.points, -pointsBalance) : e.points;
    if (moved === 0 && e.spend === 0) continue;
    pointsBalance += moved;
    if (e.kind !== 'reward' && e.at >= yearAgo) year += moved;
    points.push({
      ...base(e),
      kind: e.kind,
      points: moved,
      spend: e.spend,
      balanceAfter: pointsBalance,
    });
  }
  const tier = [...tiers]
    .sort((a, b) => a.threshold - b.threshold)
    .filter((t) => t.threshold <= year)
    .at(-1);
  return { wallet, points, walletBalance, pointsBalance, tierId: tier?.id ?? null };
}
