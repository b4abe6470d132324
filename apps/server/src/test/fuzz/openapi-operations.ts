// The operations of the OpenAPI document as the fuzzer sends them: method, path template, path and
// query parameters, the JSON body schema, whether the route takes a multipart upload, and whose
// token it needs. Destructive operations (sign-out, deletions, revocations, the day close) are
// ordered last so that they cannot take the tokens or the fixtures away from the others.

/** The part of JSON Schema that the document uses (zod's output through the OpenAPI transform). */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** Who the operation is sent as: staff, a customer of the demo tenant, or nobody. */
export type Audience = 'staff' | 'customer' | 'public';

export interface Operation {
  method: string;
  /** The document's path template, e.g. `/api/outlets/{id}/closures/{closureId}`. */
  path: string;
  /** `METHOD /path` as reports name it. */
  key: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON body's schema, when the operation documents one. */
  body?: JsonSchema;
  /** Takes a multipart upload (field "file"): the document says so in the summary. */
  multipart: boolean;
  audience: Audience;
  /** 0 reads, 1 writes, 2 deletions and other destructive writes, 3 what ends sessions or days. */
  rank: number;
}

interface OpenApiOperation {
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Paths (or their endings) that end a session, change a password or close the business day. */
const ENDS_SESSIONS =
  /\/(logout|changepassword|sign-out|revoke-others|revoke-all|close-day|disable|suspend|leave|reset-password)$/;

function rankOf(method: string, path: string): number {
  if (ENDS_SESSIONS.test(path)) return 3;
  if (method === 'DELETE' || path.endsWith('/archive')) return 2;
  return method === 'GET' ? 0 : 1;
}

function audienceOf(path: string): Audience {
  if (path.startsWith('/api/mobile/')) return 'customer';
  if (path.startsWith('/api/payments/') || path === '/api/health') return 'public';
  return 'staff';
}

/** Every operation of the document, reads first, then writes, deletions, session-ending ones. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [lower, op] of Object.entries(item)) {
      if (!METHODS.includes(lower)) continue;
      const method = lower.toUpperCase();
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} }));
      operations.push({
        method,
        path,
        key: `${method} ${path}`,
        pathParams: params('path'),
        query: params('query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        multipart: /multipart/i.test(op.summary ?? ''),
        audience: audienceOf(path),
        rank: rankOf(method, path),
      });
    }
  }
  // Within a rank, deeper paths first: a closure or an image goes before its outlet or product.
  const depth = (op: Operation) => op.path.split('/').length;
  return operations.sort((a, b) => a.rank - b.rank || depth(b) - depth(a));
}

/** Sends a body: every write, whether or not it documents one (an unexpected body is a variant). */
export const takesBody = (op: Operation) => op.method !== 'GET';
