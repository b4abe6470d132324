import { beforeAll } from 'vitest';
import { demoOutletIds } from './catalogue-fixtures';
import { addCustomer } from './points-fixtures';
import { addProduct, cardSale, demoTenantId, sellToCustomer, testClock } from './order-fixtures';
import { useTestApp } from './use-test-app';

// Customers' visits, for the dashboard's tests: an app whose clock stands at Wednesday 12:00 in
// Kuala Lumpur, the demo tenant's KL01 and PG01, a RM 10.00 coffee, and card sales of it linked
// to a customer at a chosen KL wall time.

export const VISITS_NOW = '2026-06-10T04:00:00Z'; // Wednesday 12:00 in Kuala Lumpur

/** A Kuala Lumpur wall time (`2026-06-10T09:00:00`) as a date. */
export const klTime = (local: string) => new Date(`${local}+08:00`);

/**
 * The app (signed in as the admin and `others`, `api` as the admin) with its clock, the demo
 * tenant's refs filled in before the first test, and `orderAt` to sell the coffee.
 */
export function useVisitsApp<Other extends string = never>(
  sku: string,
  others: readonly Other[] = [],
) {
  const clock = testClock(VISITS_NOW);
  const context = useTestApp<'admin' | Other>({
    now: clock.now,
    signIn: ['admin', ...others],
    api: 'admin',
  });
  const { t, as } = context;
  const refs = { tenantId: '', klOutlet: '', pgOutlet: '', coffee: '' };

  beforeAll(async () => {
    refs.tenantId = await demoTenantId(t);
    ({ kl: refs.klOutlet, pg: refs.pgOutlet } = await demoOutletIds(t));
    refs.coffee = (await addProduct(t, { sku, price: 1000 })).id;
  });

  /** Moves the clock to a KL wall time. */
  const at = (local: string) => clock.set(klTime(local).toISOString());

  /** A card sale of the coffee at a KL wall time, at an outlet, for a customer: its order id. */
  async function orderAt(local: string, outletId: string, customerId: string) {
    at(local);
    const sale = { ...cardSale(outletId, refs.coffee, 1060), allow_outside_hours: true };
    return sellToCustomer(t, as.admin, sale, { tenantId: refs.tenantId, customerId });
  }

  /** A customer of the demo tenant (joined at `createdAt`, else now): their id. */
  const visitor = async (name: string, createdAt?: Date) =>
    (await addCustomer(t, refs.tenantId, { name, createdAt })).id;

  return { ...context, clock, refs, at, orderAt, visitor };
}
