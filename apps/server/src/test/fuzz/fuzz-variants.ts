import {
  deepObject,
  fieldKinds,
  fieldTypeOf,
  pathKinds,
  queryKinds,
  RawJson,
  toJsonText,
} from './fuzz-values';
import { type Operation, takesBody } from './openapi-operations';
import { multipartKinds } from './multipart-variants';
import { fieldsOf, type IdLookup, sampleOf, withField } from './schema-sample';

// Every malformed request the fuzzer can make of one operation, as cheap descriptions whose body
// is built only when sent (a 1 MB string per variant would not fit in memory all at once).

export type VariantClass = 'field' | 'body' | 'query' | 'path' | 'header' | 'multipart';

export interface BuiltRequest {
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

/** What a report names a request by: class, kind and the field or parameter broken. */
export interface VariantLabel {
  cls: string;
  kind: string;
  /** The field, parameter or header the variant breaks ('' for the whole request). */
  target: string;
  /** Replaces the request's credentials: a 401 is then the expected answer, not a lost token. */
  ownAuth?: boolean;
}

export interface Variant extends VariantLabel {
  cls: VariantClass;
  /** Sent with an Idempotency-Key in the bounded run too (else a seeded coin decides). */
  withKey?: boolean;
  build(): BuiltRequest;
}

export interface VariantContext {
  /** A real id for a path parameter of this operation. */
  pathId(op: Operation, param: string): string;
  /** A real id for a body field or query parameter, by its name. */
  ids: IdLookup;
  /** A small real PNG for uploads. */
  png: Buffer;
}

const JSON_TYPE = 'application/json';

/** The operation's URL with real ids, required query parameters, and the given overrides. */
function urlOf(
  op: Operation,
  ctx: VariantContext,
  pathOverride: Record<string, string> = {},
  queryOverride: [string, string][] = [],
) {
  let url = op.path;
  for (const p of op.pathParams) {
    url = url.replace(`{${p.name}}`, pathOverride[p.name] ?? ctx.pathId(op, p.name));
  }
  const overridden = new Set(queryOverride.map(([name]) => name));
  const query: [string, string][] = op.query
    .filter((p) => p.required && !overridden.has(p.name))
    .map((p) => [p.name, encodeURIComponent(String(sampleOf(p.schema, ctx.ids, p.name)))]);
  const all = [...query, ...queryOverride];
  return all.length === 0 ? url : `${url}?${all.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

/** The valid-ish JSON body of an operation (`{}` when it documents none). */
const sampleBody = (op: Operation, ctx: VariantContext): unknown =>
  op.body ? sampleOf(op.body, ctx.ids) : {};

function json(op: Operation, ctx: VariantContext, body: unknown | RawJson): BuiltRequest {
  const text = body instanceof RawJson ? body.text : toJsonText(body);
  return { url: urlOf(op, ctx), payload: text, headers: { 'content-type': JSON_TYPE } };
}

/** The request an operation is first tried with: its valid-ish body, real ids. */
export function baseline(op: Operation, ctx: VariantContext): BuiltRequest {
  if (!takesBody(op) || op.multipart) return { url: urlOf(op, ctx), headers: {} };
  return json(op, ctx, sampleBody(op, ctx));
}

function fieldVariants(op: Operation, ctx: VariantContext): Variant[] {
  if (!op.body) return [];
  const fields = fieldsOf(op.body);
  return fields.flatMap(({ path, schema }) =>
    Object.entries(fieldKinds)
      .filter(([, kind]) => !kind.for || kind.for === fieldTypeOf(schema))
      .map(([kind, { make }]) => ({
        cls: 'field' as const,
        kind,
        target: path.join('.'),
        withKey: kind === 'deep-nesting' ? true : undefined,
        build: () => {
          const valid = sampleBody(op, ctx);
          const current = path.reduce<unknown>(
            (v, k) => (v as Record<string | number, unknown> | undefined)?.[k],
            valid,
          );
          return json(op, ctx, withField(valid, path, make(schema, current)));
        },
      })),
  );
}

const bodyKinds: Record<string, (op: Operation, ctx: VariantContext) => BuiltRequest> = {
  'invalid-json': (op, ctx) => ({ ...json(op, ctx, {}), payload: '{"a": [1, 2,' }),
  'wrong-content-type': (op, ctx) => ({
    ...json(op, ctx, sampleBody(op, ctx)),
    headers: { 'content-type': 'text/plain' },
  }),
  'unknown-content-type': (op, ctx) => ({
    ...json(op, ctx, sampleBody(op, ctx)),
    headers: { 'content-type': 'application/x-fuzz; charset=utf-7' },
  }),
  'empty-body': (op, ctx) => ({ ...json(op, ctx, {}), payload: '' }),
  'array-body': (op, ctx) => json(op, ctx, [sampleBody(op, ctx)]),
  'null-body': (op, ctx) => json(op, ctx, new RawJson('null')),
  'string-body': (op, ctx) => json(op, ctx, 'fuzz'),
  'extra-fields': (op, ctx) =>
    json(op, ctx, {
      ...(sampleBody(op, ctx) as object),
      unknown_field: 'fuzz',
      ['__proto__']: new RawJson('{"polluted":true}'),
    }),
  'deep-body': (op, ctx) => json(op, ctx, deepObject),
  'over-limit': (op, ctx) => json(op, ctx, { filler: 'x'.repeat(2 * 1024 * 1024) }),
  'json-utf16': (op, ctx) => ({
    ...json(op, ctx, sampleBody(op, ctx)),
    headers: { 'content-type': 'application/json; charset=utf-16' },
  }),
  'gzip-claimed': (op, ctx) => {
    const built = json(op, ctx, sampleBody(op, ctx));
    return { ...built, headers: { ...built.headers, 'content-encoding': 'gzip' } };
  },
  bom: (op, ctx) => {
    const built = json(op, ctx, sampleBody(op, ctx));
    return { ...built, payload: `\ufeff${String(built.payload)}` };
  },
};

function wholeBodyVariants(op: Operation, ctx: VariantContext): Variant[] {
  if (!takesBody(op)) return [];
  return Object.entries(bodyKinds).map(([kind, make]) => ({
    cls: 'body' as const,
    kind,
    target: '',
    withKey: kind === 'deep-body' ? true : undefined,
    build: () => make(op, ctx),
  }));
}

/** The rest of a request whose URL a variant changes: the baseline body and content type. */
function withUrl(op: Operation, ctx: VariantContext, url: string): BuiltRequest {
  return { ...baseline(op, ctx), url };
}

function queryVariants(op: Operation, ctx: VariantContext): Variant[] {
  const perParam = op.query.flatMap((p) =>
    Object.entries(queryKinds).map(([kind, make]) => ({
      cls: 'query' as const,
      kind,
      target: p.name,
      build: () => withUrl(op, ctx, urlOf(op, ctx, {}, [[p.name, make(p.schema)]])),
    })),
  );
  if (op.query.length === 0) return perParam;
  const repeated = op.query.map((p) => ({
    cls: 'query' as const,
    kind: 'repeated',
    target: p.name,
    build: () =>
      withUrl(
        op,
        ctx,
        urlOf(op, ctx, {}, [
          [p.name, 'a'],
          [p.name, 'b'],
        ]),
      ),
  }));
  const unknown: Variant = {
    cls: 'query',
    kind: 'unknown-param',
    target: 'fuzz',
    build: () => withUrl(op, ctx, urlOf(op, ctx, {}, [['fuzz[$ne]', '1']])),
  };
  return [...perParam, ...repeated, unknown];
}

function pathVariants(op: Operation, ctx: VariantContext): Variant[] {
  return op.pathParams.flatMap((p) =>
    Object.entries(pathKinds).map(([kind, make]) => ({
      cls: 'path' as const,
      kind,
      target: p.name,
      build: () => withUrl(op, ctx, urlOf(op, ctx, { [p.name]: make() })),
    })),
  );
}

const headerKinds: Record<string, (op: Operation) => Record<string, string> | undefined> = {
  'bad-token': () => ({ authorization: 'Bearer not.a.token' }),
  'long-token': () => ({ authorization: `Bearer ${'a'.repeat(8000)}` }),
  'no-scheme-token': () => ({ authorization: 'eyJhbGciOiJub25lIn0.e30.' }),
  'reused-idempotency-key': (op) =>
    takesBody(op) ? { 'idempotency-key': 'fuzz-one-key-for-every-operation' } : undefined,
  'long-idempotency-key': (op) =>
    takesBody(op) ? { 'idempotency-key': 'k'.repeat(1000) } : undefined,
  'garbage-tenant': (op) =>
    op.audience === 'customer' ? { 'x-tenant': `no-such-${'t'.repeat(300)}` } : undefined,
  'garbage-language': () => ({ 'accept-language': 'zz-ZZ;q=abc, *;q=-1, ' + 'x,'.repeat(500) }),
};

function headerVariants(op: Operation, ctx: VariantContext): Variant[] {
  return Object.entries(headerKinds).flatMap(([kind, make]) => {
    const headers = make(op);
    if (!headers) return [];
    return [
      {
        cls: 'header' as const,
        kind,
        target: Object.keys(headers)[0]!,
        ownAuth: 'authorization' in headers,
        build: () => {
          const built = baseline(op, ctx);
          return { ...built, headers: { ...built.headers, ...headers } };
        },
      },
    ];
  });
}

function uploadVariants(op: Operation, ctx: VariantContext): Variant[] {
  if (!op.multipart) return [];
  return Object.entries(multipartKinds).map(([kind, make]) => ({
    cls: 'multipart' as const,
    kind,
    target: 'file',
    build: () => {
      const { payload, contentType } = make(ctx.png);
      return { url: urlOf(op, ctx), payload, headers: { 'content-type': contentType } };
    },
  }));
}

/** Every variant of an operation, class by class. */
export function variantsOf(op: Operation, ctx: VariantContext): Variant[] {
  return [
    ...fieldVariants(op, ctx),
    ...wholeBodyVariants(op, ctx),
    ...queryVariants(op, ctx),
    ...pathVariants(op, ctx),
    ...headerVariants(op, ctx),
    ...uploadVariants(op, ctx),
  ];
}

/**
 * Kinds that cost megabytes or deep recursion per request: the bounded run sends one of each per
 * operation, the full run one per field or parameter.
 */
const HEAVY_KINDS = new Set([
  'field:string-1mb',
  'field:deep-nesting',
  'field:big-array',
  'body:over-limit',
  'body:deep-body',
  'query:long-string',
  'path:overlong-20k',
  'multipart:over-size',
]);
export const isHeavy = (v: VariantLabel) => HEAVY_KINDS.has(`${v.cls}:${v.kind}`);
