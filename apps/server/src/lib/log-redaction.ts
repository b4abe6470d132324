import type { FastifyRequest } from 'fastify';

// Request logs keep the URL, and some queries carry what a log must not: the websocket's access
// token (/ws?token=…, DESIGN §9), which would let a reader act as that user, and a customer's
// personal data (/api/customers/lookup?phone=…, a search box's text in ?q=…), which PDPA says we
// keep only where it is needed. Such values are replaced, whatever the route.

/** Query fields naming a customer's personal data, wherever they appear. */
export const CUSTOMER_PERSONAL_FIELDS = [
  'name',
  'phone',
  'email',
  'birthday',
  'account_holder',
  'account_number',
] as const;

/** Query fields whose values never reach the log. */
export const REDACTED_QUERY_FIELDS: ReadonlySet<string> = new Set([
  'token',
  'access_token',
  'refresh_token',
  'q',
  ...CUSTOMER_PERSONAL_FIELDS,
]);

const fieldName = (raw: string) => {
  let key = raw;
  try {
    key = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // A malformed escape is logged as sent; the key is compared raw.
  }
  // `phone[]=…` and `phone[0]=…` are the same field to a query parser.
  return key
    .replace(/\[[^\]]*\]$/, '')
    .trim()
    .toLowerCase();
};

/** The URL with the values of `REDACTED_QUERY_FIELDS` replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const hash = url.indexOf('#', start);
  const end = hash === -1 ? url.length : hash;
  const query = url
    .slice(start + 1, end)
    .split(/([&;])/)
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1 || !REDACTED_QUERY_FIELDS.has(fieldName(pair.slice(0, eq)))) return pair;
      return `${pair.slice(0, eq)}=[redacted]`;
    })
    .join('');
  return `${url.slice(0, start + 1)}${query}${url.slice(end)}`;
}

/** Fastify's default request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

// A database error's message and detail can carry the values of the failed query (drizzle's
// "Failed query: … params: …", PostgreSQL's "Key (phone)=(…)"), such as a phone number or a
// password hash: an error is logged by its type, code and message only, with quoted values and
// query parameters left out, and the stack's frames without its message line (it repeats them).

interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  table?: unknown;
  table_name?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
// PostgreSQL quotes both names and values in its messages; names come separately below.
const QUOTED = /"[^"]*"/g;

const causesOf = (error: Error): Error[] => {
  const chain: Error[] = [];
  for (let e: unknown = error; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  return chain;
};

interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** What a log line keeps of an error. */
export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'not an Error', stack: '' };
  const chain = causesOf(error);
  const database = chain.find((e) => SQLSTATE.test(String((e as DatabaseErrorFields).code)));
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (!database) {
    const failedQuery = error.message.startsWith('Failed query');
    return {
      type: error.name,
      code: (error as { code?: unknown }).code,
      message: failedQuery ? 'Failed query' : error.message,
      stack: frames.join('\n'),
    };
  }
  const fields = database as DatabaseErrorFields;
  return {
    type: error.name,
    code: fields.code,
    message: database.message.split('\n')[0]!.replace(QUOTED, '"[redacted]"'),
    constraint: fields.constraint ?? fields.constraint_name,
    table: fields.table ?? fields.table_name,
    stack: frames.join('\n'),
  };
}

/** The server's logger options: the level; requests and errors logged without their secrets. */
export function loggerOptions(level: string) {
  return { level, serializers: { req: serializeRequest, err: serializeError } };
}
