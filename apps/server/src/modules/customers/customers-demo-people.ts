import { randomUUID } from 'node:crypto';
import type { customers } from '../../db/schema/customers';
import {
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

// The demo customers' people (customers-demo-seed.ts writes them): who they are, when they joined,
// and the days they came in over the past months, which the history turns into their orders
// (customers-demo-history.ts). Their ledgers follow from those orders (customers-demo-ledgers.ts).

const DAY = 86_400_000;
const MONTH = 30 * DAY;
/** Visits reach back at most this far, so no point they earned has expired yet. */
const HISTORY_MONTHS = 11;
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

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
  /** Moments they came in, in time order (the history moves each into an outlet's hours). */
  visits: Date[];
  /** Pays from the wallet when it holds enough, topping it up in the app (app customers). */
  walletHabit: boolean;
}

/**
 * The demo chain's customers: the app's demo customers, the people named on demo orders (name and
 * phone), and more up to DEMO_CUSTOMER_COUNT, each with their visits before `historyEnd`.
 */
export function demoPeople(
  rand: () => number,
  now: Date,
  existing: CustomerRow[],
  onOrders: { name: string; phone: string }[],
  appHash: string | null,
  historyEnd: Date,
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
    const from = Math.max(base.row.createdAt.getTime(), now.getTime() - HISTORY_MONTHS * MONTH);
    // An erased customer can no longer be served as themselves: their visits came before.
    const erasedAt = base.row.anonymisedAt instanceof Date ? base.row.anonymisedAt.getTime() : NaN;
    const until = Math.min(historyEnd.getTime(), erasedAt || Infinity);
    const visits =
      until <= from
        ? []
        : Array.from({ length: habit.visits }, () => from + rand() * (until - from))
            .sort((a, b) => a - b)
            .map((t) => new Date(t));
    people.push({
      id: base.id ?? randomUUID(),
      existing: base.existing ?? false,
      phone: base.row.phone,
      ...(base.referrerPhone ? { referrerPhone: base.referrerPhone } : {}),
      row: base.row,
      visits,
      walletHabit: habit.wallet,
    });
  };

  // Most come now and then; a few are regulars, whose points reach the higher tiers.
  const habitOf = (app: boolean) => {
    const roll = rand();
    const visits =
      roll < 0.25
        ? Math.floor(rand() * 3)
        : roll < 0.8
          ? 1 + Math.floor(rand() * 4)
          : roll < 0.95
            ? 7 + Math.floor(rand() * 7)
            : 22 + Math.floor(rand() * 12);
    return { visits, wallet: app && rand() < 0.5 };
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
