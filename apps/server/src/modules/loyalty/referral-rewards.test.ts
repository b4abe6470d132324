import { and, asc, eq, like } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pointsEntries, walletEntries } from '../../db/schema/loyalty';
import { openDrawer } from '../../test/order-fixtures';
import { paidOrder } from '../../test/refund-fixtures';
import { useSaleApp } from '../../test/use-sale-app';
import {
  completedRefund,
  customerRow,
  fund,
  refer,
  referralRow,
  setLoyalty,
  walletCustomer,
} from '../../test/wallet-pay-fixtures';

// "Invite a friend": when the referred customer's first paid order completes (reaching the
// tenant's minimum, with referrals on), the referrer gets RM 5.00 in the wallet and the new
// customer 100 points (the defaults), once; refunded in full, both are taken back. The test
// product sells for RM 21.20 with SST.

const NOON_KL = '2026-06-10T04:00:00Z';
const TOTAL = 2120;
const { t, api, as, clock, refs, oneLine } = useSaleApp({
  signIn: ['admin', 'finance'],
  product: { sku: 'REFER-CAKE', price: 2000 },
});
const { admin, finance } = as;

beforeAll(async () => {
  await openDrawer(t, 'finance', refs.kl); // a cash refund is paid from its completer's drawer
});
beforeEach(() => clock.set(NOON_KL));
afterEach(() => setLoyalty(t, { referralEnabled: true, referralMinOrder: 1000 }));

/** A referrer and the friend they brought, with the pending referral. */
async function pair() {
  const referrer = await walletCustomer(t, 0, 'Referrer');
  const referee = await walletCustomer(t, 0, 'Referee');
  const referral = await refer(t, referrer.id, referee.id);
  return { referrer, referee, referral };
}
const saleFor = (customerId: string) =>
  paidOrder(
    t,
    admin,
    oneLine({
      customer_id: customerId,
      payments: [{ method: 'cash', amount: TOTAL }],
    }),
  );
async function completeOrder(id: string) {
  for (const status of ['APPROVED', 'COMPLETED']) {
    const res = await api.post(`/api/orders/${id}/status`, { status }, admin);
    expect(res.statusCode, res.body).toBe(200);
  }
}
/** The referral's ledger entries (`referral:<id>:<role>:<reward|reverse>`). */
async function referralEntries(referralId: string) {
  const key = `referral:${referralId}:%`;
  const wallet = await t.database.db
    .select()
    .from(walletEntries)
    .where(like(walletEntries.idempotencyKey, key))
    .orderBy(asc(walletEntries.createdAt));
  const points = await t.database.db
    .select()
    .from(pointsEntries)
    .where(like(pointsEntries.idempotencyKey, key))
    .orderBy(asc(pointsEntries.createdAt));
  const reason = (e: { reason: string | null; reasonCode: string | null; reasonParams: unknown }) =>
    e.reason ?? [e.reasonCode, e.reasonParams];
  return [
    ...wallet.map((e) => [
      'wallet',
      e.idempotencyKey.split(':').slice(2).join(':'),
      e.amount,
      reason(e),
    ]),
    ...points.map((e) => [
      'points',
      e.idempotencyKey.split(':').slice(2).join(':'),
      e.points,
      reason(e),
    ]),
  ];
}

describe('the referral reward', () => {
  it('goes to both customers once, when the friend’s first paid order completes', async () => {
    const { referrer, referee, referral } = await pair();
    const first = await saleFor(referee.id);
    expect((await referralRow(t, referral.id)).status).toBe('pending');
    await completeOrder(first.id);
    expect(await referralRow(t, referral.id)).toMatchObject({
      status: 'rewarded',
      orderId: first.id,
    });
    expect(await referralEntries(referral.id)).toEqual([
      ['wallet', 'referrer:reward', 500, ['referral_reward', { role: 'referrer' }]],
      ['points', 'referee:reward', 100, ['referral_reward', { role: 'referee' }]],
    ]);
    expect(await customerRow(t, referrer.id)).toMatchObject({ walletBalance: 500, points: 0 });
    expect((await customerRow(t, referee.id)).points).toBe(21 + 100);
    // Their next order rewards nobody.
    await completeOrder((await saleFor(referee.id)).id);
    expect(await referralEntries(referral.id)).toHaveLength(2);
  });

  it('is not given below the minimum first order, nor when referrals are off', async () => {
    const low = await pair();
    await setLoyalty(t, { referralMinOrder: TOTAL + 1 });
    await completeOrder((await saleFor(low.referee.id)).id);
    expect((await referralRow(t, low.referral.id)).status).toBe('pending');
    // The first paid order did not qualify: a later one does not either.
    await setLoyalty(t, { referralMinOrder: 1000 });
    clock.set('2026-06-10T04:01:00Z');
    await completeOrder((await saleFor(low.referee.id)).id);
    expect((await referralRow(t, low.referral.id)).status).toBe('pending');

    const off = await pair();
    await setLoyalty(t, { referralEnabled: false });
    await completeOrder((await saleFor(off.referee.id)).id);
    expect((await referralRow(t, off.referral.id)).status).toBe('pending');
    expect(await referralEntries(off.referral.id)).toEqual([]);
  });

  it('waits for the first order when a later one completes first', async () => {
    const { referral, referee } = await pair();
    const first = await saleFor(referee.id);
    clock.set('2026-06-10T04:05:00Z');
    const second = await saleFor(referee.id);
    await completeOrder(second.id);
    expect((await referralRow(t, referral.id)).status).toBe('pending');
    await completeOrder(first.id);
    expect(await referralRow(t, referral.id)).toMatchObject({
      status: 'rewarded',
      orderId: first.id,
    });
  });

  it('is taken back when that order is refunded in full, not on a part refund', async () => {
    const { referrer, referee, referral } = await pair();
    const order = await saleFor(referee.id);
    await completeOrder(order.id);
    const refund = (body: Record<string, unknown>) =>
      completedRefund(t, admin, finance, {
        order_id: order.id,
        method: 'cash',
        reason: 'quality_issue',
        ...body,
      });
    await refund({ kind: 'amount', amount: 1000 });
    expect((await referralRow(t, referral.id)).status).toBe('rewarded');
    await refund({ kind: 'full' });
    const row = await referralRow(t, referral.id);
    expect(row.status).toBe('reversed');
    expect(row.reversedAt?.toISOString()).toBe('2026-06-10T04:00:00.000Z');
    expect(await referralEntries(referral.id)).toEqual([
      ['wallet', 'referrer:reward', 500, ['referral_reward', { role: 'referrer' }]],
      ['wallet', 'referrer:reverse', -500, ['referral_reward_reversed', { role: 'referrer' }]],
      ['points', 'referee:reward', 100, ['referral_reward', { role: 'referee' }]],
      ['points', 'referee:reverse', -100, ['referral_reward_reversed', { role: 'referee' }]],
    ]);
    expect(await customerRow(t, referrer.id)).toMatchObject({ walletBalance: 0 });
    expect(await customerRow(t, referee.id)).toMatchObject({ points: 0 });
  });

  it('takes back only what is left of a reward already spent', async () => {
    const { referrer, referee, referral } = await pair();
    const order = await saleFor(referee.id);
    await completeOrder(order.id);
    // The referrer spends RM 3.00 of the RM 5.00 before the friend's order is refunded.
    await fund(t, referrer.id, -300, 'spend');
    await completedRefund(t, admin, finance, {
      order_id: order.id,
      kind: 'full',
      method: 'cash',
      reason: 'wrong_item',
    });
    const [reversed] = await t.database.db
      .select()
      .from(walletEntries)
      .where(
        and(
          eq(walletEntries.customerId, referrer.id),
          eq(walletEntries.idempotencyKey, `referral:${referral.id}:referrer:reverse`),
        ),
      );
    expect(reversed).toMatchObject({ amount: -200, balanceAfter: 0, kind: 'adjustment' });
    expect((await referralRow(t, referral.id)).status).toBe('reversed');
  });
});
