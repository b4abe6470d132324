import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { toJSONSchema, ZodError, type ZodType } from 'zod';

// Answers are written by a serializer compiled once per route from its zod schema's JSON Schema
// (fast-json-stringify), not by checking each answer against the zod schema and then
// JSON.stringify: the check and the generic stringify were most of a report's server CPU. The
// compiled writer emits only the schema's properties, so a field the schema does not name never
// leaves the server. With `checkAgainstZod` (development and tests), every answer is also
// encoded by zod, refused if it breaks the schema, and the two texts must parse to the same value
// (key order aside), so the test suites prove the compiled writer says exactly what zod would. A schema JSON Schema cannot
// express (a transform) keeps zod's serializer.

type AnySchema = Parameters<FastifySerializerCompiler<unknown>>[0]['schema'];

function zodOf(schema: AnySchema): ZodType | null {
  if (schema && typeof schema === 'object' && '_zod' in schema) return schema as ZodType;
  return null;
}

type Writer = (data: unknown) => string;

// Compiled on a route's first answer, not at start (compiling every route took as long as the
// rest of the start), and once per schema for every app in the process.
const writers = new WeakMap<ZodType, Writer | null>();

function writerFor(schema: ZodType): Writer | null {
  let writer = writers.get(schema);
  if (writer === undefined) {
    try {
      writer = fastJson(toJSONSchema(schema, { io: 'output', target: 'draft-07' }) as never);
    } catch {
      writer = null;
    }
    writers.set(schema, writer);
  }
  return writer;
}

export function createResponseSerializer({
  checkAgainstZod,
}: {
  checkAgainstZod: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const schema = zodOf(route.schema);
    if (!schema) return zodSerializerCompiler(route as never);
    const viaZod = zodSerializerCompiler(route as never) as Writer;
    if (!checkAgainstZod) return (data) => (writerFor(schema) ?? viaZod)(data);
    return (data) => {
      const expected = viaZod(data);
      const write = writerFor(schema);
      if (!write) return expected;
      const written = write(data);
      // Equal texts are the usual case; key order alone may differ, so only then parse both.
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new ResponseSerializationError(route.method, route.url, {
          cause: new ZodError([
            {
              code: 'custom',
              path: [],
              // No values: an answer may hold personal data, and this reaches the log.
              message: 'the compiled serializer wrote a different answer than zod',
            },
          ]),
        });
      }
      return written;
    };
  };
}
