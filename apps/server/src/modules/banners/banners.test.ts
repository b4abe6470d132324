import { bannerSchema, type Banner } from '@kopi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bannerBody } from '../../test/banner-fixtures';
import {
  demoCategory,
  demoOutletIds,
  demoProduct,
  useOtherTenant,
} from '../../test/catalogue-fixtures';
import { detailPaths, expectCode } from '../../test/expect-code';
import { latestAudit } from '../../test/fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// /api/banners: who may do what, what is refused and why, the state filters and the app order.

// Wednesday 10 June 2026, noon in Kuala Lumpur. Tests move it.
let now = new Date('2026-06-10T04:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

let outlets: Awaited<ReturnType<typeof demoOutletIds>>;

const { t, api, as } = useTestApp({
  now: () => now,
  signIn: ['marketing', 'cashier', 'admin'],
  api: 'marketing',
});
const other = useOtherTenant(t, 'banner-rival');
beforeAll(async () => {
  outlets = await demoOutletIds(t);
});

const banner = (res: { json(): { data: unknown } }) => bannerSchema.strict().parse(res.json().data);
async function create(patch: Parameters<typeof bannerBody>[0] = {}): Promise<Banner> {
  const res = await api.post('/api/banners', bannerBody(patch));
  expect(res.statusCode, res.body).toBe(201);
  return banner(res);
}
const titles = async (query: string) =>
  (await api.get(`/api/banners?page_size=100&${query}`))
    .json()
    .data.map((b: Banner) => b.title_en) as string[];

describe('creating and changing banners', () => {
  it('creates a banner with a product target and chosen outlets, and records it', async () => {
    const kopi = await demoProduct(t, 'KOP-001');
    const created = await create({
      title_en: 'Kopi of the week',
      title_my: '  ',
      target_type: 'product',
      target_id: kopi.id,
      starts_at: hours(-1),
      ends_at: hours(48),
      all_outlets: false,
      outlet_ids: [outlets.pg, outlets.kl],
    });
    expect(created).toMatchObject({
      title_my: null,
      target_type: 'product',
      target_id: kopi.id,
      target_label: 'Kopi',
      target_url: null,
      all_outlets: false,
      status: 'active',
      state: 'live',
      image: null,
    });
    expect(created.outlets.map((o) => o.code)).toEqual(['KL01', 'PG01']);
    expect(created.starts_at).toBe(hours(-1));
    const entry = await latestAudit(t, 'banner.create');
    expect([entry?.entityId, entry?.actorUsername]).toEqual([created.id, 'marketing']);

    const read = await api.get(`/api/banners/${created.id}`, as.cashier);
    expect(read.statusCode).toBe(403);
    expect(banner(await api.get(`/api/banners/${created.id}`))).toEqual(created);
  });

  it("names the target in Malay beside English: a product's and a category's Malay name, none for an outlet", async () => {
    const puff = await demoProduct(t, 'FOD-008');
    const product = await create({ target_type: 'product', target_id: puff.id });
    expect([product.target_label, product.target_label_my]).toEqual(['Curry Puff', 'Karipap']);
    const food = await demoCategory(t, 'Food');
    const category = await create({ target_type: 'category', target_id: food.id });
    expect([category.target_label, category.target_label_my]).toEqual(['Food', 'Makanan']);
    const outlet = await create({ target_type: 'outlet', target_id: outlets.kl });
    expect(outlet.target_label).not.toBeNull();
    expect(outlet.target_label_my).toBeNull();
  });

  it('updates the target to an https link and back to all outlets, and deletes with an audit entry', async () => {
    const created = await create({ title_en: 'Changing' });
    const updated = banner(
      await api.put(
        `/api/banners/${created.id}`,
        bannerBody({
          title_en: 'Changed',
          target_type: 'url',
          target_url: 'https://kopi-demo.my/promo?src=app',
          // A leftover id of another target type is dropped, not stored.
          target_id: created.id,
          status: 'inactive',
        }),
      ),
    );
    expect(updated).toMatchObject({
      title_en: 'Changed',
      target_type: 'url',
      target_id: null,
      target_url: 'https://kopi-demo.my/promo?src=app',
      target_label: null,
      state: 'inactive',
    });
    expect((await latestAudit(t, 'banner.update'))?.entityId).toBe(created.id);

    const removed = await api.del(`/api/banners/${created.id}`);
    expect(removed.json().data).toEqual({ id: created.id, deleted: true });
    expect((await latestAudit(t, 'banner.delete'))?.entityId).toBe(created.id);
    expect((await api.get(`/api/banners/${created.id}`)).statusCode).toBe(404);
    expect((await api.del(`/api/banners/${created.id}`)).statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 to staff without the banner permissions', async () => {
    expect((await api.get('/api/banners', anonymous)).statusCode).toBe(401);
    expect((await api.post('/api/banners', bannerBody(), anonymous)).statusCode).toBe(401);
    expectCode(await api.get('/api/banners', as.cashier), 403, 'forbidden');
    expectCode(await api.post('/api/banners', bannerBody(), as.cashier), 403, 'forbidden');
    const created = await create();
    expectCode(
      await api.put(`/api/banners/${created.id}`, bannerBody(), as.cashier),
      403,
      'forbidden',
    );
    expectCode(
      await api.del(`/api/banners/${created.id}`, undefined, as.cashier),
      403,
      'forbidden',
    );
    expectCode(
      await api.post('/api/banners/reorder', { ids: [created.id] }, as.cashier),
      403,
      'forbidden',
    );
  });
});

describe('bad input', () => {
  it('refuses a missing title, a plain-http or malformed link, and an end before the start', async () => {
    const missing = await api.post('/api/banners', bannerBody({ title_en: ' ' }));
    expectCode(missing, 400, 'validation_failed');
    expect(detailPaths(missing)).toEqual(['title_en']);

    for (const url of ['http://kopi-demo.my/promo', 'javascript:alert(1)', 'https://', 'kopi.my']) {
      const res = await api.post(
        '/api/banners',
        bannerBody({ target_type: 'url', target_url: url }),
      );
      const body = expectCode(res, 400, 'validation_failed');
      expect(body.details).toEqual([{ path: 'target_url', message: 'validation.https_url' }]);
    }
    const noUrl = await api.post('/api/banners', bannerBody({ target_type: 'url' }));
    expect(detailPaths(noUrl)).toEqual(['target_url']);

    const backwards = await api.post(
      '/api/banners',
      bannerBody({ starts_at: hours(5), ends_at: hours(2) }),
    );
    const body = expectCode(backwards, 400, 'validation_failed');
    expect(body.details).toEqual([{ path: 'ends_at', message: 'validation.ends_after_start' }]);
    const same = await api.post(
      '/api/banners',
      bannerBody({ starts_at: hours(5), ends_at: hours(5) }),
    );
    expect(detailPaths(same)).toEqual(['ends_at']);
    const notADate = await api.post('/api/banners', bannerBody({ starts_at: '10/06/2026' }));
    expect(detailPaths(notADate)).toEqual(['starts_at']);
  });

  it('refuses a record target without an id, and chosen outlets without any', async () => {
    const noTarget = await api.post('/api/banners', bannerBody({ target_type: 'category' }));
    expect(detailPaths(noTarget)).toEqual(['target_id']);
    const noOutlets = await api.post('/api/banners', bannerBody({ all_outlets: false }));
    expect(detailPaths(noOutlets)).toEqual(['outlet_ids']);
    const twice = await api.post(
      '/api/banners',
      bannerBody({ all_outlets: false, outlet_ids: [outlets.kl, outlets.kl] }),
    );
    expect(detailPaths(twice)).toEqual(['outlet_ids']);
  });

  it("refuses another tenant's product, category and outlet as target, and their outlet in the list", async () => {
    const [theirProduct] = await t.database.db
      .insert((await import('../../db/schema/catalogue')).products)
      .values({
        tenantId: other.tenant.id,
        categoryId: other.category.id,
        name: 'Their kopi',
        sku: 'THEIR-1',
        basePrice: 100,
      })
      .returning();
    const targets = [
      { target_type: 'product' as const, target_id: theirProduct!.id },
      { target_type: 'category' as const, target_id: other.category.id },
      { target_type: 'outlet' as const, target_id: other.outlet.id },
    ];
    for (const target of targets) {
      const res = await api.post('/api/banners', bannerBody(target));
      const body = expectCode(res, 400, 'validation_failed');
      expect(body.details).toEqual([{ path: 'target_id', message: 'validation.invalid' }]);
    }
    const theirOutlet = await api.post(
      '/api/banners',
      bannerBody({ all_outlets: false, outlet_ids: [outlets.kl, other.outlet.id] }),
    );
    expect(expectCode(theirOutlet, 400, 'validation_failed').details).toEqual([
      { path: 'outlet_ids.1', message: 'validation.invalid' },
    ]);
    // Their own admin may of course point at their own things.
    const theirs = await api.post(
      '/api/banners',
      bannerBody({ target_type: 'category', target_id: other.category.id }),
      other.headers,
    );
    expect(theirs.statusCode).toBe(201);
  });

  it("answers 404 to another tenant's banner for every route, and leaves it alone", async () => {
    const theirs = banner(
      await api.post('/api/banners', bannerBody({ title_en: 'Rival secret' }), other.headers),
    );
    const url = `/api/banners/${theirs.id}`;
    expectCode(await api.get(url), 404, 'not_found');
    expectCode(await api.put(url, bannerBody()), 404, 'not_found');
    expectCode(await api.del(url), 404, 'not_found');
    const reorder = await api.post('/api/banners/reorder', { ids: [theirs.id] });
    expect(expectCode(reorder, 400, 'validation_failed').details).toEqual([
      { path: 'ids.0', message: 'validation.invalid' },
    ]);
    expect(await titles('q=Rival')).toEqual([]);
    const still = banner(await api.get(url, other.headers));
    expect(still).toMatchObject({ title_en: 'Rival secret', sort_order: theirs.sort_order });
  });
});

describe('the list', () => {
  it('filters by state now, by outlet and by title in either language, with paging', async () => {
    now = new Date('2026-07-01T04:00:00Z');
    await create({ title_en: 'State live', starts_at: hours(-2), ends_at: hours(2) });
    await create({
      title_en: 'State scheduled',
      title_my: 'Keadaan dijadual',
      starts_at: hours(3),
    });
    await create({ title_en: 'State ended', starts_at: hours(-5), ends_at: hours(-1) });
    await create({ title_en: 'State off', status: 'inactive' });
    await create({ title_en: 'State penang', all_outlets: false, outlet_ids: [outlets.pg] });

    expect(await titles('q=State&state=live')).toEqual(['State live', 'State penang']);
    expect(await titles('q=State&state=scheduled')).toEqual(['State scheduled']);
    expect(await titles('q=State&state=ended')).toEqual(['State ended']);
    expect(await titles('q=State&state=inactive')).toEqual(['State off']);
    expect(await titles(`q=State&state=live&outlet_id=${outlets.kl}`)).toEqual(['State live']);
    expect(await titles('q=dijadual')).toEqual(['State scheduled']);

    const first = await api.get('/api/banners?q=State&page_size=5');
    expect(first.json().meta).toEqual({ page: 1, page_size: 5, total: 5 });
    expect(first.json().data.map((b: Banner) => b.state)).toEqual([
      'live',
      'scheduled',
      'ended',
      'inactive',
      'live',
    ]);
    const past = await api.get('/api/banners?q=State&page=2&page_size=5');
    expect(past.json()).toEqual({ data: [], meta: { page: 2, page_size: 5, total: 5 } });
    expectCode(await api.get('/api/banners?state=soon'), 400, 'validation_failed');

    // Time passes: the scheduled one goes live, the live one ends.
    now = new Date(now.getTime() + 4 * 3_600_000);
    expect(await titles('q=State&state=live')).toEqual(['State scheduled', 'State penang']);
  });
});

describe('POST /api/banners/reorder', () => {
  it('puts the listed banners first in the given order, keeps the rest after, and records it', async () => {
    const category = await demoCategory(t, 'Teh');
    const a = await create({
      title_en: 'Order A',
      target_type: 'category',
      target_id: category.id,
    });
    const b = await create({ title_en: 'Order B' });
    const c = await create({ title_en: 'Order C' });
    const res = await api.post('/api/banners/reorder', { ids: [c.id, a.id] });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data.map((x: Banner) => x.id) as string[];
    expect(order.slice(0, 2)).toEqual([c.id, a.id]);
    expect(order.indexOf(b.id)).toBeGreaterThan(1);
    expect(await titles('q=Order')).toEqual(['Order C', 'Order A', 'Order B']);
    expect((await latestAudit(t, 'banner.reorder'))?.actorUsername).toBe('marketing');

    const twice = await api.post('/api/banners/reorder', { ids: [a.id, a.id] });
    expect(detailPaths(twice)).toEqual(['ids']);
    expectCode(await api.post('/api/banners/reorder', { ids: [] }), 400, 'validation_failed');
  });
});
