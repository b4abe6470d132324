import { beforeEach, describe, expect, it } from 'vitest';
import { placeOrder, verifiedCustomer } from '../../test/mobile-fixtures';
import { sell } from '../../test/order-fixtures';
import { fullRefundOf, movedRefund } from '../../test/refund-fixtures';
import { requestAs } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { addUniqueCode, setVoucherGiveBack } from '../../test/voucher-fixtures';
import { auditsOf } from '../../test/fixtures';

// A voucher's redemption and its give-back move money, so each is an entry of the voucher's own
// in the audit log, by whoever made the order or moved it, with the order, the code and the sen;
// a customer is named only as the masked phone of their actor name (decision 051).

const { t, as, refs, oneLine, codeSale } = useSaleApp({
  signIn: ['admin', 'finance'],
  product: { sku: 'VA-1000', price: 1000 },
});
const { admin, finance } = as;

// RM 10.00 less the voucher's RM 1.00, with 6% SST on RM 9.00 (pick up: no service charge).
const DISCOUNT = 100;
const TOTAL = Math.round((1000 - DISCOUNT) * 1.06);

beforeEach(() => setVoucherGiveBack(t, true));

/** A counter sale by the admin redeeming a fresh single-use code of RM 1.00 off. */
async function counterSale() {
  const { voucher, code } = await addUniqueCode(t, { value: DISCOUNT });
  const res = await sell(t, admin, codeSale(code.code, TOTAL, 'CARD-A'));
  expect(res.statusCode, res.body).toBe(201);
  return { voucher, code, orderId: res.json().data.id as string };
}

describe('the audit log of voucher redemptions', () => {
  it('records a counter sale’s redemption by the cashier', async () => {
    const { voucher, code, orderId } = await counterSale();
    const entries = await auditsOf(t, 'voucher.redeem', voucher.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entity: 'voucher',
      actorUsername: 'admin',
      tenantId: refs.tenantId,
    });
    expect(entries[0]!.after).toEqual({
      order_id: orderId,
      code: code.code,
      source: 'pos',
      discount: DISCOUNT,
    });
    expect(await auditsOf(t, 'voucher.give_back', voucher.id)).toHaveLength(0);
  });

  it('records a staff reject’s give-back, and none when the tenant keeps redemptions', async () => {
    const { voucher, code, orderId } = await counterSale();
    const move = (status: string) =>
      requestAs(t).post(`/api/orders/${orderId}/status`, { status, reason: 'Out of milk' }, admin);
    expect((await move('REJECTED')).statusCode).toBe(200);
    const [entry, ...more] = await auditsOf(t, 'voucher.give_back', voucher.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      entity: 'voucher',
      actorUsername: 'admin',
      tenantId: refs.tenantId,
    });
    expect(entry!.after).toEqual({
      order_id: orderId,
      code: code.code,
      discount: DISCOUNT,
      reason_code: 'order_rejected',
      reason_params: { note: 'Out of milk' },
    });

    await setVoucherGiveBack(t, false);
    const kept = await counterSale();
    const keep = await requestAs(t).post(
      `/api/orders/${kept.orderId}/status`,
      { status: 'REJECTED', reason: 'Closed' },
      admin,
    );
    expect(keep.statusCode).toBe(200);
    expect(await auditsOf(t, 'voucher.give_back', kept.voucher.id)).toHaveLength(0);
  });

  it('records a completed full refund’s give-back by whoever completed it', async () => {
    const { voucher, orderId } = await counterSale();
    for (const status of ['APPROVED', 'COMPLETED']) {
      const moved = await requestAs(t).post(`/api/orders/${orderId}/status`, { status }, admin);
      expect(moved.statusCode).toBe(200);
    }
    const refund = await fullRefundOf(t, admin, orderId);
    await movedRefund(t, finance, refund.id, { status: 'APPROVED' });
    expect(await auditsOf(t, 'voucher.give_back', voucher.id)).toHaveLength(0);
    await movedRefund(t, finance, refund.id, { status: 'COMPLETED' });
    const entries = await auditsOf(t, 'voucher.give_back', voucher.id);
    expect(entries.map((e) => e.actorUsername)).toEqual(['finance']);
    expect(entries[0]!.after).toMatchObject({
      order_id: orderId,
      reason_code: 'refunded_in_full',
      reason_params: { refund_no: refund.refund_no },
    });
  });

  it('names an app customer by the masked phone only, on the redemption and the cancel', async () => {
    const name = 'Siti Voucher Auditee';
    const customer = await verifiedCustomer(t, { name });
    const { voucher, code } = await addUniqueCode(
      t,
      { value: DISCOUNT },
      customer.session.customer.id,
    );
    const placed = await placeOrder(
      t,
      customer.headers,
      oneLine({
        voucher_code: code.code,
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.id as string;
    const cancel = await requestAs(t).post(
      `/api/mobile/orders/${orderId}/cancel`,
      {},
      customer.headers,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);

    const masked = `customer:${customer.phone.slice(0, 3)}•••••${customer.phone.slice(-4)}`;
    const entries = [
      ...(await auditsOf(t, 'voucher.redeem', voucher.id)),
      ...(await auditsOf(t, 'voucher.give_back', voucher.id)),
    ];
    expect(entries.map((e) => [e.action, e.actorUsername, e.actorId])).toEqual([
      ['voucher.redeem', masked, customer.session.customer.id],
      ['voucher.give_back', masked, customer.session.customer.id],
    ]);
    expect(entries[0]!.after).toMatchObject({ order_id: orderId, source: 'app' });
    const text = JSON.stringify(entries);
    expect(text).not.toContain(customer.phone);
    expect(text).not.toContain(customer.phone.slice(1));
    expect(text).not.toContain('Siti');
  });
});
