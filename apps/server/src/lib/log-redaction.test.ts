import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { loggerOptions, redactUrl } from './log-redaction';

describe('request log redaction', () => {
  it('replaces token values in a URL and keeps the rest', () => {
    expect(redactUrl('/ws?outlet_id=o1&token=eyJabc.def&since=4')).toBe(
      '/ws?outlet_id=o1&token=[redacted]&since=4',
    );
    expect(redactUrl('/ws?token=abc')).toBe('/ws?token=[redacted]');
    expect(redactUrl('/api/orders?page=2')).toBe('/api/orders?page=2');
  });

  it('replaces search text and every customer personal field, however the key is written', () => {
    expect(redactUrl('/api/customers?page=1&q=0123456789&sort=name')).toBe(
      '/api/customers?page=1&q=[redacted]&sort=name',
    );
    expect(
      redactUrl(
        '/x?phone=%2B60123456789&Name=Siti&email=a%40b.my&birthday=1990-01-02&account_number=114&account_holder=Tan',
      ),
    ).toBe(
      '/x?phone=[redacted]&Name=[redacted]&email=[redacted]&birthday=[redacted]&account_number=[redacted]&account_holder=[redacted]',
    );
    expect(redactUrl('/x?ph%6Fne=0123&phone[]=0456&q=&refresh_token=r')).toBe(
      '/x?ph%6Fne=[redacted]&phone[]=[redacted]&q=[redacted]&refresh_token=[redacted]',
    );
    // Other fields keep their values; a key alone has none to hide.
    expect(redactUrl('/x?phones=1&status=active&phone')).toBe('/x?phones=1&status=active&phone');
  });

  it('keeps the /ws token out of the request log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    app.get('/ws', async () => ({ ok: true }));
    try {
      const res = await app.inject({ method: 'GET', url: '/ws?token=very-secret&outlet_id=x' });
      expect(res.statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain('/ws?token=[redacted]&outlet_id=x');
      expect(log).not.toContain('very-secret');
    } finally {
      await app.close();
    }
  });
});

describe('the request log of the running server', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { api } = useTestApp({
    signIn: ['admin'],
    api: 'admin',
    logger: { ...loggerOptions('info'), stream },
  });

  it('names the routes customers are looked up and searched by, never the phone or the search', async () => {
    const requests = [
      '/api/customers/lookup?phone=%2B60197654321',
      '/api/customers/lookup?phone=0197654321',
      '/api/customers?q=0197654321&page=1',
      '/api/customers?q=Nurul%20Aina',
    ];
    for (const url of requests) {
      const res = await api.get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
    const log = lines.join('');
    expect(log).toContain('/api/customers/lookup?phone=[redacted]');
    expect(log).toContain('/api/customers?q=[redacted]&page=1');
    expect(log).not.toContain('7654321');
    expect(log).not.toContain('Nurul');
  });
});
