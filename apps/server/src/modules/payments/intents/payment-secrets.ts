import type { Db } from '../../../db/database';
import { resolveServerSecret } from '../../../lib/secrets';

/**
 * The sandbox's signing secret: PAYMENT_SANDBOX_SECRET when given, otherwise one generated on
 * first start and kept in server_secrets, so every instance on one database verifies the same way.
 */
export const resolveSandboxSecret = (db: Db, configured: string | undefined) =>
  resolveServerSecret(db, 'payment_sandbox_secret', configured);
