import { beforeAll } from 'vitest';
import { demoOutletIds } from './catalogue-fixtures';
import { addProduct, demoTenantId, testClock } from './order-fixtures';
import { type TestAppContext, useTestApp, type UseTestAppOptions } from './use-test-app';

/** Wednesday 12:00 in Kuala Lumpur: the demo outlets are open. */
export const NOON_KL = '2026-06-10T04:00:00Z';

/** What a selling file's tests sell with, filled in before the first test. */
export interface SaleRefs {
  /** The demo outlets KL01, PG01 and JB01. */
  kl: string;
  pg: string;
  jb: string;
  /** The file's own product, without choices. */
  product: string;
  /** The demo tenant. */
  tenantId: string;
}

/** The outlet and the one line of a sale or an app order. */
export type OneLine = {
  outlet_id: string;
  items: { product_id: string; quantity: number }[];
};

/** A counter sale's body of one line with a voucher code, paid by card. */
export type CodeSale = OneLine & {
  allow_outside_hours: boolean;
  payments: { method: string; amount: number; reference: string }[];
  voucher_code: string;
};

export interface UseSaleAppOptions<User extends string> extends UseTestAppOptions<User> {
  /** The file's product: its SKU and price (sen). */
  product: { sku: string; price: number };
  /** Where the test clock starts; noon in Kuala Lumpur when left out. */
  at?: string;
}

/**
 * The setup of a test file that sells: `useTestApp` on a test clock, then the demo outlets, a
 * product of the file's own and the demo tenant's id in `refs`.
 *
 *   const { t, as, clock, refs } = useSaleApp({ signIn: ['admin'], product: { sku: 'X-1', price: 1000 } });
 */
export function useSaleApp<User extends string = never>(
  options: UseSaleAppOptions<User>,
): TestAppContext<User> & {
  clock: ReturnType<typeof testClock>;
  refs: SaleRefs;
  /** A cart of one of the file's product at KL01, with the rest of the body. */
  oneLine: <Rest extends object>(rest?: Rest) => OneLine & Rest;
  /** A counter sale's body of one line with a voucher code, paid by card (any hour). */
  codeSale: (code: string, amount: number, reference: string, extra?: object) => CodeSale;
} {
  const { product, at = NOON_KL, ...appOptions } = options;
  const clock = testClock(at);
  const context = useTestApp<User>({ now: clock.now, ...appOptions });
  const refs: SaleRefs = { kl: '', pg: '', jb: '', product: '', tenantId: '' };
  beforeAll(async () => {
    Object.assign(refs, await demoOutletIds(context.t));
    refs.product = (await addProduct(context.t, product)).id;
    refs.tenantId = await demoTenantId(context.t);
  });
  const oneLine = <Rest extends object>(rest = {} as Rest) => ({
    outlet_id: refs.kl,
    items: [{ product_id: refs.product, quantity: 1 }],
    ...rest,
  });
  const codeSale = (code: string, amount: number, reference: string, extra = {}) =>
    oneLine({
      allow_outside_hours: true,
      payments: [{ method: 'card', amount, reference }],
      voucher_code: code,
      ...extra,
    });
  return { ...context, clock, refs, oneLine, codeSale };
}
