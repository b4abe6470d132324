import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { expectCode } from '../../test/expect-code';
import { placeOrder, verifiedCustomer } from '../../test/mobile-fixtures';
import { requestAs } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import {
  addUniqueCode,
  expectGivenBack,
  expectStanding,
  redemptionsOf,
  voucherNow,
  setVoucherGiveBack,
} from '../../test/voucher-fixtures';

// The day close expires the day's unpaid app orders (CREATED → REJECTED): like a staff reject,
// that gives their voucher redemptions back when the tenant does so (voucher_give_back), so a
// single-use code the customer never paid for can be used again.

// KL01: no other test of this file sells there by counter, so no shift holds its days open.
const { t, as, clock, refs, oneLine } = useSaleApp({
  signIn: ['admin'],
  product: { sku: 'VDC-1000', price: 1000 },
});
const { admin } = as;

/** An app order, unpaid (CREATED), that redeems a fresh single-use code. */
async function unpaidWithCode() {
  const { voucher, code } = await addUniqueCode(t, { value: 100 });
  const customer = await verifiedCustomer(t);
  const placed = await placeOrder(
    t,
    customer.headers,
    oneLine({
      voucher_code: code.code,
    }),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  expect(placed.json().data).toMatchObject({ status: 'CREATED', voucher: { id: voucher.id } });
  expect((await voucherNow(t, voucher.id)).redeemedCount).toBe(1);
  return { voucher, code, customer, orderId: placed.json().data.id as string };
}

const closeDay = (date: string) =>
  requestAs(t).post('/api/orders/close-day', { outlet_id: refs.kl, business_date: date }, admin);

/** The same code on a new app order the next day. */
const redeemAgain = (customerHeaders: Record<string, string>, code: string) =>
  placeOrder(
    t,
    customerHeaders,
    oneLine({
      voucher_code: code,
    }),
  );

/** An unpaid app order with a code, placed at noon on `date` and rejected by that day's close. */
async function rejectedAtClose(date: string) {
  clock.set(`${date}T04:00:00Z`);
  const unpaid = await unpaidWithCode();
  const closed = await closeDay(date);
  expect(closed.statusCode, closed.body).toBe(200);
  expect(closed.json().data).toMatchObject({ rejected: 1 });
  return unpaid;
}

describe('the day close and the vouchers of unpaid app orders', () => {
  it('gives the redemption back: the count drops and the code can be redeemed again', async () => {
    await setVoucherGiveBack(t, true);
    const { voucher, code, customer, orderId } = await rejectedAtClose('2026-06-10');

    await expectGivenBack(
      t,
      voucher.id,
      code.id,
      { code: 'unpaid_at_day_close', params: {} },
      { orderId },
    );
    // Audited as the close's: by the staff member who closed the day.
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, voucher.id));
    const giveBacks = entries.filter((e) => e.action === 'voucher.give_back');
    expect(giveBacks).toHaveLength(1);
    expect(giveBacks[0]).toMatchObject({ actorUsername: 'admin', entity: 'voucher' });
    expect(giveBacks[0]!.after).toMatchObject({ order_id: orderId, code: code.code });

    // The next day the code is free: one use of it stands again.
    clock.set('2026-06-11T04:00:00Z');
    const again = await redeemAgain(customer.headers, code.code);
    expect(again.statusCode, again.body).toBe(201);
    expect((await voucherNow(t, voucher.id)).redeemedCount).toBe(1);
    expect(await redemptionsOf(t, voucher.id)).toHaveLength(2);
  });

  it('keeps it when the tenant keeps redemptions of rejected orders', async () => {
    await setVoucherGiveBack(t, false);
    const { voucher, code, customer, orderId } = await rejectedAtClose('2026-06-12');

    await expectStanding(t, voucher.id, code.id, { orderId });
    clock.set('2026-06-13T04:00:00Z');
    expectCode(await redeemAgain(customer.headers, code.code), 409, 'voucher_limit_reached');
    await setVoucherGiveBack(t, true);
  });
});
