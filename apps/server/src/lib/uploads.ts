import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Uploaded files live under DATA_DIR/uploads and are served at /uploads. Names are random (no
// user ids to enumerate) and never reused, so they can be cached for a year.

export const UPLOADS_URL = '/uploads/';

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

export type ImageType = 'jpg' | 'png' | 'webp';

/** The image type from the file's first bytes, whatever its name or declared type says. */
export function sniffImage(buffer: Buffer): ImageType | null {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) {
    return 'jpg';
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buffer.length >= 8 && png.every((b, i) => buffer[i] === b)) return 'png';
  if (
    buffer.length >= 12 &&
    buffer.toString('ascii', 0, 4) === 'RIFF' &&
    buffer.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/**
 * Whether the file is a PDF by its content: the header a PDF starts with, and the end-of-file
 * marker a whole one has near its end (a truncated or renamed file has not).
 */
export function isPdf(buffer: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(buffer.toString('latin1', 0, 8))) return false;
  return buffer.toString('latin1', Math.max(0, buffer.length - 1024)).includes('%%EOF');
}

/** Stores a file under uploads/<folder>/ and answers its public URL. */
export async function saveUpload(
  dataDir: string,
  folder: string,
  buffer: Buffer,
  extension: string,
): Promise<string> {
  const dir = path.join(uploadsDir(dataDir), folder);
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${extension}`;
  await fs.promises.writeFile(path.join(dir, name), buffer, { flag: 'wx' });
  return `${UPLOADS_URL}${folder}/${name}`;
}

/** Whether a URL names a file stored by saveUpload under uploads/<folder>/ (and nowhere else). */
export function isUploadIn(folder: string, url: string | null): url is string {
  const prefix = `${UPLOADS_URL}${folder}/`;
  return !!url?.startsWith(prefix) && /^[0-9a-f-]{36}\.[a-z]+$/.test(url.slice(prefix.length));
}

/** Deletes a file we stored earlier; ignores URLs that are not ours. */
export async function removeUpload(dataDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(UPLOADS_URL)) return;
  const root = uploadsDir(dataDir);
  const file = path.resolve(root, url.slice(UPLOADS_URL.length));
  if (!file.startsWith(root + path.sep)) return;
  await fs.promises.rm(file, { force: true });
}
