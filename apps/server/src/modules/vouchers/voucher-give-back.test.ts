import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { refunds } from '../../db/schema/refunds';
import { expectCode } from '../../test/expect-code';
import { placeOrder, verifiedCustomer } from '../../test/mobile-fixtures';
import { sell } from '../../test/order-fixtures';
import { amountRefund, fullRefundOf, movedRefund, refundOf } from '../../test/refund-fixtures';
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

// Giving a voucher back (the tenant's voucher_give_back, on by default): a rejected order, an app
// cancel and a completed full refund mark its redemption returned, lower the voucher's count and
// free its unique code, in the move's transaction and once; a partial refund keeps it.

const { t, as, oneLine, codeSale } = useSaleApp({
  signIn: ['admin', 'finance'],
  product: { sku: 'VG-1000', price: 1000 },
});
const { admin, finance } = as;

// RM 10.00 less RM 1.00 = RM 9.00, RM 9.54 with 6% SST (pick up: no service charge).
const TOTAL = 954;

beforeEach(() => setVoucherGiveBack(t, true));

/** A single-use unique code, and a counter sale that redeems it. */
async function redeemedSale() {
  const { voucher, code } = await addUniqueCode(t, { value: 100, totalLimit: 5 });
  const res = await sell(t, admin, codeSale(code.code, TOTAL, 'CARD-G'));
  expect(res.statusCode, res.body).toBe(201);
  expect((await voucherNow(t, voucher.id)).redeemedCount).toBe(1);
  return { voucher, code, orderId: res.json().data.id as string };
}

const move = (orderId: string, body: Record<string, unknown>) =>
  requestAs(t).post(`/api/orders/${orderId}/status`, body, admin);

const complete = async (orderId: string) => {
  for (const status of ['APPROVED', 'COMPLETED']) {
    expect((await move(orderId, { status })).statusCode).toBe(200);
  }
};

describe('giving a voucher back', () => {
  it('on a staff reject: the code can be used again, and a second move gives nothing more', async () => {
    const { voucher, code, orderId } = await redeemedSale();
    const res = await move(orderId, { status: 'REJECTED', reason: 'Out of milk' });
    expect(res.statusCode, res.body).toBe(200);
    await expectGivenBack(t, voucher.id, code.id, {
      code: 'order_rejected',
      params: { note: 'Out of milk' },
    });
    // A rejected order moves no further: nothing is given twice.
    expectCode(
      await move(orderId, { status: 'REJECTED', reason: 'Again' }),
      409,
      'invalid_status_transition',
    );
    expect((await voucherNow(t, voucher.id)).redeemedCount).toBe(0);
    // The refund the rejected card sale is owed completes in full: its voucher is back already.
    const [owed] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(owed).toMatchObject({ amount: TOTAL });
    if (owed!.status === 'PENDING') {
      await movedRefund(t, finance, owed!.id, { status: 'APPROVED' });
    }
    await movedRefund(t, finance, owed!.id, { status: 'COMPLETED' });
    expect((await voucherNow(t, voucher.id)).redeemedCount).toBe(0);
    const [returned] = await redemptionsOf(t, voucher.id);
    // Still the rejection's: the later full refund gave nothing back again.
    expect(returned).toMatchObject({
      returnReasonCode: 'order_rejected',
      returnReasonParams: { note: 'Out of milk' },
    });
    // The code is free again.
    const again = await sell(t, admin, codeSale(code.code, TOTAL, 'CARD-G2'));
    expect(again.statusCode, again.body).toBe(201);
    expect(await redemptionsOf(t, voucher.id)).toHaveLength(2);
  });

  it('not when the tenant keeps redemptions of rejected orders', async () => {
    await setVoucherGiveBack(t, false);
    const { voucher, code, orderId } = await redeemedSale();
    expect((await move(orderId, { status: 'REJECTED', reason: 'Closed' })).statusCode).toBe(200);
    await expectStanding(t, voucher.id, code.id);
  });

  it('on the app’s cancel', async () => {
    const customer = await verifiedCustomer(t);
    const { voucher, code } = await addUniqueCode(t, { value: 100 }, customer.session.customer.id);
    const placed = await placeOrder(
      t,
      customer.headers,
      oneLine({
        voucher_code: code.code,
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({ total: TOTAL, voucher: { id: voucher.id } });
    const [standing] = await redemptionsOf(t, voucher.id);
    expect(standing).toMatchObject({ source: 'app', customerId: customer.session.customer.id });
    const orderId = placed.json().data.id as string;
    const cancel = await requestAs(t).post(
      `/api/mobile/orders/${orderId}/cancel`,
      { reason: 'Ordered twice' },
      customer.headers,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    await expectGivenBack(t, voucher.id, code.id, {
      code: 'cancelled_by_customer',
      params: { note: 'Ordered twice' },
    });
    expect(
      (await requestAs(t).post(`/api/mobile/orders/${orderId}/cancel`, {}, customer.headers))
        .statusCode,
    ).toBe(409);
    expect((await voucherNow(t, voucher.id)).redeemedCount).toBe(0);
  });

  it('on a completed full refund', async () => {
    const { voucher, code, orderId } = await redeemedSale();
    await complete(orderId);
    const refund = await fullRefundOf(t, admin, orderId);
    await movedRefund(t, finance, refund.id, { status: 'APPROVED' });
    await expectStanding(t, voucher.id, code.id);
    await movedRefund(t, finance, refund.id, { status: 'COMPLETED' });
    await expectGivenBack(t, voucher.id, code.id, {
      code: 'refunded_in_full',
      params: { refund_no: refund.refund_no },
    });
  });

  it('not on a partial refund', async () => {
    const { voucher, code, orderId } = await redeemedSale();
    await complete(orderId);
    const refund = await refundOf(t, admin, amountRefund(orderId, TOTAL - 1));
    await movedRefund(t, finance, refund.id, { status: 'APPROVED' });
    await movedRefund(t, finance, refund.id, { status: 'COMPLETED' });
    await expectStanding(t, voucher.id, code.id);
    // The last sen makes it a full refund: then it goes back.
    const rest = await refundOf(t, admin, amountRefund(orderId, 1));
    await movedRefund(t, finance, rest.id, { status: 'APPROVED' });
    await movedRefund(t, finance, rest.id, { status: 'COMPLETED' });
    await expectGivenBack(t, voucher.id, code.id, {
      code: 'refunded_in_full',
      params: { refund_no: rest.refund_no },
    });
  });
});
