import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { serverSecrets } from '../db/schema/platform';

/**
 * A server secret: `configured` when given, otherwise one generated on first start and kept in
 * server_secrets under `name`, so restarts keep it and every instance on one database agrees.
 */
export async function resolveServerSecret(
  db: Db,
  name: string,
  configured: string | undefined,
  bytes = 32,
): Promise<string> {
  if (configured) return configured;
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(bytes).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  return row!.value;
}

/** The JWT signing key: JWT_SECRET when given, otherwise generated once and kept. */
export const resolveJwtSecret = (db: Db, configured: string | undefined): Promise<string> =>
  resolveServerSecret(db, 'jwt_secret', configured, 48);
