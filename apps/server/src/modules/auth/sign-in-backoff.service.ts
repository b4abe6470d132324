import type { ErrorCode } from '@kopi/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/password';
import * as repo from './auth.repo';

// The sign-in backoff (decisions 004 and 029), one mechanism for every secret a person proves:
// a staff password or second factor, a customer's password or phone code. Each secret of each
// account has its own count (a bucket). An attempt is counted before the secret is checked; from
// the 5th failure on the next attempt waits 1 s, doubling up to 60 s, and never longer; a success
// empties the bucket. Attempts from an address the account signed in from lately count in a
// bucket of their own, so guesses from elsewhere cannot keep the real user out.

/** How long a successful sign-in from an address makes it a known address of the account. */
export const KNOWN_ADDRESS_DAYS = 30;

/** The bucket of `account` (e.g. `user:aisyah`): apart for a known address, else shared. */
export const backoffBucket = (account: string, knownAddress: string | null) =>
  knownAddress === null ? account : `${account}@${knownAddress}`;

/**
 * The account when `password` is its own, else null; an unknown account takes as long as a
 * wrong password, so response times do not tell which accounts exist.
 */
export async function accountWithPassword<A extends { passwordHash: string | null }>(
  hasher: PasswordHasher,
  account: A | null,
  password: string,
): Promise<A | null> {
  // An account without a password (a customer the counter added) takes as long as a wrong one.
  if (!account?.passwordHash) {
    await hasher.verifyDummy(password);
    return null;
  }
  return (await hasher.verify(account.passwordHash, password)) ? account : null;
}

export function createSignInBackoff(db: Db) {
  return {
    /**
     * Runs `check` counted in `bucket`: 429 `too_many_attempts` with Retry-After while its wait
     * runs. A null result answers `failure`; it, and anything `check` throws, stays counted. A
     * result empties the bucket.
     */
    async guard<T>(bucket: string, failure: ErrorCode, check: () => Promise<T | null>) {
      const claim = await repo.claimLoginAttempt(db, bucket);
      if (!claim.allowed) {
        throw new AppError('too_many_attempts', {
          headers: { 'retry-after': String(claim.retryAfterSeconds) },
        });
      }
      const result = await check();
      if (result === null) throw new AppError(failure);
      await repo.clearLoginThrottle(db, bucket);
      return result;
    },

    /** Empties buckets, e.g. when a password reset proved the account's owner. */
    clear: (...buckets: string[]) => repo.clearLoginThrottle(db, ...buckets),
  };
}

export type SignInBackoff = ReturnType<typeof createSignInBackoff>;
