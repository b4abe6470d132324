import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { serverSecrets } from '../../../db/schema/platform';

/**
 * The sandbox's signing secret: PAYMENT_SANDBOX_SECRET when given, otherwise one generated on
 * first start and kept in server_secrets, so every instance on one database verifies the same way.
 */
export async function resolveSandboxSecret(db: Db, configured: string | undefined) {
  if (configured) return configured;
  const name = 'payment_sandbox_secret';
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  return row!.value;
}
