import { randomUUID } from 'node:crypto';
import { mobileRewardExchangeSchema, mobileRewardsSchema } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { pointsEntries } from '../../db/schema/loyalty';
import { resetAppFeatures, setDemoSwitch } from '../../test/app-feature-fixtures';
import { useOtherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { verifiedCustomer } from '../../test/mobile-fixtures';
import { testClock } from '../../test/order-fixtures';
import {
  addReward,
  codesOfReward,
  customerWithPoints,
  pointsBalance,
  rewardNow,
  uniqueVoucher,
} from '../../test/reward-fixtures';
import { anonymous, type RequestHeaders } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { addVoucher } from '../../test/voucher-fixtures';
import { auditsOf } from '../../test/fixtures';

// The customer app's rewards: GET /api/mobile/rewards lists what may be exchanged now with the
// customer's points; POST /api/mobile/rewards/{id}/exchange takes the points (kind `voucher`) and
// issues the customer a code of the reward's voucher, once per Idempotency-Key. The stock, the
// period and the balance are checked at their exact edges; the app's vouchers switch binds both.

const NOW = '2026-06-10T04:00:00.000Z';
const clock = testClock(NOW);
const { t, api, as } = useTestApp({
  signIn: ['admin'],
  now: clock.now,
  config: { mobileRateLimit: 10_000 },
});
const other = useOtherTenant(t, 'exchange-rival');
afterEach(async () => {
  clock.set(NOW);
  await resetAppFeatures(t);
});

const exchange = (id: string, headers: RequestHeaders, key: string = randomUUID()) =>
  api.post(`/api/mobile/rewards/${id}/exchange`, undefined, { ...headers, 'idempotency-key': key });
const rewardsOf = async (headers: RequestHeaders) => {
  const res = await api.get('/api/mobile/rewards', headers);
  expect(res.statusCode, res.body).toBe(200);
  return mobileRewardsSchema.strict().parse(res.json().data);
};

describe('access to the app’s rewards', () => {
  it('answers 401 without a customer token, and to a staff token', async () => {
    const reward = await addReward(t);
    for (const headers of [anonymous, as.admin]) {
      expectCode(await api.get('/api/mobile/rewards', headers), 401, 'unauthorized');
      expectCode(await exchange(reward.id, headers), 401, 'unauthorized');
    }
  });

  it("answers 404 for another tenant's reward and a reward that does not exist", async () => {
    const customer = await customerWithPoints(t, 500);
    const theirs = await addReward(t, { tenantId: other.tenant.id });
    expectCode(await exchange(theirs.id, customer.headers), 404, 'not_found');
    expectCode(await exchange(randomUUID(), customer.headers), 404, 'not_found');
    expect(await pointsBalance(t, customer.id)).toBe(500);
    expect((await rewardsOf(customer.headers)).rewards.map((r) => r.id)).not.toContain(theirs.id);
  });

  it('answers 400 for an id that is not one, and without an Idempotency-Key', async () => {
    const customer = await customerWithPoints(t, 500);
    expectCode(await exchange('not-an-id', customer.headers), 400, 'validation_failed');
    const reward = await addReward(t);
    const res = await api.post(
      `/api/mobile/rewards/${reward.id}/exchange`,
      undefined,
      customer.headers,
    );
    expectCode(res, 400, 'idempotency_key_required');
    expect(await pointsBalance(t, customer.id)).toBe(500);
  });
});

describe('POST /api/mobile/rewards/{id}/exchange', () => {
  it('takes the price, counts one, issues a code that shows in my vouchers, and audits it', async () => {
    const reward = await addReward(t, {
      pointsPrice: 300,
      stock: 5,
      nameEn: 'Free Kopi Susu',
      nameMy: 'Kopi Susu percuma',
    });
    const customer = await customerWithPoints(t, 1000);
    const res = await exchange(reward.id, customer.headers);
    expect(res.statusCode, res.body).toBe(201);
    const answer = mobileRewardExchangeSchema.strict().parse(res.json().data);
    expect(answer).toMatchObject({ reward_id: reward.id, points_spent: 300, points: 700 });
    expect(await pointsBalance(t, customer.id)).toBe(1000 - 300);
    expect((await rewardNow(t, reward.id)).issuedCount).toBe(1);
    const codes = await codesOfReward(t, reward.id);
    expect(codes.map((c) => [c.code, c.customerId, c.voucherId])).toEqual([
      [answer.code, customer.id, reward.voucherId],
    ]);
    const entries = await t.database.db
      .select()
      .from(pointsEntries)
      .where(and(eq(pointsEntries.customerId, customer.id), eq(pointsEntries.kind, 'voucher')));
    expect(entries.map((e) => [e.points, e.balanceAfter])).toEqual([[-300, 700]]);
    // Its reason in both names, so a Malay screen shows the reward's Malay name.
    expect(entries[0]).toMatchObject({
      reason: null,
      reasonCode: 'reward_exchange',
      reasonParams: { name_en: 'Free Kopi Susu', name_my: 'Kopi Susu percuma' },
    });
    const mine = (await api.get('/api/mobile/vouchers', customer.headers)).json().data;
    expect(mine.map((v: { code: string }) => v.code)).toEqual([answer.code]);
    const audit = await auditsOf(t, 'reward.exchange', reward.id);
    expect(audit).toHaveLength(1);
  });

  it('replays the same key without a second exchange; a new key is a new exchange', async () => {
    const reward = await addReward(t, { pointsPrice: 100 });
    const customer = await customerWithPoints(t, 250);
    const key = randomUUID();
    const first = await exchange(reward.id, customer.headers, key);
    const again = await exchange(reward.id, customer.headers, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await pointsBalance(t, customer.id)).toBe(150);
    expect(await codesOfReward(t, reward.id)).toHaveLength(1);
    const second = await exchange(reward.id, customer.headers);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.code).not.toBe(first.json().data.code);
    expect(await pointsBalance(t, customer.id)).toBe(50);
    expect((await rewardNow(t, reward.id)).issuedCount).toBe(2);
  });

  it('exchanges with exactly the price in points, and refuses one point short', async () => {
    const reward = await addReward(t, { pointsPrice: 400 });
    const exact = await customerWithPoints(t, 400);
    expect((await exchange(reward.id, exact.headers)).statusCode).toBe(201);
    expect(await pointsBalance(t, exact.id)).toBe(0);
    const short = await customerWithPoints(t, 399);
    expectCode(await exchange(reward.id, short.headers), 409, 'insufficient_points');
    expect(await pointsBalance(t, short.id)).toBe(399);
    expect((await rewardNow(t, reward.id)).issuedCount).toBe(1);
    expect(await codesOfReward(t, reward.id)).toHaveLength(1);
  });

  it('issues up to the stock exactly, and refuses one past it', async () => {
    const reward = await addReward(t, { pointsPrice: 10, stock: 2 });
    const customer = await customerWithPoints(t, 100);
    expect((await exchange(reward.id, customer.headers)).statusCode).toBe(201);
    expect((await exchange(reward.id, customer.headers)).statusCode).toBe(201);
    expectCode(await exchange(reward.id, customer.headers), 409, 'reward_out_of_stock');
    expect(await rewardNow(t, reward.id)).toMatchObject({ issuedCount: 2, stock: 2 });
    expect(await pointsBalance(t, customer.id)).toBe(100 - 2 * 10);
    expect((await rewardsOf(customer.headers)).rewards.map((r) => r.id)).not.toContain(reward.id);
  });

  it('is open from starts_at exactly, and closed at ends_at exactly', async () => {
    const reward = await addReward(t, {
      pointsPrice: 10,
      startsAt: new Date('2026-07-01T00:00:00Z'),
      endsAt: new Date('2026-07-31T00:00:00Z'),
    });
    const customer = await customerWithPoints(t, 100);
    clock.set('2026-06-30T23:59:59.999Z');
    expectCode(await exchange(reward.id, customer.headers), 409, 'reward_unavailable');
    clock.set('2026-07-01T00:00:00.000Z');
    expect((await exchange(reward.id, customer.headers)).statusCode).toBe(201);
    clock.set('2026-07-30T23:59:59.999Z');
    expect((await exchange(reward.id, customer.headers)).statusCode).toBe(201);
    clock.set('2026-07-31T00:00:00.000Z');
    expectCode(await exchange(reward.id, customer.headers), 409, 'reward_unavailable');
    expect((await rewardsOf(customer.headers)).rewards.map((r) => r.id)).not.toContain(reward.id);
    expect(await pointsBalance(t, customer.id)).toBe(80);
  });

  it('refuses a reward switched off, or whose voucher has expired', async () => {
    const off = await addReward(t, { status: 'inactive' });
    const customer = await customerWithPoints(t, 1000);
    expectCode(await exchange(off.id, customer.headers), 409, 'reward_unavailable');
    const ended = await addVoucher(t, {
      codeKind: 'unique',
      code: null,
      validUntil: new Date(NOW),
    });
    const late = await addReward(t, { voucherId: ended.id });
    expectCode(await exchange(late.id, customer.headers), 409, 'reward_unavailable');
    expect(await pointsBalance(t, customer.id)).toBe(1000);
  });

  it('is refused while the app’s vouchers are switched off, and works again once on', async () => {
    const reward = await addReward(t, { pointsPrice: 50 });
    const customer = await customerWithPoints(t, 100);
    await setDemoSwitch(t, 'vouchers', null, false);
    expectCode(await exchange(reward.id, customer.headers), 400, 'app_feature_off');
    expectCode(await api.get('/api/mobile/rewards', customer.headers), 400, 'app_feature_off');
    expect(await pointsBalance(t, customer.id)).toBe(100);
    await setDemoSwitch(t, 'vouchers', null, true);
    expect((await exchange(reward.id, customer.headers)).statusCode).toBe(201);
  });
});

describe('GET /api/mobile/rewards', () => {
  it('lists active rewards in their period with stock left, my points and what I can afford', async () => {
    const voucher = await uniqueVoucher(t);
    const cheap = await addReward(t, {
      voucherId: voucher.id,
      pointsPrice: 100,
      stock: 3,
      issuedCount: 1,
      sortOrder: -2,
    });
    const dear = await addReward(t, {
      voucherId: voucher.id,
      pointsPrice: 101,
      stock: null,
      sortOrder: -1,
    });
    const hidden = [
      await addReward(t, { voucherId: voucher.id, status: 'inactive' }),
      await addReward(t, { voucherId: voucher.id, stock: 1, issuedCount: 1 }),
      await addReward(t, { voucherId: voucher.id, startsAt: new Date('2026-06-10T04:00:00.001Z') }),
      await addReward(t, { voucherId: voucher.id, endsAt: new Date(NOW) }),
    ].map((r) => r.id);
    const customer = await customerWithPoints(t, 100);
    const list = await rewardsOf(customer.headers);
    expect(list.points).toBe(100);
    const ids = list.rewards.map((r) => r.id);
    expect(ids.slice(0, 2)).toEqual([cheap.id, dear.id]);
    expect(ids.filter((id) => hidden.includes(id))).toEqual([]);
    expect(list.rewards[0]).toMatchObject({
      stock_left: 2,
      affordable: true,
      voucher: { id: voucher.id },
    });
    expect(list.rewards[1]).toMatchObject({ stock_left: null, affordable: false });
    const fresh = await verifiedCustomer(t);
    expect((await rewardsOf(fresh.headers)).points).toBe(0);
  });
});
