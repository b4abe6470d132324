import { and, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { loginThrottle, passwordResetTokens, sessions } from '../db/schema/access';
import { customerSessions, customerVerificationCodes } from '../db/schema/customers';
import { paymentCallbacks } from '../db/schema/payments';
import { idempotencyKeys } from '../db/schema/platform';
import { backgroundJobs } from '../db/schema/jobs';
import { liveEvents } from '../db/schema/live';

// Periodic clean-up of rows that only matter for a while. Every instance may run it: the deletes
// are idempotent.

export async function runHousekeeping(db: Db): Promise<void> {
  // A lapsed key goes, unless its handler stored it with a row: that one keeps its body's hash
  // (the row holds the key forever) and drops its answer.
  const lapsedKey = and(
    lt(idempotencyKeys.expiresAt, sql`now()`),
    ne(idempotencyKeys.status, 'kept'),
  );
  await db.delete(idempotencyKeys).where(and(lapsedKey, eq(idempotencyKeys.keptWithRow, false)));
  await db
    .update(idempotencyKeys)
    .set({ status: 'kept', responseBody: null, responseContentType: null, responseStatus: null })
    .where(and(lapsedKey, eq(idempotencyKeys.keptWithRow, true)));
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
  // Customer app: spent phone codes, ended customer sessions, and provider callbacks long past
  // the age a callback is accepted at (five minutes), so replay protection does not need them.
  await db
    .delete(customerVerificationCodes)
    .where(lt(customerVerificationCodes.expiresAt, sql`now() - interval '1 day'`));
  await db
    .delete(customerSessions)
    .where(
      or(
        lt(customerSessions.expiresAt, sql`now() - interval '30 days'`),
        and(
          isNotNull(customerSessions.revokedAt),
          lt(customerSessions.revokedAt, sql`now() - interval '30 days'`),
        ),
      ),
    );
  // Live events are kept a week for `since` replay; a client away longer is told its replay is
  // truncated (it refetches instead).
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, sql`now() - interval '7 days'`));
  // A finished job's progress is read while it runs and shortly after; a month keeps its history.
  await db
    .delete(backgroundJobs)
    .where(
      and(
        inArray(backgroundJobs.status, ['done', 'failed']),
        lt(backgroundJobs.finishedAt, sql`now() - interval '30 days'`),
      ),
    );
  await db
    .delete(paymentCallbacks)
    .where(lt(paymentCallbacks.receivedAt, sql`now() - interval '30 days'`));
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
