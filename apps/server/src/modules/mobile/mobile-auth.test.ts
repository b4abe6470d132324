import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, customerVerificationCodes } from '../../db/schema/customers';
import { auditLog, outbox } from '../../db/schema/platform';
import { tenants } from '../../db/schema/tenancy';
import { DEMO_PASSWORD } from '../../db/seed-data';
import { runHousekeeping } from '../../lib/housekeeping';
import { endWait } from '../../test/backoff-fixtures';
import { createTenant } from '../../test/fixtures';
import {
  CUSTOMER_PASSWORD,
  demoTenantHeader,
  latestCode,
  newPhone,
  signUp,
  verifiedCustomer,
} from '../../test/mobile-fixtures';
import { expectCode, expectCodeWithDetails } from '../../test/expect-code';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// The customer app's accounts: sign-up with a phone and a password, the 6-digit code sent through
// the outbox, sign-in refused until the phone is verified, customer sessions that are not staff
// sessions (and the other way round), and the X-Tenant header naming the business.

const { t, api } = useTestApp({ api: demoTenantHeader });

const signIn = (phone: string, password = CUSTOMER_PASSWORD, headers = demoTenantHeader) =>
  api.post('/api/mobile/auth/sign-in', { phone, password }, headers);

describe('sign-up and phone verification', () => {
  it('creates the account, texts a 6-digit code through the outbox and refuses sign-in until verified', async () => {
    const phone = newPhone();
    const local = `0${phone.slice(3, 5)}-${phone.slice(5)}`; // 011-xxxxxxxx
    const res = await signUp(t, {
      name: 'Nur Aina',
      phone: local,
      password: CUSTOMER_PASSWORD,
      email: 'aina@example.my',
      birthday: '1995-04-02',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ phone, code_expires_in: 600 });

    const [sms] = await t.database.db.select().from(outbox).where(eq(outbox.toAddress, phone));
    expect(sms).toMatchObject({ kind: 'sms_verification', status: 'logged' });
    expect(sms!.textBody).toMatch(/^\d{6} is your Kopi Demo Sdn Bhd verification code/);
    // Only a hash of the code is stored.
    const [stored] = await t.database.db
      .select({ hash: customerVerificationCodes.codeHash })
      .from(customerVerificationCodes)
      .innerJoin(customers, eq(customers.id, customerVerificationCodes.customerId))
      .where(eq(customers.phone, phone));
    expect(stored!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.hash).not.toContain(await latestCode(t, phone));

    expectCode(await signIn(phone), 400, 'phone_not_verified');
    // The wrong password does not learn that the account is unverified.
    expectCode(await signIn(phone, 'Wrong@1234'), 400, 'invalid_phone_or_password');

    const verified = await api.post('/api/mobile/auth/verify-phone', {
      phone,
      code: await latestCode(t, phone),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = verified.json().data;
    expect(session).toMatchObject({
      tenant_slug: 'kopi-demo',
      customer: {
        name: 'Nur Aina',
        phone,
        email: 'aina@example.my',
        birthday: '1995-04-02',
        phone_verified: true,
        points: 0,
        tier: null,
      },
    });
    expect(session.token).toMatch(/^kc_/);
    expect(session.customer.referral_code).toMatch(/^[A-Z2-9]{8}$/);

    const signedIn = await signIn(phone);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await api.get('/api/mobile/me', t.bearer(signedIn.json().data.token));
    expect(me.json().data).toMatchObject({ phone, name: 'Nur Aina' });

    const trail = await t.database.db
      .select({ action: auditLog.action, actor: auditLog.actorUsername })
      .from(auditLog)
      .where(eq(auditLog.entityId, session.customer.id));
    expect(trail.map((a) => a.action)).toEqual(
      expect.arrayContaining(['customer.sign_up', 'customer.verify_phone', 'customer.sign_in']),
    );
    // By id and a masked phone, never the full phone (decision 051).
    expect(trail[0]!.actor).toBe(`customer:${phone.slice(0, 3)}•••••${phone.slice(-4)}`);
  });

  it('refuses a wrong code, wears a code out after five tries, and a new code works', async () => {
    const phone = newPhone();
    await signUp(t, { name: 'Ahmad', phone, password: CUSTOMER_PASSWORD });
    const right = await latestCode(t, phone);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      expectCode(
        await api.post('/api/mobile/auth/verify-phone', { phone, code: wrong }),
        400,
        'verification_code_invalid',
      );
    }
    // Five tries used: the next waits (the sign-in backoff), and then even the right code is
    // refused.
    const codeKey = `customer-code:kopi-demo:${phone}`;
    await endWait(t, codeKey);
    expectCode(
      await api.post('/api/mobile/auth/verify-phone', { phone, code: right }),
      400,
      'verification_code_expired',
    );
    const resent = await api.post('/api/mobile/auth/resend-code', { phone });
    expect(resent.statusCode).toBe(200);
    const [customer] = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.phone, phone));
    const [resentEntry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, customer!.id), eq(auditLog.action, 'customer.resend_code')));
    expect(resentEntry).toMatchObject({
      entity: 'customer',
      actorId: customer!.id,
      actorUsername: `customer:${phone.slice(0, 3)}•••••${phone.slice(-4)}`,
    });
    const fresh = await latestCode(t, phone);
    await endWait(t, codeKey);
    const ok = await api.post('/api/mobile/auth/verify-phone', { phone, code: fresh });
    expect(ok.statusCode, ok.body).toBe(200);
    // A code is used once.
    expectCode(
      await api.post('/api/mobile/auth/verify-phone', { phone, code: fresh }),
      400,
      'verification_code_expired',
    );
  });

  it('answers resend-code the same for unknown phones, and caps codes per hour', async () => {
    const resends = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(auditLog)
          .where(eq(auditLog.action, 'customer.resend_code'))
      )[0]!.n;
    const resentBefore = await resends();
    const unknown = await api.post('/api/mobile/auth/resend-code', { phone: newPhone() });
    expect(unknown.statusCode).toBe(200);
    // Nothing was sent, so nothing is logged (and the log does not tell which phones exist).
    expect(await resends()).toBe(resentBefore);
    const phone = newPhone();
    await signUp(t, { name: 'Mei Ling', phone, password: CUSTOMER_PASSWORD });
    for (let i = 0; i < 6; i++) await api.post('/api/mobile/auth/resend-code', { phone });
    const [sent] = await t.database.db
      .select({ n: count() })
      .from(outbox)
      .where(eq(outbox.toAddress, phone));
    expect(sent!.n).toBe(5);
    // Signing up again is refused rather than texting a sixth code.
    expectCode(
      await signUp(t, { name: 'Mei Ling', phone, password: CUSTOMER_PASSWORD }),
      429,
      'too_many_attempts',
    );
  });

  it('lets an unverified sign-up be redone, but a verified phone is taken', async () => {
    const phone = newPhone();
    await signUp(t, { name: 'First Try', phone, password: CUSTOMER_PASSWORD });
    const again = await signUp(t, { name: 'Second Try', phone, password: 'Other@1234' });
    expect(again.statusCode).toBe(201);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.phone, phone));
    expect(row!.n).toBe(1);
    await api.post('/api/mobile/auth/verify-phone', { phone, code: await latestCode(t, phone) });
    expect((await signIn(phone, 'Other@1234')).json().data.customer.name).toBe('Second Try');
    expectCode(
      await signUp(t, { name: 'Someone Else', phone, password: CUSTOMER_PASSWORD }),
      400,
      'phone_taken',
    );
  });

  it('records who referred a customer and refuses unknown referral codes', async () => {
    const friend = await verifiedCustomer(t, { name: 'Friend' });
    expectCode(
      await signUp(t, {
        name: 'New',
        phone: newPhone(),
        password: CUSTOMER_PASSWORD,
        referral_code: 'NOPE2345',
      }),
      400,
      'referral_code_unknown',
    );
    const phone = newPhone();
    const res = await signUp(t, {
      name: 'New',
      phone,
      password: CUSTOMER_PASSWORD,
      referral_code: friend.session.customer.referral_code.toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select({ referredBy: customers.referredBy })
      .from(customers)
      .where(eq(customers.phone, phone));
    expect(row!.referredBy).toBe(friend.session.customer.id);
  });

  it('answers 400 with code_message and field details for bad input', async () => {
    const res = await signUp(t, { name: '', phone: '12', password: 'short' });
    expectCodeWithDetails(res, 400, 'validation_failed', [
      { path: 'name', message: 'validation.required' },
      { path: 'phone', message: 'validation.invalid' },
      { path: 'password', message: 'validation.password' },
    ]);
    // An overlong password is refused for its length, at sign-up and sign-in alike: 128 is
    // checked (and simply wrong), 129 and a million characters are too long.
    const tooLong = { path: 'password', message: 'validation.max_length?max=128' };
    for (const length of [129, 1_000_000]) {
      const password = `Aa1@${'x'.repeat(length - 4)}`;
      const up = expectCode(
        await signUp(t, { name: 'Long', phone: newPhone(), password }),
        400,
        'validation_failed',
      );
      expect(up.details).toEqual([tooLong]);
      const signedIn = expectCode(await signIn(newPhone(), password), 400, 'validation_failed');
      expect(signedIn).toMatchObject({ message: 'The maximum length is 128', details: [tooLong] });
    }
    expectCode(
      await signIn(newPhone(), `Aa1@${'x'.repeat(124)}`),
      400,
      'invalid_phone_or_password',
    );
    const badCode = await api.post('/api/mobile/auth/verify-phone', {
      phone: newPhone(),
      code: '12a',
    });
    expect(badCode.json().details).toEqual([
      { path: 'code', message: 'validation.exact_length?n=6' },
    ]);
  });

  it('refuses a wrong password or an unknown phone alike', async () => {
    const c = await verifiedCustomer(t);
    expectCode(await signIn(c.phone, 'Wrong@1234'), 400, 'invalid_phone_or_password');
    expectCode(await signIn(newPhone()), 400, 'invalid_phone_or_password');
  });
});

describe('the business (X-Tenant)', () => {
  it('needs the header on signed-out calls and knows nothing of unknown or other slugs', async () => {
    expectCode(
      await api.post('/api/mobile/auth/sign-in', { phone: newPhone(), password: 'x' }, {}),
      400,
      'tenant_header_required',
    );
    expectCode(await api.get('/api/mobile/outlets', anonymous), 400, 'tenant_header_required');
    expectCode(await api.get('/api/mobile/outlets', { 'x-tenant': 'nope' }), 404, 'not_found');
  });

  it('keeps customers apart per business: the same phone may join two chains', async () => {
    await createTenant(t, 'kopi-north');
    const phone = newPhone();
    const demo = await verifiedCustomer(t, { phone });
    const north = await verifiedCustomer(t, { phone, slug: 'kopi-north' });
    expect(north.session.customer.id).not.toBe(demo.session.customer.id);
    expect(north.session.tenant_slug).toBe('kopi-north');
    // A demo customer's password does not open the other chain's account of the same phone
    // unless it is the same; each account has its own sessions.
    const me = await api.get('/api/mobile/me', north.headers);
    expect(me.json().data.id).toBe(north.session.customer.id);
  });

  it('refuses a suspended business', async () => {
    const { tenant } = await createTenant(t, 'kopi-gone');
    const c = await verifiedCustomer(t, { slug: 'kopi-gone' });
    // Suspension ends the customers' sessions at once and stops sign-ins.
    await t.database.db
      .update(tenants)
      .set({ status: 'suspended' })
      .where(eq(tenants.id, tenant.id));
    expect((await api.get('/api/mobile/me', c.headers)).statusCode).toBe(401);
    expectCode(
      await signIn(c.phone, CUSTOMER_PASSWORD, { 'x-tenant': 'kopi-gone' }),
      400,
      'tenant_suspended',
    );
  });
});

describe('customer sessions are not staff sessions', () => {
  it('answers 401 without a token, with a bad one, or with a staff token on customer routes', async () => {
    const staff = await t.login('admin');
    for (const headers of [
      {},
      { authorization: 'Bearer kc_not-a-real-token' },
      { authorization: 'Bearer abc' },
      t.bearer(staff.token),
    ]) {
      const res = await api.get('/api/mobile/me', headers);
      expectCode(res, 401, 'unauthorized');
      const orders = await api.get('/api/mobile/orders', headers);
      expect(orders.statusCode).toBe(401);
    }
  });

  it('answers 401 for a customer token on staff routes and the live socket', async () => {
    const c = await verifiedCustomer(t);
    for (const url of ['/api/notification', '/api/orders', '/api/outlets']) {
      const res = await api.get(url, c.headers);
      expect(res.statusCode, url).toBe(401);
    }
    const ws = await api.get(`/ws?token=${c.token}`, anonymous);
    expect(ws.statusCode).toBe(401);
  });

  it('ends the session on sign-out and for a disabled customer', async () => {
    const c = await verifiedCustomer(t);
    const out = await api.post('/api/mobile/auth/sign-out', undefined, c.headers);
    expect(out.statusCode, out.body).toBe(200);
    expect((await api.get('/api/mobile/me', c.headers)).statusCode).toBe(401);
    const [signedOut] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'customer.sign_out'), eq(auditLog.actorId, c.session.customer.id)),
      );
    expect(signedOut).toMatchObject({ entity: 'customer', entityId: c.session.customer.id });

    const d = await verifiedCustomer(t);
    await t.database.db
      .update(customers)
      .set({ status: 'disabled' })
      .where(and(eq(customers.phone, d.phone)));
    expect((await api.get('/api/mobile/me', d.headers)).statusCode).toBe(401);
    expectCode(await signIn(d.phone), 400, 'customer_disabled');
  });
});

describe('API document', () => {
  it('documents the app and payment routes', async () => {
    const res = await api.get('/api/docs/json', anonymous);
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/mobile/auth/sign-up',
        '/api/mobile/auth/verify-phone',
        '/api/mobile/auth/sign-in',
        '/api/mobile/outlets',
        '/api/mobile/outlets/{id}/menu',
        '/api/mobile/orders',
        '/api/mobile/orders/{id}/pay',
        '/api/mobile/orders/{id}/cancel',
        '/api/payments/{provider}/callback',
      ]),
    );
  });
});

describe('demo data and housekeeping', () => {
  it('seeds two verified demo customers, the second referred by the first', async () => {
    const aina = await signIn('012-345 6789', DEMO_PASSWORD);
    expect(aina.statusCode, aina.body).toBe(200);
    const daniel = await signIn('+60198765432', DEMO_PASSWORD);
    const [row] = await t.database.db
      .select({ referredBy: customers.referredBy })
      .from(customers)
      .where(eq(customers.id, daniel.json().data.customer.id));
    expect(row!.referredBy).toBe(aina.json().data.customer.id);
  });

  it('clears spent phone codes and ended customer sessions', async () => {
    const phone = newPhone();
    await signUp(t, { name: 'Old', phone, password: CUSTOMER_PASSWORD });
    await t.database.db
      .update(customerVerificationCodes)
      .set({ expiresAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(
        eq(
          customerVerificationCodes.customerId,
          (await t.database.db.select().from(customers).where(eq(customers.phone, phone)))[0]!.id,
        ),
      );
    await runHousekeeping(t.database.db);
    const [left] = await t.database.db
      .select({ n: count() })
      .from(customerVerificationCodes)
      .innerJoin(customers, eq(customers.id, customerVerificationCodes.customerId))
      .where(eq(customers.phone, phone));
    expect(left!.n).toBe(0);
  });
});
