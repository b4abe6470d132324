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
  // Without a schema whatever the client sent is not the service's to see.
  const argsOf = (schema: Schema | undefined, value: unknown) => (schema ? [value] : []);

  return {
    /** GET `base/<verb>` answering `{ data }`; `querystring` is what it filters by, if anything. */
    get: <V extends string, D extends Schema, Q extends Schema | undefined = undefined>(
      verb: V,
      access: Access,
      summary: string,
      data: D,
      querystring?: Q,
      ..._: Fits<S, MethodOf<V>, [C, ...ArgsOf<Q>], z.input<D>>
    ) =>
      route.get(`${base}/${verb}`, {
        config: configOf(access),
        summary,
        querystring,
        data,
        handler: (ctx, request) =>
          call(methodOf(verb), ctx, ...argsOf(querystring, request.query)) as never,
      }),
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
    /** POST `base/<verb>` answering 200; `body` is what it is sent, if anything. */
    post: <V extends string, D extends Schema, B extends Schema | undefined = undefined>(
      verb: V,
      access: Access,
      summary: string,
      data: D,
      body?: B,
      ..._: Fits<S, MethodOf<V>, [C, ...ArgsOf<B>], z.input<D>>
    ) =>
      route.post(`${base}/${verb}`, {
        config: configOf(access),
        summary,
        body,
        data,
        handler: (ctx, request) =>
          call(methodOf(verb), ctx, ...argsOf(body, request.body)) as never,
      }),
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
