import {
  appFeatureCodes,
  appFeatureSchema,
  appSettingsDataSchema,
  findAppSetting,
  tenantAppFeatureSchema,
  type TenantAppFeature,
} from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appFeatureSwitches } from '../../db/schema/app-features';
import { lockFeature, resetAppFeatures, setDemoSwitch } from '../../test/app-feature-fixtures';
import { demoOutletIds, otherTenant } from '../../test/catalogue-fixtures';
import { expectCode, detailPaths } from '../../test/expect-code';
import { latestAudit, signedInUser } from '../../test/fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { anonymous, type RequestHeaders } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { createAppFeatureService } from './app-features.service';

// The customer app's feature switches (decision 041): the superadmin's catalogue
// (/api/general-settings/features), a tenant's switches for the business and per outlet
// (/api/app-features), their value with where it comes from, and how GET /api/app/settings
// lists them (the last entry of a code wins).

const { t, api, as } = useTestApp({
  signIn: ['superadmin', 'admin', 'marketing', 'cashier', 'manager'],
  api: 'marketing',
});
const { superadmin, admin, cashier, manager } = as;

let demoId: string;
let kl: string;
let pg: string;
let other: Awaited<ReturnType<typeof otherTenant>>;
beforeAll(async () => {
  demoId = await demoTenantId(t);
  ({ kl, pg } = await demoOutletIds(t));
  other = await otherTenant(t, 'features-other');
});
beforeEach(() => resetAppFeatures(t));

const listFeatures = async (headers: RequestHeaders = as.marketing) => {
  const res = await api.get('/api/app-features', headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as unknown[]).map((f) => tenantAppFeatureSchema.strict().parse(f));
};
const featureIn = (list: TenantAppFeature[], code: string) => list.find((f) => f.code === code)!;
const outletOf = (feature: TenantAppFeature, outletId: string) =>
  feature.outlets.find((o) => o.outlet_id === outletId)!;
const switchTenant = (
  code: string,
  enabled: boolean | null,
  headers: RequestHeaders = as.marketing,
) => api.put(`/api/app-features/${code}`, { enabled }, headers);
const switchOutlet = (
  code: string,
  outletId: string,
  enabled: boolean | null,
  headers: RequestHeaders = as.marketing,
) => api.put(`/api/app-features/${code}/outlets/${outletId}`, { enabled }, headers);

const catalogueInput = {
  name_en: 'Home Delivery',
  name_my: 'Penghantaran ke Rumah',
  description_en: 'Riders bring the order home.',
  description_my: 'Penunggang menghantar pesanan ke rumah.',
  default_enabled: true,
  locked: false,
};

describe('GET /api/general-settings/features', () => {
  it('lists the catalogue for the superadmin: every code, in order, with defaults and scope', async () => {
    const res = await api.get('/api/general-settings/features', superadmin);
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json().data as unknown[]).map((f) => appFeatureSchema.strict().parse(f));
    expect(list.map((f) => f.code)).toEqual([...appFeatureCodes]);
    expect(list.find((f) => f.code === 'delivery')).toMatchObject({
      name_en: 'Delivery',
      name_my: 'Penghantaran',
      default_enabled: false,
      locked: false,
      per_outlet: true,
    });
    expect(list.filter((f) => f.per_outlet).map((f) => f.code)).toEqual([
      'delivery',
      'pick_up',
      'dine_in',
      'scheduled_orders',
      'order_notes',
    ]);
  });

  it('is the platform’s: 401 without a token, 403 for tenant staff (the admin too)', async () => {
    expectCode(await api.get('/api/general-settings/features', anonymous), 401, 'unauthorized');
    expectCode(await api.get('/api/general-settings/features', admin), 403, 'forbidden');
    expectCode(await api.get('/api/general-settings/features'), 403, 'forbidden');
    const put = await api.put('/api/general-settings/features/delivery', catalogueInput, admin);
    expectCode(put, 403, 'forbidden');
  });
});

describe('PUT /api/general-settings/features/{code}', () => {
  it('edits names, descriptions, the default and the lock, audited as the platform’s', async () => {
    const res = await api.put(
      '/api/general-settings/features/delivery',
      catalogueInput,
      superadmin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(appFeatureSchema.parse(res.json().data)).toMatchObject({
      ...catalogueInput,
      code: 'delivery',
      per_outlet: true,
    });
    const audit = await latestAudit(t, 'app_feature.update');
    expect(audit).toMatchObject({ entity: 'app_feature', entityId: 'delivery', tenantId: null });
    expect(audit!.before).toMatchObject({ name_en: 'Delivery', default_enabled: false });
    expect(audit!.after).toMatchObject(catalogueInput);
    // The tenant sees the new names; its own switch still decides.
    const delivery = featureIn(await listFeatures(), 'delivery');
    expect(delivery).toMatchObject({ name_en: 'Home Delivery', enabled: true, source: 'tenant' });
  });

  it('answers 400 for a blank name or a code the server does not know', async () => {
    const blank = await api.put(
      '/api/general-settings/features/delivery',
      { ...catalogueInput, name_en: '  ', default_enabled: 'yes' },
      superadmin,
    );
    expectCode(blank, 400, 'validation_failed');
    expect(detailPaths(blank)).toEqual(['name_en', 'default_enabled']);
    const unknown = await api.put(
      '/api/general-settings/features/teleport',
      catalogueInput,
      superadmin,
    );
    expectCode(unknown, 400, 'validation_failed');
  });
});

describe('GET /api/app-features', () => {
  it('gives each feature’s value for the business and per outlet, with where it comes from', async () => {
    const list = await listFeatures();
    expect(list.map((f) => f.code)).toEqual([...appFeatureCodes]);
    // Seeded: delivery and referral switched on by the tenant, scheduled orders switched off.
    expect(featureIn(list, 'delivery')).toMatchObject({
      default_enabled: false,
      tenant_switch: true,
      enabled: true,
      source: 'tenant',
    });
    expect(featureIn(list, 'scheduled_orders')).toMatchObject({ enabled: false, source: 'tenant' });
    expect(featureIn(list, 'pick_up')).toMatchObject({
      tenant_switch: null,
      enabled: true,
      source: 'platform',
    });
    const delivery = featureIn(list, 'delivery');
    expect(delivery.outlets.map((o) => o.outlet_code)).toEqual(['JB01', 'KL01', 'PG01']);
    expect(outletOf(delivery, kl)).toMatchObject({ switch: null, enabled: true, source: 'tenant' });
    // Johor Bahru does not deliver at all (its own serving methods), whatever the app's switch.
    expect(delivery.outlets.map((o) => [o.outlet_code, o.offered])).toEqual([
      ['JB01', false],
      ['KL01', true],
      ['PG01', true],
    ]);
    expect(featureIn(list, 'order_notes').outlets.every((o) => o.offered)).toBe(true);
    // A business-wide feature has no outlet column.
    expect(featureIn(list, 'wallet').outlets).toEqual([]);
  });

  it('answers each tenant its own switches and outlets', async () => {
    const theirs = await listFeatures(other.headers);
    const delivery = featureIn(theirs, 'delivery');
    expect(delivery).toMatchObject({ tenant_switch: null, enabled: false, source: 'platform' });
    expect(delivery.outlets.map((o) => o.outlet_id)).toEqual([other.outlet.id]);
  });

  it('answers 401 without a token and 403 without read-enable-disable', async () => {
    expectCode(await api.get('/api/app-features', anonymous), 401, 'unauthorized');
    expectCode(await api.get('/api/app-features', cashier), 403, 'forbidden');
    expectCode(await api.get('/api/app-features', superadmin), 400, 'tenant_required');
  });
});

describe('PUT /api/app-features/{code}', () => {
  it('switches a feature for the business and back to the platform default, audited', async () => {
    const off = await switchTenant('wallet_top_up', false);
    expect(off.statusCode, off.body).toBe(200);
    expect(tenantAppFeatureSchema.parse(off.json().data)).toMatchObject({
      code: 'wallet_top_up',
      tenant_switch: false,
      enabled: false,
      source: 'tenant',
    });
    expect(await latestAudit(t, 'app_feature.switch')).toMatchObject({
      tenantId: demoId,
      entity: 'app_feature',
      entityId: 'wallet_top_up',
      before: { outlet_id: null, enabled: null },
      after: { outlet_id: null, enabled: false },
    });
    const back = await switchTenant('wallet_top_up', null);
    expect(back.json().data).toMatchObject({
      tenant_switch: null,
      enabled: true,
      source: 'platform',
    });
    expect(await latestAudit(t, 'app_feature.switch_clear')).toMatchObject({
      before: { enabled: false },
      after: { enabled: null },
    });
    // The other tenant's switches are untouched.
    expect(featureIn(await listFeatures(other.headers), 'wallet_top_up').source).toBe('platform');
    // A switch already set is changed in place: one row per tenant, feature and outlet.
    expect((await switchTenant('delivery', false)).json().data).toMatchObject({ enabled: false });
    const rows = await t.database.db
      .select()
      .from(appFeatureSwitches)
      .where(eq(appFeatureSwitches.featureCode, 'delivery'));
    expect(rows.filter((r) => r.tenantId === demoId && r.outletId === null)).toEqual([
      expect.objectContaining({ enabled: false }),
    ]);
  });

  it('refuses a feature the platform locked, and the lock overrides the tenant’s old switch', async () => {
    await lockFeature(t, 'referral', true, false);
    const res = await switchTenant('referral', true);
    const body = expectCode(res, 409, 'app_feature_locked');
    expect(body.message).toContain('Referral');
    const referral = featureIn(await listFeatures(), 'referral');
    // The tenant had switched referrals on; locked off, they are off.
    expect(referral).toMatchObject({
      locked: true,
      tenant_switch: true,
      enabled: false,
      source: 'platform',
    });
    expectCode(await switchTenant('referral', null), 409, 'app_feature_locked');
  });

  it('answers 400 for a missing value, 401 and 403 without the permission', async () => {
    const missing = await api.put('/api/app-features/wallet', {});
    expectCode(missing, 400, 'validation_failed');
    expect(detailPaths(missing)).toEqual(['enabled']);
    expectCode(await switchTenant('wallet', false, anonymous), 401, 'unauthorized');
    expectCode(await switchTenant('wallet', false, cashier), 403, 'forbidden');
    const reader = await signedInUser(t, {
      username: 'features-reader',
      tenantId: demoId,
      permissions: ['read-enable-disable'],
    });
    expect((await api.get('/api/app-features', reader)).statusCode).toBe(200);
    expectCode(await switchTenant('wallet', false, reader), 403, 'forbidden');
  });
});

describe('PUT /api/app-features/{code}/outlets/{outletId}', () => {
  it('switches a per-outlet feature at one outlet and back to the business’s value', async () => {
    const res = await switchOutlet('delivery', pg, false);
    expect(res.statusCode, res.body).toBe(200);
    const delivery = tenantAppFeatureSchema.parse(res.json().data);
    expect(delivery).toMatchObject({ enabled: true, source: 'tenant' });
    expect(outletOf(delivery, pg)).toMatchObject({
      switch: false,
      enabled: false,
      source: 'outlet',
    });
    expect(outletOf(delivery, kl)).toMatchObject({ switch: null, enabled: true, source: 'tenant' });
    expect(await latestAudit(t, 'app_feature.switch')).toMatchObject({
      entityId: 'delivery',
      after: { outlet_id: pg, enabled: false },
    });
    const back = tenantAppFeatureSchema.parse(
      (await switchOutlet('delivery', pg, null)).json().data,
    );
    expect(outletOf(back, pg)).toMatchObject({ switch: null, enabled: true, source: 'tenant' });
  });

  it('answers 404 for another tenant’s outlet and writes nothing', async () => {
    expectCode(await switchOutlet('delivery', other.outlet.id, false), 404, 'not_found');
    const theirs = await t.database.db
      .select()
      .from(appFeatureSwitches)
      .where(eq(appFeatureSwitches.outletId, other.outlet.id));
    expect(theirs).toEqual([]);
    // Their own admin may.
    const own = await switchOutlet('delivery', other.outlet.id, true, other.headers);
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses a business-wide feature per outlet, a locked one, and a bad outlet id', async () => {
    const wallet = await switchOutlet('wallet', kl, false);
    expectCode(wallet, 400, 'app_feature_not_per_outlet');
    await lockFeature(t, 'dine_in', true);
    expectCode(await switchOutlet('dine_in', kl, false), 409, 'app_feature_locked');
    expectCode(await switchOutlet('delivery', 'not-a-uuid', false), 400, 'validation_failed');
    expectCode(await switchOutlet('delivery', kl, false, cashier), 403, 'forbidden');
    expectCode(await switchOutlet('delivery', kl, false, anonymous), 401, 'unauthorized');
  });
});

describe('effective features', () => {
  it('answers each feature’s value at an outlet, or for the business', async () => {
    await setDemoSwitch(t, 'delivery', pg, false);
    await setDemoSwitch(t, 'wallet', null, false);
    const service = createAppFeatureService({ db: t.database.db });
    const atPg = await service.effectiveFeatures(demoId, pg);
    expect(atPg.map((f) => f.code)).toEqual([...appFeatureCodes]);
    expect(atPg.find((f) => f.code === 'delivery')).toEqual({
      code: 'delivery',
      enabled: false,
      source: 'outlet',
    });
    expect(atPg.find((f) => f.code === 'wallet')).toEqual({
      code: 'wallet',
      enabled: false,
      source: 'tenant',
    });
    const business = await service.effectiveFeatures(demoId, null);
    expect(business.find((f) => f.code === 'delivery')).toMatchObject({
      enabled: true,
      source: 'tenant',
    });
    // Another tenant's outlet brings none of its switches.
    const elsewhere = await service.effectiveFeatures(demoId, other.outlet.id);
    expect(elsewhere.find((f) => f.code === 'delivery')).toMatchObject({ source: 'tenant' });
  });
});

describe('GET /api/app/settings lists the features in layers (the last entry of a code wins)', () => {
  const settingsOf = async (headers: { authorization: string }) => {
    const res = await api.get('/api/app/settings', headers);
    expect(res.statusCode, res.body).toBe(200);
    return appSettingsDataSchema.parse(res.json().data).status;
  };

  it('gives the platform default, then the tenant’s switch, then the user’s outlet’s', async () => {
    await setDemoSwitch(t, 'delivery', kl, false);
    const forAdmin = await settingsOf(admin);
    const adminDelivery = forAdmin.filter((s) => s.code === 'delivery');
    expect(adminDelivery.map((s) => [s.source, s.enabled])).toEqual([
      ['platform', false],
      ['tenant', true],
    ]);
    expect(findAppSetting(forAdmin, 'delivery')).toMatchObject({ enabled: true, source: 'tenant' });
    // The manager works at KL01, where delivery is switched off: that entry comes last.
    const forManager = await settingsOf(manager);
    expect(forManager.filter((s) => s.code === 'delivery').map((s) => s.source)).toEqual([
      'platform',
      'tenant',
      'outlet',
    ]);
    expect(findAppSetting(forManager, 'delivery')).toMatchObject({
      enabled: false,
      source: 'outlet',
      outlet_id: kl,
    });
    // Settings that are not features keep their place, before the features.
    expect(findAppSetting(forAdmin, 'currency')).toMatchObject({ value: 'MYR' });
    expect(forAdmin.findIndex((s) => s.code === 'currency')).toBeLessThan(
      forAdmin.findIndex((s) => s.code === 'delivery'),
    );
  });

  it('gives a locked feature its platform default only', async () => {
    await lockFeature(t, 'delivery', true, false);
    const status = await settingsOf(admin);
    expect(status.filter((s) => s.code === 'delivery')).toEqual([
      expect.objectContaining({ enabled: false, source: 'platform' }),
    ]);
  });
});
