import { bannerSchema, type BannerInput } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { vouchers } from '../../db/schema/vouchers';
import { bannerBody, uploadBannerImage } from '../../test/banner-fixtures';
import { demoOutletIds, otherTenant, pngImage } from '../../test/catalogue-fixtures';
import { detailPaths, expectCode } from '../../test/expect-code';
import { demoTenantId } from '../../test/order-fixtures';
import { useTestApp } from '../../test/use-test-app';
import { uniqueVoucher } from '../../test/voucher-campaign-fixtures';
import { createBannerService } from './banners.service';

// A banner can open one of the tenant's vouchers: another tenant's voucher is refused like any
// unknown target, and the app taps nowhere once the voucher is switched off.

const now = new Date('2026-06-01T02:00:00Z');
const { t, api, as } = useTestApp({ now: () => now, signIn: ['marketing'], api: 'marketing' });
const service = () =>
  createBannerService({ db: t.database.db, dataDir: t.config.dataDir, now: () => now });
let tenantId: string;
let other: Awaited<ReturnType<typeof otherTenant>>;
let kl: string;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  other = await otherTenant(t, 'banner-voucher-rival');
  kl = (await demoOutletIds(t)).kl;
});

async function banner(patch: Partial<BannerInput>) {
  const res = await api.post('/api/banners', bannerBody(patch));
  expect(res.statusCode, res.body).toBe(201);
  const created = bannerSchema.parse(res.json().data);
  const uploaded = await uploadBannerImage(api, as.marketing, created.id, await pngImage(800, 400));
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return created;
}

describe('a banner opening a voucher', () => {
  it('names the voucher, serves it to the app, and taps nowhere once it is switched off', async () => {
    const voucher = await uniqueVoucher(t.database.db, tenantId);
    const created = await banner({
      title_en: 'Voucher banner',
      target_type: 'voucher',
      target_id: voucher.id,
    });
    expect(created).toMatchObject({
      target_type: 'voucher',
      target_id: voucher.id,
      target_label: voucher.nameEn,
      target_label_my: null,
    });
    const mine = async () =>
      (await service().activeBanners(tenantId, kl, 'en', now)).find(
        (b) => b.title === 'Voucher banner',
      );
    expect((await mine())!.target).toEqual({ type: 'voucher', id: voucher.id, url: null });
    await t.database.db
      .update(vouchers)
      .set({ status: 'inactive' })
      .where(eq(vouchers.id, voucher.id));
    expect((await mine())!.target).toEqual({ type: 'none', id: null, url: null });
  });

  it('refuses another tenant’s voucher and a missing one (400 on target_id)', async () => {
    const theirs = await uniqueVoucher(t.database.db, other.tenant.id);
    const res = await api.post(
      '/api/banners',
      bannerBody({ target_type: 'voucher', target_id: theirs.id }),
    );
    expectCode(res, 400, 'validation_failed');
    expect(detailPaths(res)).toEqual(['target_id']);
    const none = await api.post('/api/banners', bannerBody({ target_type: 'voucher' }));
    expectCode(none, 400, 'validation_failed');
    expect(detailPaths(none)).toEqual(['target_id']);
  });
});
