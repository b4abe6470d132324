import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { rowsOf } from '../db/database';
import { addCampaign, moved, underCampaign } from '../modules/voucher-usage/voucher-usage-fixtures';
import { demoOutlet } from './catalogue-fixtures';
import { addProduct, demoTenantId, testClock } from './order-fixtures';
import { movedRefund, paidOrder } from './refund-fixtures';
import { useTestApp } from './use-test-app';
import { addCode, addVoucher } from './voucher-fixtures';
import { completedRefund } from './wallet-pay-fixtures';

// Four business days of voucher sales at KL01 for the voucher figures' tests: pick-up card sales
// of a RM 10.00 product with RM 1.00 off, their status moves, refunds and day closes.

export const DAY1 = '2026-06-10'; // a Wednesday
export const DAY2 = '2026-06-11';
export const DAY3 = '2026-06-12';
export const DAY4 = '2026-06-13';
export const PRICE = 1000;
export const OFF = 100; // every voucher here takes RM 1.00 off
/** A pick-up card sale's total: subtotal less the voucher, plus 6% SST (no service charge). */
export const totalOf = (quantity: number) => Math.round((quantity * PRICE - OFF) * 1.06);

/**
 * The app at DAY1 12:00 in Kuala Lumpur (admin and finance signed in, `api` as the admin), with
 * KL01, the tenant and a product of `sku` filled in `refs` before the first test.
 */
export function useVoucherDays(options: { sku: string; cardReference: string }) {
  const clock = testClock(`${DAY1}T04:00:00Z`);
  const context = useTestApp({ now: clock.now, signIn: ['admin', 'finance'], api: 'admin' });
  const { t, api, as } = context;
  const refs = { kl: '', tenantId: '', product: '' };

  beforeAll(async () => {
    refs.kl = (await demoOutlet(t, 'KL01')).id;
    refs.tenantId = await demoTenantId(t);
    refs.product = (await addProduct(t, { sku: options.sku, price: PRICE })).id;
  });

  /** A paid card sale of `quantity` products redeeming `code`. */
  const voucherSale = (code: string, quantity: number) =>
    paidOrder(t, as.admin, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity }],
      payments: [{ method: 'card', amount: totalOf(quantity), reference: options.cardReference }],
      voucher_code: code,
    });

  async function finish(orderId: string) {
    await moved(t, as.admin, orderId, 'APPROVED');
    await moved(t, as.admin, orderId, 'COMPLETED');
  }

  /** Rejects a card sale and pays out the void its card is owed. */
  async function rejectAndVoid(orderId: string) {
    await moved(t, as.admin, orderId, 'REJECTED');
    const [owed] = rowsOf<{ id: string; status: string }>(
      await t.database.db.execute(
        sql`select id, status from refunds where order_id = ${orderId}::uuid`,
      ),
    );
    if (owed!.status === 'PENDING') {
      await movedRefund(t, as.finance, owed!.id, { status: 'APPROVED' });
    }
    await movedRefund(t, as.finance, owed!.id, { status: 'COMPLETED' });
  }

  /** A refund to the original method, asked by the admin, approved and paid by finance. */
  const refundCompleted = (body: Record<string, unknown>) =>
    completedRefund(t, as.admin, as.finance, {
      method: 'original',
      reason: 'quality_issue',
      ...body,
    });

  async function closeDay(date: string) {
    const closed = await api.post('/api/orders/close-day', {
      outlet_id: refs.kl,
      business_date: date,
    });
    expect(closed.statusCode, closed.body).toBe(200);
  }

  /**
   * DAY1: two completed sales (a, b) with a shared code, one (c) with a unique code of a
   * campaign.
   */
  async function firstDaySales() {
    const shared = await addVoucher(t, { value: OFF });
    const unique = await addVoucher(t, { codeKind: 'unique', code: null, value: OFF });
    const code = await addCode(t, unique);
    const campaignId = (await addCampaign(t, { voucherId: unique.id })).id;
    const a = await voucherSale(shared.code!, 1);
    const b = await voucherSale(shared.code!, 2);
    const c = await voucherSale(code.code, 1);
    await underCampaign(t, c.id, campaignId);
    await finish(a.id);
    await finish(b.id);
    return { shared, unique, campaignId, a, b, c };
  }

  /**
   * DAY2: c rejected (its card money back is a void, not a refund of a sale), a partial refund
   * of RM 5.00 of b and a full refund of a, which gives a's voucher back.
   */
  async function secondDayReturns(sales: {
    a: { id: string };
    b: { id: string };
    c: { id: string };
  }) {
    clock.set(`${DAY2}T04:00:00Z`);
    await rejectAndVoid(sales.c.id);
    await refundCompleted({ order_id: sales.b.id, kind: 'amount', amount: 500 });
    await refundCompleted({ order_id: sales.a.id, kind: 'full' });
  }

  /**
   * DAY3: a completed sale with `code`, DAY3 closed, then the sale refunded in full within
   * DAY3's hours: the refund answered.
   */
  async function refundAfterClose(code: string) {
    clock.set(`${DAY3}T04:00:00Z`);
    const sale = await voucherSale(code, 1);
    await finish(sale.id);
    await closeDay(DAY3);
    clock.set(`${DAY3}T06:00:00Z`);
    return refundCompleted({ order_id: sale.id, kind: 'full' });
  }

  return { ...context, clock, refs, firstDaySales, secondDayReturns, refundAfterClose };
}
