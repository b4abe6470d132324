import { describe, expect, it } from 'vitest';
import { checkImageFile, IMAGE_MAX_BYTES, sniffImage } from './image-files';

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
});
