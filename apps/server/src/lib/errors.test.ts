import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../test/use-test-app';
import { AppError } from './errors';
import { expectCode } from '../test/expect-code';

// Every failure in the DESIGN §5 envelope, statuses per SPEC §8, never a stack trace.

const extraRoutes = (routes: FastifyInstance) => {
  routes.get('/test/boom', { config: { public: true } }, async () => {
    throw new Error('database password is hunter2 at /srv/app/secret.ts:12');
  });
  routes.get('/test/conflict', { config: { public: true } }, async () => {
    throw new AppError('conflict', { details: [{ path: 'status', message: 'x' }] });
  });
  routes.withTypeProvider<ZodTypeProvider>().get(
    '/test/bad-response',
    {
      config: { public: true },
      schema: { response: { 200: z.object({ n: z.number() }) } },
    },
    async () => ({ n: 'not a number' }) as never,
  );
  routes.withTypeProvider<ZodTypeProvider>().post(
    '/test/echo',
    {
      config: { public: true },
      schema: {
        body: z.object({ qty: z.number().int().min(1), note: z.string().max(5).optional() }),
      },
    },
    async (request) => ({ data: request.body }),
  );
};

const { api } = useTestApp({ extraRoutes, seedDemo: false });

describe('error envelope', () => {
  it('turns zod failures into 400 validation_failed with per-field details', async () => {
    const res = await api.post('/api/test/echo', { qty: 0, note: 'too long' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code_message).toBe('validation_failed');
    expect(body.details.map((d: { path: string }) => d.path)).toEqual(['qty', 'note']);
    expect(Object.keys(body).sort()).toEqual(['code_message', 'details', 'message']);
  });

  it('answers malformed JSON and wrong content types with 4xx envelopes', async () => {
    const bad = await api.post('/api/test/echo', '{"qty":', { 'content-type': 'application/json' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code_message: 'invalid_request', message: 'Invalid request' });
    const type = await api.post('/api/test/echo', 'qty=1', { 'content-type': 'text/csv' });
    expectCode(type, 415, 'invalid_request');
  });

  it('limits the body size (413)', async () => {
    const res = await api.post('/api/test/echo', { qty: 1, filler: 'x'.repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code_message: 'payload_too_large',
      message: 'The request is too large',
    });
  });

  it('answers unknown /api paths with 404 route_not_found, for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await api.send(method, '/api/no/such/thing');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code_message: 'route_not_found',
        message: 'Resource not found',
      });
    }
  });

  it('answers non-API paths with a 404 envelope when the web app is not built', async () => {
    const res = await api.get('/dashboard', { accept: 'text/html' });
    expectCode(res, 404, 'not_found');
  });

  it('hides the cause of a 500: no stack, no message, just the envelope', async () => {
    for (const url of ['/api/test/boom', '/api/test/bad-response']) {
      const res = await api.get(url);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        code_message: 'internal_error',
        message: 'Internal server error',
      });
      expect(res.body).not.toMatch(/hunter2|secret\.ts|at |stack/);
    }
  });

  it('keeps the status and details of application errors', async () => {
    const res = await api.get('/api/test/conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code_message: 'conflict',
      message: 'Conflict',
      details: [{ path: 'status', message: 'x' }],
    });
  });
});

describe('platform headers', () => {
  it('sends helmet headers, a request id, and no CORS allowance', async () => {
    const res = await api.get('/api/health', {
      origin: 'https://evil.example',
      'x-request-id': 'lb-123',
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-request-id']).toBe('lb-123');
    const preflight = await api.send('OPTIONS', '/api/login', undefined, {
      origin: 'https://evil.example',
      'access-control-request-method': 'POST',
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the OpenAPI document and its UI', async () => {
    const json = await api.get('/api/docs/json');
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/refresh-token', '/api/notification']),
    );
    expect(
      doc.paths['/api/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('username');
    const loginErrors = doc.paths['/api/login'].post.responses['4XX'];
    expect(loginErrors.content['application/json'].schema.properties).toHaveProperty(
      'code_message',
    );
    const ui = await api.get('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});
