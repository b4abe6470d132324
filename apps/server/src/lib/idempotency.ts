import { createHash } from 'node:crypto';
import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/database';
import { runPrepared } from '../db/prepared';
import { idempotencyKeys } from '../db/schema/platform';
import { AppError } from './errors';

// Idempotency-Key for writes (DESIGN §5). The first request with a key reserves it with
// INSERT … ON CONFLICT DO NOTHING, so of any number of parallel requests exactly one runs; the
// others see the reservation: 409 while it runs, the stored answer once it is done, 422 when
// their body differs. Keys belong to the signed-in user; answers are replayed for 24 hours. A key
// its handler stores with a business row (an order, a shift, a cash movement, a refund…) is never
// free again, so its body's hash outlives the answer: after the 24 hours the same request runs
// again (the handler finds its row and answers it) and another body is still refused.

const KEEP_MS = 24 * 3_600_000;
/** A reservation this old belongs to a request that died without answering; it may be retaken. */
const ABANDONED_MS = 2 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** A reservation that may be taken again: its answer lapsed, or its request died unanswered. */
const lapsedOrAbandoned = or(
  eq(idempotencyKeys.status, 'kept'),
  lte(idempotencyKeys.expiresAt, sql`now()`),
  and(
    eq(idempotencyKeys.status, 'in_flight'),
    lt(idempotencyKeys.createdAt, sql.raw(`now() - interval '${ABANDONED_MS / 1000} seconds'`)),
  ),
);

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyRecordId: string | null;
    /** The handler read the key to store it with a row (see `scopedIdempotencyKey`). */
    idempotencyKeptWithRow: boolean;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Stable JSON: object keys sorted, so key order in the body does not change the hash. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * A staff write's Idempotency-Key as its handler stores it: within the sender's scope,
 * `user:<id>:<key>`, as the reservations above are. The unique key columns (orders, shifts, cash
 * movements, refunds) are per tenant, so two tills that happen to send the same key would
 * otherwise collide (decision 050). The customer app's services store theirs within the customer
 * already (`app:<customer>:<key>`, `redeem:<customer>:<key>`), so a customer's key is returned as
 * sent.
 */
export function scopedIdempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const key = (Array.isArray(header) ? header[0] : header) || null;
  if (key) request.idempotencyKeptWithRow = true;
  if (!key || !request.principal) return key;
  return `user:${request.principal.userId}:${key}`;
}

/** A route that takes the Idempotency-Key header, as the hook below reads its declaration. */
export interface IdempotentRoute {
  method: string;
  url: string;
  mode: 'required' | 'optional';
}

const takingRoutes = new WeakMap<FastifyInstance, IdempotentRoute[]>();

/**
 * Every registered route the hook below handles a key on: a write by a signed-in user or app
 * customer whose declaration does not say `idempotency: false`. Tests walk this list, so a new
 * route cannot take the header without being checked.
 */
export const routesTakingIdempotencyKey = (app: FastifyInstance): readonly IdempotentRoute[] =>
  takingRoutes.get(app) ?? [];

function takesKey(route: RouteOptions, method: string): IdempotentRoute['mode'] | null {
  const config = (route.config ?? {}) as Record<string, unknown>;
  if (!WRITE_METHODS.has(method) || config.idempotency === false) return null;
  // Without a signed-in user or customer there is no scope to keep a key in (sign-in, callbacks).
  if (config.public === true || config.bearer === 'refresh-token') return null;
  return config.idempotency === 'required' ? 'required' : 'optional';
}

export function installIdempotency(app: FastifyInstance, { db }: { db: Db }) {
  app.decorateRequest('idempotencyRecordId', null);
  app.decorateRequest('idempotencyKeptWithRow', false);

  const taking: IdempotentRoute[] = [];
  takingRoutes.set(app, taking);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const mode = takesKey(route, method);
      if (mode) taking.push({ method, url: route.url, mode });
    }
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method)) return;
    const mode = request.routeOptions.config.idempotency;
    if (mode === false) return;
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) {
      if (mode === 'required') throw new AppError('idempotency_key_required');
      return;
    }
    // Keys are scoped to a user (or an app customer); anonymous calls (sign-in) have no scope
    // and are not replayed.
    const { principal, customer } = request;
    if (!principal && !customer) return;
    if (!KEY_PATTERN.test(key)) {
      throw new AppError('invalid_request', { message: 'Invalid Idempotency-Key header' });
    }
    // The user alone, not the tenant a session works in: a platform user entering or leaving a
    // tenant changes that tenant, and their key must still find its first request.
    const scope = principal ? `user:${principal.userId}` : `customer:${customer!.customerId}`;
    const tenantId = principal ? principal.tenantId : customer!.tenantId;
    const url = request.routeOptions.url ?? request.url;
    const requestHash = createHash('sha256')
      .update(canonical({ m: request.method, u: url, p: request.params, b: request.body }))
      .digest('hex');

    for (let attempt = 0; attempt < 3; attempt++) {
      const [reserved] = await runPrepared(
        db
          .insert(idempotencyKeys)
          .values({
            scope,
            key,
            tenantId,
            userId: principal?.userId ?? null,
            method: request.method,
            path: url,
            requestHash,
            expiresAt: new Date(Date.now() + KEEP_MS),
          })
          .onConflictDoNothing()
          .returning({ id: idempotencyKeys.id }),
      );
      if (reserved) {
        request.idempotencyRecordId = reserved.id;
        return;
      }
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!existing) continue; // released in between: try to reserve again
      const now = Date.now();
      const abandoned =
        existing.status === 'in_flight' && now - existing.createdAt.getTime() > ABANDONED_MS;
      const lapsed = existing.status === 'kept' || existing.expiresAt.getTime() <= now;
      if (lapsed || abandoned) {
        if (!existing.keptWithRow) {
          await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, existing.id));
          continue;
        }
        if (existing.requestHash !== requestHash) throw new AppError('idempotency_key_reused');
        // Run the same request again: its handler answers from the row it stored. Of parallel
        // retries, the one whose update still sees the lapsed state takes the key.
        const [retaken] = await db
          .update(idempotencyKeys)
          .set({
            status: 'in_flight',
            createdAt: new Date(now),
            expiresAt: new Date(now + KEEP_MS),
            responseStatus: null,
            responseBody: null,
            responseContentType: null,
            completedAt: null,
          })
          .where(and(eq(idempotencyKeys.id, existing.id), lapsedOrAbandoned))
          .returning({ id: idempotencyKeys.id });
        if (retaken) {
          request.idempotencyRecordId = retaken.id;
          return;
        }
        continue;
      }
      if (existing.requestHash !== requestHash) throw new AppError('idempotency_key_reused');
      if (existing.status !== 'completed') {
        throw new AppError('idempotency_in_flight', { headers: { 'retry-after': '1' } });
      }
      reply
        .code(existing.responseStatus ?? 200)
        .header('idempotent-replayed', 'true')
        .type(existing.responseContentType ?? 'application/json; charset=utf-8');
      return reply.send(existing.responseBody ?? '');
    }
    throw new AppError('idempotency_in_flight', { headers: { 'retry-after': '1' } });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyRecordId;
    if (!id) return payload;
    request.idempotencyRecordId = null;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // A server failure is not an answer worth replaying: let the client's retry run again.
      // A key kept with a row stays (its hash still guards the row), lapsed for the retry.
      await db
        .update(idempotencyKeys)
        .set({ status: 'kept', expiresAt: sql`now()` })
        .where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.keptWithRow, true)));
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.keptWithRow, false)));
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await runPrepared(
      db
        .update(idempotencyKeys)
        .set({
          status: 'completed',
          keptWithRow: request.idempotencyKeptWithRow,
          responseStatus: reply.statusCode,
          responseBody: payload,
          responseContentType: typeof contentType === 'string' ? contentType : null,
          completedAt: sql`now()`,
        })
        .where(eq(idempotencyKeys.id, id)),
    );
    return payload;
  });
}
