import type { ListMeta } from '@kopi/contract';
import type { z } from 'zod';
import { type Access, type ArgsOf, configOf, type MethodOf, methodOf } from './item-routes';
import { callService, type Fits } from './resource-routes';
import type { DownloadFile, Routes } from './route-kit';

// The routes on a whole collection beside its items, written once: `base/<verb>` answered by the
// service's method named after the verb (`status-counts` calls statusCounts) with the caller and,
// when the route takes a query or a body, that; and `base/export`, the filtered list as a file.
// Each call declares one route where it stands, with its own access, summary and schemas, as
// itemRoutes does for `base/:id/<verb>`.

type Schema = z.ZodType;

export function collectionRoutes<C, S extends object>(route: Routes<C>, base: string, service: S) {
  const call = (method: string, ...args: unknown[]) => callService(service, method, ...args);

  // A GET takes what filters it as its query, a POST what it is sent as its body; either way the
  // service sees it only when the route has a schema for it.
  const declareVerb = (
    declare: Routes<C>['post'],
    part: 'querystring' | 'body',
    verb: string,
    access: Access,
    summary: string,
    data: Schema,
    input?: Schema,
  ) =>
    declare(`${base}/${verb}`, {
      config: configOf(access),
      summary,
      ...(part === 'body' ? { body: input } : { querystring: input }),
      data,
      handler: (ctx, request) => {
        const sent = part === 'body' ? request.body : request.query;
        return call(methodOf(verb), ctx, ...(input ? [sent] : [])) as never;
      },
    });

  // The same declaration typed for callers: the service's method must take what the route is
  // sent and answer what it says it answers.
  const withInput =
    (declare: Routes<C>['post'], part: 'querystring' | 'body') =>
    <V extends string, D extends Schema, I extends Schema | undefined = undefined>(
      verb: V,
      access: Access,
      summary: string,
      data: D,
      input?: I,
      ..._: Fits<S, MethodOf<V>, [C, ...ArgsOf<I>], z.input<D>>
    ) =>
      declareVerb(declare, part, verb, access, summary, data, input);

  return {
    /** GET `base/<verb>` answering `{ data }`; its last schema is what filters it, if anything. */
    get: withInput(route.get, 'querystring'),
    /** GET `base/<verb>` answering a page of `item`s, filtered by `querystring`. */
    list: <V extends string, I extends Schema, Q extends Schema>(
      verb: V,
      access: Access,
      summary: string,
      querystring: Q,
      item: I,
      ..._: Fits<S, MethodOf<V>, [C, z.output<Q>], { data: z.input<I>[]; meta: ListMeta }>
    ) =>
      route.list(`${base}/${verb}`, {
        config: configOf(access),
        summary,
        querystring,
        item,
        handler: (ctx, request) => call(methodOf(verb), ctx, request.query) as never,
      }),
    /** POST `base/<verb>` answering 200; its last schema is what it is sent, if anything. */
    post: withInput(route.post, 'body'),
    /**
     * GET `base/export`: the list its filters (`querystring`) pick, as a file to save, made by the
     * service's exportCsv unless another `method` makes it (a CSV or XLSX one).
     */
    export: <Q extends Schema, M extends string = 'exportCsv'>(
      access: Access,
      summary: string,
      querystring: Q,
      method?: M,
      ..._: Fits<S, M, [C, z.output<Q>], DownloadFile>
    ) =>
      route.download(`${base}/export`, {
        config: configOf(access),
        summary,
        querystring,
        handler: (ctx, request) => call(method ?? 'exportCsv', ctx, request.query),
      }),
  };
}
