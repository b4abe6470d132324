import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ seedDemo: false, config: { webDist: dist } });
  api = requestAs(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

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
