import fs from 'node:fs';
import path from 'node:path';
import { categorySchema } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import {
  demoCategory,
  demoCategoryNames,
  multipart,
  pngImage,
  useOtherTenant,
} from '../../test/catalogue-fixtures';
import { anonymous } from '../../test/test-app';
import { expectCode, expectInvalid } from '../../test/expect-code';
import { useTestApp } from '../../test/use-test-app';
import { auditsOf } from '../../test/fixtures';

const { t, api, as } = useTestApp({ signIn: ['admin', 'cashier'], api: 'admin' });
const { admin, cashier } = as;
const other = useOtherTenant(t, 'other-cafe');

describe('GET /api/categories', () => {
  it('lists the demo categories in menu order with product counts, for staff who read the menu', async () => {
    const res = await api.get('/api/categories?page_size=25', cashier);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const rows = body.data.map((c: unknown) => categorySchema.strict().parse(c));
    expect(rows.map((c: { name_en: string }) => c.name_en)).toEqual(demoCategoryNames);
    expect(rows.find((c: { name_en: string }) => c.name_en === 'Espresso').product_count).toBe(8);
    expect(body.meta).toEqual({ page: 1, page_size: 25, total: 6 });
    // The other tenant's category never shows.
    expect(res.body).not.toContain('Secret');
  });

  it('searches both names and filters by status', async () => {
    const res = await api.get('/api/categories?q=coklat');
    expect(res.json().data.map((c: { name_en: string }) => c.name_en)).toEqual([
      'Matcha & Chocolate',
    ]);
    const disabled = await api.get('/api/categories?status=disabled');
    expect(disabled.json().meta.total).toBe(0);
  });

  it('answers 401 without a token and 400 tenant_required to a superadmin outside any tenant', async () => {
    expect((await api.get('/api/categories', anonymous)).statusCode).toBe(401);
    const superadmin = t.bearer((await t.login('superadmin')).token);
    const res = await api.get('/api/categories', superadmin);
    expectCode(res, 400, 'tenant_required');
  });
});

describe('POST and PUT /api/categories', () => {
  it('creates a category last in the order and records it in the audit log', async () => {
    const res = await api.post('/api/categories', { name_en: 'Juice', name_my: 'Jus' });
    expect(res.statusCode).toBe(201);
    const created = categorySchema.parse(res.json().data);
    expect(created).toMatchObject({ name_en: 'Juice', status: 'active', product_count: 0 });
    expect(created.sort_order).toBe(7);
    const [entry] = await auditsOf(t, 'category.create', created.id);
    expect(entry?.actorUsername).toBe('admin');
  });

  it('answers 400 with per-field details for missing names and a taken name', async () => {
    const missing = await api.post('/api/categories', { name_en: '  ' });
    expectInvalid(missing, ['name_en', 'name_my']);
    const taken = await api.post('/api/categories', { name_en: 'kopi', name_my: 'Kopi 2' });
    expectCode(taken, 400, 'category_name_taken');
    // Another tenant may use the same name.
    const theirs = await api.send(
      'POST',
      '/api/categories',
      { name_en: 'Kopi', name_my: 'Kopi' },
      other.headers,
    );
    expect(theirs.statusCode).toBe(201);
  });

  it('updates names and status, and refuses an image URL it did not store', async () => {
    const teh = await demoCategory(t, 'Teh');
    const res = await api.put(`/api/categories/${teh.id}`, {
      name_en: 'Teh',
      name_my: 'Teh Tarik dan kawan-kawan',
      status: 'disabled',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name_my: 'Teh Tarik dan kawan-kawan',
      status: 'disabled',
    });
    const foreign = await api.put(`/api/categories/${teh.id}`, {
      name_en: 'Teh',
      name_my: 'Teh',
      image: 'https://evil.example/x.png',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toEqual([{ path: 'image', message: 'validation.url_invalid' }]);
  });

  it('answers 403 to a cashier creating and 404 for another tenant’s category', async () => {
    expect(
      (await api.post('/api/categories', { name_en: 'X', name_my: 'X' }, cashier)).statusCode,
    ).toBe(403);
    const theirs = `/api/categories/${other.category.id}`;
    expect((await api.get(theirs)).statusCode).toBe(404);
    expect((await api.put(theirs, { name_en: 'Mine', name_my: 'Mine' })).statusCode).toBe(404);
    expect((await api.del(theirs)).statusCode).toBe(404);
    expect((await api.get(theirs, other.headers)).statusCode).toBe(200);
  });
});

describe('PUT /api/categories/order', () => {
  it('sets the order, listed ids first', async () => {
    const kopi = await demoCategory(t, 'Kopi');
    const food = await demoCategory(t, 'Food');
    const res = await api.put('/api/categories/order', { ids: [food.id, kopi.id] });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((c: { name_en: string }) => c.name_en);
    expect(names.slice(0, 3)).toEqual(['Food', 'Kopi', 'Teh']);
    expect(res.json().data.map((c: { sort_order: number }) => c.sort_order)).toEqual(
      names.map((_: string, i: number) => i + 1),
    );
  });

  it('refuses ids that are not the tenant’s', async () => {
    const res = await api.put('/api/categories/order', { ids: [other.category.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'ids.0', message: 'validation.invalid' }]);
  });
});

describe('DELETE /api/categories/{id}', () => {
  it('refuses a category with products (disable it instead) and deletes an empty one', async () => {
    const kopi = await demoCategory(t, 'Kopi');
    const busy = await api.del(`/api/categories/${kopi.id}`);
    expectCode(busy, 409, 'category_has_products');
    expect(busy.json().message).toMatch(/7 product.*Disable it instead/);

    const created = await api.post('/api/categories', {
      name_en: 'Seasonal',
      name_my: 'Bermusim',
    });
    const id = created.json().data.id;
    const res = await api.del(`/api/categories/${id}`);
    expect(res.statusCode).toBe(200);
    expect((await api.get(`/api/categories/${id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/categories/{id}/image', () => {
  const upload = (id: string, file: Buffer, name = 'cat.png', headers = admin) => {
    const body = multipart(file, name);
    return api.post(`/api/categories/${id}/image`, body.payload, {
      ...headers,
      'content-type': body.contentType,
    });
  };

  it('stores a resized WebP served with a long cache, and replaces the previous one', async () => {
    const bakery = await demoCategory(t, 'Bakery & Cakes');
    const res = await upload(bakery.id, await pngImage(1600, 1200));
    expect(res.statusCode).toBe(200);
    const { image } = res.json().data as { image: string };
    expect(image).toMatch(/^\/uploads\/categories\/[0-9a-f-]{36}\.webp$/);
    const file = await api.get(image, anonymous);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const again = await upload(bakery.id, await pngImage(300, 300));
    expect(again.statusCode).toBe(200);
    expect(fs.existsSync(path.join(t.config.dataDir, image))).toBe(false);
    // The JSON form keeps it as is, or clears it.
    const kept = again.json().data.image as string;
    const put = await api.put(`/api/categories/${bakery.id}`, {
      name_en: 'Bakery & Cakes',
      name_my: 'Roti & Kek',
      image: kept,
    });
    expect(put.json().data.image).toBe(kept);
  });

  it('refuses text named .png (checked by content) and files over 2 MB, with 400', async () => {
    const food = await demoCategory(t, 'Food');
    const text = await upload(food.id, Buffer.from('<svg onload=alert(1)>not an image</svg>'));
    expectCode(text, 400, 'unsupported_file_type');
    const big = await upload(food.id, Buffer.alloc(2 * 1024 * 1024 + 10, 0x89));
    expectCode(big, 400, 'file_too_large');
    expect((await upload(other.category.id, await pngImage(10, 10))).statusCode).toBe(404);
  });
});
