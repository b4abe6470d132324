import { describe, expect, it, vi } from 'vitest';
import {
  capitalizeWords,
  createHttpClient,
  HttpError,
  isIdempotentMethod,
  maxRetries,
  retryStatuses,
  type HttpDeps,
} from './http-client';

const messages: Record<string, string> = {
  status400: 'Invalid request',
  status403: 'Forbidden access',
  status404: 'Resource not found',
  status500: 'Internal server error',
  unexpectedStatus: 'Unexpected status code: {code}',
  sessionLocked: 'Session is Locked',
  network: 'Offline',
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

function setup(responses: Response[], tokens = { access: 'A', refresh: 'R' }) {
  const fetch = vi.fn<typeof globalThis.fetch>();
  for (const response of responses) fetch.mockResolvedValueOnce(response);
  const notify = vi.fn<HttpDeps['notify']>();
  const onUnauthorized = vi.fn();
  let n = 0;
  const client = createHttpClient({
    fetch,
    getToken: (kind) => (kind === 'access' ? tokens.access : tokens.refresh),
    onUnauthorized,
    notify,
    message: (key, params) => (messages[key] ?? key).replace('{code}', String(params?.code ?? '')),
    translateCode: (code) =>
      ({ invalid_credentials: 'Incorrect username or password', not_found: 'resource not found' })[
        code
      ],
    sleep: () => Promise.resolve(),
    uuid: () => `key-${++n}`,
  });
  const headersOf = (call: number) => new Headers(fetch.mock.calls[call]?.[1]?.headers);
  return { client, fetch, notify, onUnauthorized, headersOf };
}

describe('retry rules (SPEC §7)', () => {
  it('treats GET, HEAD, OPTIONS, PUT and DELETE as idempotent (0 retries), others 1', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'] as const) {
      expect(isIdempotentMethod(m)).toBe(true);
      expect(maxRetries(m)).toBe(0);
    }
    expect(maxRetries('POST')).toBe(1);
    expect(maxRetries('PATCH')).toBe(1);
    expect([...retryStatuses].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it('retries a POST once on a retryable status with the same Idempotency-Key', async () => {
    const { client, fetch, headersOf } = setup([json(503, {}), json(200, { data: { ok: 1 } })]);
    await expect(client.post('/orders', { a: 1 })).resolves.toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(headersOf(0).get('Idempotency-Key')).toBe('key-1');
    expect(headersOf(1).get('Idempotency-Key')).toBe('key-1');
  });

  it('gives a new Idempotency-Key to each call, none to idempotent ones', async () => {
    const { client, headersOf } = setup([
      json(200, { data: 1 }),
      json(200, { data: 2 }),
      json(200, { data: 3 }),
    ]);
    await client.post('/a');
    await client.post('/b');
    await client.get('/c');
    expect(headersOf(0).get('Idempotency-Key')).toBe('key-1');
    expect(headersOf(1).get('Idempotency-Key')).toBe('key-2');
    expect(headersOf(2).get('Idempotency-Key')).toBeNull();
  });

  it('does not retry a GET or PUT, nor a POST on a non-retryable status', async () => {
    const get = setup([json(503, {}), json(200, { data: 1 })]);
    await expect(get.client.get('/x')).rejects.toBeInstanceOf(HttpError);
    expect(get.fetch).toHaveBeenCalledTimes(1);

    const put = setup([json(500, {}), json(200, { data: 1 })]);
    await expect(put.client.put('/x', {})).rejects.toBeInstanceOf(HttpError);
    expect(put.fetch).toHaveBeenCalledTimes(1);

    const post = setup([json(400, { code_message: 'invalid_credentials' })]);
    await expect(post.client.post('/login', {})).rejects.toMatchObject({ status: 400 });
    expect(post.fetch).toHaveBeenCalledTimes(1);
  });

  it("uses the caller's Idempotency-Key and retry count when given", async () => {
    const { client, fetch, headersOf } = setup([json(503, {}), json(200, { data: 1 })]);
    await expect(
      client.post('/orders', {}, { idempotencyKey: 'sale-1', retries: 0 }),
    ).rejects.toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(client.post('/orders', {}, { idempotencyKey: 'sale-1' })).resolves.toBe(1);
    expect(headersOf(0).get('Idempotency-Key')).toBe('sale-1');
    expect(headersOf(1).get('Idempotency-Key')).toBe('sale-1');
  });

  it('stops after one retry', async () => {
    const { client, fetch } = setup([json(429, {}), json(429, {}), json(200, { data: 1 })]);
    await expect(client.post('/x')).rejects.toMatchObject({ status: 429 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('requests', () => {
  it('uses base /api, JSON and the access token as Bearer', async () => {
    const { client, fetch, headersOf } = setup([json(200, { data: { id: 1 } })]);
    await client.post('/login', { username: 'admin' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/login');
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('{"username":"admin"}');
    expect(headersOf(0).get('Content-Type')).toBe('application/json');
    expect(headersOf(0).get('Authorization')).toBe('Bearer A');
  });

  it('uses the refresh token where asked, none for auth: none', async () => {
    const { client, headersOf } = setup([json(200, { data: 1 }), json(200, { data: 1 })]);
    await client.post('/refresh-token', undefined, { auth: 'refresh' });
    await client.post('/login', {}, { auth: 'none' });
    expect(headersOf(0).get('Authorization')).toBe('Bearer R');
    expect(headersOf(1).get('Authorization')).toBeNull();
  });

  it('adds the query string and returns list meta', async () => {
    const { client, fetch } = setup([
      json(200, { data: [1], meta: { page: 1, page_size: 10, total: 1 } }),
    ]);
    const result = await client.request('/orders', {
      query: { page: 1, q: '', status: null, sort: '-id' },
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/orders?page=1&sort=-id');
    expect(result.meta).toEqual({ page: 1, page_size: 10, total: 1 });
  });
});

describe('failures (SPEC §8)', () => {
  it('401: warns "Session is Locked" and ends the session', async () => {
    const { client, notify, onUnauthorized } = setup([json(401, { code_message: 'unauthorized' })]);
    await expect(client.get('/notification')).rejects.toMatchObject({ status: 401 });
    expect(notify).toHaveBeenCalledWith('warning', 'Session is Locked');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('401 during sign-out is not reported', async () => {
    const { client, notify, onUnauthorized } = setup([json(401, {})]);
    await expect(
      client.post('/logout', undefined, { handleUnauthorized: false, errorToast: 'silent' }),
    ).rejects.toBeInstanceOf(HttpError);
    expect(notify).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('400: shows the translated code_message', async () => {
    const { client, notify } = setup([json(400, { code_message: 'invalid_credentials' })]);
    await expect(client.post('/login', {})).rejects.toMatchObject({
      message: 'Incorrect username or password',
      codeMessage: 'invalid_credentials',
    });
    expect(notify).toHaveBeenCalledWith('error', 'Incorrect username or password');
  });

  it('notification calls capitalise each word', async () => {
    const { client, notify } = setup([json(404, { code_message: 'not_found' })]);
    await expect(
      client.put('/notification/read/1', undefined, { errorToast: 'notification' }),
    ).rejects.toThrow();
    expect(notify).toHaveBeenCalledWith('error', 'Resource Not Found');
    expect(capitalizeWords('sesi telah tamat')).toBe('Sesi Telah Tamat');
  });

  it('500: error toast "Internal server error"', async () => {
    const { client, notify } = setup([json(500, { code_message: 'internal_error' })]);
    await expect(client.get('/x')).rejects.toMatchObject({ status: 500 });
    expect(notify).toHaveBeenCalledWith('error', 'Internal server error');
  });

  it('maps 403, 404 and other statuses', async () => {
    const cases: [number, string][] = [
      [403, 'Forbidden access'],
      [404, 'Resource not found'],
      [418, 'Unexpected status code: 418'],
      [400, 'Invalid request'],
    ];
    for (const [status, message] of cases) {
      const { client, notify } = setup([json(status, {})]);
      await expect(client.get('/x')).rejects.toMatchObject({ status });
      expect(notify).toHaveBeenCalledWith('error', message);
    }
  });

  it('falls back to the server sentence for an unknown code', async () => {
    const { client, notify } = setup([
      json(409, { code_message: 'order_moved', message: 'Order already moved' }),
    ]);
    await expect(client.put('/orders/1/status', {})).rejects.toThrow('Order already moved');
    expect(notify).toHaveBeenCalledWith('error', 'Order already moved');
  });

  it('silent calls report nothing', async () => {
    const { client, notify } = setup([json(500, {})]);
    await expect(client.get('/x', { errorToast: 'silent' })).rejects.toThrow();
    expect(notify).not.toHaveBeenCalled();
  });

  it('reports a network failure', async () => {
    const { client, fetch, notify } = setup([]);
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client.get('/x')).rejects.toMatchObject({ status: 0 });
    expect(notify).toHaveBeenCalledWith('error', 'Offline');
  });
});
