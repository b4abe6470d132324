import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routesTakingIdempotencyKey } from '../lib/idempotency';
import { expectCode } from './expect-code';
import { walkedAreas } from './idempotency-walk/areas';
import { counterHelpers } from './idempotency-walk/counter';
import type { TestAppContext } from './use-test-app';
import { useTestApp } from './use-test-app';

// Every route that takes an Idempotency-Key is walked (idempotency-walk/walk.ts): a driver per
// route in one of the areas, each run by its own idempotency-reuse-<area>.test.ts. This file
// checks that none is forgotten (a new route cannot take the header without a driver) and covers
// what the walk cannot: a key reused on another target and another user's key.

const ctx = useTestApp({ signIn: ['admin'], api: 'admin' });
const { t, api, as } = ctx;
const { newTill, openShift, shiftReport } = counterHelpers(ctx);

/** The routes each area drives: its drivers are only built here, never run. */
const driven = Object.values(walkedAreas).flatMap((area) =>
  Object.keys(area({} as TestAppContext<'admin'>)),
);

describe('Idempotency-Key reused with another body', () => {
  it('has a driver for every route that takes the header, and none for a route that does not', () => {
    const taking = routesTakingIdempotencyKey(t.app).map((r) => `${r.method} ${r.url}`);
    expect(taking.length).toBeGreaterThan(100);
    expect(taking.filter((r) => !driven.includes(r))).toEqual([]);
    // A stale driver (a route renamed or no longer taking the header) walks nothing.
    expect(driven.filter((r) => !taking.includes(r))).toEqual([]);
  });

  it('refuses a cash movement key reused on another shift, and keeps both drawers as they were', async () => {
    const [one, two] = [await openShift(), await openShift()];
    const headers = { ...as.admin, 'idempotency-key': randomUUID() };
    const body = { kind: 'cash_in', reason: 'petty_cash', amount: 100 };
    const first = await api.post(`/api/shifts/${one}/movements`, body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const before = JSON.stringify([await shiftReport(one), await shiftReport(two)]);
    const reused = await api.post(`/api/shifts/${two}/movements`, body, headers);
    expectCode(reused, 422, 'idempotency_key_reused');
    expect(JSON.stringify([await shiftReport(one), await shiftReport(two)])).toBe(before);
  });

  it('lets another user send the same key with another body', async () => {
    const key = randomUUID();
    const [a, b] = [await newTill(), await newTill()];
    const mine = await api.post(
      '/api/shifts',
      { till_id: a, float: {} },
      { ...as.admin, 'idempotency-key': key },
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const manager = await t.login('manager');
    const theirs = await api.post(
      '/api/shifts',
      { till_id: b, float: {} },
      { ...t.bearer(manager.token), 'idempotency-key': key },
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
  });
});
