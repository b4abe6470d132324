import { beforeAll } from 'vitest';
import { demoOutlet } from './catalogue-fixtures';
import { addProduct, demoTenantId, testClock } from './order-fixtures';
import { type TestAppContext, useTestApp, type UseTestAppOptions } from './use-test-app';

/** Wednesday 12:00 in Kuala Lumpur: the demo outlets are open. */
export const NOON_KL = '2026-06-10T04:00:00Z';

/** What a selling file's tests sell with, filled in before the first test. */
export interface SaleRefs {
  /** The demo outlet KL01. */
  kl: string;
  /** The file's own product, without choices. */
  product: string;
  /** The demo tenant. */
  tenantId: string;
}

export interface UseSaleAppOptions<User extends string> extends UseTestAppOptions<User> {
  /** The file's product: its SKU and price (sen). */
  product: { sku: string; price: number };
  /** Where the test clock starts; noon in Kuala Lumpur when left out. */
  at?: string;
}

/**
 * The setup of a test file that sells: `useTestApp` on a test clock, then the demo outlet KL01,
 * a product of the file's own and the demo tenant's id in `refs`.
 *
 *   const { t, as, clock, refs } = useSaleApp({ signIn: ['admin'], product: { sku: 'X-1', price: 1000 } });
 */
export function useSaleApp<User extends string = never>(
  options: UseSaleAppOptions<User>,
): TestAppContext<User> & { clock: ReturnType<typeof testClock>; refs: SaleRefs } {
  const { product, at = NOON_KL, ...appOptions } = options;
  const clock = testClock(at);
  const context = useTestApp<User>({ now: clock.now, ...appOptions });
  const refs: SaleRefs = { kl: '', product: '', tenantId: '' };
  beforeAll(async () => {
    refs.kl = (await demoOutlet(context.t, 'KL01')).id;
    refs.product = (await addProduct(context.t, product)).id;
    refs.tenantId = await demoTenantId(context.t);
  });
  return { ...context, clock, refs };
}
