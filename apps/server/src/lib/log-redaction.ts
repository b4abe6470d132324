import type { FastifyRequest } from 'fastify';

// The websocket carries its access token in the query (/ws?token=…, DESIGN §9): request logs
// must not keep it, or anyone reading them could act as that user until the token expires.

const SECRET_QUERY = /([?&](?:token|access_token|refresh_token)=)[^&#]*/gi;

/** The URL with secret query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
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
