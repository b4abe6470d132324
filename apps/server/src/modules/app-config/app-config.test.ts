import { appConfigSchema, type AppConfig, type BannerInput } from '@kopi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetAppFeatures, setDemoSwitch } from '../../test/app-feature-fixtures';
import { bannerBody, uploadBannerImage } from '../../test/banner-fixtures';
import { demoOutletIds, otherTenant, pngImage } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { demoTenantHeader } from '../../test/mobile-fixtures';
import { useTestApp } from '../../test/use-test-app';

// GET /api/mobile/app-config: the app's launch config (feature switches in force, texts, the
// banners showing now) in the customer's language, at an outlet or business-wide, with an ETag
// that answers 304 to a launch that already has it.

// Monday 1 June 2026, 10:00 in Kuala Lumpur.
const now = new Date('2026-06-01T02:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

let outlets: Awaited<ReturnType<typeof demoOutletIds>>;
let other: Awaited<ReturnType<typeof otherTenant>>;

const { t, api, as } = useTestApp({ now: () => now, signIn: ['marketing'], api: 'marketing' });

const config = (query = '', headers: Record<string, string> = {}) =>
  api.get(`/api/mobile/app-config${query}`, { ...demoTenantHeader, ...headers });
const parsed = (res: { json: () => { data: unknown } }): AppConfig =>
  appConfigSchema.parse(res.json().data);

async function banner(patch: Partial<BannerInput>) {
  const res = await api.post('/api/banners', bannerBody(patch), as.marketing);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  const picture = await uploadBannerImage(api, as.marketing, id, await pngImage(800, 400));
  expect(picture.statusCode, picture.body).toBe(200);
  return id;
}

beforeAll(async () => {
  outlets = await demoOutletIds(t);
  other = await otherTenant(t, 'app-config-other');
  await resetAppFeatures(t);
  await banner({
    title_en: 'Config everywhere',
    title_my: 'Konfig di mana-mana',
    starts_at: hours(-1),
  });
  await banner({
    title_en: 'Config Penang',
    title_my: null,
    all_outlets: false,
    outlet_ids: [outlets.pg],
    starts_at: hours(-1),
  });
  await banner({ title_en: 'Config later', starts_at: hours(48) });
  await banner({ title_en: 'Config over', starts_at: hours(-48), ends_at: hours(-24) });
});

describe('GET /api/mobile/app-config', () => {
  it('gives the features in force, the texts and the banners showing now, in English', async () => {
    const res = await config();
    expect(res.statusCode, res.body).toBe(200);
    const body = parsed(res);
    expect(body).toMatchObject({ language: 'en', outlet_id: null });
    expect(body.features.map((f) => f.code)).toEqual(
      expect.arrayContaining(['delivery', 'pick_up', 'wallet', 'order_notes']),
    );
    expect(body.texts.find((x) => x.key === 'terms')).toMatchObject({ format: 'markdown' });
    const titles = body.banners.map((b) => b.title);
    expect(titles).toContain('Config everywhere');
    // Business-wide: not one outlet's banner, nothing before its start or after its end.
    for (const hidden of ['Config Penang', 'Config later', 'Config over']) {
      expect(titles).not.toContain(hidden);
    }
  });

  it("answers an outlet's own banners and switches, in Malay", async () => {
    await setDemoSwitch(t, 'delivery', outlets.pg, false);
    const penang = parsed(await config(`?outlet_id=${outlets.pg}`, { 'accept-language': 'ms' }));
    expect(penang.language).toBe('my');
    expect(penang.banners.map((b) => b.title)).toEqual(
      expect.arrayContaining(['Konfig di mana-mana', 'Config Penang']),
    );
    expect(penang.features.find((f) => f.code === 'delivery')).toMatchObject({
      enabled: false,
      source: 'outlet',
    });
    const kl = parsed(await config(`?outlet_id=${outlets.kl}`));
    expect(kl.banners.map((b) => b.title)).not.toContain('Config Penang');
    expect(kl.features.find((f) => f.code === 'delivery')?.enabled).toBe(true);
    const terms = (c: AppConfig) => c.texts.find((x) => x.key === 'terms')?.text;
    expect(terms(penang)).not.toEqual(terms(kl));
    await resetAppFeatures(t);
  });

  it('answers 304 to a matching If-None-Match, and a new tag once something changed', async () => {
    const first = await config();
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await config('', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    // Weak comparison and lists, as caches send them.
    expect((await config('', { 'if-none-match': `"x", W/${tag}` })).statusCode).toBe(304);
    // Another language is another answer.
    const malay = await config('', { 'if-none-match': tag, 'accept-language': 'ms' });
    expect(malay.statusCode).toBe(200);
    expect(malay.headers.etag).not.toBe(tag);

    const reworded = await api.put(
      '/api/content-texts/order_notice',
      { text_en: 'Orders close 15 minutes before closing.', text_my: null },
      as.marketing,
    );
    expect(reworded.statusCode, reworded.body).toBe(200);
    const changed = await config('', { 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(parsed(changed).texts.find((x) => x.key === 'order_notice')?.text).toBe(
      'Orders close 15 minutes before closing.',
    );
    await api.post('/api/content-texts/order_notice/reset', {}, as.marketing);
  });

  it('refuses a call without X-Tenant, an unknown business, a bad or foreign outlet', async () => {
    expectCode(await api.get('/api/mobile/app-config'), 400, 'tenant_header_required');
    expectCode(await config('', { 'x-tenant': 'no-such-shop' }), 404, 'not_found');
    expectCode(await config('?outlet_id=not-a-uuid'), 400, 'validation_failed');
    expectCode(await config(`?outlet_id=${other.outlet.id}`), 404, 'not_found');
    // The other business's own X-Tenant reaches its own outlet.
    const theirs = await config(`?outlet_id=${other.outlet.id}`, {
      'x-tenant': 'app-config-other',
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(parsed(theirs).banners.map((b) => b.title)).not.toContain('Config everywhere');
  });
});
