import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../../db/database';
import { resolveServerSecret } from '../../../lib/secrets';

// The payment gateways' credentials at rest: one JSON object sealed with AES-256-GCM under a
// 32-byte key (PAYMENT_CREDENTIALS_KEY, base64, or generated once and kept in server_secrets).
// The additional data binds a sealed value to its row's tenant and provider, so a value copied
// into another business's row does not open there. Answers show them masked, the trail never.

const VERSION = 'v1';
const b64 = (b: Buffer) => b.toString('base64url');

/** The sealing key: PAYMENT_CREDENTIALS_KEY when given, otherwise generated once and kept. */
export async function resolveCredentialsKey(db: Db, configured: string | undefined) {
  const key = Buffer.from(
    await resolveServerSecret(db, 'payment_credentials_key', configured),
    'base64',
  );
  if (key.length !== 32) throw new Error('PAYMENT_CREDENTIALS_KEY must be 32 bytes in base64');
  return key;
}

/** Whose credentials they are, sealed into every value. */
export const credentialsOwner = (tenantId: string | null, provider: string) =>
  `${tenantId ?? 'platform'}:${provider}`;

export function sealCredentials(key: Buffer, owner: string, credentials: Record<string, string>) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(owner, 'utf8'));
  const sealed = Buffer.concat([
    cipher.update(JSON.stringify(credentials), 'utf8'),
    cipher.final(),
  ]);
  return [VERSION, b64(iv), b64(cipher.getAuthTag()), b64(sealed)].join(':');
}

export function openCredentials(key: Buffer, owner: string, stored: string) {
  const [version, iv, tag, sealed] = stored.split(':');
  if (version !== VERSION || !iv || !tag || !sealed) throw new Error('unknown credentials format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(owner, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const json = Buffer.concat([
    decipher.update(Buffer.from(sealed, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(json) as Record<string, string>;
}

/** `••••••1234`: the last four characters of a long value, nothing of a short one. */
export const maskCredential = (value: string) => `••••••${value.length > 8 ? value.slice(-4) : ''}`;
