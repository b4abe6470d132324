import type { BannerInput } from '@kopi/contract';
import sharp from 'sharp';
import { multipart } from './catalogue-fixtures';
import type { RequestHeaders, Requests } from './test-app';

// Test data for the customer app's banners: inputs, real pictures, and the forged files a
// picture upload must refuse.

/** A valid banner body: shown at every outlet from now on, tapping nowhere. */
export const bannerBody = (patch: Partial<BannerInput> = {}): Partial<BannerInput> => ({
  title_en: 'Free upsize',
  title_my: 'Naik saiz percuma',
  target_type: 'none',
  all_outlets: true,
  status: 'active',
  ...patch,
});

/** A real JPEG of one colour, `width` × `height`. */
export const jpegPicture = (width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

/** An HTML page renamed .png: what an attacker uploads hoping it is served as is. */
export const htmlAsPng = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/users")</script></body></html>',
);

/** An SVG with a script in it: a real picture format, and a way to run code if served. */
export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><script>alert(1)</script><rect width="200" height="100" fill="red"/></svg>',
);

/** Uploads `file` as a banner's picture. */
export function uploadBannerImage(
  api: Requests,
  headers: RequestHeaders,
  bannerId: string,
  file: Buffer,
  filename = 'banner.png',
  type = 'image/png',
) {
  const body = multipart(file, filename, type);
  return api.post(`/api/banners/${bannerId}/image`, body.payload, {
    ...headers,
    'content-type': body.contentType,
  });
}
