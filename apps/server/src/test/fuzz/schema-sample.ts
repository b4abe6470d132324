import { randomUUID } from 'node:crypto';
import type { JsonSchema } from './openapi-operations';

// A valid-ish value for a JSON schema: the fuzzer starts from it and breaks one field at a time,
// so that every other field passes validation and the broken one is what the server meets. Ids
// are real ones where the field's name says which resource it points at.

/** A real id for a field or parameter name (`outlet_id`, `role_id`, `category`…), if one is known. */
export type IdLookup = (name: string) => string | undefined;

/** Strings tried in order for a pattern: the first that matches (and fits the lengths) is used. */
const CANDIDATES = [
  'Fuzz value',
  'Fuzz@12345678',
  '#336699',
  '123456',
  'FZ01',
  '08:00',
  '2026-06-10',
  '2026-06-10T04:00:00Z',
  'fuzz-slug',
  '+60123456789',
  'fuzz.user',
  'menu.fuzz',
  'Fuzz',
  '/fuzz',
];

const FORMATS: Record<string, string> = {
  date: '2026-06-10',
  'date-time': '2026-06-10T04:00:00Z',
  email: 'fuzz@kopi-demo.my',
  uri: 'https://kopi-demo.my/fuzz',
  url: 'https://kopi-demo.my/fuzz',
};

/** Numbers strings so that names and codes differ from one request to the next (unique columns). */
let serial = 0;

/**
 * Values by field name where the schema alone cannot tell (a refinement checks them): the e-mail
 * and phone formats, a time zone, a closing time after the opening one, a known permission, a
 * password that passes the rules. A named value is used only where its type fits.
 */
const NAMED: Record<string, unknown> = {
  email: () => `fuzz${++serial}@kopi-demo.my`,
  phone: () => `+6011${10_000_000 + ++serial}`,
  customer_phone: () => `+6011${10_000_000 + ++serial}`,
  timezone: 'Asia/Kuala_Lumpur',
  open: '08:00',
  close: '17:00',
  permissions: 'read-dashboard',
  password: 'Fuzz@12345678',
  password_confirmation: 'Fuzz@12345678',
  old_password: 'Fuzz@12345678',
  image: null,
  avatar: null,
  discounted_price: null,
};

function named(schema: JsonSchema, name: string): { value: unknown } | undefined {
  if (!(name in NAMED)) return undefined;
  const entry = NAMED[name];
  const value = typeof entry === 'function' ? (entry as () => unknown)() : entry;
  if (value === null) return schema.nullable ? { value } : undefined;
  return typeof value === typeOf(schema) ? { value } : undefined;
}

function fits(value: string, schema: JsonSchema): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  return !schema.pattern || new RegExp(schema.pattern, 'u').test(value);
}

function sampleString(schema: JsonSchema, name: string, ids: IdLookup): string {
  if (schema.format === 'uuid') return ids(name) ?? randomUUID();
  const formatted = schema.format ? FORMATS[schema.format] : undefined;
  if (formatted) return formatted;
  const n = ++serial;
  for (const candidate of CANDIDATES) {
    if (fits(`${candidate}${n}`, schema)) return `${candidate}${n}`;
    if (fits(candidate, schema)) return candidate;
  }
  return 'f'.repeat(Math.max(1, schema.minLength ?? 1)).slice(0, schema.maxLength ?? 64);
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum ?? 0) + (integer ? 1 : 0.5);
  const high = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const value = Math.min(Math.max(low, 1), high);
  return integer ? Math.ceil(value) : value;
}

/** The schema's own choice among `anyOf`/`oneOf`: the first that is not just `null`. */
function resolved(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) {
    const chosen = options.find((o) => o.type !== 'null') ?? options[0]!;
    return resolved(chosen);
  }
  if (schema.allOf && schema.allOf.length > 0) return Object.assign({}, ...schema.allOf);
  return schema;
}

/** The schema's main type, `null` left out where it is one of several. */
export function typeOf(schema: JsonSchema): string | undefined {
  const s = resolved(schema);
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

/** A value the schema accepts, as far as the generator can tell, for a field called `name`. */
export function sampleOf(schema: JsonSchema, ids: IdLookup, name = ''): unknown {
  const s = resolved(schema);
  if (s.const !== undefined) return s.const;
  const hint = named(s, name);
  if (hint) return hint.value;
  if (s.default !== undefined) return s.default;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      return sampleString(s, name, ids);
    case 'integer':
      return sampleNumber(s, true);
    case 'number':
      return sampleNumber(s, false);
    case 'boolean':
      return false;
    case 'array': {
      const count = Math.max(1, s.minItems ?? 1);
      return Array.from({ length: count }, () => sampleOf(s.items ?? {}, ids, name));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        out[key] = sampleOf(child, ids, key);
      }
      return out;
    }
    default:
      return null;
  }
}

/** One field of a sample: where it is and the schema it answers to. */
export interface FieldPath {
  path: (string | number)[];
  schema: JsonSchema;
}

/** Every field of a sample, nested ones included (array items by their first element). */
export function fieldsOf(schema: JsonSchema, prefix: (string | number)[] = []): FieldPath[] {
  const s = resolved(schema);
  const type = typeOf(s);
  const here = prefix.length > 0 ? [{ path: prefix, schema: s }] : [];
  if (type === 'object') {
    const children = Object.entries(s.properties ?? {}).flatMap(([key, child]) =>
      fieldsOf(child, [...prefix, key]),
    );
    return [...here, ...children];
  }
  if (type === 'array' && s.items) return [...here, ...fieldsOf(s.items, [...prefix, 0])];
  return here;
}

/** A deep copy of `value` with the field at `path` replaced. */
export function withField(
  value: unknown,
  path: (string | number)[],
  replacement: unknown,
): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    copy[Number(head)] = withField(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  copy[String(head)] = withField(copy[String(head)], rest, replacement);
  return copy;
}
