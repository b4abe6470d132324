import { beforeAll, describe, expect, it } from 'vitest';
import { answerProblem } from './fuzz-answers';
import { coverageOf, failureLines, summaryLines } from './fuzz-report';
import { boundedVariants, type FuzzResult, fuzzApi } from './fuzz-runner';
import { toJsonText, RawJson } from './fuzz-values';
import { isHeavy, variantsOf, type VariantContext } from './fuzz-variants';
import type { Operation } from './openapi-operations';

// The API fuzzer in its bounded form (the heavy variants once per operation, seeded): every
// operation of the OpenAPI document, with real ids and a valid token, must answer no 5xx and
// every error in the envelope. `npm run fuzz` runs the full form (every field, every kind).

let result: FuzzResult;

beforeAll(async () => {
  result = await fuzzApi({ mode: 'bounded' });
  console.log(summaryLines(result).join('\n'));
}, 175_000);

describe('the API fuzzer (bounded)', () => {
  it('sends every operation of the OpenAPI document every class of variant it has', () => {
    const coverage = coverageOf(result);
    expect(result.documented).toBeGreaterThan(100);
    expect(coverage.operations).toBe(result.documented);
    expect(coverage.missing).toEqual([]);
    expect(result.unmapped).toEqual([]);
  });

  it('gets past authentication on every operation, and most succeed with a valid-ish request', () => {
    const coverage = coverageOf(result);
    expect(coverage.unreached).toEqual([]);
    expect(coverage.succeeded).toBeGreaterThan(coverage.operations * 0.7);
  });

  it('gets no 5xx and no error answer outside the envelope', () => {
    const lines = failureLines(result.failures);
    expect(lines, `${lines.length} distinct failures (5xx or outside the envelope)`).toEqual([]);
  });
});

describe('what the fuzzer counts as a failure', () => {
  const answer = (statusCode: number, body: unknown, type = 'application/json; charset=utf-8') => ({
    statusCode,
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

  it('passes successes and error answers in the envelope', () => {
    expect(answerProblem(answer(200, 'anything', 'text/csv'))).toBeUndefined();
    expect(answerProblem(answer(400, { code_message: 'x', message: 'y' }))).toBeUndefined();
    const detailed = { code_message: 'x', message: 'y', details: [{ path: 'a', message: 'b' }] };
    expect(answerProblem(answer(422, detailed))).toBeUndefined();
  });

  it("fails every 5xx, and error answers in another shape (Fastify's own, text, extra keys)", () => {
    expect(answerProblem(answer(500, { code_message: 'internal_error', message: 'x' }))).toBe(
      'server error',
    );
    expect(
      answerProblem(answer(414, { error: 'Bad Request', message: 'x', statusCode: 414 })),
    ).toMatch(/lacks code_message/);
    expect(answerProblem(answer(404, 'Not found', 'text/plain'))).toMatch(/not JSON/);
    expect(answerProblem(answer(400, { code_message: 'x', message: 'y', stack: 's' }))).toMatch(
      /outside the envelope: stack/,
    );
  });
});

describe('the variants', () => {
  const op: Operation = {
    method: 'PUT',
    path: '/api/things/{id}',
    key: 'PUT /api/things/{id}',
    pathParams: [{ name: 'id', required: true, schema: { type: 'string', format: 'uuid' } }],
    query: [{ name: 'q', required: false, schema: { type: 'string' } }],
    body: {
      type: 'object',
      properties: { name: { type: 'string' }, price: { type: 'integer', minimum: 0 } },
      required: ['name'],
    },
    multipart: false,
    audience: 'staff',
    rank: 1,
  };
  const ctx: VariantContext = {
    pathId: () => '0b7c3c1e-1111-4222-8333-444455556666',
    ids: () => undefined,
    png: Buffer.from('png'),
  };

  it('writes what JSON cannot say as it is: -0, numbers beyond a double', () => {
    expect(toJsonText({ a: new RawJson('-0'), b: [new RawJson('1e400')] })).toBe(
      '{"a":-0,"b":[1e400]}',
    );
  });

  it('breaks one field at a time and keeps the rest valid', () => {
    const nul = variantsOf(op, ctx).find((v) => v.kind === 'nul' && v.target === 'name')!;
    const sent = nul.build();
    expect(sent.url).toBe('/api/things/0b7c3c1e-1111-4222-8333-444455556666');
    expect(JSON.parse(String(sent.payload))).toEqual({ name: 'Fuzz\u0000value', price: 1 });
  });

  it('bounded: sends every light variant and one of each heavy kind, the same on every run', () => {
    const all = variantsOf(op, ctx);
    const chosen = boundedVariants(op, all);
    const heavyKinds = new Set(all.filter(isHeavy).map((v) => `${v.cls}:${v.kind}`));
    expect(heavyKinds).toEqual(
      new Set([
        'field:string-1mb',
        'field:deep-nesting',
        'body:over-limit',
        'body:deep-body',
        'query:long-string',
        'path:overlong-20k',
      ]),
    );
    expect(heavyKinds.size + all.filter((v) => !isHeavy(v)).length).toBe(chosen.length);
    expect(new Set(chosen.map((v) => `${v.cls}:${v.kind}`))).toEqual(
      new Set(all.map((v) => `${v.cls}:${v.kind}`)),
    );
    const again = boundedVariants(op, variantsOf(op, ctx));
    expect(again.map((v) => `${v.kind}@${v.target}`)).toEqual(
      chosen.map((v) => `${v.kind}@${v.target}`),
    );
  });
});
