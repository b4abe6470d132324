import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestAs, type Requests, type TestApp } from '../test/test-app';
import { expectCode } from '../test/expect-code';

// The built web app with SPA fallback.

let t: TestApp;
let api: Requests;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kopi-web-dist-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kopi HQ</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // A built asset with the copies the web build writes next to it.
  const hashed = path.join(dist, 'assets', 'login-page-d4e5f6.js');
  fs.writeFileSync(hashed, ASSET);
  fs.writeFileSync(`${hashed}.br`, zlib.brotliCompressSync(ASSET));
  fs.writeFileSync(`${hashed}.gz`, zlib.gzipSync(ASSET));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({
    seedDemo: false,
    config: { webDist: dist },
    extraRoutes: (app) => {
      const open = { config: { public: true } };
      app.get('/test-big', open, async () => ({ data: BIG_ROWS }));
      app.get('/test-small', open, async () => ({ data: { ok: true } }));
      app.get('/test-csv-stream', open, async (_request, reply) =>
        reply.type('text/csv; charset=utf-8').send(Readable.from(CSV_LINES)),
      );
    },
  });
  api = requestAs(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

const ASSET = `export const rows = [${Array.from({ length: 200 }, (_, i) => `'row ${i}'`).join(', ')}];\n`;
// Well above the 1 kB threshold once serialized (each row is ~40 bytes).
const BIG_ROWS = Array.from({ length: 100 }, (_, i) => ({
  id: i,
  name: `Kopi O ${i}`,
  sen: i * 350,
}));
const CSV_LINES = Array.from({ length: 200 }, (_, i) => `${i},Teh tarik,${i * 250}\n`);

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('web app', () => {
  it('serves index.html for client-side routes, uncached', async () => {
    for (const url of ['/', '/login', '/order/details/42?tab=1', '/settings/user/view/abc']) {
      const res = await api.get(url, html);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Kopi HQ</title>');
    }
  });

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const asset = await api.get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await api.get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends a hashed asset as brotli, gzip or plain by what the client accepts', async () => {
    const cases = [
      { accepts: 'br, gzip', encoding: 'br' },
      { accepts: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accepts: 'gzip', encoding: 'gzip' },
      { accepts: undefined, encoding: undefined },
      { accepts: 'identity', encoding: undefined },
    ];
    for (const { accepts, encoding } of cases) {
      const res = await api.get(
        '/assets/login-page-d4e5f6.js',
        accepts === undefined ? {} : { 'accept-encoding': accepts },
      );
      expect(res.statusCode, accepts).toBe(200);
      expect(res.headers['content-encoding'], accepts).toBe(encoding);
      expect(res.headers['content-type'], accepts).toMatch(/javascript/);
      expect(res.headers.vary, accepts).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accepts).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload, encoding), accepts).toBe(ASSET);
    }
  });

  it('compresses API answers of 1 kB and more for clients that ask, with cheap settings', async () => {
    const plain = await api.get('/api/test-big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json()).toEqual({ data: BIG_ROWS });
    for (const encoding of ['br', 'gzip']) {
      const res = await api.get('/api/test-big', { 'accept-encoding': encoding });
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      expect(res.headers.vary, encoding).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(res.rawPayload, encoding)), encoding).toEqual({ data: BIG_ROWS });
    }
    const small = await api.get('/api/test-small', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ data: { ok: true } });
  });

  it('compresses streamed exports, and leaves request bodies and the page alone', async () => {
    const csv = await api.get('/api/test-csv-stream', { 'accept-encoding': 'gzip' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(decode(csv.rawPayload, 'gzip')).toBe(CSV_LINES.join(''));
    const plainCsv = await api.get('/api/test-csv-stream');
    expect(plainCsv.headers['content-encoding']).toBeUndefined();
    expect(plainCsv.body).toBe(CSV_LINES.join(''));
    // A gzip-encoded request body is refused rather than inflated past the body limit.
    const zipped = await api.post('/api/test-small', zlib.gzipSync('{}'), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(zipped.statusCode).toBe(400);
    const page = await api.get('/login', { ...html, 'accept-encoding': 'br, gzip' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Kopi HQ</title>');
  });

  it('never answers API, websocket, missing assets or non-HTML requests with the page', async () => {
    const apiRoute = await api.get('/api/nothing', html);
    expectCode(apiRoute, 404, 'route_not_found');
    const missing = await api.get('/assets/gone-1.js', html);
    expectCode(missing, 404, 'not_found');
    const json = await api.get('/dashboard', { accept: 'application/json' });
    expect(json.statusCode).toBe(404);
    // /ws is the live-events socket: without a token it answers 401 in the envelope, not the page.
    const ws = await api.get('/ws?outlet_id=1', html);
    expect(ws.statusCode).toBe(401);
    const post = await api.post('/dashboard', undefined, html);
    expectCode(post, 404, 'not_found');
  });

  it('refuses path traversal', async () => {
    const res = await api.get('/../../etc/passwd');
    expect(res.statusCode).toBe(404);
    const encoded = await api.get('/%2e%2e/%2e%2e/etc/passwd');
    expect([403, 404]).toContain(encoded.statusCode);
    expect(encoded.body).not.toContain('root:');
  });
});
