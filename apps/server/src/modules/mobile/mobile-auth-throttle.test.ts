import { describe, expect, it } from 'vitest';
import { rotatingSource, throttleRow } from '../../test/backoff-fixtures';
import { expectCode } from '../../test/expect-code';
import { createTenant } from '../../test/fixtures';
import {
  CUSTOMER_PASSWORD,
  demoTenantHeader,
  latestCode,
  newPhone,
  signUp,
  verifiedCustomer,
} from '../../test/mobile-fixtures';
import { useTestApp } from '../../test/use-test-app';

// Guessing a customer's password or phone code meets the staff sign-in backoff (decision 029),
// counted per business and phone: a new address for every guess gives no fresh count.

const { t } = useTestApp();

type Source = { remoteAddress: string; headers?: Record<string, string> };

const post = (url: string, payload: Record<string, unknown>, source: Source, slug = 'kopi-demo') =>
  t.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: source.remoteAddress,
    headers: { ...source.headers, 'x-tenant': slug },
  });
const signIn = (phone: string, password: string, source: Source, slug?: string) =>
  post('/api/mobile/auth/sign-in', { phone, password }, source, slug);

function expectBackoff(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.json()).toEqual({
    code_message: 'too_many_attempts',
    message: 'Too many attempts. Please wait and try again.',
  });
}

describe('customer sign-in backoff', () => {
  it('makes the 6th attempt for one phone wait, from any address, even with the right password', async () => {
    const { phone } = await verifiedCustomer(t);
    for (let i = 0; i < 5; i++) {
      const res = await signIn(phone, 'Guess@1234', rotatingSource());
      expectCode(res, 400, 'invalid_phone_or_password');
    }
    expectBackoff(await signIn(phone, CUSTOMER_PASSWORD, rotatingSource()));
    const key = `customer:kopi-demo:${phone}`;
    expect((await throttleRow(t, key))?.failures).toBe(5);
  });

  it('counts per business: the same phone at another chain is not held up', async () => {
    await createTenant(t, 'kopi-east');
    const phone = newPhone();
    await verifiedCustomer(t, { phone });
    await verifiedCustomer(t, { phone, slug: 'kopi-east' });
    for (let i = 0; i < 6; i++) await signIn(phone, 'Guess@1234', rotatingSource());
    expectBackoff(await signIn(phone, CUSTOMER_PASSWORD, rotatingSource()));
    const east = await signIn(phone, CUSTOMER_PASSWORD, rotatingSource(), 'kopi-east');
    expect(east.statusCode, east.body).toBe(200);
  });

  it('lets the customer in from an address they signed in from while the phone is hammered', async () => {
    const { phone } = await verifiedCustomer(t);
    const home = { remoteAddress: '192.0.2.40' };
    expect((await signIn(phone, CUSTOMER_PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) await signIn(phone, 'Guess@1234', rotatingSource());
    expectBackoff(await signIn(phone, CUSTOMER_PASSWORD, rotatingSource()));
    expect((await signIn(phone, CUSTOMER_PASSWORD, home)).statusCode).toBe(200);
  });
});

describe('phone code backoff', () => {
  it('makes the 6th code for one phone wait, from any address, even the right one', async () => {
    const phone = newPhone();
    await signUp(t, { name: 'Mei', phone, password: CUSTOMER_PASSWORD }, demoTenantHeader);
    const right = await latestCode(t, phone);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/mobile/auth/verify-phone',
        { phone, code: wrong },
        rotatingSource(),
      );
      expectCode(res, 400, 'verification_code_invalid');
    }
    const sixth = { phone, code: right };
    expectBackoff(await post('/api/mobile/auth/verify-phone', sixth, rotatingSource()));
  });
});
