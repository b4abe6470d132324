import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../db/schema/platform';
import { runHousekeeping } from '../../lib/housekeeping';
import { expectCode } from '../expect-code';
import type { Payload, RequestHeaders } from '../test-app';
import type { TestAppContext } from '../use-test-app';

// One rule for every route that takes an Idempotency-Key: the same user sending the same key with
// another body (or to another target) gets 422 idempotency_key_reused, never the first answer, a
// 500 or a silent no-op; the same request again replays the first answer. Each area's drivers
// (files beside this one) say how to drive its routes; idempotency-key-reuse.test.ts checks that
// every route the app registers as taking the header has a driver.
//
// Answers are replayed for 24 hours. Then a key its handler stored with a business row keeps its
// body's hash (the row keeps the key forever): another body is still refused and the same request
// answers from its row, writing nothing twice. Any other key is free again.

/** The routes whose handlers store the key with the row they write. */
export const keptWithRow = new Set([
  'POST /api/shifts',
  'POST /api/shifts/:id/movements',
  'POST /api/shifts/:id/drawer-openings',
  'POST /api/orders',
  'POST /api/refunds',
  'POST /api/pos/refunds',
  'POST /api/customers/:id/wallet/adjust',
  'POST /api/customers/:id/wallet/counter-topups',
  'POST /api/mobile/orders',
  'POST /api/mobile/points/redeem',
  'POST /api/mobile/rewards/:id/exchange',
]);

export interface Drive {
  url: string;
  /** The first request's body; left out for a route that takes none. */
  first?: Payload;
  /** Valid too, but another body than `first`. Left out: `first` again, sent to `secondUrl`. */
  second?: Payload;
  /** Another target of the same route (another id), for a route whose body cannot differ. */
  secondUrl?: string;
  /**
   * What the first request changed and what the second would have changed, read before and after
   * the reused key: none of it may move.
   */
  effect: () => Promise<unknown>;
  /** Whose request it is; the admin's (or the file's `api` default) when left out. */
  headers?: RequestHeaders;
}

export type Drivers = Record<string, () => Promise<Drive>>;

/**
 * A route whose body cannot differ, driven on two fresh targets made alike: the first request goes
 * to one, the reused key to the other (`secondUrl`), and `effect` reads both.
 */
export async function twoTargets<T>(
  make: () => Promise<T>,
  url: (target: T) => string,
  effect: (a: T, b: T) => Promise<unknown>,
  rest: Pick<Drive, 'first' | 'headers'> = {},
): Promise<Drive> {
  const [a, b] = [await make(), await make()];
  return { url: url(a), secondUrl: url(b), effect: () => effect(a, b), ...rest };
}

/** An area's drivers, built from its test file's app; driving starts only inside a test. */
export type DriverSet<User extends string = 'admin'> = (ctx: TestAppContext<User>) => Drivers;

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One test per route of `drivers`: 422 on a reused key, nothing moved, then the replay. */
export function walkReusedKeys<User extends string>(
  ctx: TestAppContext<User>,
  drivers: Drivers,
  defaultHeaders: () => RequestHeaders,
) {
  describe('Idempotency-Key reused with another body', () => {
    for (const route of Object.keys(drivers)) {
      it(`${route}: 422 idempotency_key_reused, nothing moved, the same request replays`, async () => {
        const drive = await drivers[route]!();
        const method = route.split(' ')[0] as Method;
        if (drive.second === undefined && drive.secondUrl === undefined) {
          throw new Error(`${route}: the driver names neither another body nor another target`);
        }
        const headers = { ...(drive.headers ?? defaultHeaders()), 'idempotency-key': randomUUID() };
        const first = await ctx.api.send(method, drive.url, drive.first, headers);
        expect(first.statusCode, first.body).toBeLessThan(300);
        const before = JSON.stringify(await drive.effect());

        const sendFirst = () => ctx.api.send(method, drive.url, drive.first, headers);
        /** The other request under the key: refused, and nothing moves. */
        const refuseSecond = async () => {
          const second = drive.second === undefined ? drive.first : drive.second;
          const reused = await ctx.api.send(method, drive.secondUrl ?? drive.url, second, headers);
          expectCode(reused, 422, 'idempotency_key_reused');
          expect(JSON.stringify(await drive.effect())).toBe(before);
        };
        await refuseSecond();

        const retry = await sendFirst();
        expect(retry.statusCode).toBe(first.statusCode);
        expect(retry.headers['idempotent-replayed']).toBe('true');
        expect(retry.body).toBe(first.body);

        const key = headers['idempotency-key'];
        await lapse(ctx, key);
        const [reservation] = await ctx.t.database.db
          .select()
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.key, key));
        if (!keptWithRow.has(route)) {
          expect(reservation).toBeUndefined();
          return;
        }
        expect(reservation?.status).toBe('kept');
        expect(reservation?.responseBody).toBeNull();
        await refuseSecond();
        const again = await sendFirst();
        expect(again.statusCode, again.body).toBeLessThan(300);
        expect(again.headers['idempotent-replayed']).toBeUndefined();
        expect(JSON.stringify(await drive.effect())).toBe(before);
      });
    }
  });
}

/** Moves a key's answer past its 24 hours, then runs housekeeping as the server does hourly. */
export async function lapse(ctx: { t: TestAppContext<never>['t'] }, key: string) {
  const { db } = ctx.t.database;
  await db
    .update(idempotencyKeys)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(idempotencyKeys.key, key));
  await runHousekeeping(db);
}
