import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../lib/log-redaction';
import { expectCode } from './expect-code';
import { newPhone, signUp } from './mobile-fixtures';
import { createTestApp, requestAs, type TestApp, withIdempotencyKey } from './test-app';
import { useTestApp } from './use-test-app';

// Answers every client gets whatever it sends: the error envelope and the security headers even
// where Fastify or Node answer before any route runs, no caching of personal data, bounded JSON.

const logLines: string[] = [];
const PHONE = '+60123456789';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

const { t, api, as } = useTestApp({
  signIn: ['admin'],
  api: 'admin',
  logger: { ...loggerOptions('info'), stream: { write: (line: string) => logLines.push(line) } },
  // A query that fails in the database while carrying personal data and a secret.
  extraRoutes: (app) => {
    app.get('/failing-query', { config: { public: true } }, async () => {
      await t.database.db.execute(sql`select ${PHONE}::uuid as phone, ${HASH}::text as hash`);
      return {};
    });
  },
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['cache-control']).toBe('no-store');
}

async function listening(app: TestApp) {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as { port: number }).port}`;
}

describe('answers Fastify and Node give before any route', () => {
  it('a path id over the router limit is a 414 in the envelope with the security headers', async () => {
    const res = await api.get(`/api/products/${'a'.repeat(300)}`);
    expectCode(res, 414, 'uri_too_long');
    expectSecurityHeaders(res.headers);
  });

  it('headers over 16 KB are a 431 in the envelope with the security headers', async () => {
    const base = await listening(t);
    const res = await fetch(`${base}/api/products?q=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toMatchObject({ code_message: 'headers_too_large' });
    expectSecurityHeaders(Object.fromEntries(res.headers));
  });
});

describe('caching', () => {
  it('answers carrying a token or personal data are never stored', async () => {
    const login = await api.post('/api/login', { username: 'admin', password: 'Kopi@1234' }, {});
    expect(login.headers['cache-control']).toBe('no-store');
    const refresh = await api.post('/api/refresh-token', {
      refresh_token: login.json().data.refresh_token,
    });
    expect(refresh.headers['cache-control']).toBe('no-store');
    expect((await api.get('/api/users')).headers['cache-control']).toBe('no-store');
    expect((await api.get('/api/account/sessions')).headers['cache-control']).toBe('no-store');
  });
});

describe('JSON nesting', () => {
  const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

  it('a deeply nested body with an Idempotency-Key is a 400, not a stack overflow', async () => {
    const res = await api.send('POST', '/api/outlets', nested(100_000), {
      ...withIdempotencyKey(as.admin),
      'content-type': 'application/json',
    });
    expectCode(res, 400, 'json_too_deep');
    const arrays = await api.send('POST', '/api/orders', '['.repeat(50) + ']'.repeat(50), {
      ...as.admin,
      'content-type': 'application/json',
    });
    expectCode(arrays, 400, 'json_too_deep');
  });

  it('bodies nested as deeply as the API needs still reach validation', async () => {
    const res = await api.send('POST', '/api/outlets', nested(20), {
      ...withIdempotencyKey(as.admin),
      'content-type': 'application/json',
    });
    expectCode(res, 400, 'validation_failed');
  });
});

describe('the error log', () => {
  it('keeps a database error’s code and message, never the values of its query', async () => {
    const res = await api.get('/api/failing-query', {});
    expectCode(res, 500, 'internal_error');
    const log = logLines.join('\n');
    expect(log).toContain('request failed');
    expect(log).toContain('"code":"22P02"'); // invalid_text_representation
    expect(log).not.toContain(PHONE);
    expect(log).not.toContain(HASH);
    expect(log).not.toContain('c2FsdHNhbHQ');
  });

  it('names a mail or text kept in the outbox, never its address, phone or content', async () => {
    await api.post('/api/forgot-password', { username: 'admin' }, {});
    const phone = newPhone();
    await signUp(t, { name: 'Log Test', phone, password: 'Kopi@1234' });
    for (const what of ['mail kept in the outbox', 'text message kept in the outbox']) {
      await expect.poll(() => logLines.some((l) => l.includes(what))).toBe(true);
    }
    const log = logLines.join('\n');
    expect(log).not.toContain('admin@kopi-demo.my');
    expect(log).not.toContain('reset-password?token=');
    expect(log).not.toContain(phone.slice(3));
  });
});

// Each test starts an app of its own: minutes, not seconds, on a busy machine.
describe('behind a proxy', { timeout: 180_000 }, () => {
  // Four wrong sign-ins, one after another, each claiming another address.
  async function signIns(app: TestApp, forwardedFor: (i: number) => string) {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await requestAs(app).post(
        '/api/login',
        { username: `nobody-${i}`, password: 'wrong' },
        { 'x-forwarded-for': forwardedFor(i) },
      );
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  async function withProxyApp(
    trustProxy: number | string[],
    check: (app: TestApp) => Promise<void>,
  ) {
    const app = await createTestApp({ seedDemo: false, config: { trustProxy, loginRateLimit: 3 } });
    try {
      await check(app);
    } finally {
      await app.close();
    }
  }

  it('with a hop count, a client cannot pick its own address by prepending to X-Forwarded-For', async () => {
    await withProxyApp(1, async (app) => {
      const spoofed = await signIns(app, (i) => `203.0.113.${i}, 198.51.100.7`);
      expect(spoofed).toEqual([400, 400, 400, 429]);
      // Another real client, as the proxy saw it, has its own limit.
      const other = await signIns(app, () => '198.51.100.8');
      expect(other).toEqual([400, 400, 400, 429]);
    });
  });

  it('with the proxies’ addresses, only what the trusted proxy saw counts', async () => {
    await withProxyApp(['127.0.0.1'], async (app) => {
      const spoofed = await signIns(app, (i) => `203.0.113.${i}, 198.51.100.9`);
      expect(spoofed).toEqual([400, 400, 400, 429]);
    });
  });

  it('sends Strict-Transport-Security only when the request came over HTTPS', async () => {
    const plain = await api.get('/api/health', { 'x-forwarded-proto': 'https' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    await withProxyApp(1, async (app) => {
      const proxied = await requestAs(app).get('/api/health', { 'x-forwarded-proto': 'https' });
      expect(proxied.headers['strict-transport-security']).toContain('max-age=');
      const http = await requestAs(app).get('/api/health', { 'x-forwarded-proto': 'http' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    });
  });
});

// Each test starts an app of its own: minutes, not seconds, on a busy machine.
describe('starting on PostgreSQL with the sandbox payment provider', { timeout: 180_000 }, () => {
  it('warns loudly that no money moves', async () => {
    const lines: string[] = [];
    const app = await createTestApp({
      seedDemo: false,
      config: { databaseUrl: 'postgres://db.example/kopi', paymentSandbox: true },
      logger: { ...loggerOptions('warn'), stream: { write: (line: string) => lines.push(line) } },
    });
    await app.close();
    const warning = lines.map((l) => JSON.parse(l)).find((l) => /PAYMENT_SANDBOX/.test(l.msg));
    expect(warning).toMatchObject({ level: 40 });
    expect(warning.msg).toContain('no money moves');
  });
});
