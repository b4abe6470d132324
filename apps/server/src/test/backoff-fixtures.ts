import { eq, sql } from 'drizzle-orm';
import { loginThrottle } from '../db/schema/access';
import type { TestApp } from './test-app';

// Test helpers for the sign-in backoff (decisions 004 and 029): its buckets live in
// login_throttle, keyed by account and secret.

/** Ends the current wait of a bucket, as if the attacker had waited it out. */
export const endWait = (t: TestApp, key: string) =>
  t.database.db
    .update(loginThrottle)
    .set({ nextAllowedAt: sql`now() - interval '1 second'` })
    .where(eq(loginThrottle.key, key));

export const throttleRow = async (t: TestApp, key: string) =>
  (await t.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)))[0];

let next = 0;
/**
 * A request's source as an attacker rotating addresses sends it: a new remote address and a new
 * X-Forwarded-For each time (neither may give a fresh count).
 */
export function rotatingSource() {
  next += 1;
  return {
    remoteAddress: `198.51.100.${(next % 250) + 1}`,
    headers: { 'x-forwarded-for': `203.0.113.${(next % 250) + 1}` },
  };
}
