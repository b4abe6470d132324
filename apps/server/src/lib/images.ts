import sharp from 'sharp';
import { AppError } from './errors';
import { removeUpload, saveUpload, sniffImage } from './uploads';

// Uploaded pictures are never served as sent: the type is checked by the first bytes, then the
// image is decoded and re-encoded to WebP at fixed sizes. That strips metadata (GPS in photos),
// defuses files that only look like images and keeps pages light.

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
// A 2 MB file can still decode to a huge bitmap (a "decompression bomb"): refuse above 40 MP.
const MAX_INPUT_PIXELS = 40_000_000;

export interface ImageSize {
  name: string;
  /** The longest side in pixels; smaller pictures are not enlarged. */
  size: number;
}

/**
 * Checks and re-encodes an uploaded picture: one WebP per size. Bad input is a 400
 * `unsupported_file_type` (or `file_too_large`).
 */
export async function encodeImage(buffer: Buffer, sizes: readonly ImageSize[]): Promise<Buffer[]> {
  if (buffer.length > IMAGE_MAX_BYTES) throw new AppError('file_too_large');
  if (!sniffImage(buffer)) throw new AppError('unsupported_file_type');
  try {
    return await Promise.all(
      sizes.map((s) =>
        sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate() // honour the camera's orientation before the metadata goes
          .resize(s.size, s.size, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer(),
      ),
    );
  } catch {
    // Right magic bytes, but not a picture sharp can read (truncated, forged, too large).
    throw new AppError('unsupported_file_type');
  }
}

export interface CropSize {
  width: number;
  height: number;
}
export type CropFormat = 'webp' | 'jpeg';

/**
 * Checks and re-encodes an uploaded picture to fixed shapes (a banner slot): each size cover-cropped
 * to exactly width × height around the picture's centre, smaller pictures enlarged, in every
 * format asked for. Answers `[size][format]`. Bad input is a 400 as in `encodeImage`.
 */
export async function encodeCropped(
  buffer: Buffer,
  sizes: readonly CropSize[],
  formats: readonly CropFormat[],
): Promise<Buffer[][]> {
  if (buffer.length > IMAGE_MAX_BYTES) throw new AppError('file_too_large');
  if (!sniffImage(buffer)) throw new AppError('unsupported_file_type');
  try {
    // Decoded once; each output clones the pipeline.
    const source = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    return await Promise.all(
      sizes.map((s) =>
        Promise.all(
          formats.map((format) => {
            const resized = source.clone().resize(s.width, s.height, { fit: 'cover' });
            // JPEG has no transparency: a transparent PNG goes onto white, not black.
            return format === 'webp'
              ? resized.webp({ quality: 82 }).toBuffer()
              : resized
                  .flatten({ background: '#ffffff' })
                  .jpeg({ quality: 82, mozjpeg: true })
                  .toBuffer();
          }),
        ),
      ),
    );
  } catch {
    throw new AppError('unsupported_file_type');
  }
}

/**
 * Checks, resizes and stores an uploaded picture under uploads/<folder>/, one WebP per size.
 * Answers the public URL of each size by name.
 */
export async function storeImage<const S extends readonly ImageSize[]>(
  dataDir: string,
  folder: string,
  buffer: Buffer,
  sizes: S,
): Promise<Record<S[number]['name'], string>> {
  const outputs = await encodeImage(buffer, sizes);
  const urls: string[] = [];
  try {
    for (const output of outputs) urls.push(await saveUpload(dataDir, folder, output, 'webp'));
  } catch (error) {
    await Promise.all(urls.map((u) => removeUpload(dataDir, u)));
    throw error;
  }
  return Object.fromEntries(sizes.map((s, i) => [s.name, urls[i]!])) as Record<
    S[number]['name'],
    string
  >;
}

/** Removes stored files, ignoring failures (a leftover file is harmless, a failed call is not). */
export async function removeImages(dataDir: string, urls: (string | null)[]): Promise<void> {
  await Promise.all(urls.map((u) => removeUpload(dataDir, u).catch(() => {})));
}
