import { describe, expect, it } from 'vitest';
import { checkImageFile, checkImageOrPdfFile, IMAGE_MAX_BYTES, sniffImage } from './image-files';

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const jpeg = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10];
const webp = [...'RIFF']
  .map((c) => c.charCodeAt(0))
  .concat(
    [0, 0, 0, 0],
    [...'WEBP'].map((c) => c.charCodeAt(0)),
  );
const gif = [...'GIF89a'].map((c) => c.charCodeAt(0));

describe('image files', () => {
  it('recognises JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImage(new Uint8Array(png))).toBe('png');
    expect(sniffImage(new Uint8Array(jpeg))).toBe('jpeg');
    expect(sniffImage(new Uint8Array(webp))).toBe('webp');
    expect(sniffImage(new Uint8Array(gif))).toBeNull();
    expect(sniffImage(new Uint8Array([]))).toBeNull();
  });

  it('checks content, not the name or the declared type', async () => {
    expect(
      await checkImageFile(new File([new Uint8Array(png)], 'photo.png', { type: 'image/png' })),
    ).toBeNull();
    // A text file renamed to .png is refused; a PNG without an extension passes.
    expect(await checkImageFile(new File(['hello'], 'fake.png', { type: 'image/png' }))).toBe(
      'wrong_type',
    );
    expect(await checkImageFile(new File([new Uint8Array(png)], 'upload'))).toBeNull();
  });

  it('refuses images over 2 MB', async () => {
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set(png);
    expect(await checkImageFile(new File([big], 'big.png'))).toBe('too_large');
  });

  it('takes an image or a PDF as a proof, by content, up to 2 MB', async () => {
    const pdf = [...'%PDF-1.4\n'].map((c) => c.charCodeAt(0));
    expect(await checkImageOrPdfFile(new File([new Uint8Array(pdf)], 'slip.pdf'))).toBeNull();
    expect(await checkImageOrPdfFile(new File([new Uint8Array(png)], 'photo'))).toBeNull();
    expect(await checkImageOrPdfFile(new File(['%PDX-1.4'], 'fake.pdf'))).toBe('wrong_type');
    expect(await checkImageOrPdfFile(new File([new Uint8Array(gif)], 'a.gif'))).toBe('wrong_type');
    const atLimit = new Uint8Array(IMAGE_MAX_BYTES);
    atLimit.set(pdf);
    expect(await checkImageOrPdfFile(new File([atLimit], 'slip.pdf'))).toBeNull();
    const over = new Uint8Array(IMAGE_MAX_BYTES + 1);
    over.set(pdf);
    expect(await checkImageOrPdfFile(new File([over], 'slip.pdf'))).toBe('too_large');
  });
});
