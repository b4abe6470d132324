import fs from 'node:fs';
import path from 'node:path';
import { bannerSchema, type Banner } from '@kopi/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  bannerBody,
  htmlAsPng,
  jpegPicture,
  svgWithScript,
  uploadBannerImage,
} from '../../test/banner-fixtures';
import { pngImage, useOtherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { latestAudit } from '../../test/fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// A banner's picture: checked by its bytes, cover-cropped to 2:1 at three widths, stored as WebP
// and JPEG; the files of a replaced or deleted picture go.

const { t, api, as } = useTestApp({ signIn: ['marketing', 'cashier'], api: 'marketing' });
const other = useOtherTenant(t, 'banner-pictures');

const upload = (id: string, file: Buffer, name?: string, type?: string) =>
  uploadBannerImage(api, as.marketing, id, file, name, type);
const newBanner = async () =>
  bannerSchema.parse((await api.post('/api/banners', bannerBody())).json().data);
const onDisk = (url: string) => path.join(t.config.dataDir, url);
const filesOf = (b: Banner) => b.image!.sizes.flatMap((s) => [s.webp, s.jpeg]);

describe('POST /api/banners/{id}/image', () => {
  it('stores 1200, 800 and 400 px wide crops at 2:1, each as WebP and JPEG, and serves them', async () => {
    const created = await newBanner();
    // 4:3, not 2:1: the crop takes the middle band.
    const res = await upload(created.id, await jpegPicture(1600, 1200), 'photo.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const stored = bannerSchema.strict().parse(res.json().data);
    expect(stored.image!.sizes.map((s) => [s.width, s.height])).toEqual([
      [1200, 600],
      [800, 400],
      [400, 200],
    ]);
    for (const size of stored.image!.sizes) {
      expect(size.webp).toMatch(/^\/uploads\/banners\/[0-9a-f-]{36}\.webp$/);
      expect(size.jpeg).toMatch(/^\/uploads\/banners\/[0-9a-f-]{36}\.jpg$/);
      const webp = await sharp(fs.readFileSync(onDisk(size.webp))).metadata();
      const jpeg = await sharp(fs.readFileSync(onDisk(size.jpeg))).metadata();
      expect([webp.format, webp.width, webp.height]).toEqual(['webp', size.width, size.height]);
      expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', size.width, size.height]);
    }
    const served = await api.get(stored.image!.sizes[2]!.jpeg, anonymous);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const entry = await latestAudit(t, 'banner.image');
    expect([entry?.entityId, entry?.actorUsername]).toEqual([created.id, 'marketing']);
  });

  it('enlarges a small picture to the same sizes, and puts a transparent one on white in JPEG', async () => {
    const created = await newBanner();
    const clear = await sharp({
      create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const stored = bannerSchema.parse((await upload(created.id, clear)).json().data);
    const large = stored.image!.sizes[0]!;
    expect([large.width, large.height]).toEqual([1200, 600]);
    const { data } = await sharp(fs.readFileSync(onDisk(large.jpeg)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 255, 255]);
  });

  it('removes the old files when the picture is replaced and when the banner is deleted', async () => {
    const created = await newBanner();
    const first = bannerSchema.parse(
      (await upload(created.id, await pngImage(1000, 500))).json().data,
    );
    const second = bannerSchema.parse((await upload(created.id, await jpegPicture())).json().data);
    expect(filesOf(first).every((f) => !fs.existsSync(onDisk(f)))).toBe(true);
    expect(filesOf(second).every((f) => fs.existsSync(onDisk(f)))).toBe(true);
    expect((await api.del(`/api/banners/${created.id}`)).statusCode).toBe(200);
    expect(filesOf(second).every((f) => !fs.existsSync(onDisk(f)))).toBe(true);
  });

  it('refuses an HTML page named .png, an SVG with a script, a forged PNG and a file over 2 MB', async () => {
    const created = await newBanner();
    const html = await upload(created.id, htmlAsPng, 'banner.png', 'image/png');
    expectCode(html, 400, 'unsupported_file_type');
    const svg = await upload(created.id, svgWithScript, 'banner.svg', 'image/svg+xml');
    expectCode(svg, 400, 'unsupported_file_type');
    const svgAsPng = await upload(created.id, svgWithScript, 'banner.png', 'image/png');
    expectCode(svgAsPng, 400, 'unsupported_file_type');
    const forged = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(300, 9),
    ]);
    expectCode(await upload(created.id, forged), 400, 'unsupported_file_type');
    const big = Buffer.concat([await pngImage(20, 20), Buffer.alloc(2 * 1024 * 1024)]);
    expectCode(await upload(created.id, big), 400, 'file_too_large');
    expectCode(
      await api.post(`/api/banners/${created.id}/image`, { file: 'x' }),
      400,
      'file_required',
    );
    // Nothing was stored for the refused uploads.
    expect(
      bannerSchema.parse((await api.get(`/api/banners/${created.id}`)).json().data).image,
    ).toBeNull();
    const folder = path.join(t.config.dataDir, 'uploads', 'banners');
    const names = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    expect(names.every((n) => /\.(webp|jpg)$/.test(n))).toBe(true);
  });

  it("answers 401, 403 to staff without update-banner, and 404 for another tenant's banner", async () => {
    const created = await newBanner();
    const picture = await pngImage(400, 200);
    expect((await uploadBannerImage(api, anonymous, created.id, picture)).statusCode).toBe(401);
    expectCode(await uploadBannerImage(api, as.cashier, created.id, picture), 403, 'forbidden');
    const theirs = bannerSchema.parse(
      (await api.post('/api/banners', bannerBody(), other.headers)).json().data,
    );
    expectCode(await upload(theirs.id, picture), 404, 'not_found');
    const after = bannerSchema.parse(
      (await api.get(`/api/banners/${theirs.id}`, other.headers)).json().data,
    );
    expect(after.image).toBeNull();
  });
});
