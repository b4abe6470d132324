import { dashboardSchema } from '@kopi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoOutletIds } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import {
  addProduct,
  cardSale,
  demoTenantId,
  sellToCustomer,
  testClock,
} from '../../test/order-fixtures';
import { addCustomer } from '../../test/points-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// The dashboard's customers of the day: who joined today (the business's day, whatever the
// outlet in view) and who came back (a paid order today and one on an earlier day), against the
// same weekday last week up to the same time of day.

const NOW = '2026-06-10T04:00:00Z'; // Wednesday 12:00 in Kuala Lumpur
const clock = testClock(NOW);
const kl = (local: string) => new Date(`${local}+08:00`);

const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin', 'cashier'], api: 'admin' });
const { admin, cashier } = as;

let tenantId: string;
let klOutlet: string;
let pgOutlet: string;
let coffee: string;

/** A card sale at a KL wall time, at an outlet, for a customer. */
async function orderAt(local: string, outletId: string, customerId: string) {
  clock.set(kl(local).toISOString());
  const sale = { ...cardSale(outletId, coffee, 1060), allow_outside_hours: true };
  await sellToCustomer(t, admin, sale, { tenantId, customerId });
}

const old = kl('2025-01-01T10:00:00');
const customer = async (name: string, createdAt = old) =>
  (await addCustomer(t, tenantId, { name, createdAt })).id;

beforeAll(async () => {
  tenantId = await demoTenantId(t);
  ({ kl: klOutlet, pg: pgOutlet } = await demoOutletIds(t));
  coffee = (await addProduct(t, { sku: 'VISIT-COFFEE', price: 1000 })).id;
  // Joined: today at 09:00 (and 02:00, still yesterday's business day); last week at 11:00
  // (before this time of day) and at 15:00 (after).
  await customer('Joined Today', kl('2026-06-10T09:00:00'));
  await customer('Joined Last Night', kl('2026-06-10T02:00:00'));
  await customer('Joined Last Week', kl('2026-06-03T11:00:00'));
  await customer('Joined Last Week Late', kl('2026-06-03T15:00:00'));
  // Back today at KL, back today at PG, first order today, only ordered long ago.
  const regular = await customer('Regular');
  await orderAt('2026-05-20T10:00:00', klOutlet, regular);
  await orderAt('2026-06-10T09:30:00', klOutlet, regular);
  await orderAt('2026-06-10T10:30:00', klOutlet, regular);
  const penang = await customer('Penang Regular');
  await orderAt('2026-05-21T10:00:00', klOutlet, penang);
  await orderAt('2026-06-10T10:00:00', pgOutlet, penang);
  const first = await customer('First Timer');
  await orderAt('2026-06-10T11:00:00', klOutlet, first);
  const lapsed = await customer('Lapsed');
  await orderAt('2026-05-01T10:00:00', klOutlet, lapsed);
  // Last Wednesday: one came back before noon, one after.
  const morning = await customer('Last Week Morning');
  await orderAt('2026-05-27T10:00:00', klOutlet, morning);
  await orderAt('2026-06-03T10:00:00', klOutlet, morning);
  const evening = await customer('Last Week Evening');
  await orderAt('2026-05-27T10:00:00', klOutlet, evening);
  await orderAt('2026-06-03T18:00:00', klOutlet, evening);
  clock.set(NOW);
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
    expect(await customersOf(admin, `?outlet_id=${pgOutlet}`)).toEqual({
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
    expectCode(await api.get(`/api/dashboard?outlet_id=${pgOutlet}`, cashier), 404, 'not_found');
  });
});
