import { beforeAll, describe, expect, it } from 'vitest';
import { verifiedCustomer } from '../../test/mobile-fixtures';
import { ensureShift } from '../../test/order-fixtures';
import { raceCreates } from '../../test/create-race';
import { engine, type RequestHeaders } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import {
  addCode,
  addVoucher,
  codeNow,
  redemptionsOf,
  voucherNow,
} from '../../test/voucher-fixtures';

// A voucher redeemed exactly once under concurrency (decision 052): 64 orders at the same moment,
// each on its own connection and transaction, race for one single-use code (at the counter) and
// for a per-customer limit of 1 (64 app orders of one customer, who has no row lock of their
// own there). Exactly one goes through; the 63 others answer a clear 409 with the reason, and
// the voucher's count is 1. PGlite runs one transaction at a time, so this runs on PostgreSQL.

const ORDERS = 64;
const { t, as, refs, oneLine } = useSaleApp({
  signIn: ['admin'],
  poolMax: ORDERS + 8,
  config: { mobileRateLimit: 10_000 },
  product: { sku: 'VX-1000', price: 1000 },
});

beforeAll(async () => {
  await ensureShift(t, refs.kl);
});

/** `ORDERS` posts at once; each answer is 201, a 409 with its code, or a failure of the test. */
const race = (url: string, headers: RequestHeaders, body: Record<string, unknown>) =>
  raceCreates(
    t,
    Array.from({ length: ORDERS }, () => ({ url, headers, body })),
  );

describe.runIf(engine === 'postgres')(`${ORDERS} orders at once with one voucher`, () => {
  it('one single-use code at the counter: exactly one redemption, 63 refusals', async () => {
    const voucher = await addVoucher(t, { codeKind: 'unique', code: null, value: 100 });
    const code = await addCode(t, voucher);
    const outcome = await race(
      '/api/orders',
      as.admin,
      oneLine({
        serving_method: 'pick_up',
        allow_outside_hours: true,
        // RM 10.00 less RM 1.00, with 6% SST.
        payments: [{ method: 'card', amount: 954, reference: 'CARD-RACE' }],
        voucher_code: code.code,
      }),
    );
    console.log(
      `voucher race on ${engine}, one single-use code: ${ORDERS} counter sales → ` +
        `${outcome.created} redeemed, refused ${JSON.stringify(outcome.refused)}, ${outcome.ms} ms`,
    );
    expect(outcome.other).toEqual([]);
    expect(outcome.created).toBe(1);
    expect(outcome.refused).toEqual({ voucher_limit_reached: ORDERS - 1 });
    expect((await voucherNow(t, voucher.id)).redeemedCount).toBe(1);
    expect(await redemptionsOf(t, voucher.id)).toHaveLength(1);
    expect((await codeNow(t, code.id)).redeemedAt).not.toBeNull();
  });

  it('a per-customer limit of 1 in the app: exactly one redemption, 63 refusals', async () => {
    const voucher = await addVoucher(t, { perCustomerLimit: 1, value: 100 });
    const customer = await verifiedCustomer(t);
    const outcome = await race(
      '/api/mobile/orders',
      customer.headers,
      oneLine({
        serving_method: 'pick_up',
        voucher_code: voucher.code,
      }),
    );
    console.log(
      `voucher race on ${engine}, per-customer limit 1: ${ORDERS} app orders of one customer → ` +
        `${outcome.created} redeemed, refused ${JSON.stringify(outcome.refused)}, ${outcome.ms} ms`,
    );
    expect(outcome.other).toEqual([]);
    expect(outcome.created).toBe(1);
    expect(outcome.refused).toEqual({ voucher_customer_limit_reached: ORDERS - 1 });
    expect((await voucherNow(t, voucher.id)).redeemedCount).toBe(1);
    const rows = await redemptionsOf(t, voucher.id);
    expect(rows.map((r) => r.customerId)).toEqual([customer.session.customer.id]);
  });
});
