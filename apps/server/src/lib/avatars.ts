import { removeImages, storeImage } from './images';
import { isUploadIn } from './uploads';

// A user's avatar is a picture like any other upload (checked, decoded, re-encoded to WebP,
// metadata stripped), kept under uploads/avatars/.

const AVATARS = 'avatars';
// Shown at up to 100 px (the profile card): 256 px stays sharp on high-density screens.
const AVATAR_SIZES = [{ name: 'url', size: 256 }] as const;

/** Stores an uploaded avatar and answers its URL; bad or oversized input is a 400. */
export async function storeAvatar(dataDir: string, file: Buffer): Promise<string> {
  return (await storeImage(dataDir, AVATARS, file, AVATAR_SIZES)).url;
}

/**
 * Removes the avatar file a user held. Only a file under uploads/avatars/ can be one: a URL
 * anywhere else (another tenant's product picture) is never deleted on the user's behalf.
 */
export async function removeAvatar(dataDir: string, url: string | null): Promise<void> {
  if (isUploadIn(AVATARS, url)) await removeImages(dataDir, [url]);
}
