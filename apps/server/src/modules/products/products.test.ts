import { productListItemSchema, productSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, variantGroups } from '../../db/schema/catalogue';
import {
  demoCategory,
  newProductInput,
  demoOutlet,
  demoProduct,
  useOtherTenant,
} from '../../test/catalogue-fixtures';
import { anonymous, type HttpMethod } from '../../test/test-app';
import { expectCode, expectInvalid } from '../../test/expect-code';
import { useTestApp } from '../../test/use-test-app';
import { auditsOf } from '../../test/fixtures';

// Products: the list (search, filters, sort, paging), the form's rules, delete versus archive,
// bulk status, permissions and tenant isolation.

const { t, api, as } = useTestApp({ signIn: ['admin', 'cashier'], api: 'admin' });
const { admin, cashier } = as;
const other = useOtherTenant(t, 'rival-kopi');

const list = async (query: string, headers = admin) => {
  const res = await api.get(`/api/products?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: unknown[]; meta: { total: number; page: number } };
  return { rows: body.data.map((r) => productListItemSchema.strict().parse(r)), meta: body.meta };
};
const skus = (rows: { sku: string }[]) => rows.map((r) => r.sku);

describe('GET /api/products', () => {
  it('pages the demo menu by name with category, image, outlets and the total', async () => {
    const { rows, meta } = await list('page_size=10');
    expect(meta).toEqual({ page: 1, page_size: 10, total: 41 });
    expect(rows).toHaveLength(10);
    const names = rows.map((r) => r.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const latte = (await list('q=spanish')).rows[0]!;
    expect(latte).toMatchObject({
      sku: 'ESP-007',
      category_name: 'Espresso',
      base_price: 1300,
      image: null,
    });
    expect(latte.outlets.map((o) => o.outlet_name).sort()).toEqual([
      'Johor Bahru',
      'Kuala Lumpur',
      'Penang',
    ]);
    const page5 = await list('page_size=10&page=5');
    expect(page5.rows).toHaveLength(1);
    const beyond = await list('page_size=10&page=9');
    expect(beyond.rows).toHaveLength(0);
    expect(beyond.meta.total).toBe(41);
  });

  it('searches name, SKU and barcode case-insensitively', async () => {
    expect(skus((await list('q=TEH%20TARIK')).rows).sort()).toEqual(['TEH-001', 'TEH-006']);
    expect(skus((await list('q=esp-00&page_size=20')).rows)).toHaveLength(8);
    expect(skus((await list('q=9556001000031')).rows)).toEqual(['BAK-003']);
    expect((await list('q=100%25')).meta.total).toBe(0);
    // The total of a search, on its first page and past its last.
    expect((await list('q=teh')).meta.total).toBe(7);
    const far = await list('q=teh&page=3');
    expect([far.rows.length, far.meta.total]).toEqual([0, 7]);
  });

  it('filters by category, status, tag and outlet', async () => {
    const bakery = await demoCategory(t, 'Bakery & Cakes');
    expect((await list(`category=${bakery.id}&page_size=20`)).meta.total).toBe(7);
    const bestsellers = skus((await list('tag=bestseller&page_size=20')).rows);
    expect(bestsellers).toEqual(expect.arrayContaining(['TEH-001', 'FOD-001', 'BAK-003']));
    expect(bestsellers).not.toContain('KOP-001');
    // Johor Bahru does not sell nasi goreng or the burnt cheesecake.
    const jb = await demoOutlet(t, 'JB01');
    const atJb = await list(`outlet=${jb.id}&page_size=50`);
    expect(atJb.meta.total).toBe(39);
    expect(skus(atJb.rows)).not.toContain('FOD-007');
    const cheesecake = (await list('q=BAK-006')).rows[0]!;
    expect(cheesecake.outlets.map((o) => o.outlet_name).sort()).toEqual(['Kuala Lumpur', 'Penang']);
    expect((await list('status=disabled')).meta.total).toBe(0);
  });

  it('sorts by price, SKU and last update, "-" for descending; an unknown key is a 400', async () => {
    const byPrice = (await list('sort=-price&page_size=5')).rows;
    expect(byPrice[0]!.sku).toBe('FOD-001');
    expect(byPrice.map((r) => r.base_price)).toEqual(
      [...byPrice.map((r) => r.base_price)].sort((a, b) => b - a),
    );
    expect(skus((await list('sort=sku&page_size=5')).rows)).toEqual([
      'BAK-001',
      'BAK-002',
      'BAK-003',
      'BAK-004',
      'BAK-005',
    ]);
    await api.put(`/api/products/${(await demoProduct(t, 'KOP-003')).id}`, {
      name: 'Kopi C',
      sku: 'KOP-003',
      category: (await demoCategory(t, 'Kopi')).id,
      base_price: 290,
    });
    expect((await list('sort=-updated&page_size=5')).rows[0]!.sku).toBe('KOP-003');
    const bad = await api.get('/api/products?sort=colour');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: 'sort', message: 'validation.invalid' }]);
    expect((await api.get('/api/products?page_size=7')).statusCode).toBe(400);
  });

  it('shows nothing of another tenant and answers 401 without a token', async () => {
    expect((await list('q=secret', other.headers)).meta.total).toBe(0);
    expect((await list('', other.headers)).meta.total).toBe(0);
    expect((await api.get('/api/products', anonymous)).statusCode).toBe(401);
  });
});

describe('POST /api/products', () => {
  it('creates a product with its variant groups and add-ons in the given order', async () => {
    const groups = await t.database.db.select().from(variantGroups);
    const size = groups.find((g) => g.name === 'Size' && g.tenantId !== other.tenant.id)!;
    const milk = groups.find((g) => g.name === 'Milk' && g.tenantId !== other.tenant.id)!;
    const addonsRes = await api.get('/api/addons?page_size=10');
    const shot = addonsRes
      .json()
      .data.find((a: { addons_name: string }) => a.addons_name === 'Extra shot');
    const input = await newProductInput(t, {
      barcode: '9556999000001',
      description: 'Steeped 18 hours',
      tags: ['Iced', 'new', 'iced'],
      discounted_price: 990,
      variant_group_ids: [milk.id, size.id],
      addon_ids: [shot.id],
    });
    const res = await api.post('/api/products', input);
    expect(res.statusCode, res.body).toBe(201);
    const product = productSchema.strict().parse(res.json().data);
    expect(product).toMatchObject({
      name: 'Cold Brew',
      sku: input.sku,
      barcode: '9556999000001',
      category_name: 'Espresso',
      status: 'active',
      tags: ['iced', 'new'],
      base_price: 1200,
      discounted_price: 990,
      has_sales: false,
    });
    expect(product.variant_groups.map((g) => g.variant_name)).toEqual(['Milk', 'Size']);
    expect(product.variant_groups[0]!.options.map((o) => [o.options_name, o.price])).toEqual([
      ['Dairy', 0],
      ['Oat', 200],
      ['Soy', 100],
    ]);
    expect(product.addons.map((a) => a.addons_name)).toEqual(['Extra shot']);
    expect(product.outlets).toHaveLength(3);
    const [entry] = await auditsOf(t, 'product.create', product.id);
    expect(entry).toMatchObject({ actorUsername: 'admin' });
  });

  it('answers 400 with details for missing fields and a discount not below the price', async () => {
    const missing = await api.post('/api/products', { description: 'nothing else' });
    expectInvalid(missing, ['base_price', 'category', 'name', 'sku']);
    for (const discounted_price of [1200, 1500]) {
      const res = await api.post('/api/products', await newProductInput(t, { discounted_price }));
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { path: 'discounted_price', message: 'validation.discounted_price_too_high' },
      ]);
    }
    const negative = await api.post('/api/products', await newProductInput(t, { base_price: -1 }));
    expect(negative.statusCode).toBe(400);
    const fractional = await api.send(
      'POST',
      '/api/products',
      await newProductInput(t, { base_price: 12.5 }),
    );
    expect(fractional.json().details).toEqual([
      { path: 'base_price', message: 'validation.integer' },
    ]);
  });

  it('keeps SKU (any case) and barcode unique within the tenant only', async () => {
    const sku = await api.post('/api/products', await newProductInput(t, { sku: 'kop-001' }));
    expectCode(sku, 400, 'sku_taken');
    expect(sku.json().details).toEqual([{ path: 'sku', message: 'validation.sku_taken' }]);
    const barcode = await api.send(
      'POST',
      '/api/products',
      await newProductInput(t, { barcode: '9556001000017' }),
    );
    expectCode(barcode, 400, 'barcode_taken');
    // The other tenant may use the same SKU and barcode.
    const theirs = await api.send(
      'POST',
      '/api/products',
      {
        name: 'Their kopi',
        sku: 'KOP-001',
        barcode: '9556001000017',
        category: other.category.id,
        base_price: 300,
      },
      other.headers,
    );
    expect(theirs.statusCode).toBe(201);
  });

  it('refuses a category, variant group or add-on of another tenant as invalid', async () => {
    const res = await api.send(
      'POST',
      '/api/products',
      await newProductInput(t, { category: other.category.id }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'category', message: 'validation.invalid' }]);
    const theirGroup = await api.send(
      'POST',
      '/api/variant-groups',
      { variant_name: 'Secret', options: [{ options_name: 'A', price: 0 }] },
      other.headers,
    );
    const res2 = await api.send(
      'POST',
      '/api/products',
      await newProductInput(t, { variant_group_ids: [theirGroup.json().data.id] }),
    );
    expect(res2.json().details).toEqual([
      { path: 'variant_group_ids.0', message: 'validation.invalid' },
    ]);
  });

  it('answers 403 to a cashier, who may still read products', async () => {
    const res = await api.post('/api/products', await newProductInput(t), cashier);
    expectCode(res, 403, 'forbidden');
    expect((await list('', cashier)).meta.total).toBeGreaterThan(0);
  });
});

describe('PUT /api/products/{id}', () => {
  it('updates a product, keeping its own SKU and refusing another’s', async () => {
    const created = (await api.post('/api/products', await newProductInput(t))).json().data;
    const update = await api.put(`/api/products/${created.id}`, {
      ...(await newProductInput(t, {
        sku: created.sku,
        name: 'Nitro Cold Brew',
        status: 'disabled',
      })),
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().data).toMatchObject({ name: 'Nitro Cold Brew', status: 'disabled' });
    const clash = await api.send(
      'PUT',
      `/api/products/${created.id}`,
      await newProductInput(t, { sku: 'TEH-001' }),
    );
    expectCode(clash, 400, 'sku_taken');
  });

  it('answers 404 for another tenant’s product on every route', async () => {
    const theirs = (
      await api.send(
        'POST',
        '/api/products',
        { name: 'Hidden', sku: 'HID-1', category: other.category.id, base_price: 100 },
        other.headers,
      )
    ).json().data;
    const kl = await demoOutlet(t, 'KL01');
    const urls: [HttpMethod, string, object?][] = [
      ['GET', `/api/products/${theirs.id}`],
      ['PUT', `/api/products/${theirs.id}`, await newProductInput(t)],
      ['DELETE', `/api/products/${theirs.id}`],
      ['POST', `/api/products/${theirs.id}/archive`],
      ['GET', `/api/products/${theirs.id}/outlets`],
      [
        'PUT',
        `/api/products/${theirs.id}/outlets/${kl.id}`,
        { available: false, price_override: null },
      ],
      ['PUT', `/api/products/${theirs.id}/outlets/${kl.id}/sold-out`, { sold_out: true }],
    ];
    for (const [method, url, payload] of urls) {
      const res = await api.send(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api.get(`/api/products/${theirs.id}`, other.headers)).statusCode).toBe(200);
  });
});

describe('DELETE and archive', () => {
  it('deletes a product never sold for good', async () => {
    const created = (await api.post('/api/products', await newProductInput(t))).json().data;
    const res = await api.del(`/api/products/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect((await api.get(`/api/products/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a product sold before (409) and archives it instead', async () => {
    const kopi = await demoProduct(t, 'KOP-002');
    await t.database.db.update(products).set({ hasSales: true }).where(eq(products.id, kopi.id));
    const res = await api.del(`/api/products/${kopi.id}`);
    expectCode(res, 409, 'product_has_sales');
    expect(res.json().message).toMatch(/Archive it instead/);

    const archived = await api.post(`/api/products/${kopi.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ status: 'archived', has_sales: true });
    expect(skus((await list('q=KOP-002')).rows)).toEqual([]);
    expect(skus((await list('status=archived')).rows)).toEqual(['KOP-002']);
    // Still there for old orders.
    expect((await api.get(`/api/products/${kopi.id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/products/bulk-status', () => {
  it('disables and enables many at once, only within the tenant', async () => {
    const ids = [(await demoProduct(t, 'FOD-001')).id, (await demoProduct(t, 'FOD-002')).id];
    const theirs = (await list('', other.headers)).rows[0]!;
    const res = await api.post('/api/products/bulk-status', {
      ids: [...ids, theirs.id],
      status: 'disabled',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.updated).toBe(2);
    const disabled = skus((await list('status=disabled&q=FOD')).rows);
    expect(disabled.sort()).toEqual(['FOD-001', 'FOD-002']);
    expect((await api.get(`/api/products/${theirs.id}`, other.headers)).json().data.status).toBe(
      'active',
    );
    const back = await api.post('/api/products/bulk-status', { ids, status: 'active' });
    expect(back.json().data.updated).toBe(2);
    const empty = await api.post('/api/products/bulk-status', { ids: [], status: 'active' });
    expect(empty.statusCode).toBe(400);
    expect(
      (await api.post('/api/products/bulk-status', { ids, status: 'active' }, cashier)).statusCode,
    ).toBe(403);
  });
});
