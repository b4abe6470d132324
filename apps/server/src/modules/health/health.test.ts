import { describe, expect, it } from 'vitest';
import { engine } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

const { api } = useTestApp();

describe('GET /api/health', () => {
  it('answers without a token with the database kind and version', async () => {
    const res = await api.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: engine, version: '0.1.0' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
