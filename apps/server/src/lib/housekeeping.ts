import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { idempotencyKeys, loginThrottle, passwordResetTokens, sessions } from '../db/schema';

// Periodic clean-up of rows that only matter for a while. Every instance may run it: the deletes
// are idempotent.

export async function runHousekeeping(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
  await db
    .delete(loginThrottle)
    .where(lt(loginThrottle.lastFailureAt, sql`now() - interval '1 day'`));
  // Ended sessions are kept a month for the account's session history, then go with their tokens.
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, sql`now() - interval '30 days'`),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, sql`now() - interval '30 days'`)),
      ),
    );
  await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, sql`now() - interval '1 day'`));
}

export function scheduleHousekeeping(
  db: Db,
  onError: (error: unknown) => void,
  everyMs = 3_600_000,
): () => void {
  const timer = setInterval(() => {
    runHousekeeping(db).catch(onError);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
