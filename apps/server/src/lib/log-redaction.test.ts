import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './log-redaction';

describe('request log redaction', () => {
  it('replaces token values in a URL and keeps the rest', () => {
    expect(redactUrl('/ws?outlet_id=o1&token=eyJabc.def&since=4')).toBe(
      '/ws?outlet_id=o1&token=[redacted]&since=4',
    );
    expect(redactUrl('/ws?token=abc')).toBe('/ws?token=[redacted]');
    expect(redactUrl('/api/orders?page=2')).toBe('/api/orders?page=2');
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
