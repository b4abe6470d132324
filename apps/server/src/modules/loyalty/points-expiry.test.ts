import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointsEntries } from '../../db/schema/loyalty';
import { demoTenantId } from '../../test/order-fixtures';
import { addCustomer, customerRow, postTestPoints } from '../../test/points-fixtures';
import { useTestApp } from '../../test/use-test-app';
import { expiryCutoff, sweepPointsExpiry } from './points-expiry.service';

// Points expire points_expiry_months after they were earned, oldest first: whatever left the
// balance (redeemed, reversed, expired) used up the oldest points. The sweep is called here with
// a clock of the test's choosing.

const { t, api } = useTestApp({ signIn: ['admin'], api: 'admin' });

const DAY = 86_400_000;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const later = (days: number) => new Date(now.getTime() + days * DAY);

let tenantId: string;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  // The settings row (12 months by default) is made when first read.
  expect((await api.get('/api/loyalty-settings')).json().data.points_expiry_months).toBe(12);
});

const expiries = async (customerId: string) =>
  (
    await t.database.db
      .select()
      .from(pointsEntries)
      .where(and(eq(pointsEntries.customerId, customerId), eq(pointsEntries.kind, 'expiry')))
      .orderBy(asc(pointsEntries.createdAt))
  ).map((e) => ({ points: e.points, key: e.idempotencyKey, after: e.balanceAfter }));

describe('the points expiry sweep', () => {
  let mixed: string;
  let spent: string;
  let old: string;
  let silver: string;

  beforeAll(async () => {
    mixed = (await addCustomer(t, tenantId, { name: 'Expiry Mixed' })).id;
    await postTestPoints(t, tenantId, mixed, 100, { at: ago(430) });
    await postTestPoints(t, tenantId, mixed, 150, { at: ago(30) });
    await postTestPoints(t, tenantId, mixed, -30, { at: ago(20) });
    spent = (await addCustomer(t, tenantId, { name: 'Expiry Spent' })).id;
    await postTestPoints(t, tenantId, spent, 100, { at: ago(430) });
    await postTestPoints(t, tenantId, spent, -100, { at: ago(400) });
    old = (await addCustomer(t, tenantId, { name: 'Expiry Old' })).id;
    await postTestPoints(t, tenantId, old, 100, { at: ago(500) });
    await postTestPoints(t, tenantId, old, 200, { at: ago(380) });
    const tier = await api.post('/api/membership-tiers', {
      name_en: 'Silver',
      name_my: 'Perak',
      threshold: 100,
      points_per_rm: 100,
      colour: '#c0c0c0',
    });
    silver = tier.json().data.id;
  });

  it('expires what is left of the points earned before the cut-off, oldest used first', async () => {
    expect((await customerRow(t, mixed)).tierId).toBe(silver);
    const swept = await sweepPointsExpiry(t.database.db, now);
    const day = expiryCutoff(now, 12).toISOString().slice(0, 10);
    // 100 old points, 30 of them redeemed: 70 expire; the 150 of last month stay.
    expect(await expiries(mixed)).toEqual([
      { points: -70, key: `expiry:${mixed}:${day}`, after: 150 },
    ]);
    expect((await customerRow(t, mixed)).points).toBe(150);
    // Everything old was redeemed already: nothing to expire.
    expect(await expiries(spent)).toEqual([]);
    expect(await expiries(old)).toEqual([{ points: -300, key: `expiry:${old}:${day}`, after: 0 }]);
    // Its reason is the cut-off day, said in the reader's language (not English prose).
    const [entry] = await t.database.db
      .select()
      .from(pointsEntries)
      .where(and(eq(pointsEntries.customerId, old), eq(pointsEntries.kind, 'expiry')));
    expect(entry).toMatchObject({
      reason: null,
      reasonCode: 'points_expired',
      reasonParams: { before: day },
    });
    expect(swept.customers).toBeGreaterThanOrEqual(2);
    expect(swept.points).toBeGreaterThanOrEqual(370);
  });

  it('posts nothing more when swept again, the same day or by another instance', async () => {
    const [a, b] = await Promise.all([
      sweepPointsExpiry(t.database.db, now),
      sweepPointsExpiry(t.database.db, new Date(now.getTime() + 60_000)),
    ]);
    expect(a.points + b.points).toBe(0);
    expect(await expiries(mixed)).toHaveLength(1);
  });

  it('expires the next points as they age, counting what expired before, and lowers the tier', async () => {
    await postTestPoints(t, tenantId, mixed, -20, { at: ago(1) });
    const at = later(340);
    await sweepPointsExpiry(t.database.db, at);
    // Old now: 100 + 150 earned; out so far: 30 + 70 + 20. What is left of them, 130, expires.
    expect((await expiries(mixed)).map((e) => e.points)).toEqual([-70, -130]);
    expect((await customerRow(t, mixed)).points).toBe(0);
    // A year on, the 12 months hold no points: the tier follows.
    expect((await customerRow(t, mixed)).tierId).toBeNull();
  });

  it('expires nothing while the business keeps points forever', async () => {
    const keeper = (await addCustomer(t, tenantId, { name: 'Expiry Keeper' })).id;
    await postTestPoints(t, tenantId, keeper, 80, { at: ago(800) });
    const settings = (await api.get('/api/loyalty-settings')).json().data;
    await api.put('/api/loyalty-settings', { ...settings, points_expiry_months: 0 });
    await sweepPointsExpiry(t.database.db, now);
    expect(await expiries(keeper)).toEqual([]);
    await api.put('/api/loyalty-settings', settings);
    await sweepPointsExpiry(t.database.db, now);
    expect((await expiries(keeper)).map((e) => e.points)).toEqual([-80]);
  });
});
