import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { walletEntries } from '../../db/schema/loyalty';
import { AppError } from '../../lib/errors';
import { demoTenantId } from '../../test/order-fixtures';
import { useTestApp } from '../../test/use-test-app';
import { balanceOf, walletCustomer } from '../../test/wallet-fixtures';
import { postWallet, type WalletPost } from './ledgers.service';

// postWallet's maximum balance: a credit may land exactly on it, never one sen past it; debits
// and posts without a maximum (refunds, rewards) are not held to it.

const MAX = 50_000; // RM 500.00
let tenantId: string;

const { t } = useTestApp();
const db = () => t.database.db;

beforeAll(async () => {
  tenantId = await demoTenantId(t);
});

const post = (customerId: string, amount: number, extra: Partial<WalletPost> = {}) =>
  db().transaction((tx) =>
    postWallet(tx, {
      tenantId,
      customerId,
      kind: amount > 0 ? 'topup' : 'spend',
      amount,
      idempotencyKey: `ledger-test:${randomUUID()}`,
      actor: { kind: 'system', name: 'Test' },
      maxBalance: MAX,
      ...extra,
    }),
  );

/** The error code a post is refused with. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'posted',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('the wallet’s maximum balance', () => {
  it('lets a top-up land exactly on it and refuses one sen more', async () => {
    const c = await walletCustomer(db(), tenantId, { balance: MAX - 1000 });
    const posted = await post(c.id, 1000);
    expect(posted?.entry).toMatchObject({ amount: 1000, balanceAfter: MAX });
    expect(await refusal(post(c.id, 1))).toBe('wallet_balance_limit');
    expect(await balanceOf(db(), c.id)).toBe(MAX);
    const entries = await db()
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.customerId, c.id));
    expect(entries.map((e) => e.balanceAfter).sort((a, b) => a - b)).toEqual([MAX - 1000, MAX]);
  });

  it('refuses a top-up one sen past it from below', async () => {
    const c = await walletCustomer(db(), tenantId, { balance: MAX - 1000 });
    expect(await refusal(post(c.id, 1001))).toBe('wallet_balance_limit');
    expect(await balanceOf(db(), c.id)).toBe(MAX - 1000);
  });

  it('holds neither debits nor posts without a maximum to it', async () => {
    const c = await walletCustomer(db(), tenantId, { balance: MAX });
    expect((await post(c.id, 1, { kind: 'refund', maxBalance: null }))?.entry.balanceAfter).toBe(
      MAX + 1,
    );
    expect((await post(c.id, -1))?.entry.balanceAfter).toBe(MAX);
  });
});
