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
// checks that none is forgotten and covers what the walk cannot: a key reused on another target
// and another user's key.

const ctx = useTestApp({ signIn: ['admin'], api: 'admin' });
const { t, api, as } = ctx;
const { newTill, openShift, shiftReport } = counterHelpers(ctx);

/**
 * Header-taking routes no area drives yet. The hook treats them like the driven ones (one check
 * in lib/idempotency.ts); listing them keeps a new route from slipping past the walk.
 */
const notYetDriven: string[] = [
  // access (idempotency-walk/access.ts)
  'POST /api/tenants/leave',
  'POST /api/tenants/:id/enter',
  // catalogue (idempotency-walk/catalogue.ts)
  // app-content (idempotency-walk/app-content.ts)
  // loyalty-app (idempotency-walk/loyalty-app.ts)
  // counter (idempotency-walk/counter.ts)
  'DELETE /api/tills/:id',
];

/** The routes each area drives: its drivers are only built here, never run. */
const driven = Object.values(walkedAreas).flatMap((area) =>
  Object.keys(area({} as TestAppContext<'admin'>)),
);

describe('Idempotency-Key reused with another body', () => {
  it('has a driver (or a listed gap) for every route that takes the header', () => {
    const taking = routesTakingIdempotencyKey(t.app).map((r) => `${r.method} ${r.url}`);
    expect(taking.length).toBeGreaterThan(0);
    const covered = [...driven, ...notYetDriven];
    expect(taking.filter((r) => !covered.includes(r))).toEqual([]);
    // A stale entry (a route renamed or no longer taking the header) is a gap too, and so is a
    // route both driven and listed.
    expect(covered.filter((r) => !taking.includes(r))).toEqual([]);
    expect(notYetDriven.filter((r) => driven.includes(r))).toEqual([]);
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
