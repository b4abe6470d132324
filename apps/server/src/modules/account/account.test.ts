import { isTwoStepChallenge, type LoginResponseData } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../db/schema/access';
import { auditLog, outbox } from '../../db/schema/platform';
import { createUser, newPassword, userByUsername, newestRow } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { expectCode } from '../../test/expect-code';

const { t, api } = useTestApp();

const latestMailTo = (to: string) => newestRow(t, outbox, outbox.toAddress, to);

const tokenFromMail = (text: string) => {
  const m = /\/reset-password\?token=([\w%-]+)/.exec(text);
  return m ? decodeURIComponent(m[1]!) : null;
};

describe('forgot and reset password', () => {
  it('mails a single-use link and answers the same for unknown users', async () => {
    const res = await api.post('/api/forgot-password', { username: 'finance' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sent: true } });
    const mail = await latestMailTo('finance@kopi-demo.my');
    expect(mail?.kind).toBe('password_reset');
    expect(mail?.status).toBe('logged'); // no SMTP_URL: kept in the outbox
    expect(mail?.textBody).toContain(`${t.config.appUrl}/reset-password?token=`);
    const token = tokenFromMail(mail!.textBody)!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    // Only a hash is stored.
    const stored = await t.database.db.select().from(passwordResetTokens);
    expect(JSON.stringify(stored)).not.toContain(token);

    const before = (await t.database.db.select().from(outbox)).length;
    const unknown = await api.post('/api/forgot-password', { username: 'no-such-user' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(res.body);
    expect((await t.database.db.select().from(outbox)).length).toBe(before);
  });

  it("writes the mail in the user's language", async () => {
    await api.post('/api/forgot-password', { username: 'finance' });
    expect(await latestMailTo('finance@kopi-demo.my')).toMatchObject({
      subject: 'Reset your Kopi HQ password',
    });
    const finance = await userByUsername(t, 'finance');
    await t.database.db.update(users).set({ language: 'my' }).where(eq(users.id, finance.id));
    await api.post('/api/forgot-password', { username: 'finance' });
    const mail = await latestMailTo('finance@kopi-demo.my');
    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, finance.id));
    expect(mail).toMatchObject({ subject: 'Tetapkan semula kata laluan Kopi HQ anda' });
    expect(mail!.textBody).toContain('Buka pautan ini dalam masa 30 minit');
    expect(tokenFromMail(mail!.textBody)).toBeTruthy();
  });

  it('resets the password once, ends every session, and refuses the link afterwards', async () => {
    const session = await t.login('finance');
    await api.post('/api/forgot-password', { username: 'finance' });
    const token = tokenFromMail((await latestMailTo('finance@kopi-demo.my'))!.textBody)!;

    const mismatch = await api.post('/api/reset-password', {
      token,
      ...newPassword('Teh@tarik1', 'Teh@tarik2'),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('The Confirm Password field confirmation does not match');

    const ok = await api.post('/api/reset-password', {
      token,
      ...newPassword('Teh@tarik1'),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { reset: true } });
    await t.login('finance', 'Teh@tarik1');
    const old = await api.get('/api/notification', t.bearer(session.token));
    expect(old.statusCode).toBe(401);

    const again = await api.post('/api/reset-password', {
      token,
      ...newPassword('Kopi@1234x'),
    });
    expectCode(again, 400, 'reset_token_invalid');

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.password_reset'));
    expect(entry?.actorUsername).toBe('finance');
  });

  it('makes an older link useless once a newer one is sent, and expires links', async () => {
    await api.post('/api/forgot-password', { username: 'cashier' });
    const first = tokenFromMail((await latestMailTo('cashier@kopi-demo.my'))!.textBody)!;
    await api.post('/api/forgot-password', { username: 'cashier' });
    const second = tokenFromMail((await latestMailTo('cashier@kopi-demo.my'))!.textBody)!;
    const body = (token: string) => ({
      token,
      ...newPassword('Kopi@5678'),
    });
    expect((await api.post('/api/reset-password', body(first))).statusCode).toBe(400);
    const cashier = await userByUsername(t, 'cashier');
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, cashier.id));
    const expired = await api.post('/api/reset-password', body(second));
    expectCode(expired, 400, 'reset_token_invalid');
  });
});

describe('two-step sign-in', () => {
  const codeAt = (secret: string, offsetSeconds = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: Date.now() + offsetSeconds * 1000,
    });

  async function enableFor(username: string) {
    const { token } = await t.login(username);
    const setup = await api.post('/api/account/two-step/setup', undefined, t.bearer(token));
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_data_url } = setup.json().data;
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Kopi%20HQ:/);
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
    const wrong = await api.post(
      '/api/account/two-step/enable',
      { code: '000000' },
      t.bearer(token),
    );
    expect(wrong.statusCode).toBe(400);
    const enableCode = codeAt(secret);
    const enable = await api.post(
      '/api/account/two-step/enable',
      { code: enableCode },
      t.bearer(token),
    );
    expect(enable.statusCode).toBe(200);
    const codes = enable.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    return { secret, codes, token, enableCode };
  }

  async function challenge(username: string) {
    const res = await api.post('/api/login', { username, password: 'Kopi@1234' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as LoginResponseData;
    expect(isTwoStepChallenge(data)).toBe(true);
    expect(data).not.toHaveProperty('token');
    return (data as { challenge_token: string }).challenge_token;
  }

  it('asks for the code after the password, and issues tokens only with a valid one', async () => {
    await createUser(t, { username: 'tina', tenantId: null, permissions: [] });
    const { secret, enableCode } = await enableFor('tina');
    const challengeToken = await challenge('tina');

    // The code used to turn it on cannot be used again (each time step once).
    const replay = await api.post('/api/two-steps', {
      challenge_token: challengeToken,
      code: enableCode,
    });
    expectCode(replay, 400, 'two_step_code_invalid');

    const next = codeAt(secret, 30);
    const ok = await api.post('/api/two-steps', { challenge_token: challengeToken, code: next });
    expect(ok.statusCode).toBe(200);
    const session = ok.json().data;
    expect(session.username).toBe('tina');
    expect(session.two_step_enabled).toBe(true);
    const protectedCall = await api.get('/api/notification', t.bearer(session.token));
    expect(protectedCall.statusCode).toBe(200);
    const again = await api.post('/api/two-steps', { challenge_token: challengeToken, code: next });
    expect(again.statusCode).toBe(400);
  });

  it('accepts each recovery code once', async () => {
    await createUser(t, { username: 'rico', tenantId: null, permissions: [] });
    const { codes } = await enableFor('rico');
    const challengeToken = await challenge('rico');
    const code = codes[0]!.toUpperCase(); // case and dashes do not matter
    const ok = await api.post('/api/two-steps', { challenge_token: challengeToken, code });
    expect(ok.statusCode).toBe(200);
    const reused = await api.post('/api/two-steps', { challenge_token: challengeToken, code });
    expect(reused.statusCode).toBe(400);
  });

  it('refuses forged challenges and throttles code guessing', async () => {
    await createUser(t, { username: 'gus', tenantId: null, permissions: [] });
    await enableFor('gus');
    const forged = await api.post('/api/two-steps', { challenge_token: 'x.y.z', code: '123456' });
    expectCode(forged, 400, 'two_step_challenge_invalid');
    const session = await t.login('superadmin');
    const accessAsChallenge = await api.post('/api/two-steps', {
      challenge_token: session.token,
      code: '123456',
    });
    expect(accessAsChallenge.statusCode).toBe(400);

    const challengeToken = await challenge('gus');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await api.post('/api/two-steps', {
        challenge_token: challengeToken,
        code: '000000',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('turns off with the password, after which sign-in needs no code', async () => {
    await createUser(t, { username: 'dora', tenantId: null, permissions: [] });
    const { token } = await enableFor('dora');
    const wrong = await api.post(
      '/api/account/two-step/disable',
      { password: 'Nope@1234' },
      t.bearer(token),
    );
    expectCode(wrong, 400, 'old_password_incorrect');
    const off = await api.post(
      '/api/account/two-step/disable',
      { password: 'Kopi@1234' },
      t.bearer(token),
    );
    expect(off.statusCode).toBe(200);
    const session = await t.login('dora');
    expect(session.token).toBeTruthy();
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'dora'));
    expect(row?.twoStepSecret).toBeNull();
  });
});

describe('active sessions', () => {
  it('lists them, signs out one, then all others', async () => {
    const a = await t.login('manager');
    const b = await t.login('manager');
    const c = await t.login('manager');
    const list = await api.get('/api/account/sessions', t.bearer(c.token));
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data as { id: string; current: boolean; ip: string }[];
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]!.ip).toBe('127.0.0.1');

    const other = sessions.find((s) => !s.current)!;
    const del = await api.del(`/api/account/sessions/${other.id}`, undefined, t.bearer(c.token));
    expect(del.statusCode).toBe(200);

    const rest = await api.post(
      '/api/account/sessions/revoke-others',
      undefined,
      t.bearer(c.token),
    );
    expect(rest.statusCode).toBe(200);
    for (const s of [a, b]) {
      const res = await api.get('/api/notification', t.bearer(s.token));
      expect(res.statusCode).toBe(401);
    }
    const mine = await api.get('/api/notification', t.bearer(c.token));
    expect(mine.statusCode).toBe(200);
  });

  it("answers 404 for someone else's session", async () => {
    const cashier = await t.login('cashier');
    const admin = await t.login('admin');
    const adminSessions = await api.get('/api/account/sessions', t.bearer(admin.token));
    const target = (adminSessions.json().data as { id: string }[])[0]!;
    const res = await api.del(
      `/api/account/sessions/${target.id}`,
      undefined,
      t.bearer(cashier.token),
    );
    expect(res.statusCode).toBe(404);
  });
});
