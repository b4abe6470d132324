import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/access';
import { multipart, pngImage, useOtherTenant } from '../../test/catalogue-fixtures';
import { userByUsername } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { expectCode } from '../../test/expect-code';

// The avatar: uploaded like any picture (checked, re-encoded, metadata gone), and a file the
// user's record owns, so nothing else can be named as an avatar and then deleted by an upload.

const { t, api, as, sessions } = useTestApp({ signIn: ['cashier', 'manager'] });
const other = useOtherTenant(t, 'kedai-lain');

const onDisk = (url: string) => path.join(t.config.dataDir, url);
const avatarFiles = () => {
  const dir = path.join(t.config.dataDir, 'uploads', 'avatars');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const upload = (headers: Record<string, string>, file: Buffer, name?: string, type?: string) => {
  const body = multipart(file, name, type);
  return api.post('/api/account/avatar', body.payload, {
    ...headers,
    'content-type': body.contentType,
  });
};
const avatarOf = (res: { json(): unknown }) =>
  (res.json() as { data: { avatar: string } }).data.avatar;
const putAvatar = (avatar: string | null) =>
  api.put(
    `/api/registrationdata/${sessions.cashier.id}`,
    { fullname: sessions.cashier.fullname, avatar },
    as.cashier,
  );
const setStoredAvatar = (username: string, avatar: string | null) =>
  t.database.db.update(users).set({ avatar }).where(eq(users.username, username));

/** A picture of another tenant: its category's image. */
async function otherTenantsPicture() {
  const body = multipart(await pngImage(60, 60));
  const res = await api.post(`/api/categories/${other.category.id}/image`, body.payload, {
    ...other.headers,
    'content-type': body.contentType,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { image: string } }).data.image;
}

describe('POST /api/account/avatar', () => {
  it('stores a 256 px WebP, serves it with a long cache, and replaces the previous one', async () => {
    const res = await upload(as.cashier, await pngImage(900, 600));
    expect(res.statusCode, res.body).toBe(200);
    const avatar = avatarOf(res);
    expect(avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);
    const stored = await sharp(fs.readFileSync(onDisk(avatar))).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 256, 171]);
    const file = await api.get(avatar);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await userByUsername(t, 'cashier')).avatar).toBe(avatar);

    const second = await upload(as.cashier, await pngImage(40, 40));
    expect(second.statusCode).toBe(200);
    expect(fs.existsSync(onDisk(avatar))).toBe(false);
  });

  it('drops the photo metadata (GPS) by re-encoding', async () => {
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#864' },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Kopi' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '3/1 8/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(as.cashier, photo, 'me.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const stored = await sharp(fs.readFileSync(onDisk(avatarOf(res)))).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
  });

  it('checks the bytes, not the name: a GIF, a script or HTML after a PNG signature is refused', async () => {
    const before = avatarFiles();
    const gif = await upload(as.cashier, Buffer.from('GIF89a0000000000'), 'x.gif', 'image/gif');
    expectCode(gif, 400, 'unsupported_file_type');
    const script = await upload(as.cashier, Buffer.from('<script>alert(1)</script>'));
    expectCode(script, 400, 'unsupported_file_type');
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const html = Buffer.concat([signature, Buffer.from('<html><script>alert(1)</script></html>')]);
    expectCode(await upload(as.cashier, html), 400, 'unsupported_file_type');
    expect(avatarFiles()).toEqual(before);
  });

  it('refuses files over 2 MB with 400 and keeps nothing of them, and requests without a file', async () => {
    const before = avatarFiles();
    const big = Buffer.concat([await pngImage(40, 40), Buffer.alloc(3 * 1024 * 1024, 0)]);
    expectCode(await upload(as.cashier, big), 400, 'file_too_large');
    expect(avatarFiles()).toEqual(before);
    const none = await api.post('/api/account/avatar', { file: 'nope' }, as.cashier);
    expectCode(none, 400, 'file_required');
    const anonymous = await upload({}, await pngImage(40, 40));
    expect(anonymous.statusCode).toBe(401);
  });

  it('never deletes a file outside uploads/avatars/ that a record names as its avatar', async () => {
    const picture = await otherTenantsPicture();
    // A record that already names another file (written before the profile rule existed).
    await setStoredAvatar('manager', picture);
    const res = await upload(as.manager, await pngImage(40, 40));
    expect(res.statusCode, res.body).toBe(200);
    expect(fs.existsSync(onDisk(picture))).toBe(true);
    expect((await api.get(picture)).statusCode).toBe(200);
  });
});

describe('the avatar of PUT /api/registrationdata/{id}', () => {
  it('refuses any file but the current avatar: another tenant’s picture, another user’s avatar', async () => {
    const picture = await otherTenantsPicture();
    const theirs = avatarOf(await upload(as.manager, await pngImage(40, 40)));
    const mine = avatarOf(await upload(as.cashier, await pngImage(40, 40)));
    for (const avatar of [picture, theirs, '/uploads/avatars/../products/x.webp', '']) {
      const res = await putAvatar(avatar);
      expect(expectCode(res, 400, 'validation_failed').details).toEqual([
        { path: 'avatar', message: 'validation.url_invalid' },
      ]);
    }
    expect((await userByUsername(t, 'cashier')).avatar).toBe(mine);

    // Then an upload replaces only the user's own file.
    expect((await upload(as.cashier, await pngImage(40, 40))).statusCode).toBe(200);
    expect([picture, theirs].map((u) => fs.existsSync(onDisk(u)))).toEqual([true, true]);
    expect(fs.existsSync(onDisk(mine))).toBe(false);
  });

  it('keeps the current avatar, or clears it and removes its file', async () => {
    const mine = avatarOf(await upload(as.cashier, await pngImage(40, 40)));
    const kept = await putAvatar(mine);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.avatar).toBe(mine);
    expect(fs.existsSync(onDisk(mine))).toBe(true);

    const cleared = await putAvatar(null);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.avatar).toBeNull();
    expect(fs.existsSync(onDisk(mine))).toBe(false);
  });
});
