import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../db/schema/platform';
import { runHousekeeping } from '../lib/housekeeping';
import { expectCode } from './expect-code';
import { counterDrivers } from './idempotency-walk/counter';
import type { Drive } from './idempotency-walk/walk';
import { useTestApp } from './use-test-app';

// An answer is replayed for 24 hours; a key its handler stored with a business row is never free
// again, since the row keeps it. After the 24 hours (and housekeeping), another body under such a
// key is still refused, and the same request runs again and answers from its row, writing
// nothing twice. A key no row keeps is free again.

const ctx = useTestApp({ signIn: ['admin'], api: 'admin' });
const { t, api, as } = ctx;
const drivers = counterDrivers(ctx);

/** The routes whose handlers store the key with the row they write. */
const keptWithRow = [
  'POST /api/shifts',
  'POST /api/shifts/:id/movements',
  'POST /api/orders',
  'POST /api/refunds',
  'POST /api/customers/:id/wallet/adjust',
];

const reservationOf = async (key: string) =>
  (
    await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} = ${key}`)
  )[0];

/** Moves a key's answer past its 24 hours, then runs housekeeping as the server does hourly. */
async function lapse(key: string) {
  await t.database.db
    .update(idempotencyKeys)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(idempotencyKeys.key, key));
  await runHousekeeping(t.database.db);
}

async function sendFirst(route: string, drive: Drive) {
  const method = route.split(' ')[0] as 'POST';
  const headers = { ...as.admin, 'idempotency-key': randomUUID() };
  const first = await api.send(method, drive.url, drive.first, headers);
  expect(first.statusCode, first.body).toBeLessThan(300);
  return { method, headers, key: headers['idempotency-key'] };
}

describe('a key after its answer lapses', () => {
  for (const route of keptWithRow) {
    it(`${route}: another body is still refused and the same request writes nothing twice`, async () => {
      const drive = await drivers[route]!();
      const { method, headers, key } = await sendFirst(route, drive);
      expect((await reservationOf(key))!.keptWithRow).toBe(true);
      await lapse(key);
      const kept = (await reservationOf(key))!;
      expect(kept.status).toBe('kept');
      expect(kept.responseBody).toBeNull();
      const before = JSON.stringify(await drive.effect());

      const reused = await api.send(method, drive.secondUrl ?? drive.url, drive.second, headers);
      expectCode(reused, 422, 'idempotency_key_reused');
      expect(JSON.stringify(await drive.effect())).toBe(before);

      const again = await api.send(method, drive.url, drive.first, headers);
      expect(again.statusCode, again.body).toBeLessThan(300);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(JSON.stringify(await drive.effect())).toBe(before);
      // Answered now, it is replayed again for another 24 hours.
      const replay = await api.send(method, drive.url, drive.first, headers);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(again.body);
    });
  }

  it('frees a key no row keeps: the next request under it runs as new', async () => {
    const route = 'POST /api/tills';
    const drive = await drivers[route]!();
    const { method, headers, key } = await sendFirst(route, drive);
    expect((await reservationOf(key))!.keptWithRow).toBe(false);
    await lapse(key);
    expect(await reservationOf(key)).toBeUndefined();
    const next = await api.send(method, drive.url, drive.second, headers);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.headers['idempotent-replayed']).toBeUndefined();
  });

  it('lets one of two parallel retries of a lapsed key run; the other waits', async () => {
    const route = 'POST /api/shifts';
    const drive = await drivers[route]!();
    const { method, headers, key } = await sendFirst(route, drive);
    await lapse(key);
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
