import { idParamSchema, type ListMeta } from '@kopi/contract';
import type { FastifyContextConfig } from 'fastify';
import type { z } from 'zod';
import { callService, type Fits, type ItemParam, itemParamOf } from './resource-routes';
import type { Routes } from './route-kit';

// The routes on one item of a resource, written once: `base/:id/<verb>` with the item's id as its
// only param, answered by the service's method named after the verb (`test-connection` calls
// testConnection) with the caller, the id and, when the route is sent a body (or a query), that.
// Each call declares one route where it stands, with its own access, summary and schemas, so a
// module keeps its routes in their order as with resourceRoutes. A resource whose items go by
// another name than `id` (a text's `key`) passes its param schema; a service that answers a verb
// by a method named otherwise (`status` by moveStatus) names it.

type Schema = z.ZodType;

/** A permission, or the whole route config when it says more (idempotency, rateLimit). */
export type Access = string | FastifyContextConfig;

export const configOf = (access: Access): FastifyContextConfig =>
  typeof access === 'string' ? { permission: access } : access;

/** `test-connection` → `testConnection`: the service method a verb names. */
export type MethodOf<V extends string> = V extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<MethodOf<Tail>>}`
  : V;

/** The service's argument a route's schema adds when the route has one (a body, a query). */
export type ArgsOf<T> = T extends Schema ? [z.output<T>] : [];

export const methodOf = (verb: string) => verb.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** Verbs the service answers by a method not named after them: `{ status: 'moveStatus' }`. */
type MethodNames = Readonly<Record<string, string>>;

/** The service method answering a verb: the one `N` names, else the verb's own (MethodOf). */
type MethodFor<V extends string, N extends MethodNames> = V extends keyof N ? N[V] : MethodOf<V>;

export interface ItemRoutesOptions<N extends MethodNames> {
  /** The param an item goes by: `{ id }` unless the resource names it otherwise (`{ key }`). */
  param?: ItemParam;
  methods?: N;
}

export function itemRoutes<
  C,
  S extends object,
  const N extends MethodNames = Record<never, string>,
>(
  route: Routes<C>,
  base: string,
  service: S,
  { param = idParamSchema, methods }: ItemRoutesOptions<N> = {},
) {
  const call = (verb: string, ...args: unknown[]) =>
    callService(service, methods?.[verb] ?? methodOf(verb), ...args);
  const { name, itemOf } = itemParamOf(param);

  const declareItem = (
    declare: Routes<C>['post'],
    verb: string,
    access: Access,
    summary: string,
    data: Schema,
    body?: Schema,
  ) =>
    declare(`${base}/:${name}/${verb}`, {
      config: configOf(access),
      summary,
      params: param,
      body,
      data,
      // Without a body schema whatever the client sent is not the service's to see.
      handler: (ctx, request) =>
        body ? call(verb, ctx, itemOf(request), request.body) : call(verb, ctx, itemOf(request)),
    });

  // The same declaration typed for callers: the service's method must take what the route is
  // sent and answer what it says it answers.
  const withBody =
    (declare: Routes<C>['post']) =>
    <V extends string, D extends Schema, B extends Schema | undefined = undefined>(
      verb: V,
      access: Access,
      summary: string,
      data: D,
      body?: B,
      ..._: Fits<S, MethodFor<V, N>, [C, string, ...ArgsOf<B>], z.input<D>>
    ) =>
      declareItem(declare, verb, access, summary, data, body);

  return {
    /** GET `base/:id/<verb>`. */
    get: <V extends string, D extends Schema>(
      verb: V,
      access: Access,
      summary: string,
      data: D,
      ..._: Fits<S, MethodFor<V, N>, [C, string], z.input<D>>
    ) => declareItem(route.get, verb, access, summary, data),
    /** GET `base/:id/<verb>` answering a page of `item`s under the item, filtered by `querystring`. */
    list: <V extends string, Q extends Schema, I extends Schema>(
      verb: V,
      access: Access,
      summary: string,
      querystring: Q,
      item: I,
      ..._: Fits<
        S,
        MethodFor<V, N>,
        [C, string, z.output<Q>],
        { data: z.input<I>[]; meta: ListMeta }
      >
    ) =>
      route.list(`${base}/:${name}/${verb}`, {
        config: configOf(access),
        summary,
        params: param,
        querystring,
        item,
        handler: (ctx, request) => call(verb, ctx, itemOf(request), request.query) as never,
      }),
    /** POST `base/:id/<verb>` answering 200; `body` is what it is sent, if anything. */
    post: withBody(route.post),
    /** POST `base/:id/<verb>` that creates something under the item: 201 with it. */
    create: withBody(route.create),
    /** POST `base/:id/<verb>` that starts work done later (a background job): 202 with its tracker. */
    accepted: withBody(route.accepted),
    /** PUT `base/:id/<verb>`. */
    put: withBody(route.put),
    /**
     * Actions that share their access, answer and body (disable and enable, suspend and activate):
     * one POST a verb, in the order the summaries list them.
     */
    actions: <V extends string, D extends Schema, B extends Schema | undefined = undefined>(
      access: Access,
      data: D,
      summaries: Record<V, string>,
      body?: B,
      ..._: Fits<S, MethodFor<V, N>, [C, string, ...ArgsOf<B>], z.input<D>>
    ) => {
      for (const [verb, summary] of Object.entries<string>(summaries)) {
        declareItem(route.post, verb, access, summary, data, body);
      }
    },
  };
}
