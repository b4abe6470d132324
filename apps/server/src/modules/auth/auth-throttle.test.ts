import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '../../db/schema/access';
import { endWait as endWaitOf, throttleRow as throttleRowOf } from '../../test/backoff-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// Brute force: per-username backoff in the database, per-address rate limit.

const { t } = useTestApp();

const attempt = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress,
  });

const endWait = (key: string) => endWaitOf(t, key);
const throttleRow = (key: string) => throttleRowOf(t, key);

describe('per-username backoff', () => {
  it('makes the 6th attempt after 5 failures wait, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await attempt('admin', 'Wrong@1234');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
      expect(res.json().code_message).toBe('invalid_credentials');
    }
    const blocked = await attempt('admin', 'Kopi@1234');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json()).toEqual({
      code_message: 'too_many_attempts',
      message: 'Too many attempts. Please wait and try again.',
    });
  });

  it('doubles the wait on each further failure, capped at 60 seconds', async () => {
    const expected = ['2', '4', '8', '16', '32', '60', '60'];
    for (const wait of expected) {
      await endWait('user:admin');
      expect((await attempt('admin', 'Wrong@1234')).statusCode).toBe(400);
      const blocked = await attempt('admin', 'Wrong@1234');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe(wait);
    }
  });

  it('does not stop another user signing in while one username is hammered', async () => {
    const hammering = Array.from({ length: 30 }, () => attempt('admin', 'Guess@1234'));
    const victim = attempt('manager', 'Kopi@1234');
    const [results, victimRes] = await Promise.all([Promise.all(hammering), victim]);
    expect(victimRes.statusCode).toBe(200);
    expect(results.every((r) => r.statusCode === 429)).toBe(true);
  });

  it('resets after a successful sign-in', async () => {
    await endWait('user:admin');
    expect((await attempt('admin', 'Kopi@1234')).statusCode).toBe(200);
    expect(await throttleRow('user:admin')).toBeUndefined();
    expect((await attempt('admin', 'Wrong@1234')).statusCode).toBe(400);
    expect((await attempt('admin', 'Kopi@1234')).statusCode).toBe(200);
  });

  it('forgets failures after 15 quiet minutes', async () => {
    for (let i = 0; i < 5; i++) await attempt('finance', 'Wrong@1234');
    await t.database.db
      .update(loginThrottle)
      .set({
        nextAllowedAt: sql`now() - interval '20 minutes'`,
        lastFailureAt: sql`now() - interval '20 minutes'`,
      })
      .where(eq(loginThrottle.key, 'user:finance'));
    expect((await attempt('finance', 'Wrong@1234')).statusCode).toBe(400);
    expect((await throttleRow('user:finance'))?.failures).toBe(1);
  });

  it('lets at most 5 parallel guesses through, and treats unknown names the same', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () => attempt('ghost-user', 'Guess@1234')),
    );
    const checked = results.filter((r) => r.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(results.filter((r) => r.statusCode === 429).length).toBe(12 - checked);
  });

  it('keeps its state in the database (survives a restart, shared by instances)', async () => {
    const row = await throttleRow('user:ghost-user');
    expect(row?.failures).toBeGreaterThanOrEqual(5);
    expect(row!.nextAllowedAt.getTime()).toBeGreaterThan(Date.now() - 5000);
  });
});

describe('per-address rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ config: { loginRateLimit: 3 } });
  });
  afterAll(() => limited?.close());

  it('answers 429 in the envelope once an address exceeds the limit, others unaffected', async () => {
    const from = (remoteAddress: string, username: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'Kopi@1234' },
        remoteAddress,
      });
    for (const username of ['admin', 'manager', 'cashier']) {
      expect((await from('10.0.0.1', username)).statusCode).toBe(200);
    }
    const blocked = await from('10.0.0.1', 'finance');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code_message: 'rate_limited',
      message: 'Too many requests. Please slow down.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.0.0.2', 'finance')).statusCode).toBe(200);
  });
});
