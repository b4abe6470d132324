import { randomUUID } from 'node:crypto';
import type { WalletAdjustmentResult } from '@kopi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { walletAdjustments, walletEntries } from '../../db/schema/loyalty';
import { idempotencyKeys } from '../../db/schema/platform';
import { demoTenantId } from '../../test/order-fixtures';
import { engine } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { adjust, balanceOf, setWalletRules, walletCustomer } from '../../test/wallet-fixtures';
import { auditsOf } from '../../test/fixtures';

// The limit up to which a staff adjustment posts at once counts what that staff member adjusted
// for the customer over the last 24 hours: what posted at once and what they asked for that still
// waits, credits and debits alike, plus this one. Splitting an adjustment gains nothing; past the
// limit it waits for a second staff member. Adjustments at once queue on the customer's row.

const LIMIT = 5000; // RM 50.00
let tenantId: string;

const { t, api, as } = useTestApp({
  signIn: ['admin', 'finance'],
  api: 'admin',
  poolMax: 16,
});
const { admin, finance } = as;
const db = () => t.database.db;
const customer = (balance = 0) => walletCustomer(db(), tenantId, { balance });

beforeAll(async () => {
  tenantId = await demoTenantId(t);
  await setWalletRules(db(), tenantId, { adjustmentLimit: LIMIT });
});

/** The adjustment's outcome: posted at once, or waiting for approval. */
async function outcome(
  headers: typeof admin,
  customerId: string,
  amount: number,
  key: string = randomUUID(),
) {
  const res = await adjust(t, headers, customerId, { amount, reason: 'Goodwill' }, key);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: WalletAdjustmentResult }).data.status;
}

/**
 * Moves the customer's adjustments (entries and requests) `minutes` into the past. The ledger is
 * append-only by a trigger: triggers are off for this transaction alone, as the API wrote the rows.
 */
async function age(customerId: string, minutes: number) {
  const back = sql`interval '1 minute' * ${minutes}`;
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx
      .update(walletEntries)
      .set({ createdAt: sql`${walletEntries.createdAt} - ${back}` })
      .where(and(eq(walletEntries.customerId, customerId), eq(walletEntries.kind, 'adjustment')));
    await tx
      .update(walletAdjustments)
      .set({ createdAt: sql`${walletAdjustments.createdAt} - ${back}` })
      .where(eq(walletAdjustments.customerId, customerId));
  });
}

describe("a staff member's adjustments for one customer over a day", () => {
  it('post at once up to the limit exactly, and wait one sen past it', async () => {
    const c = await customer();
    expect(await outcome(admin, c.id, LIMIT - 1)).toBe('posted');
    expect(await outcome(admin, c.id, 1)).toBe('posted');
    expect(await outcome(admin, c.id, 1)).toBe('pending_approval');
    expect(await balanceOf(db(), c.id)).toBe(LIMIT);
  });

  it('wait from the second of three RM 50 credits, as one of RM 80 does', async () => {
    const c = await customer();
    expect(await outcome(admin, c.id, 8000)).toBe('pending_approval');
    const other = await customer();
    expect(await outcome(admin, other.id, LIMIT)).toBe('posted');
    expect(await outcome(admin, other.id, LIMIT)).toBe('pending_approval');
    const third = await adjust(t, admin, other.id, { amount: LIMIT, reason: 'Goodwill' });
    const waiting = (third.json() as { data: WalletAdjustmentResult }).data.adjustment!;
    expect(await balanceOf(db(), other.id)).toBe(LIMIT);
    const [request] = await auditsOf(t, 'wallet.adjustment_request', waiting.id);
    expect(request!.after).toMatchObject({ limit: LIMIT, adjusted_last_day: 2 * LIMIT });
  });

  it('count debits as credits: they never make room for more', async () => {
    const c = await customer(3 * LIMIT);
    expect(await outcome(admin, c.id, -(LIMIT - 100))).toBe('posted');
    expect(await outcome(admin, c.id, 100)).toBe('posted');
    expect(await outcome(admin, c.id, -1)).toBe('pending_approval');
    expect(await outcome(admin, c.id, 1)).toBe('pending_approval');
  });

  it('count requests still waiting, not those decided', async () => {
    const c = await customer();
    const request = async (amount: number) => {
      const res = await adjust(t, admin, c.id, { amount, reason: 'Compensation' });
      const result = (res.json() as { data: WalletAdjustmentResult }).data;
      expect(result.status).toBe('pending_approval');
      return result.adjustment!.id;
    };
    const big = await request(LIMIT + 1);
    // LIMIT + 1 waits: even one sen more waits too.
    const sen = await request(1);
    const decide = async (id: string, action: 'approve' | 'reject') =>
      expect(
        (await api.post(`/api/wallet-adjustments/${id}/${action}`, undefined, finance)).statusCode,
      ).toBe(200);
    await decide(big, 'reject');
    // The waiting sen counts: LIMIT - 1 more reaches the limit, one sen more waits.
    expect(await outcome(admin, c.id, LIMIT - 1)).toBe('posted');
    const last = await request(1);
    // Approved, they posted by a second staff member: only the LIMIT - 1 at once counts.
    await decide(sen, 'approve');
    await decide(last, 'approve');
    expect(await outcome(admin, c.id, 1)).toBe('posted');
    expect(await outcome(admin, c.id, 1)).toBe('pending_approval');
  });

  it("count only the staff member's own for this customer", async () => {
    const c = await customer();
    expect(await outcome(finance, c.id, LIMIT)).toBe('posted');
    const elsewhere = await customer();
    expect(await outcome(admin, elsewhere.id, LIMIT)).toBe('posted');
    expect(await outcome(admin, c.id, LIMIT)).toBe('posted');
    expect(await outcome(admin, c.id, 1)).toBe('pending_approval');
  });

  it('count over a rolling day: older than 24 hours no longer counts', async () => {
    const c = await customer();
    expect(await outcome(admin, c.id, LIMIT)).toBe('posted');
    await age(c.id, 24 * 60 - 1);
    expect(await outcome(admin, c.id, 1)).toBe('pending_approval');
    await age(c.id, 2);
    // The LIMIT posted is a day and a minute old; the sen waiting, two minutes.
    expect(await outcome(admin, c.id, LIMIT - 1)).toBe('posted');
    expect(await outcome(admin, c.id, 1)).toBe('pending_approval');
  });

  it('answer a retry of one that posted with its entry, the limit reached or not', async () => {
    const c = await customer();
    const key = randomUUID();
    expect(await outcome(admin, c.id, LIMIT, key)).toBe('posted');
    await db().delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(await outcome(admin, c.id, LIMIT, key)).toBe('posted');
    expect(await balanceOf(db(), c.id)).toBe(LIMIT);
    const requests = await db()
      .select()
      .from(walletAdjustments)
      .where(eq(walletAdjustments.customerId, c.id));
    expect(requests).toEqual([]);
  });
});

describe.runIf(engine === 'postgres')('adjustments at once for one customer', () => {
  const PARALLEL = 8;
  const AMOUNT = 2000; // RM 20.00: two fit under RM 50.00, a third does not

  it('post at once only as many as the limit holds; the rest wait', async () => {
    const c = await customer();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        adjust(t, admin, c.id, { amount: AMOUNT, reason: 'Parallel goodwill' }),
      ),
    );
    const statuses = answers.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return (r.json() as { data: WalletAdjustmentResult }).data.status;
    });
    const fits = Math.floor(LIMIT / AMOUNT);
    expect(statuses.sort()).toEqual([
      ...Array<string>(PARALLEL - fits).fill('pending_approval'),
      ...Array<string>(fits).fill('posted'),
    ]);
    expect(await balanceOf(db(), c.id)).toBe(fits * AMOUNT);
  });
});
