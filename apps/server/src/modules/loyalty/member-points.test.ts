import { mobilePointsSchema, mobileRedeemResultSchema } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { pointsEntries, walletEntries } from '../../db/schema/loyalty';
import { detailPaths, expectCode } from '../../test/expect-code';
import { latestAudit } from '../../test/fixtures';
import { type TestCustomer, verifiedCustomer } from '../../test/mobile-fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { customerRow, postTestPoints } from '../../test/points-fixtures';
import { anonymous, withIdempotencyKey } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { createMemberPointsService } from './member-points.service';

// The app's points: GET /api/mobile/points (balance, tier, what the next tier needs, the rate)
// and POST /api/mobile/points/redeem (points for wallet credit, once per Idempotency-Key).

const { t, api } = useTestApp({ signIn: ['admin'], api: 'admin' });

let tenantId: string;
let member: TestCustomer;
let memberId: string;
let silver: string;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  member = await verifiedCustomer(t, { name: 'Points Member' });
  memberId = member.session.customer.id;
  await postTestPoints(t, tenantId, memberId, 300, { spend: 30_000 });
  const tier = (name: string, threshold: number) =>
    api.post('/api/membership-tiers', {
      name_en: name,
      name_my: `${name} MY`,
      threshold,
      points_per_rm: 100,
      colour: '#c0c0c0',
      benefits_en: `${name} perks`,
    });
  silver = (await tier('Silver', 100)).json().data.id;
  await tier('Gold', 500);
});

const redeem = (points: unknown, key?: string, who: Record<string, string> = member.headers) =>
  api.post('/api/mobile/points/redeem', { points }, key ? withIdempotencyKey(who, key) : who);

describe('GET /api/mobile/points', () => {
  it('answers the balance, the tier, the next one and what it needs, and the rate', async () => {
    const res = await api.get('/api/mobile/points', member.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(mobilePointsSchema.strict().parse(res.json().data)).toEqual({
      points: 300,
      tier: {
        id: silver,
        name_en: 'Silver',
        name_my: 'Silver MY',
        colour: '#c0c0c0',
        benefits_en: 'Silver perks',
        benefits_my: '',
      },
      next_tier: { name_en: 'Gold', name_my: 'Gold MY', remaining: 200 },
      tier_basis: 'points',
      redeem_points: 100,
      redeem_value: 100,
    });
  });

  it("names the customer's tier in English on the customer view", async () => {
    const me = await api.get('/api/mobile/me', member.headers);
    expect(me.json().data).toMatchObject({ tier: 'Silver', points: 300 });
  });

  it('answers 401 without a customer session, and to a staff token', async () => {
    expectCode(await api.get('/api/mobile/points', anonymous), 401, 'unauthorized');
    expectCode(await api.get('/api/mobile/points'), 401, 'unauthorized');
  });
});

describe('POST /api/mobile/points/redeem', () => {
  it('takes the points and credits the wallet in one go, once per key', async () => {
    const first = await redeem(200, 'redeem-once');
    expect(first.statusCode, first.body).toBe(200);
    expect(mobileRedeemResultSchema.strict().parse(first.json().data)).toEqual({
      redeemed_points: 200,
      credited: 200,
      points: 100,
      wallet_balance: 200,
    });
    const again = await redeem(200, 'redeem-once');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const redeemed = await t.database.db
      .select()
      .from(pointsEntries)
      .where(and(eq(pointsEntries.customerId, memberId), eq(pointsEntries.kind, 'redeem')));
    const credited = await t.database.db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.customerId, memberId));
    expect(redeemed.map((e) => [e.points, e.reason, e.reasonCode, e.reasonParams])).toEqual([
      [-200, null, 'redeemed_for_wallet_credit', {}],
    ]);
    expect(
      credited.map((e) => [e.kind, e.amount, e.actorKind, e.reason, e.reasonCode, e.reasonParams]),
    ).toEqual([['reward', 200, 'customer', null, 'points_redeemed', { points: 200 }]]);
    expect(await customerRow(t, memberId)).toMatchObject({ points: 100, walletBalance: 200 });
    expect((await latestAudit(t, 'customer.redeem_points'))?.entityId).toBe(memberId);
  });

  it('answers 400 for points that are not a multiple of the rate, or none', async () => {
    const res = await redeem(150);
    expectCode(res, 400, 'validation_failed');
    expect(res.json().details).toEqual([
      { path: 'points', message: 'validation.points_multiple?step=100' },
    ]);
    expect(detailPaths(await redeem(0))).toEqual(['points']);
    expectCode(await redeem('lots'), 400, 'validation_failed');
  });

  it('answers 409 insufficient_points beyond the balance, posting nothing', async () => {
    expectCode(await redeem(200), 409, 'insufficient_points');
    expect(await customerRow(t, memberId)).toMatchObject({ points: 100, walletBalance: 200 });
  });

  it('answers 409 wallet_balance_limit when the credit would pass the maximum balance', async () => {
    const settings = (await api.get('/api/loyalty-settings')).json().data;
    await api.put('/api/loyalty-settings', { ...settings, wallet_max_balance: 250 });
    expectCode(await redeem(100), 409, 'wallet_balance_limit');
    await api.put('/api/loyalty-settings', settings);
    expect((await customerRow(t, memberId)).points).toBe(100);
  });

  it('refuses a blocked customer: the session stops at once, and the ledger refuses a late one', async () => {
    const blocked = await verifiedCustomer(t, { name: 'Blocked Member' });
    const id = blocked.session.customer.id;
    await postTestPoints(t, tenantId, id, 100);
    await t.database.db.update(customers).set({ status: 'disabled' }).where(eq(customers.id, id));
    expectCode(await redeem(100, undefined, blocked.headers), 401, 'unauthorized');
    // Blocked between the session check and the write: postWallet refuses inside the transaction.
    const service = createMemberPointsService({ db: t.database.db, now: () => new Date() });
    const principal = {
      customerId: id,
      sessionId: id,
      tenantId,
      tenantSlug: 'kopi-demo',
      name: 'Blocked Member',
      phone: blocked.phone,
    };
    const ctx = { principal: null, ip: '127.0.0.1', userAgent: null, requestId: 'test' };
    await expect(service.redeem(principal, ctx, 100, null)).rejects.toMatchObject({
      code: 'customer_blocked',
    });
    expect(await customerRow(t, id)).toMatchObject({ points: 100, walletBalance: 0 });
  });

  it('answers 401 without a customer session, and to a staff token', async () => {
    expectCode(await redeem(100, undefined, {}), 401, 'unauthorized');
    expectCode(await api.post('/api/mobile/points/redeem', { points: 100 }), 401, 'unauthorized');
  });
});
