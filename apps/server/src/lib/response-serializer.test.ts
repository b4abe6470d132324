import Fastify from 'fastify';
import { type ZodTypeProvider, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializer } from './response-serializer';

// Answers go out through a serializer compiled from the route's zod schema: only the schema's
// fields leave the server, and with the zod check on, an answer zod would refuse or write
// differently is a 500.

const figures = z.object({ orders: z.number().int(), net: z.number().int() });
const answer = z.object({
  data: z.object({
    id: z.string(),
    note: z.string().nullable(),
    when: z.iso.date().optional(),
    group_by: z.enum(['day', 'outlet']),
    rows: z.array(z.object({ key: z.string(), current: figures, previous: figures.nullable() })),
  }),
});

function appWith(checkAgainstZod: boolean, handler: () => unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ checkAgainstZod }));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/thing', { schema: { response: { 200: answer } } }, async () => handler() as never);
  return app;
}

const leaky = {
  data: {
    id: 'a1',
    note: null,
    password_hash: '$argon2id$secret',
    group_by: 'day',
    rows: [{ key: '2026-11-01', current: { orders: 2, net: 1060, cost: 1 }, previous: null, x: 1 }],
  },
  internal: true,
};

describe.each([false, true])('the compiled serializer (zod check %s)', (checkAgainstZod) => {
  const app = appWith(checkAgainstZod, () => leaky);
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('writes only the fields the schema names, with their values', async () => {
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(200);
    // The schema's fields, written out: nothing else of the handler's object goes out.
    expect(res.json()).toEqual({
      data: {
        id: 'a1',
        note: null,
        group_by: 'day',
        rows: [{ key: '2026-11-01', current: { orders: 2, net: 1060 }, previous: null }],
      },
    });
    expect(res.body).not.toContain('argon2id');
    expect(res.body).not.toContain('internal');
  });
});

describe('with the zod check on (tests, e2e)', () => {
  it('refuses an answer that breaks the schema with a 500, not a coerced text', async () => {
    const app = appWith(true, () => ({ data: { ...leaky.data, group_by: 'week', note: 7 } }));
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('week');
    await app.close();
  });
});
