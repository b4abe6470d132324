import { refundableSchema } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refunds } from '../../db/schema/refunds';
import { refundRollups } from '../../db/schema/reports';
import { expectCode } from '../../test/expect-code';
import {
  askRefund,
  moveRefund,
  movedRefund,
  paidOrder,
  refundOf,
} from '../../test/refund-fixtures';
import { useSaleApp } from '../../test/use-sale-app';
import {
  completedRefund,
  customerRow,
  paymentCode,
  walletCustomer,
  walletOf,
  walletPayment,
} from '../../test/wallet-pay-fixtures';

// Refunds to the customer's wallet: method `wallet` (any order with a customer, whatever paid for
// it) and `original` of a wallet payment. The wallet is credited once, when the refund completes;
// a rejected sale's wallet part goes back at once. The reports count them under `wallet`.
// The test product sells for RM 21.20 with SST.

const TOTAL = 2120;
const { t, api, as, refs, oneLine } = useSaleApp({
  signIn: ['admin', 'finance'],
  product: { sku: 'REFUND-CAKE', price: 2000 },
});
const { admin, finance } = as;

const saleOf = (payments: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  paidOrder(
    t,
    admin,
    oneLine({
      payments,
      ...extra,
    }),
  );
const walletRollup = async () =>
  (
    await t.database.db
      .select()
      .from(refundRollups)
      .where(and(eq(refundRollups.outletId, refs.kl), eq(refundRollups.method, 'wallet')))
  )[0];

describe('a refund to the wallet', () => {
  it('credits the customer’s wallet once, when it completes', async () => {
    const customer = await walletCustomer(t);
    const order = await saleOf([{ method: 'cash', amount: TOTAL }], { customer_id: customer.id });
    const refund = await refundOf(t, admin, {
      order_id: order.id,
      kind: 'amount',
      amount: 1000,
      method: 'wallet',
      reason: 'quality_issue',
    });
    expect(refund).toMatchObject({ method: 'wallet', status: 'PENDING', amount: 1000 });
    await movedRefund(t, finance, refund.id, { status: 'APPROVED' });
    expect(await walletOf(t, customer.id)).toEqual([]);
    const done = await movedRefund(t, finance, refund.id, { status: 'COMPLETED' });
    expect(done.status).toBe('COMPLETED');
    expectCode(
      await moveRefund(t, finance, refund.id, { status: 'COMPLETED' }),
      409,
      'invalid_status_transition',
    );
    const entries = await walletOf(t, customer.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'refund',
      amount: 1000,
      balanceAfter: 1000,
      refundId: refund.id,
      orderId: order.id,
      idempotencyKey: `refund:${refund.id}:wallet`,
      actorKind: 'staff',
      reason: null,
      reasonCode: 'refund',
      reasonParams: { refund_no: refund.refund_no },
    });
    expect((await customerRow(t, customer.id)).walletBalance).toBe(1000);
    expect(await walletRollup()).toMatchObject({ refunds: 1, amount: 1000 });
    // It counts against the order's total: the cash can give back the rest only.
    const left = refundableSchema.parse(
      (await api.get(`/api/orders/${order.id}/refundable`, admin)).json().data,
    );
    expect(left).toMatchObject({ remaining: TOTAL - 1000 });
    expect(left.by_method).toEqual([{ method: 'cash', paid: TOTAL, remaining: TOTAL - 1000 }]);
  });

  it('needs an order with a customer', async () => {
    const walkIn = await saleOf([{ method: 'cash', amount: TOTAL }]);
    const res = await askRefund(t, admin, {
      order_id: walkIn.id,
      kind: 'full',
      method: 'wallet',
      reason: 'wrong_item',
    });
    expectCode(res, 409, 'refund_needs_customer');
  });

  it('in full takes what remains of the order, never leaving a method below nothing', async () => {
    const customer = await walletCustomer(t, 5000);
    const { code } = await paymentCode(t, customer.headers);
    const order = await saleOf([walletPayment(500, code), { method: 'cash', amount: TOTAL - 500 }]);
    const refund = await completedRefund(t, admin, finance, {
      order_id: order.id,
      kind: 'full',
      method: 'wallet',
      reason: 'wrong_item',
    });
    expect(refund.amount).toBe(TOTAL);
    expect((await customerRow(t, customer.id)).walletBalance).toBe(5000 - 500 + TOTAL);
    const left = refundableSchema.parse(
      (await api.get(`/api/orders/${order.id}/refundable`, admin)).json().data,
    );
    expect(left.remaining).toBe(0);
    expect(left.by_method.map((m) => m.remaining)).toEqual([0, 0]);
  });
});

describe('a wallet payment refunded by its original method', () => {
  it('goes back to the wallet when the refund completes', async () => {
    const customer = await walletCustomer(t, 5000);
    const { code } = await paymentCode(t, customer.headers);
    const order = await saleOf([walletPayment(TOTAL, code)]);
    const refund = await refundOf(t, admin, {
      order_id: order.id,
      kind: 'full',
      method: 'original',
      reason: 'wrong_item',
    });
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row).toMatchObject({ paymentMethod: 'wallet', amount: TOTAL });
    const approved = await movedRefund(t, finance, refund.id, { status: 'APPROVED' });
    expect(approved.status).toBe('APPROVED');
    await movedRefund(t, finance, refund.id, { status: 'COMPLETED' });
    const entries = await walletOf(t, customer.id);
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ['topup', 5000],
      ['spend', -TOTAL],
      ['refund', TOTAL],
    ]);
    expect((await customerRow(t, customer.id)).walletBalance).toBe(5000);
  });

  it('goes back at once when staff reject the sale; its cash part waits for review', async () => {
    const customer = await walletCustomer(t, 5000);
    const { code } = await paymentCode(t, customer.headers);
    const order = await saleOf([
      walletPayment(1000, code),
      { method: 'cash', amount: TOTAL - 1000 },
    ]);
    const rejected = await api.post(
      `/api/orders/${order.id}/status`,
      { status: 'REJECTED', reason: 'Out of cake' },
      admin,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const owed = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(owed.map((r) => [r.method, r.paymentMethod, r.amount, r.status]).sort()).toEqual([
      ['cash', 'cash', TOTAL - 1000, 'PENDING'],
      ['wallet', 'wallet', 1000, 'COMPLETED'],
    ]);
    expect((await customerRow(t, customer.id)).walletBalance).toBe(5000);
    // Rejecting it again is refused: nothing is given back twice.
    const again = await api.post(
      `/api/orders/${order.id}/status`,
      { status: 'REJECTED', reason: 'Out of cake' },
      admin,
    );
    expect(again.statusCode).toBe(409);
    expect((await walletOf(t, customer.id)).filter((e) => e.kind === 'refund')).toHaveLength(1);
  });
});
