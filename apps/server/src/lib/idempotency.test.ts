import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idempotencyKeys, notifications } from '../db/schema/platform';
import { useTestApp } from '../test/use-test-app';
import { AUTHENTICATED } from './access';
import { expectCode } from '../test/expect-code';
import { newPassword } from '../test/fixtures';

// Idempotency-Key (DESIGN §5) on a real write: a test route that creates a notification row,
// slowly enough that parallel requests overlap.

let token: string;
let otherToken: string;

const extraRoutes = (routes: FastifyInstance) => {
  routes.withTypeProvider<ZodTypeProvider>().post(
    '/test/notes',
    {
      config: { permission: AUTHENTICATED },
      schema: { body: z.object({ title: z.string() }) },
    },
    async (request, reply) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const [row] = await t.database.db
        .insert(notifications)
        .values({ tenantId: request.principal!.tenantId, title: request.body.title })
        .returning({ id: notifications.id });
      return reply.code(201).send({ data: { id: row!.id, title: request.body.title } });
    },
  );
  routes.post(
    '/test/pay',
    { config: { permission: AUTHENTICATED, idempotency: 'required' } },
    async () => ({ data: 'paid' }),
  );
};

const { t, api } = useTestApp({ extraRoutes });
beforeAll(async () => {
  token = (await t.login('admin')).token;
  otherToken = (await t.login('manager')).token;
});

const note = (key: string | undefined, title: string, bearer = token) =>
  api.post(
    '/api/test/notes',
    { title },
    { ...t.bearer(bearer), ...(key ? { 'idempotency-key': key } : {}) },
  );

const countTitle = async (title: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.title, title))).length;

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and body', async () => {
    const first = await note('key-replay', 'replay');
    expect(first.statusCode).toBe(201);
    const second = await note('key-replay', 'replay');
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await countTitle('replay')).toBe(1);
  });

  it('answers 422 when the key comes back with a different body', async () => {
    await note('key-reused', 'first body');
    const res = await note('key-reused', 'second body');
    expectCode(res, 422, 'idempotency_key_reused');
    expect(await countTitle('second body')).toBe(0);
  });

  it('answers 409 while the first request is still running', async () => {
    const first = note('key-in-flight', 'in flight');
    await new Promise((resolve) => setTimeout(resolve, 40));
    const second = await note('key-in-flight', 'in flight');
    expectCode(second, 409, 'idempotency_in_flight');
    expect(second.headers['retry-after']).toBe('1');
    expect((await first).statusCode).toBe(201);
  });

  it('creates exactly one record from ten parallel requests with one key', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => note('key-parallel', 'parallel')),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(await countTitle('parallel')).toBe(1);
    const reservations = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'key-parallel'));
    expect(reservations).toHaveLength(1);
    expect(reservations[0]!.status).toBe('completed');
    // Once done, a retry gets the stored answer.
    const retry = await note('key-parallel', 'parallel');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('scopes keys to the user', async () => {
    await note('key-shared', 'scoped');
    const other = await note('key-shared', 'scoped', otherToken);
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await countTitle('scoped')).toBe(2);
  });

  it('runs normally without a key, and refuses writes that require one', async () => {
    await note(undefined, 'no key');
    await note(undefined, 'no key');
    expect(await countTitle('no key')).toBe(2);
    const pay = await api.post('/api/test/pay', undefined, t.bearer(token));
    expectCode(pay, 400, 'idempotency_key_required');
    const paid = await api.post('/api/test/pay', undefined, {
      ...t.bearer(token),
      'idempotency-key': 'pay-1',
    });
    expect(paid.statusCode).toBe(200);
  });

  it('works on a real route: a retried password change replays instead of failing', async () => {
    await t.login('finance');
    const session = await t.login('finance');
    const change = () =>
      api.post(
        '/api/changepassword',
        {
          old_password: 'Kopi@1234',
          ...newPassword('Teh@tarik1'),
        },
        { ...t.bearer(session.token), 'idempotency-key': 'pw-change-1' },
      );
    const first = await change();
    expect(first.statusCode).toBe(200);
    // Without the key the retry would fail: the old password is no longer right.
    const retry = await change();
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps keys for 24 hours', async () => {
    const [row] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'key-replay'));
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
  });
});
