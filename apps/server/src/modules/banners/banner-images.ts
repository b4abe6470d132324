import { BANNER_ASPECT_RATIO, type BannerImage, bannerImageWidths } from '@kopi/contract';
import { encodeCropped, removeImages } from '../../lib/images';
import { saveUpload } from '../../lib/uploads';

// A banner's picture: cover-cropped to the app's banner shape (2:1) at a few widths, each as WebP
// and as JPEG (for the older phones and web views that cannot show WebP), under
// DATA_DIR/uploads/banners. Whatever was uploaded, only these re-encoded files are ever served.

export const BANNER_FOLDER = 'banners';

const sizes = bannerImageWidths.map((width) => ({
  width,
  height: Math.round(width / BANNER_ASPECT_RATIO),
}));

/** Checks (by content), crops, encodes and stores an upload; removes what it wrote on failure. */
export async function storeBannerImage(dataDir: string, file: Buffer): Promise<BannerImage> {
  const encoded = await encodeCropped(file, sizes, ['webp', 'jpeg']);
  const saved: string[] = [];
  try {
    const stored = [];
    for (const [i, size] of sizes.entries()) {
      const [webp, jpeg] = encoded[i]!;
      const webpUrl = await saveUpload(dataDir, BANNER_FOLDER, webp!, 'webp');
      saved.push(webpUrl);
      const jpegUrl = await saveUpload(dataDir, BANNER_FOLDER, jpeg!, 'jpg');
      saved.push(jpegUrl);
      stored.push({ ...size, webp: webpUrl, jpeg: jpegUrl });
    }
    return { sizes: stored };
  } catch (error) {
    await removeImages(dataDir, saved);
    throw error;
  }
}

/** Every file of a stored picture. */
export const filesOf = (image: BannerImage | null): string[] =>
  image ? image.sizes.flatMap((s) => [s.webp, s.jpeg]) : [];

/** Removes a stored picture's files (a leftover file is harmless; a failed call is not). */
export const removeBannerImage = (dataDir: string, image: BannerImage | null) =>
  removeImages(dataDir, filesOf(image));
