import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../db/schema/platform';
import { expectCode } from './expect-code';
import { counterDrivers } from './idempotency-walk/counter';
import { lapse, type Drive } from './idempotency-walk/walk';
import { useTestApp } from './use-test-app';

// What the walk (idempotency-walk/walk.ts) does not show about a key after its 24 hours: a key no
// row keeps is free for a new request, parallel retries of a lapsed key run once, and a
// reservation lost to a crash still guards the shift or movement its key made.

const ctx = useTestApp({ signIn: ['admin'], api: 'admin' });
const { t, api, as } = ctx;
const drivers = counterDrivers(ctx);

const reservationOf = async (key: string) =>
  (
    await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} = ${key}`)
  )[0];

async function sendFirst(route: string, drive: Drive) {
  const method = route.split(' ')[0] as 'POST';
  const headers = { ...as.admin, 'idempotency-key': randomUUID() };
  const first = await api.send(method, drive.url, drive.first, headers);
  expect(first.statusCode, first.body).toBeLessThan(300);
  return { method, headers, key: headers['idempotency-key'] };
}

describe('a key after its answer lapses', () => {
  it('frees a key no row keeps: the next request under it runs as new', async () => {
    const route = 'POST /api/tills';
    const drive = await drivers[route]!();
    const { method, headers, key } = await sendFirst(route, drive);
    expect((await reservationOf(key))!.keptWithRow).toBe(false);
    await lapse(ctx, key);
    expect(await reservationOf(key)).toBeUndefined();
    const next = await api.send(method, drive.url, drive.second, headers);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.headers['idempotent-replayed']).toBeUndefined();
  });

  it('lets one of two parallel retries of a lapsed key run; the other waits', async () => {
    const route = 'POST /api/shifts';
    const drive = await drivers[route]!();
    const { method, headers, key } = await sendFirst(route, drive);
    await lapse(ctx, key);
    const answers = await Promise.all(
      [1, 2].map(() => api.send(method, drive.url, drive.first, headers)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    // PGlite runs one request at a time, so the second may see the first's answer (a replay);
    // on PostgreSQL it may instead find the key in flight (409).
    expect(codes[0]).toBe(201);
    expect([201, 409]).toContain(codes[1]);
  });

  // A request that committed its row and died before answering leaves no reservation behind:
  // the shifts service itself then tells the same request from another one under the key.
  for (const route of ['POST /api/shifts', 'POST /api/shifts/:id/movements']) {
    it(`${route}: with the reservation lost, the service refuses another body itself`, async () => {
      const drive = await drivers[route]!();
      const { method, headers, key } = await sendFirst(route, drive);
      await t.database.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      const before = JSON.stringify(await drive.effect());
      const dropReservation = () =>
        t.database.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));

      const reused = await api.send(method, drive.url, drive.second, headers);
      expectCode(reused, 422, 'idempotency_key_reused');
      await dropReservation();
      const again = await api.send(method, drive.url, drive.first, headers);
      expect(again.statusCode, again.body).toBe(201);
      expect(JSON.stringify(await drive.effect())).toBe(before);
    });
  }
});
