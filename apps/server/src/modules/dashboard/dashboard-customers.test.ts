import { dashboardSchema } from '@kopi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCode } from '../../test/expect-code';
import { anonymous } from '../../test/test-app';
import { klTime, useVisitsApp, VISITS_NOW } from '../../test/visit-fixtures';

// The dashboard's customers of the day: who joined today (the business's day, whatever the
// outlet in view) and who came back (a paid order today and one on an earlier day), against the
// same weekday last week up to the same time of day.

const { api, as, clock, refs, orderAt, visitor } = useVisitsApp('VISIT-COFFEE', ['cashier']);
const { admin, cashier } = as;

const old = klTime('2025-01-01T10:00:00');
const customer = (name: string, createdAt = old) => visitor(name, createdAt);

beforeAll(async () => {
  // Joined: today at 09:00 (and 02:00, still yesterday's business day); last week at 11:00
  // (before this time of day) and at 15:00 (after).
  await customer('Joined Today', klTime('2026-06-10T09:00:00'));
  await customer('Joined Last Night', klTime('2026-06-10T02:00:00'));
  await customer('Joined Last Week', klTime('2026-06-03T11:00:00'));
  await customer('Joined Last Week Late', klTime('2026-06-03T15:00:00'));
  // Back today at KL, back today at PG, first order today, only ordered long ago.
  const regular = await customer('Regular');
  await orderAt('2026-05-20T10:00:00', refs.klOutlet, regular);
  await orderAt('2026-06-10T09:30:00', refs.klOutlet, regular);
  await orderAt('2026-06-10T10:30:00', refs.klOutlet, regular);
  const penang = await customer('Penang Regular');
  await orderAt('2026-05-21T10:00:00', refs.klOutlet, penang);
  await orderAt('2026-06-10T10:00:00', refs.pgOutlet, penang);
  const first = await customer('First Timer');
  await orderAt('2026-06-10T11:00:00', refs.klOutlet, first);
  const lapsed = await customer('Lapsed');
  await orderAt('2026-05-01T10:00:00', refs.klOutlet, lapsed);
  // Last Wednesday: one came back before noon, one after.
  const morning = await customer('Last Week Morning');
  await orderAt('2026-05-27T10:00:00', refs.klOutlet, morning);
  await orderAt('2026-06-03T10:00:00', refs.klOutlet, morning);
  const evening = await customer('Last Week Evening');
  await orderAt('2026-05-27T10:00:00', refs.klOutlet, evening);
  await orderAt('2026-06-03T18:00:00', refs.klOutlet, evening);
  clock.set(VISITS_NOW);
});

const customersOf = async (headers: Record<string, string>, query = '') => {
  const res = await api.get(`/api/dashboard${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.parse(res.json().data).customers;
};

describe("the dashboard's new and returning customers", () => {
  it('counts who joined today and who came back, against last week by this time', async () => {
    expect(await customersOf(admin)).toEqual({
      new: 1,
      returning: 2,
      compare_new: 1,
      compare_returning: 1,
    });
  });

  it('counts returning customers at the outlet in view; joining stays the business’s', async () => {
    expect(await customersOf(admin, `?outlet_id=${refs.pgOutlet}`)).toEqual({
      new: 1,
      returning: 1,
      compare_new: 1,
      compare_returning: 0,
    });
    // The cashier is bound to KL01.
    expect(await customersOf(cashier)).toMatchObject({
      new: 1,
      returning: 1,
      compare_returning: 1,
    });
  });

  it('answers 401 without a token and 404 for an outlet outside the scope', async () => {
    expect((await api.get('/api/dashboard', anonymous)).statusCode).toBe(401);
    expectCode(
      await api.get(`/api/dashboard?outlet_id=${refs.pgOutlet}`, cashier),
      404,
      'not_found',
    );
  });
});
