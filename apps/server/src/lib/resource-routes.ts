import { deletedSchema, idParamSchema, type ListMeta } from '@kopi/contract';
import type { z } from 'zod';
import type { Routes } from './route-kit';

// A resource's five standard routes, written once: the page at `base`, one item at `base/:id`,
// create, replace and delete, each guarded by the resource's read, create, update or delete
// permission and answered by the service's list, get, create, update or remove. Each call declares
// one route where it stands, so a module keeps its routes in their order (the OpenAPI document
// lists paths as they are registered) and still states every summary and schema. A resource whose
// items go by another name than `id` (a text's `key`) passes its param schema.

type Schema = z.ZodType;

/** The permissions of a resource; a subject `x` stands for `read-x`, `create-x`, … */
export interface ResourcePermissions {
  read: string;
  create: string;
  update: string;
  delete: string;
}

/**
 * `[]` when the service's method `M` takes `A` and answers `R`, `[never]` otherwise: a trailing
 * rest parameter of this type makes a mismatch between a schema and the service a type error.
 */
export type Fits<S, M extends string, A extends unknown[], R> = S extends {
  [K in M]: (...args: A) => Promise<infer Answer>;
}
  ? [Answer] extends [R]
    ? []
    : [never]
  : [never];

type Method = (...args: unknown[]) => Promise<never>;

/** The param naming one item: its only field is the item's name in the URL. */
export type ItemParam = z.ZodObject<Record<string, z.ZodType<string>>>;

/** An item param's only field (`id`, `key`) and the item a request names by it. */
export function itemParamOf(param: ItemParam) {
  const name = Object.keys(param.shape)[0]!;
  const itemOf = (request: { params: unknown }) => (request.params as Record<string, string>)[name];
  return { name, itemOf };
}

/**
 * Calls the service's method `name` as the service's (so one written with `this` still works):
 * the routes' types have already checked that it takes what the route passes.
 */
export const callService = (service: object, name: string, ...args: unknown[]) =>
  (service as Record<string, Method>)[name]!(...args);

/** A subject's four permissions: `x` stands for `read-x`, `create-x`, `update-x`, `delete-x`. */
export const resourcePermissions = (subject: string): ResourcePermissions => ({
  read: `read-${subject}`,
  create: `create-${subject}`,
  update: `update-${subject}`,
  delete: `delete-${subject}`,
});

export function resourceRoutes<C, S extends object>(
  route: Routes<C>,
  base: string,
  service: S,
  access: string | ResourcePermissions,
  /** The param an item goes by: `{ id }` unless the resource names it otherwise (`{ key }`). */
  { param = idParamSchema }: { param?: ItemParam } = {},
) {
  const can = typeof access === 'string' ? resourcePermissions(access) : access;
  const call = (name: string, ...args: unknown[]) => callService(service, name, ...args);
  const { name: paramName, itemOf } = itemParamOf(param);
  const one = `${base}/:${paramName}`;
  const params = param;

  return {
    list: <Q extends Schema, I extends Schema>(
      summary: string,
      querystring: Q,
      item: I,
      ..._: Fits<S, 'list', [C, z.output<Q>], { data: z.input<I>[]; meta: ListMeta }>
    ) =>
      route.list(base, {
        config: { permission: can.read },
        summary,
        querystring,
        item,
        handler: (ctx, { query }) => call('list', ctx, query),
      }),
    get: <D extends Schema>(
      summary: string,
      data: D,
      ..._: Fits<S, 'get', [C, string], z.input<D>>
    ) =>
      route.get(one, {
        config: { permission: can.read },
        summary,
        params,
        data,
        handler: (ctx, request) => call('get', ctx, itemOf(request)),
      }),
    create: <B extends Schema, D extends Schema>(
      summary: string,
      body: B,
      data: D,
      ..._: Fits<S, 'create', [C, z.output<B>], z.input<D>>
    ) =>
      route.create(base, {
        config: { permission: can.create },
        summary,
        body,
        data,
        handler: (ctx, request) => call('create', ctx, request.body),
      }),
    update: <B extends Schema, D extends Schema>(
      summary: string,
      body: B,
      data: D,
      ..._: Fits<S, 'update', [C, string, z.output<B>], z.input<D>>
    ) =>
      route.put(one, {
        config: { permission: can.update },
        summary,
        params,
        body,
        data,
        handler: (ctx, request) => call('update', ctx, itemOf(request), request.body),
      }),
    /** Answers `{ id, deleted: true }` unless the resource answers more. */
    remove: <D extends Schema = typeof deletedSchema>(
      summary: string,
      data?: D,
      ..._: Fits<S, 'remove', [C, string], z.input<D>>
    ) =>
      route.delete(one, {
        config: { permission: can.delete },
        summary,
        params,
        data: data ?? deletedSchema,
        handler: (ctx, request) => call('remove', ctx, itemOf(request)),
      }),
  };
}
