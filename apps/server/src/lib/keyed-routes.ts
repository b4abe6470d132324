import { idParamSchema } from '@kopi/contract';
import type { z } from 'zod';
import { callService, type Fits } from './resource-routes';
import { idempotencyKeyOf, type Routes } from './route-kit';

// The writes that keep their Idempotency-Key with the row they make (an order, a shift, a cash
// movement, a refund, a wallet entry), written once: the key is required, and the service's method
// gets the caller, the item's id when the path names one (`/shifts/:id/movements`), what the route
// is sent and the key within the sender's scope. Each call declares one route where it stands,
// with its path, permission, the service method answering it, summary and schemas.

type Schema = z.ZodType;

/** What a keyed write declares beside its path, permission and service method. */
export interface KeyedWriteSpec<B extends Schema, D extends Schema> {
  summary: string;
  body: B;
  data: D;
}

/** The item's id the service takes first when the path names one. */
type IdOf<U extends string> = U extends `${string}/:id${string}` ? [string] : [];

export function keyedRoutes<C, S extends object>(route: Routes<C>, service: S) {
  const declareWrite = (
    declare: Routes<C>['post'],
    url: string,
    permission: string,
    method: string,
    { summary, body, data }: KeyedWriteSpec<Schema, Schema>,
  ) => {
    const named = url.includes('/:id');
    declare(url, {
      config: { permission, idempotency: 'required' },
      summary,
      ...(named ? { params: idParamSchema } : {}),
      body,
      data,
      handler: (ctx, request) => {
        const id = named ? [(request.params as { id: string }).id] : [];
        return callService(service, method, ctx, ...id, request.body, idempotencyKeyOf(request));
      },
    });
  };

  // The same declaration typed for callers: the service's method must take what the route is
  // sent and answer what it says it answers.
  const keyed =
    (declare: Routes<C>['post']) =>
    <U extends string, M extends string, B extends Schema, D extends Schema>(
      url: U,
      permission: string,
      method: M,
      spec: KeyedWriteSpec<B, D>,
      ..._: Fits<S, M, [C, ...IdOf<U>, z.output<B>, string | null], z.input<D>>
    ) =>
      declareWrite(declare, url, permission, method, spec);

  return {
    /** POST that creates the row keeping the key: 201 with it. */
    create: keyed(route.create),
    /** POST answering 200 (what was done, the row aside). */
    post: keyed(route.post),
  };
}
