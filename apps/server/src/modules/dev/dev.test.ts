import { describe, expect, it } from 'vitest';
import { expectCode } from '../../test/expect-code';
import { anonymous, createTestApp, requestAs } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

const { api, as } = useTestApp({
  config: { e2e: true },
  signIn: ['superadmin', 'admin'],
  api: 'superadmin',
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
    } finally {
      await normal.close();
    }
  });
});
