import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

// JSON bodies are parsed as Fastify does (prototype poisoning refused), then refused when nested
// deeper than any payload of the API needs: deep nesting only serves to exhaust the stack of
// whatever walks the body next (validation, the Idempotency-Key hash).

export const MAX_JSON_DEPTH = 32;

/** How deeply a parsed JSON value nests (a scalar is 0), counted without recursion. */
export function jsonDepth(value: unknown, limit = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    const inner = depth + 1;
    if (inner > deepest) deepest = inner;
    if (deepest > limit) break;
    for (const child of Object.values(current)) stack.push([child, inner]);
  }
  return deepest;
}

/** Replaces Fastify's JSON parser with the same parser plus the depth limit. */
export function installJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      if (error) return done(error);
      if (jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
        return done(new AppError('json_too_deep'));
      done(null, value);
    });
  });
}
