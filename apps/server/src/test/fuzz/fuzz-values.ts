import { randomUUID } from 'node:crypto';
import type { JsonSchema } from './openapi-operations';
import { typeOf } from './schema-sample';

// The malformed values the fuzzer puts in one field of a body, one query parameter or one path
// parameter at a time. A value JSON cannot express (`-0`, a number beyond a double, 10,000 levels
// of nesting) is a `RawJson`, written into the body text as it is.

/** JSON text put into a body as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** The deepest nesting the fuzzer sends: deeper than any schema, shallow enough to parse. */
const DEEP_LEVELS = 10_000;
/** A field's long string: 1 MB, just under the body limit so that validation meets it. */
const LONG_STRING = 'x'.repeat(1_000_000);

const deepArray = new RawJson('['.repeat(DEEP_LEVELS) + ']'.repeat(DEEP_LEVELS));
export const deepObject = new RawJson('{"a":'.repeat(DEEP_LEVELS) + '1' + '}'.repeat(DEEP_LEVELS));

/** A field's type as the value kinds tell them apart. */
export type FieldType = 'string' | 'number' | 'array' | 'other';

export const fieldTypeOf = (schema: JsonSchema): FieldType => {
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return 'number';
  return type === 'string' || type === 'array' ? type : 'other';
};

export interface FieldKind {
  /** The type of field the kind is meant for (any field when left out). */
  for?: FieldType;
  /** The value put in the field (`undefined`: the field is left out). */
  make(schema: JsonSchema, valid: unknown): unknown;
}

/** What to put in a field instead of its valid value, by kind. */
export const fieldKinds: Record<string, FieldKind> = {
  'wrong-type': { make: (schema) => wrongType(typeOf(schema)) },
  null: { make: () => null },
  missing: { make: () => undefined },
  empty: { make: (schema) => emptyOf(typeOf(schema)) },
  'deep-nesting': { make: () => deepArray },
  'proto-key': {
    make: () => new RawJson('{"__proto__":{"polluted":true},"constructor":{"prototype":1}}'),
  },
  'string-1mb': { for: 'string', make: () => LONG_STRING },
  nul: { for: 'string', make: () => 'Fuzz\u0000value' },
  'control-chars': { for: 'string', make: () => '\u0001\u0008\u001b[31m\u001f\u007f' },
  'lone-surrogate': { for: 'string', make: () => 'Fuzz \ud800 value' },
  'unicode-specials': { for: 'string', make: () => '\u202e\ufeff\ufffe \u{1f4a5} é' },
  'huge-number': { for: 'number', make: () => 1e308 },
  'int-overflow': { for: 'number', make: () => 2 ** 63 },
  infinity: { for: 'number', make: () => new RawJson('1e400') },
  negative: { for: 'number', make: () => -1 },
  'negative-huge': { for: 'number', make: () => -(2 ** 63) },
  'negative-zero': { for: 'number', make: () => new RawJson('-0') },
  fraction: { for: 'number', make: () => 0.5 },
  'nan-string': { for: 'number', make: () => 'NaN' },
  'big-array': {
    for: 'array',
    make: (_schema, valid) => {
      const item = Array.isArray(valid) ? (valid[0] ?? 'x') : 'x';
      return Array.from({ length: 10_000 }, () => item);
    },
  },
};

function wrongType(type: string | undefined): unknown {
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'twelve';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return 'not an object';
    default:
      return [true];
  }
}

function emptyOf(type: string | undefined): unknown {
  if (type === 'array') return [];
  if (type === 'object') return {};
  if (type === 'integer' || type === 'number') return 0;
  return '';
}

/** Query parameter values, already URL-encoded, by kind. */
export const queryKinds: Record<string, (schema: JsonSchema) => string> = {
  'wrong-type': (schema) => (['integer', 'number'].includes(typeOf(schema) ?? '') ? 'abc' : '1e9'),
  nul: () => 'a%00b',
  'control-chars': () => '%01%1F%7F',
  'bad-percent': () => '%E0%A4%A',
  'invalid-utf8': () => '%ED%A0%80%FF',
  huge: () => '1e9',
  'int-overflow': () => '9223372036854775808',
  negative: () => '-1',
  fraction: () => '0.5',
  garbage: () => encodeURIComponent("'); DROP TABLE orders;--"),
  'long-string': () => 'q'.repeat(10_000),
  empty: () => '',
};

/** Path parameter values, already URL-encoded, by kind. */
export const pathKinds: Record<string, () => string> = {
  'not-uuid': () => 'not-a-uuid',
  'random-uuid': () => randomUUID(),
  'nil-uuid': () => '00000000-0000-0000-0000-000000000000',
  'overlong-300': () => 'a'.repeat(300),
  'overlong-20k': () => 'a'.repeat(20_000),
  nul: () => 'a%00b',
  'bad-percent': () => '%E0%A4%A',
  traversal: () => '..%2F..%2Fetc%2Fpasswd',
  negative: () => '-1',
};

/** JSON text of a value, with every RawJson written as it is. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `__fuzz_raw_${raws.length - 1}__`;
    }
    return v;
  });
  return (text ?? '').replace(/"__fuzz_raw_(\d+)__"/g, (_m, i: string) => raws[Number(i)]!);
}
