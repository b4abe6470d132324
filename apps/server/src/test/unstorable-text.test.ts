import { describe, expect, it } from 'vitest';
import { demoCategory } from './catalogue-fixtures';
import { expectCode } from './expect-code';
import { newPhone, signUp } from './mobile-fixtures';
import { anonymous } from './test-app';
import { useTestApp } from './use-test-app';

// PostgreSQL cannot store the NUL character, and its JSON (the audit log) refuses a lone UTF-16
// surrogate: every text the API accepts refuses both with a 400 before it reaches the database,
// rather than failing there with a 500.

const { t, api } = useTestApp({ signIn: ['admin'], api: 'admin' });

const NUL = 'Kopi\u0000O';
const expectUnstorableRefused = (res: Awaited<ReturnType<typeof api.get>>, path: string) => {
  const body = expectCode(res, 400, 'validation_failed');
  expect(body.details).toContainEqual({ path, message: 'validation.invalid_character' });
};

describe('a NUL character in a text', () => {
  it('is refused at sign-in and forgot-password', async () => {
    const signIn = await api.post('/api/login', { username: NUL, password: 'x' }, anonymous);
    expectUnstorableRefused(signIn, 'username');
    const forgot = await api.post('/api/forgot-password', { username: NUL }, anonymous);
    expectUnstorableRefused(forgot, 'username');
  });

  it('is refused in product and outlet names', async () => {
    const espresso = await demoCategory(t, 'Espresso');
    const product = await api.post('/api/products', {
      name: NUL,
      sku: 'NUL-1',
      category: espresso.id,
      base_price: 1200,
    });
    expectUnstorableRefused(product, 'name');
    const outlet = await api.post('/api/outlets', {
      code: 'NU01',
      name: NUL,
      address: 'Jalan 1',
      phone: '+60 3-5510 0004',
      lat: 3.07,
      lng: 101.51,
      serving_methods: ['dine_in'],
      delivery_fee: 0,
    });
    expectUnstorableRefused(outlet, 'name');
    const category = await api.post('/api/categories', { name_en: 'Kopi \ud800', name_my: 'Kopi' });
    expectUnstorableRefused(category, 'name_en');
  });

  it('is refused at app sign-up', async () => {
    const res = await signUp(t, { name: NUL, phone: newPhone(), password: 'Kopi@1234' });
    expectUnstorableRefused(res, 'name');
  });

  it('is refused in a list search', async () => {
    for (const url of ['/api/products?q=%00', '/api/outlets?q=%00', '/api/users?q=a%00b']) {
      expectUnstorableRefused(await api.get(url), 'q');
    }
  });
});
