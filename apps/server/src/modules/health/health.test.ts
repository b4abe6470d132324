import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, requestAs, type Requests, type TestApp } from '../../test/test-app';

let t: TestApp;
let api: Requests;
beforeAll(async () => {
  t = await createTestApp();
  api = requestAs(t);
});
afterAll(() => t?.close());

describe('GET /api/health', () => {
  it('answers without a token with the database kind and version', async () => {
    const res = await api.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: engine, version: '0.1.0' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
