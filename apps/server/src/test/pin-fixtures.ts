import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../db/schema/access';
import { DEMO_PASSWORD } from '../db/seed-data';
import { requestAs, type RequestHeaders, type TestApp } from './test-app';

// A demo staff member's approval PIN and id, as the tests of a manager's PIN at the till need them.

/** Sets the signed-in user's PIN (PUT /api/account/pin with the demo password); must succeed. */
export async function setApprovalPin(t: TestApp, headers: RequestHeaders, pin: string) {
  const res = await requestAs(t).put(
    '/api/account/pin',
    { pin, pin_confirm: pin, old_password: DEMO_PASSWORD },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** A demo user's id by username. */
export const staffIdOf = async (t: TestApp, username: string) =>
  (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;
