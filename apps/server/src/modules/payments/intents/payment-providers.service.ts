import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import type { PaymentProvider } from './payment-provider';
import { resolveSandboxSecret } from './payment-secrets';
import { createSandboxProvider } from './sandbox-provider';

// The payment providers built into the server, beside each business's own gateway accounts:
// the sandbox, a pretend bank for development and demos, unless PAYMENT_SANDBOX=false.

export interface BuiltInProviderOptions {
  db: Db;
  now: Clock;
  /** PAYMENT_SANDBOX. */
  sandbox: boolean;
  /** PAYMENT_SANDBOX_SECRET; without it the one kept in server_secrets signs. */
  sandboxSecret: string | undefined;
}

export async function createBuiltInProviders({
  db,
  now,
  sandbox,
  sandboxSecret,
}: BuiltInProviderOptions): Promise<PaymentProvider[]> {
  if (!sandbox) return [];
  return [createSandboxProvider({ secret: await resolveSandboxSecret(db, sandboxSecret), now })];
}
