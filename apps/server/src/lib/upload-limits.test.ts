import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { productImportColumns } from '@kopi/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { banners } from '../db/schema/banners';
import {
  demoCategory,
  demoOutletIds,
  demoProduct,
  multipart,
  pngImage,
} from '../test/catalogue-fixtures';
import { addProduct, demoTenantId, testClock } from '../test/order-fixtures';
import { bank, cardOrder, movedRefund, refundOf } from '../test/refund-fixtures';
import { useTestApp } from '../test/use-test-app';

// Every upload route holds one size limit while the file streams in: a file one byte over it is a
// 400 file_too_large however its bytes arrive (in one piece, or with the limit falling exactly
// between two pieces, where the parser's own check used to miss it), and a file exactly at it
// is read whole.

const MB = 1024 * 1024;
const IMAGE_LIMIT = 2 * MB; // SPEC: pictures up to 2 MB
const IMPORT_LIMIT = 5 * MB; // SPEC: product files up to 5 MB

const clock = testClock('2026-06-10T04:00:00Z'); // Wednesday 12:00 in Kuala Lumpur: open
const { t, as } = useTestApp({ now: clock.now, signIn: ['admin', 'cashier'] });

/** A real 1×1 PNG followed by zeros up to `size` bytes: decodable whatever its length. */
async function paddedPng(size: number) {
  const png = await pngImage(1, 1);
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

/** A product file: the header row, then spaces (a blank row) up to `size` bytes. */
function paddedCsv(size: number) {
  const header = Buffer.from(`${productImportColumns.join(',')}\n`);
  return Buffer.concat([header, Buffer.alloc(size - header.length, ' ')]);
}

/**
 * Posts `file` as the multipart field "file". `splitAt` sends the body in pieces, a pause apart,
 * with a cut exactly `splitAt` bytes into the file.
 */
function upload(url: string, file: Buffer, type: string, splitAt?: number) {
  const { payload, contentType } = multipart(file, 'upload.bin', type);
  const start = payload.indexOf(file);
  const pieces =
    splitAt === undefined
      ? [payload]
      : [
          payload.subarray(0, start),
          payload.subarray(start, start + splitAt),
          payload.subarray(start + splitAt),
        ];
  const body = Readable.from(
    (async function* () {
      for (const [i, piece] of pieces.entries()) {
        if (i > 0) await sleep(20);
        yield piece;
      }
    })(),
  );
  return t.inject({
    method: 'POST',
    url,
    headers: { ...as.admin, 'content-type': contentType, 'content-length': String(payload.length) },
    payload: body,
  });
}

function expectTooLarge(res: { statusCode: number; body: string }, label: string) {
  expect
    .soft([res.statusCode, res.body], label)
    .toEqual([
      400,
      JSON.stringify({ code_message: 'file_too_large', message: 'The file is too large' }),
    ]);
}

interface Route {
  name: string;
  url: () => Promise<string>;
  limit: number;
  file: (size: number) => Promise<Buffer> | Buffer;
  type: string;
}

let routes: Route[];
beforeAll(async () => {
  const { kl } = await demoOutletIds(t);
  const tenantId = await demoTenantId(t);
  const product = (await addProduct(t, { sku: 'UPLOAD-LIMIT', price: 1000 })).id;
  const image = { limit: IMAGE_LIMIT, file: paddedPng, type: 'image/png' };
  /** A bank-transfer refund approved by the admin: waiting for its proof. */
  const approvedTransfer = async () => {
    const order = await cardOrder(t, as.admin, kl, product, 1060);
    const refund = await refundOf(t, as.cashier, {
      order_id: order.id,
      kind: 'amount',
      amount: 500,
      method: 'bank_transfer',
      reason: 'quality_issue',
      bank,
    });
    await movedRefund(t, as.admin, refund.id, { status: 'APPROVED' });
    return refund.id;
  };
  const newBanner = async () => {
    const [row] = await t.database.db
      .insert(banners)
      .values({ tenantId, titleEn: 'Upload limit' })
      .returning();
    return row!.id;
  };
  routes = [
    { name: 'avatar', url: async () => '/api/account/avatar', ...image },
    { name: 'receipt logo', url: async () => '/api/tenant-settings/logo', ...image },
    { name: 'banner', url: async () => `/api/banners/${await newBanner()}/image`, ...image },
    {
      name: 'refund proof',
      url: async () => `/api/refunds/${await approvedTransfer()}/proof`,
      ...image,
    },
    {
      name: 'category image',
      url: async () => `/api/categories/${(await demoCategory(t, 'Food')).id}/image`,
      ...image,
    },
    {
      name: 'product image',
      url: async () => `/api/products/${(await demoProduct(t, 'ESP-003')).id}/images`,
      ...image,
    },
    {
      name: 'product import',
      url: async () => '/api/products/import?mode=preview',
      limit: IMPORT_LIMIT,
      file: paddedCsv,
      type: 'text/csv',
    },
  ];
});

describe('the upload size limit', () => {
  it('refuses a file one byte over the limit on every upload route, however it arrives', async () => {
    for (const route of routes) {
      const file = await route.file(route.limit + 1);
      for (const splitAt of [undefined, route.limit]) {
        const res = await upload(await route.url(), file, route.type, splitAt);
        expectTooLarge(res, `${route.name}, split at ${splitAt}`);
      }
    }
  });

  it('refuses a file three times the limit on every upload route', async () => {
    for (const route of routes) {
      const file = await route.file(route.limit * 3);
      const res = await upload(await route.url(), file, route.type, route.limit);
      expectTooLarge(res, route.name);
    }
  });

  it('reads a file exactly at the limit whole on every upload route', async () => {
    for (const route of routes) {
      const file = await route.file(route.limit);
      const res = await upload(await route.url(), file, route.type, route.limit);
      expect([200, 201], `${route.name}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('answers file_too_large, not unsupported_file_type, for a real photo over the limit', async () => {
    // Noise does not compress: about 3 MB of PNG.
    const photo = await sharp(randomBytes(1000 * 1000 * 3), {
      raw: { width: 1000, height: 1000, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(IMAGE_LIMIT);
    for (const splitAt of [undefined, IMAGE_LIMIT]) {
      const res = await upload('/api/account/avatar', photo, 'image/png', splitAt);
      expectTooLarge(res, `split at ${splitAt}`);
    }
  });
});
