import { describe, expect, it } from 'vitest';
import { expectCode } from '../../test/expect-code';
import { anonymous, createTestApp, requestAs } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

const { api, as } = useTestApp({
  config: { e2e: true },
  signIn: ['superadmin', 'admin'],
  api: 'superadmin',
});

describe('POST /api/dev/clock', () => {
  it('moves the business day for the superadmin, and back', async () => {
    const today = (await api.get('/api/dashboard', as.admin)).json().data.business_date as string;
    const moved = await api.post('/api/dev/clock', { offset_hours: 24 });
    expect(moved.statusCode, moved.body).toBe(200);
    try {
      const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000)
        .toISOString()
        .slice(0, 10);
      expect((await api.get('/api/dashboard', as.admin)).json().data.business_date).toBe(tomorrow);
    } finally {
      expect((await api.post('/api/dev/clock', { offset_hours: 0 })).statusCode).toBe(200);
    }
    expect((await api.get('/api/dashboard', as.admin)).json().data.business_date).toBe(today);
    expectCode(await api.post('/api/dev/clock', { offset_hours: 24 }, as.admin), 403, 'forbidden');
    expectCode(await api.post('/api/dev/clock', { offset_hours: 1000 }), 400, 'validation_failed');
  });
});

describe('GET /api/dev/outbox', () => {
  it('shows the superadmin the mails the server would have sent, with KOPI_E2E on', async () => {
    await api.post('/api/forgot-password', { username: 'finance' }, anonymous);
    const res = await api.get('/api/dev/outbox?limit=5');
    expect(res.statusCode).toBe(200);
    const mails = res.json().data as { to: string; text: string }[];
    expect(mails[0]!.text).toContain('/reset-password?token=');
  });

  it('is refused to anyone else, even in test mode', async () => {
    expectCode(await api.get('/api/dev/outbox', anonymous), 401, 'unauthorized');
    expectCode(await api.get('/api/dev/outbox', as.admin), 403, 'forbidden');
  });

  it('does not exist without KOPI_E2E', async () => {
    const normal = await createTestApp({ seedDemo: false });
    try {
      expect((await requestAs(normal).get('/api/dev/outbox')).statusCode).toBe(404);
      expect(
        (await requestAs(normal).post('/api/dev/clock', { offset_hours: 24 })).statusCode,
      ).toBe(404);
    } finally {
      await normal.close();
    }
  });
});
