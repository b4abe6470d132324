import { appBannerSchema, bannerSchema, type AppBanner, type BannerInput } from '@kopi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalogue';
import { bannerBody, uploadBannerImage } from '../../test/banner-fixtures';
import { demoOutletIds, demoProduct, otherTenant, pngImage } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { demoTenantId } from '../../test/order-fixtures';
import { useTestApp } from '../../test/use-test-app';
import { createBannerService } from './banners.service';
import { updateRow } from '../../test/fixtures';

// What the customer app is served: `activeBanners` (called by the app-config endpoint) and the
// staff's preview of it. Banners outside their schedule or their outlets are not served.

// Monday 1 June 2026, 10:00 in Kuala Lumpur.
const now = new Date('2026-06-01T02:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

let tenantId: string;
let outlets: Awaited<ReturnType<typeof demoOutletIds>>;
let other: Awaited<ReturnType<typeof otherTenant>>;

const { t, api, as } = useTestApp({ now: () => now, signIn: ['marketing'], api: 'marketing' });
const service = () =>
  createBannerService({ db: t.database.db, dataDir: t.config.dataDir, now: () => now });

/** A banner with a picture (the app shows none without one). */
async function banner(patch: Partial<BannerInput>, headers = as.marketing, picture = true) {
  const res = await api.post('/api/banners', bannerBody(patch), headers);
  expect(res.statusCode, res.body).toBe(201);
  const created = bannerSchema.parse(res.json().data);
  if (picture) {
    const uploaded = await uploadBannerImage(api, headers, created.id, await pngImage(800, 400));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  }
  return created;
}
const titles = (list: AppBanner[]) => list.map((b) => b.title);

beforeAll(async () => {
  tenantId = await demoTenantId(t);
  outlets = await demoOutletIds(t);
  other = await otherTenant(t, 'banner-app-rival');
  const kopi = await demoProduct(t, 'KOP-002');
  await banner({ title_en: 'Everywhere', title_my: 'Di mana-mana', starts_at: hours(-1) });
  await banner({
    title_en: 'Penang only',
    title_my: null,
    all_outlets: false,
    outlet_ids: [outlets.pg],
    target_type: 'product',
    target_id: kopi.id,
  });
  await banner({ title_en: 'Later', starts_at: hours(2), ends_at: hours(30) });
  await banner({ title_en: 'Over', starts_at: hours(-30), ends_at: hours(-2) });
  await banner({ title_en: 'Ends at ten', ends_at: hours(0) });
  await banner({ title_en: 'Switched off', status: 'inactive' });
  await banner({ title_en: 'No picture yet' }, as.marketing, false);
  await banner({
    title_en: 'Link',
    target_type: 'url',
    target_url: 'https://kopi-demo.my/news',
    all_outlets: false,
    outlet_ids: [outlets.kl, outlets.jb],
  });
  await banner({ title_en: 'Rival everywhere' }, other.headers);
});

describe('activeBanners', () => {
  it('serves the live banners of the outlet and the all-outlet ones, in order, with their pictures and targets', async () => {
    const served = await service().activeBanners(tenantId, outlets.kl, 'en', now);
    expect(titles(served)).toEqual(['Everywhere', 'Link']);
    const link = served.find((b) => b.title === 'Link')!;
    expect(appBannerSchema.strict().parse(link)).toMatchObject({
      target: { type: 'url', id: null, url: 'https://kopi-demo.my/news' },
    });
    expect(link.image.sizes.map((s) => s.width)).toEqual([1200, 800, 400]);
    expect(link.image.sizes[0]!.webp).toMatch(/\.webp$/);
    expect(link.image.sizes[0]!.jpeg).toMatch(/\.jpg$/);

    const penang = await service().activeBanners(tenantId, outlets.pg, 'en', now);
    expect(titles(penang)).toEqual(['Everywhere', 'Penang only']);
    expect(penang[1]!.target).toMatchObject({ type: 'product' });
    // Before the customer picks an outlet: only the banners for every outlet.
    expect(titles(await service().activeBanners(tenantId, null, 'en', now))).toEqual([
      'Everywhere',
    ]);
    expect(titles(await service().activeBanners(other.tenant.id, null, 'en', now))).toEqual([
      'Rival everywhere',
    ]);
  });

  it('titles them in Malay, falling back to English where there is no Malay title', async () => {
    const served = await service().activeBanners(tenantId, outlets.pg, 'my', now);
    expect(titles(served)).toEqual(['Di mana-mana', 'Penang only']);
  });

  it('follows the schedule: a scheduled banner starts, an ended one stays away', async () => {
    const later = new Date(now.getTime() + 3 * 3_600_000);
    expect(titles(await service().activeBanners(tenantId, outlets.jb, 'en', later))).toEqual([
      'Everywhere',
      'Later',
      'Link',
    ]);
    const before = new Date(now.getTime() - 3 * 3_600_000);
    expect(titles(await service().activeBanners(tenantId, outlets.jb, 'en', before))).toEqual([
      'Over',
      'Ends at ten',
      'Link',
    ]);
  });

  it('taps nowhere once the target product is switched off', async () => {
    const kopi = await demoProduct(t, 'KOP-002');
    await updateRow(t, products, kopi.id, { status: 'disabled' });
    try {
      const [, penang] = await service().activeBanners(tenantId, outlets.pg, 'en', now);
      expect(penang!.target).toEqual({ type: 'none', id: null, url: null });
    } finally {
      await updateRow(t, products, kopi.id, { status: 'active' });
    }
  });
});

describe('GET /api/banners/preview', () => {
  it('previews what the app shows at an outlet, in a language, now or at a chosen moment', async () => {
    const res = await api.get(`/api/banners/preview?outlet_id=${outlets.pg}&lang=my`);
    expect(res.statusCode, res.body).toBe(200);
    expect(titles(res.json().data)).toEqual(['Di mana-mana', 'Penang only']);
    const at = encodeURIComponent(hours(3));
    const later = await api.get(`/api/banners/preview?at=${at}`);
    expect(titles(later.json().data)).toEqual(['Everywhere', 'Later']);
  });

  it("refuses another tenant's outlet and answers 403 without read-banner", async () => {
    const theirs = await api.get(`/api/banners/preview?outlet_id=${other.outlet.id}`);
    expect(expectCode(theirs, 400, 'validation_failed').details).toEqual([
      { path: 'outlet_id', message: 'validation.invalid' },
    ]);
    const cashier = t.bearer((await t.login('cashier')).token);
    expectCode(await api.get('/api/banners/preview', cashier), 403, 'forbidden');
  });
});
