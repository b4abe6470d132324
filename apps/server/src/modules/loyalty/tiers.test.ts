import { membershipTierSchema } from '@kopi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipTiers } from '../../db/schema/membership-tiers';
import { detailPaths, expectCode, expectInvalid } from '../../test/expect-code';
import { createTenant, latestAudit } from '../../test/fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { addCustomer, customerRow, postTestPoints } from '../../test/points-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { recalculateTier } from './points.service';

// /api/membership-tiers: the ladder staff edit on /customer/membership, and every customer
// following it: a change moves each customer to the tier their last 12 months reach.

const { t, api, as } = useTestApp({ signIn: ['admin', 'manager', 'finance'], api: 'admin' });
const { manager, finance } = as;

let tenantId: string;
let otherTierId: string;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  const { tenant } = await createTenant(t, 'tier-other');
  const [row] = await t.database.db
    .insert(membershipTiers)
    .values({
      tenantId: tenant.id,
      nameEn: 'Theirs',
      nameMy: 'Mereka',
      threshold: 1,
      colour: '#000000',
    })
    .returning();
  otherTierId = row!.id;
});

const tier = (name: string, threshold: number, extra: Record<string, unknown> = {}) => ({
  name_en: name,
  name_my: `${name} (my)`,
  threshold,
  points_per_rm: 100,
  colour: '#A0B0C0',
  ...extra,
});

const tierOf = async (customerId: string) => (await customerRow(t, customerId)).tierId;

async function create(body: Record<string, unknown>) {
  const res = await api.post('/api/membership-tiers', body);
  expect(res.statusCode, res.body).toBe(201);
  return membershipTierSchema.strict().parse(res.json().data);
}

describe('access to /api/membership-tiers', () => {
  it('answers 401 without a token and 403 without the membership permission', async () => {
    expect((await api.get('/api/membership-tiers', anonymous)).statusCode).toBe(401);
    expectCode(await api.get('/api/membership-tiers', manager), 403, 'forbidden');
    expectCode(await api.post('/api/membership-tiers', tier('X', 5), finance), 403, 'forbidden');
    expectCode(
      await api.put(`/api/membership-tiers/${otherTierId}`, tier('X', 5), manager),
      403,
      'forbidden',
    );
    expectCode(
      await api.del(`/api/membership-tiers/${otherTierId}`, undefined, finance),
      403,
      'forbidden',
    );
  });

  it("answers 404 for another tenant's tier and never lists it", async () => {
    expectCode(
      await api.put(`/api/membership-tiers/${otherTierId}`, tier('Mine', 7)),
      404,
      'not_found',
    );
    expectCode(await api.del(`/api/membership-tiers/${otherTierId}`), 404, 'not_found');
    const list = await api.get('/api/membership-tiers');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('Theirs');
  });

  it('answers 400 with the fields at fault', async () => {
    const bad = await api.post('/api/membership-tiers', {
      name_en: ' ',
      threshold: -1,
      points_per_rm: 1.5,
      colour: 'green',
    });
    expectInvalid(bad, ['colour', 'name_en', 'name_my', 'points_per_rm', 'threshold']);
    expect(bad.json().details.find((d: { path: string }) => d.path === 'colour').message).toBe(
      'validation.pattern?pattern=%23RRGGBB',
    );
    expectCode(
      await api.put('/api/membership-tiers/not-a-uuid', tier('X', 5)),
      400,
      'validation_failed',
    );
  });
});

describe('the tier ladder and its members', () => {
  let silver: string;
  let gold: string;
  let aina: string;
  let ben: string;
  let chong: string;

  beforeAll(async () => {
    aina = (await addCustomer(t, tenantId, { name: 'Tier Aina' })).id;
    ben = (await addCustomer(t, tenantId, { name: 'Tier Ben' })).id;
    chong = (await addCustomer(t, tenantId, { name: 'Tier Chong' })).id;
    await postTestPoints(t, tenantId, aina, 150, { spend: 15_000 });
    await postTestPoints(t, tenantId, ben, 600, { spend: 2_000 });
    // Earned 13 months ago: outside the 12 months a tier is measured over.
    await postTestPoints(t, tenantId, chong, 900, { at: new Date(Date.now() - 400 * 86_400_000) });
  });

  it('creates a tier, audits it and moves the customers whose points reach it', async () => {
    const created = await create(tier('Silver', 100, { benefits_en: 'Free upsize' }));
    silver = created.id;
    expect(created).toMatchObject({
      name_en: 'Silver',
      threshold: 100,
      colour: '#a0b0c0',
      members: 2,
    });
    expect(created.benefits_my).toBe('');
    expect(await tierOf(aina)).toBe(silver);
    expect(await tierOf(ben)).toBe(silver);
    expect(await tierOf(chong)).toBeNull();
    const entry = await latestAudit(t, 'membership_tier.create');
    expect(entry).toMatchObject({ entityId: silver, actorUsername: 'admin' });
  });

  it('refuses a second tier at the same threshold with 409 tier_threshold_taken', async () => {
    const res = await api.post('/api/membership-tiers', tier('Copy', 100));
    expectCode(res, 409, 'tier_threshold_taken');
    expect(detailPaths(res)).toEqual(['threshold']);
  });

  it('moves a customer up a tier above them, and again when their points reach it', async () => {
    gold = (await create(tier('Gold', 500, { points_per_rm: 150 }))).id;
    expect(await tierOf(ben)).toBe(gold);
    expect(await tierOf(aina)).toBe(silver);
    // Points reach Gold's threshold: the customer's own recalculation moves them up.
    await postTestPoints(t, tenantId, aina, 400);
    await t.database.db.transaction((tx) => recalculateTier(tx, tenantId, aina, new Date()));
    expect(await tierOf(aina)).toBe(gold);
    const list = (await api.get('/api/membership-tiers')).json().data as {
      id: string;
      members: number;
    }[];
    expect(list.map((r) => r.id).slice(0, 2)).toEqual([silver, gold]);
    expect(list.find((r) => r.id === gold)!.members).toBe(2);
  });

  it('updates a tier (audited with before and after) and recalculates everyone', async () => {
    const res = await api.put(
      `/api/membership-tiers/${gold}`,
      tier('Gold', 560, { points_per_rm: 150 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(membershipTierSchema.parse(res.json().data)).toMatchObject({
      threshold: 560,
      members: 1,
    });
    expect(await tierOf(ben)).toBe(gold);
    expect(await tierOf(aina)).toBe(silver);
    const entry = await latestAudit(t, 'membership_tier.update');
    expect(entry?.before).toMatchObject({ threshold: 500 });
    expect(entry?.after).toMatchObject({ threshold: 560 });
    expectCode(
      await api.put(`/api/membership-tiers/${gold}`, tier('Gold', 100)),
      409,
      'tier_threshold_taken',
    );
  });

  it('deletes a tier: its customers fall to the tier their figures reach, then to none', async () => {
    const res = await api.del(`/api/membership-tiers/${gold}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: gold, deleted: true });
    expect(await tierOf(ben)).toBe(silver);
    expect((await latestAudit(t, 'membership_tier.delete'))?.entityId).toBe(gold);
    expectCode(await api.del(`/api/membership-tiers/${gold}`), 404, 'not_found');
    await api.del(`/api/membership-tiers/${silver}`);
    expect(await tierOf(ben)).toBeNull();
    expect(await tierOf(aina)).toBeNull();
  });

  it('puts every customer in a tier that starts at 0', async () => {
    const base = await create(tier('Classic', 0));
    expect(await tierOf(chong)).toBe(base.id);
    expect(base.members).toBeGreaterThanOrEqual(3);
    await api.del(`/api/membership-tiers/${base.id}`);
  });
});
