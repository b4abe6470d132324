import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Files only some staff may see (a bank transfer's proof shows an account): kept under
// DATA_DIR/private, outside the public /uploads, and read back only through a route that checks
// the caller. A file is named by a key `<folder>/<uuid>.<ext>` the server made.

const KEY = /^([a-z-]+)\/([0-9a-f-]{36}\.[a-z]+)$/;

const privateDir = (dataDir: string) => path.join(dataDir, 'private');

/** Whether `key` names a file stored by savePrivateFile under `folder`. */
export function isPrivateKeyIn(folder: string, key: string | null): key is string {
  const match = key ? KEY.exec(key) : null;
  return match?.[1] === folder;
}

/** Stores a file and answers its key. */
export async function savePrivateFile(
  dataDir: string,
  folder: string,
  buffer: Buffer,
  extension: string,
): Promise<string> {
  const dir = path.join(privateDir(dataDir), folder);
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${extension}`;
  await fs.promises.writeFile(path.join(dir, name), buffer, { flag: 'wx' });
  return `${folder}/${name}`;
}

/** The stored file of a key of `folder`, or null when there is none. */
export async function readPrivateFile(
  dataDir: string,
  folder: string,
  key: string | null,
): Promise<Buffer | null> {
  if (!isPrivateKeyIn(folder, key)) return null;
  return fs.promises.readFile(path.join(privateDir(dataDir), key)).catch(() => null);
}

/** Deletes a stored file; ignores keys that are not ours and files already gone. */
export async function removePrivateFile(dataDir: string, folder: string, key: string | null) {
  if (!isPrivateKeyIn(folder, key)) return;
  await fs.promises.rm(path.join(privateDir(dataDir), key), { force: true }).catch(() => {});
}
