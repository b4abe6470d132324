import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { customers } from '../db/schema/customers';
import { pointsEntries, walletEntries } from '../db/schema/loyalty';
import { newPhone } from './mobile-fixtures';
import type { TestApp } from './test-app';

// Test data for points, tiers and wallets: customers added straight to the table (as the counter
// adds them), and ledger entries written the way postPoints / postWallet write them (the entry
// with its balance after, and the customer's balance), but at a time the test chooses.

/** The loyalty and referral settings a tenant has until they are saved (migration defaults). */
export const defaultLoyaltySettings = {
  wallet_max_balance: 100_000,
  topup_presets: [1000, 2000, 5000, 10_000],
  adjustment_limit: 5000,
  tier_basis: 'points',
  points_expiry_months: 12,
  redeem_points: 100,
  redeem_value: 100,
};
export const defaultReferralSettings = {
  enabled: true,
  referrer_reward_kind: 'wallet',
  referrer_reward_amount: 500,
  referee_reward_kind: 'points',
  referee_reward_amount: 100,
  min_order: 1000,
};

export async function addCustomer(
  t: TestApp,
  tenantId: string,
  values: { name?: string; phone?: string; email?: string | null; createdAt?: Date } = {},
) {
  const [row] = await t.database.db
    .insert(customers)
    .values({
      tenantId,
      name: values.name ?? 'Test Customer',
      phone: values.phone ?? newPhone(),
      email: values.email ?? null,
      referralCode: randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase(),
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  return row!;
}

/**
 * One ledger write as the services make it, in one transaction: the customer's balance (`column`)
 * read, the entry `insert` writes with the balance after `delta`, and that balance stored.
 */
async function appendToLedger(
  t: TestApp,
  tenantId: string,
  customerId: string,
  column: 'points' | 'walletBalance',
  delta: number,
  insert: (tx: Db, balanceAfter: number) => Promise<unknown>,
) {
  await t.database.db.transaction(async (tx) => {
    const where = and(eq(customers.tenantId, tenantId), eq(customers.id, customerId));
    const [c] = await tx.select({ balance: customers[column] }).from(customers).where(where);
    const balanceAfter = c!.balance + delta;
    await insert(tx, balanceAfter);
    await tx
      .update(customers)
      .set({ [column]: balanceAfter })
      .where(where);
  });
}

/** Where a ledger entry the test writes says it comes from, and when it was written. */
const writtenByTest = (at: Date) => ({
  idempotencyKey: `test:${randomUUID()}`,
  actorKind: 'system',
  actorName: 'Test',
  createdAt: at,
});

type PointsKind = typeof pointsEntries.$inferInsert.kind;

/** Appends a points entry (earn unless told) at `at` (default now), with `spend` sen. */
export async function postTestPoints(
  t: TestApp,
  tenantId: string,
  customerId: string,
  points: number,
  options: { at?: Date; spend?: number; kind?: PointsKind } = {},
) {
  await appendToLedger(t, tenantId, customerId, 'points', points, (tx, balanceAfter) =>
    tx.insert(pointsEntries).values({
      tenantId,
      customerId,
      kind: options.kind ?? (points >= 0 ? 'earn' : 'redeem'),
      points,
      balanceAfter,
      spend: options.spend ?? 0,
      ...writtenByTest(options.at ?? new Date()),
    }),
  );
}

type WalletKind = typeof walletEntries.$inferInsert.kind;

/** Appends a wallet entry of `kind` and signed `amount` (sen) at `at` (default now). */
export async function postTestWallet(
  t: TestApp,
  tenantId: string,
  customerId: string,
  kind: WalletKind,
  amount: number,
  at: Date = new Date(),
) {
  await appendToLedger(t, tenantId, customerId, 'walletBalance', amount, (tx, balanceAfter) =>
    tx.insert(walletEntries).values({
      tenantId,
      customerId,
      kind,
      amount,
      balanceAfter,
      ...writtenByTest(at),
    }),
  );
}

/** The customer's row as it is now. */
export async function customerRow(t: TestApp, customerId: string) {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customerId));
  return row!;
}
