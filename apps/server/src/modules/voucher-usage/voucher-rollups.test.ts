import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { voucherRollups } from '../../db/schema/reports';
import { demoOutlet } from '../../test/catalogue-fixtures';
import { addProduct, demoTenantId, testClock } from '../../test/order-fixtures';
import { movedRefund, paidOrder, refundOf } from '../../test/refund-fixtures';
import { useTestApp } from '../../test/use-test-app';
import { addCode, addVoucher } from '../../test/voucher-fixtures';
import { addCampaign, day, moved, underCampaign, voucherFigures } from './voucher-usage-fixtures';

// The voucher figures (decision 053), kept by triggers in the writing transaction: a redemption
// counts with its discount on its order's day, its order's total as sales while the order is a
// sale; a give-back counts on the business day it happens (the next open one when that day is
// closed), a completed refund of a sale on its own booking day. Every expected figure below is
// written out from the prices of the sales in the test.

const DAY1 = '2026-06-10';
const DAY2 = '2026-06-11';
const DAY3 = '2026-06-12';
const DAY4 = '2026-06-13';
const clock = testClock(`${DAY1}T04:00:00Z`); // Wednesday 12:00 in Kuala Lumpur
const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin', 'finance'], api: 'admin' });
const { admin, finance } = as;
let kl: string;
let tenantId: string;
let product: string;

const PRICE = 1000;
const OFF = 100; // every voucher here takes RM 1.00 off
/** A pick-up card sale's total: subtotal less the voucher, plus 6% SST (no service charge). */
const totalOf = (quantity: number) => Math.round((quantity * PRICE - OFF) * 1.06);

beforeAll(async () => {
  kl = (await demoOutlet(t, 'KL01')).id;
  tenantId = await demoTenantId(t);
  product = (await addProduct(t, { sku: 'VR-1000', price: PRICE })).id;
});

async function voucherSale(code: string, quantity: number) {
  return paidOrder(t, admin, {
    outlet_id: kl,
    items: [{ product_id: product, quantity }],
    payments: [{ method: 'card', amount: totalOf(quantity), reference: 'CARD-VR' }],
    voucher_code: code,
  });
}

async function completedRefund(body: Record<string, unknown>) {
  const refund = await refundOf(t, admin, { method: 'original', reason: 'quality_issue', ...body });
  await movedRefund(t, finance, refund.id, { status: 'APPROVED' });
  return movedRefund(t, finance, refund.id, { status: 'COMPLETED' });
}

async function finish(orderId: string) {
  await moved(t, admin, orderId, 'APPROVED');
  await moved(t, admin, orderId, 'COMPLETED');
}

describe('voucher figures', () => {
  it('count redemptions on the order’s day, give-backs and refunds on their own day', async () => {
    const shared = await addVoucher(t, { value: OFF });
    const unique = await addVoucher(t, { codeKind: 'unique', code: null, value: OFF });
    const code = await addCode(t, unique);
    const campaign = await addCampaign(t, { voucherId: unique.id });

    const a = await voucherSale(shared.code!, 1);
    const b = await voucherSale(shared.code!, 2);
    const c = await voucherSale(code.code, 1);
    await underCampaign(t, c.id, campaign.id);
    await finish(a.id);
    await finish(b.id);
    expect(await voucherFigures(t, shared.id)).toEqual([
      day(DAY1, { redemptions: 2, discount: 2 * OFF, sales: totalOf(1) + totalOf(2) }),
    ]);

    clock.set(`${DAY2}T04:00:00Z`);
    // The rejected sale leaves its day's sales; its give-back counts today, and the money its
    // card gets back is a void, not a refund of a sale.
    await moved(t, admin, c.id, 'REJECTED');
    const [owed] = rowsOf<{ id: string; status: string }>(
      await t.database.db.execute(
        sql`select id, status from refunds where order_id = ${c.id}::uuid`,
      ),
    );
    if (owed!.status === 'PENDING') await movedRefund(t, finance, owed!.id, { status: 'APPROVED' });
    await movedRefund(t, finance, owed!.id, { status: 'COMPLETED' });
    // A partial refund of b, and a full refund of a, which also gives a's voucher back.
    await completedRefund({ order_id: b.id, kind: 'amount', amount: 500 });
    await completedRefund({ order_id: a.id, kind: 'full' });

    expect(await voucherFigures(t, shared.id)).toEqual([
      day(DAY1, { redemptions: 2, discount: 2 * OFF, sales: totalOf(1) + totalOf(2) }),
      day(DAY2, { returned: 1, returned_discount: OFF, refunds: 500 + totalOf(1) }),
    ]);
    expect(await voucherFigures(t, unique.id)).toEqual([
      day(DAY1, { redemptions: 1, discount: OFF }),
      day(DAY2, { returned: 1, returned_discount: OFF }),
    ]);
    // The campaign's redemption is under the campaign on both days, nothing under none.
    const keys = await t.database.db
      .select({ date: voucherRollups.businessDate, campaign: voucherRollups.campaignId })
      .from(voucherRollups)
      .where(eq(voucherRollups.voucherId, unique.id))
      .orderBy(asc(voucherRollups.businessDate));
    expect(keys.filter((k) => k.campaign !== null).map((k) => k.date)).toEqual([DAY1, DAY2]);
  });

  it('count a give-back on the next open day when its day is closed', async () => {
    clock.set(`${DAY3}T04:00:00Z`);
    const voucher = await addVoucher(t, { value: OFF });
    const sale = await voucherSale(voucher.code!, 1);
    await finish(sale.id);
    const closed = await api.post('/api/orders/close-day', { outlet_id: kl, business_date: DAY3 });
    expect(closed.statusCode, closed.body).toBe(200);
    // Still DAY3's business hours, but DAY3 is closed: the refund and the give-back book on DAY4.
    clock.set(`${DAY3}T06:00:00Z`);
    const refund = await completedRefund({ order_id: sale.id, kind: 'full' });
    expect(refund.business_date).toBe(DAY4);
    expect(await voucherFigures(t, voucher.id)).toEqual([
      day(DAY3, { redemptions: 1, discount: OFF, sales: totalOf(1) }),
      day(DAY4, { returned: 1, returned_discount: OFF, refunds: totalOf(1) }),
    ]);
  });

  it('are what the redemptions, their orders and refunds add up to when built again', async () => {
    const kept = () =>
      t.database.db
        .select()
        .from(voucherRollups)
        .where(eq(voucherRollups.tenantId, tenantId))
        .orderBy(
          asc(voucherRollups.businessDate),
          asc(voucherRollups.voucherId),
          asc(voucherRollups.campaignId),
        )
        .then((rows) =>
          rows.filter(
            (r) =>
              r.redemptions ||
              r.discount ||
              r.sales ||
              r.returned ||
              r.returnedDiscount ||
              r.refunds,
          ),
        );
    const byTriggers = await kept();
    expect(byTriggers.length).toBeGreaterThan(0);
    // What the migration's backfill runs, for this tenant.
    await t.database.db.execute(
      sql`delete from voucher_rollups where tenant_id = ${tenantId}::uuid`,
    );
    await t.database.db.execute(sql`select kopi_add_redemptions(
      array(select v from voucher_redemptions v where v.tenant_id = ${tenantId}::uuid), null)`);
    expect(await kept()).toEqual(byTriggers);
  });
});
