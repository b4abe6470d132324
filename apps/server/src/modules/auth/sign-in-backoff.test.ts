import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/access';
import { outbox } from '../../db/schema/platform';
import { DEMO_PASSWORD } from '../../db/seed-data';
import { rotatingSource, throttleRow } from '../../test/backoff-fixtures';
import { createUser, newPassword } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';

// Decision 029: hammering a username cannot keep its owner out. Guesses from addresses the
// account never signed in from share one count; the owner gets in from an address they signed
// in from lately, from where they used an e-mailed reset link, and with their second factor.

const { t } = useTestApp();

type Source = { remoteAddress: string; headers?: Record<string, string> };

const post = (url: string, payload: Record<string, unknown>, source: Source) =>
  t.inject({ method: 'POST', url, payload, ...source });
const signIn = (username: string, password: string, source: Source) =>
  post('/api/login', { username, password }, source);

/** An attacker guessing from a new address each time; the answers' statuses. */
async function hammer(username: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) {
    statuses.push((await signIn(username, 'Guess@1234', rotatingSource())).statusCode);
  }
  return statuses;
}
const refusedFromTheSixth = [400, 400, 400, 400, 400, 429, 429, 429];

describe('a hammered username does not keep its owner out', () => {
  it('lets the owner in from an address they signed in from, in a count of its own', async () => {
    await createUser(t, { username: 'kamal', tenantId: null, permissions: [] });
    const home = { remoteAddress: '192.0.2.10' };
    expect((await signIn('kamal', DEMO_PASSWORD, home)).statusCode).toBe(200);

    expect(await hammer('kamal')).toEqual(refusedFromTheSixth);
    expect((await signIn('kamal', DEMO_PASSWORD, home)).statusCode).toBe(200);
    // Anywhere else still waits: the attacker's count is untouched.
    expect((await signIn('kamal', DEMO_PASSWORD, rotatingSource())).statusCode).toBe(429);
    expect((await throttleRow(t, 'user:kamal'))?.failures).toBe(5);

    // Guessing from the known address is slowed the same way.
    const guesses: number[] = [];
    for (let i = 0; i < 6; i++)
      guesses.push((await signIn('kamal', 'Guess@1234', home)).statusCode);
    expect(guesses).toEqual(refusedFromTheSixth.slice(0, 6));
    expect((await throttleRow(t, 'user:kamal@192.0.2.10'))?.failures).toBe(5);
  });

  it('lets the owner in where they used an e-mailed reset link', async () => {
    expect(await hammer('finance')).toEqual(refusedFromTheSixth);
    const phone = { remoteAddress: '192.0.2.20' };
    await post('/api/forgot-password', { username: 'finance' }, phone);
    const [mail] = await t.database.db
      .select({ text: outbox.textBody })
      .from(outbox)
      .where(and(eq(outbox.toAddress, 'finance@kopi-demo.my'), eq(outbox.kind, 'password_reset')))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const token = decodeURIComponent(/token=([\w%-]+)/.exec(mail!.text)![1]!);
    const reset = await post('/api/reset-password', { token, ...newPassword('Teh@tarik1') }, phone);
    expect(reset.statusCode, reset.body).toBe(200);

    // The attacker carries on; the owner still gets in from where the link was used.
    expect(await hammer('finance')).toEqual(refusedFromTheSixth);
    const owner = await signIn('finance', 'Teh@tarik1', phone);
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('lets the owner finish a two-step sign-in while the password is hammered', async () => {
    const user = await createUser(t, { username: 'tessa', tenantId: null, permissions: [] });
    const secret = new Secret({ size: 20 }).base32;
    await t.database.db
      .update(users)
      .set({ twoStepSecret: secret, twoStepEnabled: true })
      .where(eq(users.id, user.id));
    const office = { remoteAddress: '192.0.2.30' };
    const first = await signIn('tessa', DEMO_PASSWORD, office);
    const challenge = first.json().data.challenge_token as string;
    expect(challenge).toBeTruthy();

    expect(await hammer('tessa')).toEqual(refusedFromTheSixth);
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const second = await post('/api/two-steps', { challenge_token: challenge, code }, office);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.token).toBeTruthy();
  });
});
