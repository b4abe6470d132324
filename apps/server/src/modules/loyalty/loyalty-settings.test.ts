import { loyaltySettingsSchema, referralSettingsSchema } from '@kopi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectInvalid } from '../../test/expect-code';
import { latestAudit, signedInUser } from '../../test/fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import {
  addCustomer,
  customerRow,
  defaultLoyaltySettings,
  defaultReferralSettings,
  postTestPoints,
} from '../../test/points-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// /api/loyalty-settings (subject membership) and /api/referral-settings (subject referral): the
// tenant's one settings row, its defaults until saved, validation, the audit trail, and a new
// tier basis moving every customer.

const { t, api, as } = useTestApp({ signIn: ['admin', 'manager', 'finance'], api: 'admin' });
const { manager, finance } = as;

let tenantId: string;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
});

const loyalty = {
  wallet_max_balance: 200_000,
  topup_presets: [2000, 5000],
  adjustment_limit: 10_000,
  tier_basis: 'points',
  points_expiry_months: 6,
  redeem_points: 200,
  redeem_value: 500,
};
const referral = {
  enabled: false,
  referrer_reward_kind: 'points',
  referrer_reward_amount: 300,
  referee_reward_kind: 'wallet',
  referee_reward_amount: 700,
  min_order: 2500,
};

describe('GET and PUT /api/loyalty-settings', () => {
  it('answers the defaults until saved', async () => {
    const res = await api.get('/api/loyalty-settings');
    expect(res.statusCode, res.body).toBe(200);
    expect(loyaltySettingsSchema.strict().parse(res.json().data)).toEqual(defaultLoyaltySettings);
  });

  it('saves the rules and audits them with what they were', async () => {
    const res = await api.put('/api/loyalty-settings', loyalty);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(loyalty);
    expect((await api.get('/api/loyalty-settings')).json().data).toEqual(loyalty);
    const entry = await latestAudit(t, 'loyalty_settings.update');
    expect(entry).toMatchObject({ entity: 'loyalty_settings', entityId: tenantId });
    expect(entry?.before).toMatchObject({ redeem_points: 100 });
    expect(entry?.after).toMatchObject({ redeem_points: 200 });
  });

  it('answers 400 for a zero rate, no presets, an unknown basis or a negative limit', async () => {
    const res = await api.put('/api/loyalty-settings', {
      ...loyalty,
      redeem_points: 0,
      topup_presets: [],
      tier_basis: 'visits',
      adjustment_limit: -1,
    });
    expectInvalid(res, ['adjustment_limit', 'redeem_points', 'tier_basis', 'topup_presets']);
    expectCode(await api.put('/api/loyalty-settings', {}), 400, 'validation_failed');
  });

  it('answers 401 without a token and 403 without the membership permission', async () => {
    expect((await api.get('/api/loyalty-settings', anonymous)).statusCode).toBe(401);
    expectCode(await api.get('/api/loyalty-settings', finance), 403, 'forbidden');
    expectCode(await api.put('/api/loyalty-settings', loyalty, manager), 403, 'forbidden');
    // Reading is not enough to save.
    const reader = await signedInUser(t, {
      username: 'tier-reader',
      tenantId,
      permissions: ['read-membership'],
    });
    expect((await api.get('/api/loyalty-settings', reader)).statusCode).toBe(200);
    expectCode(await api.put('/api/loyalty-settings', loyalty, reader), 403, 'forbidden');
  });

  it('moves every customer to the tier the spend reaches when the basis becomes spend', async () => {
    const spender = (await addCustomer(t, tenantId, { name: 'Big Spender' })).id;
    const pointer = (await addCustomer(t, tenantId, { name: 'Points Collector' })).id;
    await postTestPoints(t, tenantId, spender, 10, { spend: 90_000 });
    await postTestPoints(t, tenantId, pointer, 5000, { spend: 100 });
    const tier = await api.post('/api/membership-tiers', {
      name_en: 'Platinum',
      name_my: 'Platinum',
      threshold: 5000,
      points_per_rm: 200,
      colour: '#e5e4e2',
    });
    const platinum = tier.json().data.id as string;
    expect((await customerRow(t, pointer)).tierId).toBe(platinum);
    expect((await customerRow(t, spender)).tierId).toBeNull();

    await api.put('/api/loyalty-settings', { ...loyalty, tier_basis: 'spend' });
    expect((await customerRow(t, spender)).tierId).toBe(platinum);
    expect((await customerRow(t, pointer)).tierId).toBeNull();
    await api.put('/api/loyalty-settings', loyalty);
    expect((await customerRow(t, pointer)).tierId).toBe(platinum);
    await api.del(`/api/membership-tiers/${platinum}`);
  });
});

describe('GET and PUT /api/referral-settings', () => {
  it('answers the defaults, then what was saved, audited', async () => {
    const before = await api.get('/api/referral-settings');
    expect(before.statusCode, before.body).toBe(200);
    expect(referralSettingsSchema.strict().parse(before.json().data)).toEqual(
      defaultReferralSettings,
    );
    const res = await api.put('/api/referral-settings', referral);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(referral);
    expect((await api.get('/api/referral-settings')).json().data).toEqual(referral);
    const entry = await latestAudit(t, 'referral_settings.update');
    expect(entry?.before).toMatchObject({ enabled: true, min_order: 1000 });
    expect(entry?.after).toMatchObject({ enabled: false, min_order: 2500 });
    // The loyalty rules saved above are untouched.
    expect((await api.get('/api/loyalty-settings')).json().data).toEqual(loyalty);
  });

  it('answers 400 for an unknown reward kind, a negative amount or a missing switch', async () => {
    const res = await api.put('/api/referral-settings', {
      referrer_reward_kind: 'cash',
      referrer_reward_amount: -5,
      referee_reward_kind: 'wallet',
      referee_reward_amount: 100,
      min_order: 0,
    });
    expectInvalid(res, ['enabled', 'referrer_reward_amount', 'referrer_reward_kind']);
  });

  it('answers 401 without a token and 403 without the referral permission', async () => {
    expect((await api.get('/api/referral-settings', anonymous)).statusCode).toBe(401);
    expectCode(await api.get('/api/referral-settings', manager), 403, 'forbidden');
    expectCode(await api.put('/api/referral-settings', referral, finance), 403, 'forbidden');
  });
});
