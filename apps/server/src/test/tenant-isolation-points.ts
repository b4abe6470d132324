import { randomUUID } from 'node:crypto';
import { customers } from '../db/schema/customers';
import { pointsEntries } from '../db/schema/loyalty';
import { eq } from 'drizzle-orm';
import { verifiedCustomer } from './mobile-fixtures';
import type { TestApp } from './test-app';
import type { Headers } from './tenant-isolation-send';

// The tenant-isolation scenario's part for membership, referrals and points: tenant A's staff
// edit the tier ladder and the loyalty and referral rules and list referrals; one of its
// customers reads and redeems points and lists their referrals, and staff read their points
// ledger; the expiry sweep runs over an old entry of theirs.

export async function runPointsScenario(
  t: TestApp,
  { admin, refused }: { admin: Headers; refused: string[] },
) {
  const send = async (
    headers: Headers,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const res = await t.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300)
      refused.push(`${method} ${url} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json() as { data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  // ---- Staff: the tier ladder, the rules, the referral list -------------------------------------
  const tier = await send(admin, 'POST', '/api/membership-tiers', {
    name_en: 'Iso Silver',
    name_my: 'Iso Perak',
    threshold: 50,
    points_per_rm: 120,
    colour: '#c0c0c0',
  });
  const spare = await send(admin, 'POST', '/api/membership-tiers', {
    name_en: 'Iso Spare',
    name_my: 'Iso Ganti',
    threshold: 9000,
    points_per_rm: 100,
    colour: '#101010',
  });
  await send(admin, 'PUT', `/api/membership-tiers/${tier.data.id}`, {
    name_en: 'Iso Silver',
    name_my: 'Iso Perak',
    threshold: 40,
    points_per_rm: 120,
    colour: '#c0c0c0',
  });
  await send(admin, 'DELETE', `/api/membership-tiers/${spare.data.id}`);
  await send(admin, 'GET', '/api/membership-tiers');
  const loyalty = (await send(admin, 'GET', '/api/loyalty-settings')).data;
  await send(admin, 'PUT', '/api/loyalty-settings', { ...loyalty, tier_basis: 'spend' });
  await send(admin, 'PUT', '/api/loyalty-settings', loyalty);
  const referral = (await send(admin, 'GET', '/api/referral-settings')).data;
  await send(admin, 'PUT', '/api/referral-settings', { ...referral, min_order: 1500 });
  await send(admin, 'GET', '/api/referrals?q=iso&status=pending');

  // ---- A customer: points, redemption, referrals, expiry ----------------------------------------
  const customer = await verifiedCustomer(t, { name: 'Iso Points' });
  const id = customer.session.customer.id;
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
  await t.database.db.insert(pointsEntries).values({
    tenantId: row!.tenantId,
    customerId: id,
    kind: 'earn',
    points: 300,
    balanceAfter: 300,
    spend: 30_000,
    idempotencyKey: `iso:${randomUUID()}`,
    actorKind: 'system',
    actorName: 'Isolation',
    createdAt: new Date(Date.now() - 500 * 86_400_000),
  });
  await t.database.db.update(customers).set({ points: 300 }).where(eq(customers.id, id));
  await send(customer.headers, 'GET', '/api/mobile/points');
  await send(
    { ...customer.headers, 'idempotency-key': randomUUID() },
    'POST',
    '/api/mobile/points/redeem',
    {
      points: 100,
    },
  );
  await send(customer.headers, 'GET', '/api/mobile/referrals');
  await send(admin, 'GET', `/api/referrals?customer_id=${id}`);
  await send(admin, 'GET', `/api/customers/${id}/points`);
  const { sweepPointsExpiry } = await import('../modules/loyalty/points-expiry.service');
  await sweepPointsExpiry(t.database.db, new Date());
}
