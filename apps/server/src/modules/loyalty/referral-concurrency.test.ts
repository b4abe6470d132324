import { like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointsEntries, walletEntries } from '../../db/schema/loyalty';
import { demoOutlet } from '../../test/catalogue-fixtures';
import { addProduct, demoTenantId, testClock } from '../../test/order-fixtures';
import { paidOrder } from '../../test/refund-fixtures';
import { engine } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { refer, referralRow, walletCustomer } from '../../test/wallet-pay-fixtures';
import { rewardOnCompletion } from './referrals.service';

// The referral reward under parallel completion, on PostgreSQL (PGlite has one connection, so
// nothing there runs side by side): several requests completing the friend's first order at once,
// several transactions rewarding it at once, and the friend's two orders completing at once.
// Each time exactly one reward per side: the referral's row is locked before anything is read.

const NOON_KL = '2026-06-10T04:00:00Z';
const clock = testClock(NOON_KL);
const PARALLEL = 8;

describe.runIf(engine === 'postgres')('the referral reward under parallel completion', () => {
  const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin'] });
  const { admin } = as;
  let kl: string;
  let cake: string;

  beforeAll(async () => {
    kl = (await demoOutlet(t, 'KL01')).id;
    cake = (await addProduct(t, { sku: 'RACE-CAKE', price: 2000 })).id;
  });

  async function referredOrders(count: number) {
    const referrer = await walletCustomer(t, 0, 'Referrer');
    const referee = await walletCustomer(t, 0, 'Referee');
    const referral = await refer(t, referrer.id, referee.id);
    const orders: { id: string }[] = [];
    for (let i = 0; i < count; i++) {
      clock.set(new Date(Date.parse(NOON_KL) + i * 60_000).toISOString());
      orders.push(
        await paidOrder(t, admin, {
          outlet_id: kl,
          customer_id: referee.id,
          items: [{ product_id: cake, quantity: 1 }],
          payments: [{ method: 'cash', amount: 2120 }],
        }),
      );
      const approved = await api.post(
        `/api/orders/${orders[i]!.id}/status`,
        { status: 'APPROVED' },
        admin,
      );
      expect(approved.statusCode, approved.body).toBe(200);
    }
    clock.set(NOON_KL);
    return { referral, orders };
  }
  const complete = (id: string) =>
    api.post(`/api/orders/${id}/status`, { status: 'COMPLETED' }, admin);
  async function rewards(referralId: string) {
    const key = `referral:${referralId}:%`;
    const wallet = await t.database.db
      .select({ key: walletEntries.idempotencyKey })
      .from(walletEntries)
      .where(like(walletEntries.idempotencyKey, key));
    const points = await t.database.db
      .select({ key: pointsEntries.idempotencyKey })
      .from(pointsEntries)
      .where(like(pointsEntries.idempotencyKey, key));
    return [...wallet, ...points].map((r) => r.key.split(':').slice(2).join(':')).sort();
  }

  it('rewards once when many requests complete the first order at once', async () => {
    const { referral, orders } = await referredOrders(1);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => complete(orders[0]!.id)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([
      200,
      ...Array<number>(PARALLEL - 1).fill(409),
    ]);
    expect(await rewards(referral.id)).toEqual(['referee:reward', 'referrer:reward']);
    expect((await referralRow(t, referral.id)).status).toBe('rewarded');
  });

  it('rewards once when many transactions reward the same completion at once', async () => {
    const { referral, orders } = await referredOrders(1);
    const tenantId = await demoTenantId(t);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.database.db.transaction((tx) =>
          rewardOnCompletion(tx, {
            tenantId,
            customerId: referral.refereeId,
            orderId: orders[0]!.id,
            paid: 2120,
            at: new Date(NOON_KL),
          }),
        ),
      ),
    );
    expect(results.filter((r) => r === referral.id)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(PARALLEL - 1);
    expect(await rewards(referral.id)).toEqual(['referee:reward', 'referrer:reward']);
  });

  it('rewards the first order once when the friend’s orders complete at once', async () => {
    const { referral, orders } = await referredOrders(3);
    const answers = await Promise.all(orders.map((o) => complete(o.id)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await rewards(referral.id)).toEqual(['referee:reward', 'referrer:reward']);
    expect(await referralRow(t, referral.id)).toMatchObject({
      status: 'rewarded',
      orderId: orders[0]!.id,
    });
  });
});
