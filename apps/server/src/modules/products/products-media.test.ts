import fs from 'node:fs';
import path from 'node:path';
import { productImageSchema, productOutletSchema } from '@kopi/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/fixtures';
import {
  demoOutlet,
  demoProduct,
  multipart,
  pngImage,
  useOtherTenant,
} from '../../test/catalogue-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { expectCode } from '../../test/expect-code';

// Product images, per-outlet availability and price, and "sold out today" across business days.

// Monday 23 November 2026, 10:00 in Kuala Lumpur (UTC+8). Tests move it.
let now = new Date('2026-11-23T02:00:00Z');
const { t, api, as } = useTestApp({ now: () => now, signIn: ['admin'], api: 'admin' });
const { admin } = as;
const other = useOtherTenant(t, 'kedai-lain');

const upload = (productId: string, file: Buffer, name = 'photo.png', type = 'image/png') => {
  const body = multipart(file, name, type);
  return api.post(`/api/products/${productId}/images`, body.payload, {
    ...admin,
    'content-type': body.contentType,
  });
};
const images = (res: { json(): { data: unknown[] } }) =>
  res.json().data.map((i) => productImageSchema.strict().parse(i));
const onDisk = (url: string) => path.join(t.config.dataDir, url);

describe('product images', () => {
  it('stores a display size and a thumbnail as WebP; the first image is the main one', async () => {
    const latte = await demoProduct(t, 'ESP-003');
    const first = await upload(latte.id, await pngImage(1600, 1000));
    expect(first.statusCode, first.body).toBe(200);
    const [image] = images(first);
    expect(image).toMatchObject({ is_main: true });
    expect(image!.url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.webp$/);
    const display = await sharp(fs.readFileSync(onDisk(image!.url))).metadata();
    const thumb = await sharp(fs.readFileSync(onDisk(image!.thumb_url))).metadata();
    expect([display.format, display.width, display.height]).toEqual(['webp', 800, 500]);
    expect([thumb.format, thumb.width]).toEqual(['webp', 200]);
    const served = await api.get(image!.thumb_url, anonymous);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // A JPEG named .webp is fine: the bytes decide, not the name.
    const jpeg = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#333' } })
      .jpeg()
      .toBuffer();
    const second = await upload(latte.id, jpeg, 'odd-name.webp', 'image/webp');
    expect(second.statusCode).toBe(200);
    expect(images(second).map((i) => i.is_main)).toEqual([true, false]);

    // The list shows the main image.
    const row = (await api.get('/api/products?q=ESP-003')).json().data[0];
    expect(row.image).toEqual({ id: image!.id, url: image!.url, thumb_url: image!.thumb_url });
  });

  it('moves the main flag, and hands it on when the main image is removed', async () => {
    const mocha = await demoProduct(t, 'ESP-006');
    await upload(mocha.id, await pngImage(100, 100));
    const [a, b] = images(await upload(mocha.id, await pngImage(120, 100)));
    const moved = await api.put(`/api/products/${mocha.id}/images/${b!.id}/main`);
    expect(images(moved).map((i) => [i.id, i.is_main])).toEqual([
      [a!.id, false],
      [b!.id, true],
    ]);
    const removed = await api.del(`/api/products/${mocha.id}/images/${b!.id}`);
    expect(images(removed)).toEqual([{ ...a!, is_main: true }]);
    expect(fs.existsSync(onDisk(b!.url))).toBe(false);
    expect(fs.existsSync(onDisk(b!.thumb_url))).toBe(false);
    const missing = await api.del(`/api/products/${mocha.id}/images/${b!.id}`);
    expect(missing.statusCode).toBe(404);
  });

  it('answers 400 for text named .png, a fake PNG, a file over 2 MB, or no file', async () => {
    const id = (await demoProduct(t, 'ESP-004')).id;
    const text = await upload(id, Buffer.from('just some text, honestly'), 'menu.png');
    expectCode(text, 400, 'unsupported_file_type');
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    expect((await upload(id, fake)).json().code_message).toBe('unsupported_file_type');
    const big = await upload(
      id,
      Buffer.concat([await pngImage(20, 20), Buffer.alloc(2 * 1024 * 1024)]),
    );
    expectCode(big, 400, 'file_too_large');
    const none = await api.post(`/api/products/${id}/images`, { file: 'nope' });
    expectCode(none, 400, 'file_required');
    const cashier = t.bearer((await t.login('cashier')).token);
    const body = multipart(await pngImage(10, 10));
    const forbidden = await api.post(`/api/products/${id}/images`, body.payload, {
      ...cashier,
      'content-type': body.contentType,
    });
    expect(forbidden.statusCode).toBe(403);
    // Nothing was stored for the refused uploads.
    const product = (await api.get(`/api/products/${id}`)).json().data;
    expect(product.images).toEqual([]);
  });
});

describe('per-outlet availability and price', () => {
  it('lists every outlet and sets availability and a price override at one', async () => {
    const id = (await demoProduct(t, 'MCH-003')).id;
    const pg = await demoOutlet(t, 'PG01');
    const res = await api.get(`/api/products/${id}/outlets`);
    const outlets = res.json().data.map((o: unknown) => productOutletSchema.strict().parse(o));
    expect(outlets.map((o: { outlet_name: string }) => o.outlet_name).sort()).toEqual([
      'Johor Bahru',
      'Kuala Lumpur',
      'Penang',
    ]);
    const set = await api.put(`/api/products/${id}/outlets/${pg.id}`, {
      available: false,
      price_override: 1050,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({
      outlet_id: pg.id,
      available: false,
      price_override: 1050,
    });
    const atPenang = await api.get(`/api/products?outlet=${pg.id}&q=MCH-003`);
    expect(atPenang.json().meta.total).toBe(0);
    const bad = await api.put(`/api/products/${id}/outlets/${pg.id}`, {
      available: true,
      price_override: -5,
    });
    expect(bad.statusCode).toBe(400);
    const theirOutlet = await api.put(`/api/products/${id}/outlets/${other.outlet.id}`, {
      available: true,
      price_override: null,
    });
    expect(theirOutlet.statusCode).toBe(404);
  });
});

describe('sold out today', () => {
  const soldOut = (productId: string, outletId: string, value: boolean, headers = admin) =>
    api.put(
      `/api/products/${productId}/outlets/${outletId}/sold-out`,
      { sold_out: value },
      headers,
    );
  const stateAt = async (productId: string, outletId: string) => {
    const res = await api.get(`/api/products/${productId}/outlets`);
    return res.json().data.find((o: { outlet_id: string }) => o.outlet_id === outletId)
      .sold_out_today;
  };

  it('lasts until the end of the outlet’s business day (04:00 cut-off), then resets by itself', async () => {
    const id = (await demoProduct(t, 'FOD-001')).id;
    const kl = await demoOutlet(t, 'KL01');
    const cashier = t.bearer((await t.login('cashier')).token);
    const res = await soldOut(id, kl.id, true, cashier);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ outlet_id: kl.id, sold_out_today: true });
    expect(await stateAt(id, (await demoOutlet(t, 'PG01')).id)).toBe(false);

    now = new Date('2026-11-23T17:30:00Z'); // Tuesday 01:30 local: still Monday's business day
    expect(await stateAt(id, kl.id)).toBe(true);
    const row = (await api.get('/api/products?q=FOD-001')).json().data[0];
    expect(
      row.outlets.find((o: { outlet_id: string }) => o.outlet_id === kl.id).sold_out_today,
    ).toBe(true);

    now = new Date('2026-11-23T20:05:00Z'); // Tuesday 04:05 local: a new business day
    expect(await stateAt(id, kl.id)).toBe(false);

    await soldOut(id, kl.id, true);
    expect(await stateAt(id, kl.id)).toBe(true);
    await soldOut(id, kl.id, false);
    expect(await stateAt(id, kl.id)).toBe(false);
  });

  it('lets staff bound to an outlet switch only their own (404 elsewhere), and needs the permission', async () => {
    const id = (await demoProduct(t, 'FOD-003')).id;
    const cashier = t.bearer((await t.login('cashier')).token); // bound to Kuala Lumpur
    const penang = await demoOutlet(t, 'PG01');
    const res = await soldOut(id, penang.id, true, cashier);
    expect(res.statusCode).toBe(404);
    const finance = t.bearer((await t.login('finance')).token);
    expect((await soldOut(id, penang.id, true, finance)).statusCode).toBe(403);
    const reader = await signedInUser(t, {
      username: 'no-toggle',
      tenantId: penang.tenantId,
      permissions: ['read-list-product'],
    });
    expect((await soldOut(id, penang.id, true, reader)).statusCode).toBe(403);
    // Tenant-wide staff (admin) reach every outlet.
    expect((await soldOut(id, penang.id, true)).statusCode).toBe(200);
  });
});
