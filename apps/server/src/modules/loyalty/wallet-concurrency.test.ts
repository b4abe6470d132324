import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { walletEntries } from '../../db/schema/loyalty';
import { demoTenantId } from '../../test/order-fixtures';
import { engine } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { raceApiSpends, raceSpends, type RaceResult } from '../../test/wallet-race';
import { balanceOf, setWalletRules, walletCustomer } from '../../test/wallet-fixtures';

// 64 spends against one wallet at once never take it below zero: exactly floor(balance / amount)
// go through, the rest are refused with insufficient_wallet_balance, and the balance left is the
// ledger's last balance after. On PostgreSQL each spend holds its own connection and transaction
// at the same moment (the pool allows them), then they race for the customer's row lock; PGlite
// runs them one at a time on its single connection.

const SPENDS = 64;
const BALANCE = 10_000; // RM 100.00
const AMOUNT = 300; // RM 3.00: 33 go through, 31 are refused

let tenantId: string;
const { t, as } = useTestApp({ signIn: ['finance'], poolMax: SPENDS + 8 });
const db = () => t.database.db;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  // Every debit of the API's race within finance's adjustment limit for the day, so each posts at
  // once or is refused for want of balance, never waits for a second approver.
  await setWalletRules(db(), tenantId, { adjustmentLimit: SPENDS * AMOUNT });
});

/** Checks the race's outcome against the ledger, and prints the figure for the record. */
async function expectExactly(customerId: string, result: RaceResult, how: string) {
  const successes = Math.floor(BALANCE / AMOUNT);
  console.log(
    `wallet race on ${engine}, ${how}: ${SPENDS} spends of ${AMOUNT} sen against ${BALANCE} sen → ` +
      `${result.successes} went through (expected ${successes}), ${result.refused} refused, ${result.ms} ms`,
  );
  expect(result.other).toEqual([]);
  expect(result.successes).toBe(successes);
  expect(result.refused).toBe(SPENDS - successes);
  const final = BALANCE - successes * AMOUNT;
  expect(await balanceOf(db(), customerId)).toBe(final);
  const entries = await db()
    .select()
    .from(walletEntries)
    .where(eq(walletEntries.customerId, customerId))
    .orderBy(desc(walletEntries.createdAt));
  expect(entries).toHaveLength(successes + 1);
  expect(entries[0]!.balanceAfter).toBe(final);
  // The chain, oldest first: each balance after is the one before plus the amount.
  const chain = [...entries].reverse();
  chain.forEach((e, i) =>
    expect(e.balanceAfter).toBe((chain[i - 1]?.balanceAfter ?? 0) + e.amount),
  );
}

describe(`${SPENDS} concurrent spends against one wallet`, () => {
  it('through postWallet, each in its own transaction and connection', async () => {
    const c = await walletCustomer(db(), tenantId, { balance: BALANCE });
    const result = await raceSpends(db(), {
      tenantId,
      customerId: c.id,
      spends: SPENDS,
      amount: AMOUNT,
      barrier: engine === 'postgres',
    });
    if (engine === 'postgres') expect(result.connections).toBe(SPENDS);
    await expectExactly(c.id, result, `postWallet on ${result.connections || 1} connections`);
  });

  it('through the API: the refused ones answer 409 insufficient_wallet_balance', async () => {
    const c = await walletCustomer(db(), tenantId, { balance: BALANCE });
    const result = await raceApiSpends(t.inject, as.finance, c.id, SPENDS, AMOUNT);
    await expectExactly(c.id, result, `${SPENDS} API calls`);
  });
});
