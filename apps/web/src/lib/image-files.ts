// Client-side check of an image before upload (the server checks again): JPEG, PNG or WebP by
// content, not by name or the browser's guess, and at most 2 MB.

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
/** A document a person may attach as proof: a picture of it, or the PDF itself. */
export const IMAGE_OR_PDF_ACCEPT = `${IMAGE_ACCEPT},application/pdf`;

export type ImageKind = 'jpeg' | 'png' | 'webp';
export type ImageProblem = 'wrong_type' | 'too_large';

/** The image type from the first bytes of a file, or null. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => at(i) === b)) return 'png';
  const ascii = (from: number, to: number) =>
    String.fromCharCode(...Array.from(bytes.subarray(from, to)));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

async function headOf(file: Blob, length: number): Promise<Uint8Array> {
  const slice = file.slice(0, length);
  // jsdom's Blob lacks arrayBuffer(); FileReader works everywhere.
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(slice);
  });
}

/** null when the file may be uploaded, else why not. */
export async function checkImageFile(file: Blob): Promise<ImageProblem | null> {
  if (file.size > IMAGE_MAX_BYTES) return 'too_large';
  return sniffImage(await headOf(file, 12)) ? null : 'wrong_type';
}

/** A PDF by its first bytes. */
export const isPdfHead = (bytes: Uint8Array) =>
  String.fromCharCode(...Array.from(bytes.subarray(0, 5))) === '%PDF-';

/** null when the file may be uploaded as a proof (an image or a PDF, at most 2 MB), else why not. */
export async function checkImageOrPdfFile(file: Blob): Promise<ImageProblem | null> {
  if (file.size > IMAGE_MAX_BYTES) return 'too_large';
  const head = await headOf(file, 12);
  return sniffImage(head) || isPdfHead(head) ? null : 'wrong_type';
}
