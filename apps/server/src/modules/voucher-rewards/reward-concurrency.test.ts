import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pointsEntries } from '../../db/schema/loyalty';
import { testClock } from '../../test/order-fixtures';
import {
  addReward,
  codesOfReward,
  customerWithPoints,
  pointsBalance,
  rewardNow,
} from '../../test/reward-fixtures';
import { raceCreates } from '../../test/create-race';
import { engine } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// Rewards exchanged exactly as often as the stock and the points allow, under concurrency: 64
// exchanges at the same moment, each on its own connection and transaction. The reward row's
// lock queues them, so the stock is read after the one before committed; the customer row's lock
// (the points ledger) does the same for the balance. PGlite runs one transaction at a time, so
// this runs on PostgreSQL.

const EXCHANGES = 64;
const clock = testClock('2026-06-10T04:00:00Z');
const { t } = useTestApp({
  now: clock.now,
  poolMax: EXCHANGES + 8,
  config: { mobileRateLimit: 10_000 },
});

/** Each request at once; answers tallied: 201s, 409s by code, anything else kept whole. */
const race = (requests: { url: string; headers: Record<string, string> }[]) =>
  raceCreates(t, requests);

describe.runIf(engine === 'postgres')(`${EXCHANGES} exchanges at once`, () => {
  it('a reward with stock 1, by 64 customers: exactly one exchange', async () => {
    const reward = await addReward(t, { pointsPrice: 100, stock: 1 });
    const customers = [];
    for (let i = 0; i < EXCHANGES; i++) customers.push(await customerWithPoints(t, 100));
    const outcome = await race(
      customers.map((c) => ({
        url: `/api/mobile/rewards/${reward.id}/exchange`,
        headers: c.headers,
      })),
    );
    console.log(
      `reward race on ${engine}, stock 1: ${EXCHANGES} customers → ${outcome.created} exchanged, ` +
        `refused ${JSON.stringify(outcome.refused)}, ${outcome.ms} ms`,
    );
    expect(outcome.other).toEqual([]);
    expect(outcome.created).toBe(1);
    expect(outcome.refused).toEqual({ reward_out_of_stock: EXCHANGES - 1 });
    expect((await rewardNow(t, reward.id)).issuedCount).toBe(1);
    const codes = await codesOfReward(t, reward.id);
    expect(codes).toHaveLength(1);
    // Only the winner paid: everyone else still holds their 100 points.
    const balances = await Promise.all(customers.map((c) => pointsBalance(t, c.id)));
    expect(balances.filter((b) => b === 0)).toHaveLength(1);
    expect(balances.filter((b) => b === 100)).toHaveLength(EXCHANGES - 1);
    expect(balances[customers.findIndex((c) => c.id === codes[0]!.customerId)]).toBe(0);
  });

  it('one customer with points for exactly one, 64 keys: exactly one, never below zero', async () => {
    const reward = await addReward(t, { pointsPrice: 250, stock: null });
    const customer = await customerWithPoints(t, 250);
    const outcome = await race(
      Array.from({ length: EXCHANGES }, () => ({
        url: `/api/mobile/rewards/${reward.id}/exchange`,
        headers: customer.headers,
      })),
    );
    console.log(
      `reward race on ${engine}, points for one: ${EXCHANGES} exchanges of one customer → ` +
        `${outcome.created} exchanged, refused ${JSON.stringify(outcome.refused)}, ${outcome.ms} ms`,
    );
    expect(outcome.other).toEqual([]);
    expect(outcome.created).toBe(1);
    expect(outcome.refused).toEqual({ insufficient_points: EXCHANGES - 1 });
    expect(await pointsBalance(t, customer.id)).toBe(0);
    expect((await rewardNow(t, reward.id)).issuedCount).toBe(1);
    expect(await codesOfReward(t, reward.id)).toHaveLength(1);
    const entries = await t.database.db
      .select({ balanceAfter: pointsEntries.balanceAfter })
      .from(pointsEntries)
      .where(eq(pointsEntries.customerId, customer.id));
    expect(Math.min(...entries.map((e) => e.balanceAfter))).toBe(0);
  });
});
