import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// The built web app with SPA fallback (issue 2 §12).

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kopi-web-dist-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kopi HQ</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ seedDemo: false, config: { webDist: dist } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('web app', () => {
  it('serves index.html for client-side routes, uncached', async () => {
    for (const url of ['/', '/login', '/order/details/42?tab=1', '/settings/user/view/abc']) {
      const res = await t.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Kopi HQ</title>');
    }
  });

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const asset = await t.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('never answers API, websocket, missing assets or non-HTML requests with the page', async () => {
    const api = await t.inject({ method: 'GET', url: '/api/nothing', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json().code_message).toBe('route_not_found');
    const missing = await t.inject({ method: 'GET', url: '/assets/gone-1.js', headers: html });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code_message).toBe('not_found');
    const json = await t.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    // /ws is the live-events socket: without a token it answers 401 in the envelope, not the page.
    const ws = await t.inject({ method: 'GET', url: '/ws?outlet_id=1', headers: html });
    expect(ws.statusCode).toBe(401);
    const post = await t.inject({ method: 'POST', url: '/dashboard', headers: html });
    expect(post.statusCode).toBe(404);
    expect(post.json().code_message).toBe('not_found');
  });

  it('refuses path traversal', async () => {
    const res = await t.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(res.statusCode).toBe(404);
    const encoded = await t.inject({ method: 'GET', url: '/%2e%2e/%2e%2e/etc/passwd' });
    expect([403, 404]).toContain(encoded.statusCode);
    expect(encoded.body).not.toContain('root:');
  });
});
