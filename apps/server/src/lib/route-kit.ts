import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { dataEnvelope, listEnvelope, type ListMeta } from '@kopi/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { scopedIdempotencyKey } from './idempotency';

// The wiring every API route repeats, written once: the `{ data }` and list envelopes, 201 on
// create, the file headers of a download, the module's tags and how a handler gets its request
// context. Each route still states its access (`config`), summary and schemas where it is declared,
// so the authorization matrix and the OpenAPI document read the same as a plain `app.get`.

type Schema = z.ZodType;

/** The request of a route, typed from its zod schemas as the route validated them. */
export type RouteRequest<
  P extends Optional = undefined,
  Q extends Optional = undefined,
  B extends Optional = undefined,
> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  { params: P; querystring: Q; body: B },
  ZodTypeProvider
>;

type Optional = Schema | undefined;

interface RouteSpec<C, P extends Optional, Q extends Optional, B extends Optional, R> {
  /** Who may call it (lib/access.ts) and any other per-route setting (idempotency, rateLimit). */
  config: FastifyContextConfig;
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** Set for multipart uploads. */
  consumes?: string[];
  handler: (ctx: C, request: RouteRequest<P, Q, B>) => Promise<R>;
}

/** A route answering `{ data }`; `data` is the schema of what the handler returns. */
export interface DataRouteSpec<
  C,
  P extends Optional,
  Q extends Optional,
  B extends Optional,
  D extends Schema,
> extends RouteSpec<C, P, Q, B, z.input<D>> {
  data: D;
}

/** A route answering a page: the handler returns `{ data, meta }` of `item`s. */
export interface ListRouteSpec<
  C,
  P extends Optional,
  Q extends Optional,
  B extends Optional,
  I extends Schema,
> extends RouteSpec<C, P, Q, B, { data: z.input<I>[]; meta: ListMeta }> {
  item: I;
}

/** A file to save: CSV (UTF-8) unless the handler names another content type. */
export interface DownloadFile {
  filename: string;
  /** The file whole, or a stream written as it is read (a large export). */
  body: string | Buffer | Readable;
  contentType?: string;
  /** Shown in the page (a picture) rather than saved. */
  inline?: boolean;
}

const CSV = 'text/csv; charset=utf-8';

/**
 * The Idempotency-Key a write was sent with (lib/idempotency.ts has checked it), or null: a staff
 * member's within their own scope (`user:<id>:<key>`), so another user's equal key never meets it.
 */
export const idempotencyKeyOf = scopedIdempotencyKey;

export interface RouteKitOptions<C> {
  tags: string[];
  /** What a handler gets first: the caller as services take it (e.g. `authedContextOf`). */
  context: (request: FastifyRequest) => C;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** If-None-Match against a strong tag: a list, weak forms (W/"…") and * all match. */
export function etagMatches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((part) => part.trim().replace(/^W\//, ''))
    .some((part) => part === '*' || part === tag);
}

function sendFile(result: unknown, reply: FastifyReply) {
  const file = result as DownloadFile;
  const disposition = file.inline ? 'inline' : 'attachment';
  return reply
    .header('content-disposition', `${disposition}; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .type(file.contentType ?? CSV)
    .send(file.body);
}

export function defineRoutes<C>(app: FastifyInstance, { tags, context }: RouteKitOptions<C>) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Each helper narrows the spec's types for its callers; `add` sees every spec the same way, so a
  // typed spec is passed to it `as never` (its handler's request type is narrower than `add`'s).
  const add = (
    method: Method,
    url: string,
    spec: RouteSpec<C, Optional, Optional, Optional, unknown>,
    response: FastifySchema['response'] | undefined,
    answer: (result: unknown, reply: FastifyReply) => unknown,
  ) => {
    const { config, summary, params, querystring, body, consumes, handler } = spec;
    const schema: FastifySchema & { tags: string[]; summary: string; consumes?: string[] } = {
      tags,
      summary,
      ...(consumes ? { consumes } : {}),
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(body ? { body } : {}),
      ...(response ? { response } : {}),
    };
    r.route({
      method,
      url,
      config,
      schema,
      // Fastify has validated params, querystring and body against these schemas by now.
      handler: async (request, reply) =>
        answer(await handler(context(request), request as RouteRequest), reply),
    });
  };

  const withData =
    (method: Method, status: 200 | 201 | 202) =>
    <
      D extends Schema,
      P extends Optional = undefined,
      Q extends Optional = undefined,
      B extends Optional = undefined,
    >(
      url: string,
      spec: DataRouteSpec<C, P, Q, B, D>,
    ) =>
      add(method, url, spec as never, { [status]: dataEnvelope(spec.data) }, (data, reply) =>
        reply.code(status).send({ data }),
      );

  return {
    /** GET answering a page of `item`s with its meta. */
    list: <I extends Schema, P extends Optional = undefined, Q extends Optional = undefined>(
      url: string,
      spec: ListRouteSpec<C, P, Q, undefined, I>,
    ) => add('GET', url, spec as never, { 200: listEnvelope(spec.item) }, (page) => page),
    get: withData('GET', 200),
    /** POST that creates something: 201 with it. */
    create: withData('POST', 201),
    post: withData('POST', 200),
    /** POST that starts work done later (a background job): 202 with what tracks it. */
    accepted: withData('POST', 202),
    put: withData('PUT', 200),
    delete: withData('DELETE', 200),
    /**
     * GET answering `{ data }` with a strong ETag of it: a client sending the same tag in
     * If-None-Match gets 304 and no body. Clients revalidate every time (no-cache), so a change
     * reaches them at once while an unchanged answer costs no transfer.
     */
    cachedGet: <D extends Schema, P extends Optional = undefined, Q extends Optional = undefined>(
      url: string,
      spec: DataRouteSpec<C, P, Q, undefined, D>,
    ) =>
      add('GET', url, spec as never, { 200: dataEnvelope(spec.data) }, (data, reply) => {
        const tag = `"${createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 27)}"`;
        reply.header('etag', tag).header('cache-control', 'private, no-cache');
        if (etagMatches(reply.request.headers['if-none-match'], tag)) return reply.code(304).send();
        return reply.code(200).send({ data });
      }),
    /** GET answering a file to save; no response schema. */
    download: <P extends Optional = undefined, Q extends Optional = undefined>(
      url: string,
      spec: RouteSpec<C, P, Q, undefined, DownloadFile>,
    ) => add('GET', url, spec as never, undefined, sendFile),
    /** POST answering a file to save: the file is made from what the request carries (an upload). */
    postDownload: <P extends Optional = undefined, Q extends Optional = undefined>(
      url: string,
      spec: RouteSpec<C, P, Q, undefined, DownloadFile>,
    ) => add('POST', url, spec as never, undefined, sendFile),
  };
}

/** What `defineRoutes` gives a module: the builders lib/resource-routes.ts and its siblings use. */
export type Routes<C> = ReturnType<typeof defineRoutes<C>>;
