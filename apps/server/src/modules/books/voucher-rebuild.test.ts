import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { voucherRollups } from '../../db/schema/reports';
import { voucherRedemptions } from '../../db/schema/vouchers';
import { demoOutlet } from '../../test/catalogue-fixtures';
import { addProduct, demoTenantId, testClock } from '../../test/order-fixtures';
import { movedRefund, paidOrder, refundOf } from '../../test/refund-fixtures';
import { useTestApp } from '../../test/use-test-app';
import { addCode, addVoucher } from '../../test/voucher-fixtures';
import {
  addCampaign,
  day,
  moved,
  underCampaign,
  voucherFigures,
} from '../voucher-usage/voucher-usage-fixtures';
import { rebuildRollups } from './books.service';

// The books' rebuild puts the voucher figures (decision 053) back from the redemptions, their
// orders and refunds: whatever the rollup rows were, a rebuild of a range leaves that range's
// figures as the sales in the test add up to, and the days outside the range as they were.

const DAY1 = '2026-06-10';
const DAY2 = '2026-06-11';
const DAY3 = '2026-06-12';
const DAY4 = '2026-06-13';
const clock = testClock(`${DAY1}T04:00:00Z`); // Wednesday 12:00 in Kuala Lumpur
const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin', 'finance'], api: 'admin' });
const { admin, finance } = as;
let tenantId: string;
let shared: { id: string };
let unique: { id: string };
let campaignId: string;

const PRICE = 1000;
const OFF = 100;
/** A pick-up card sale's total: subtotal less the voucher, plus 6% SST. */
const totalOf = (quantity: number) => Math.round((quantity * PRICE - OFF) * 1.06);

/** The figures the sales below add up to, day by day, written out from their prices. */
const sharedDays = () => [
  day(DAY1, { redemptions: 2, discount: 2 * OFF, sales: totalOf(1) + totalOf(2) }),
  day(DAY2, { returned: 1, returned_discount: OFF, refunds: 500 + totalOf(1) }),
  day(DAY3, { redemptions: 1, discount: OFF, sales: totalOf(1) }),
  day(DAY4, { returned: 1, returned_discount: OFF, refunds: totalOf(1) }),
];
const uniqueDays = () => [
  day(DAY1, { redemptions: 1, discount: OFF }),
  day(DAY2, { returned: 1, returned_discount: OFF }),
];

async function completedRefund(body: Record<string, unknown>) {
  const refund = await refundOf(t, admin, { method: 'original', reason: 'quality_issue', ...body });
  await movedRefund(t, finance, refund.id, { status: 'APPROVED' });
  return movedRefund(t, finance, refund.id, { status: 'COMPLETED' });
}

beforeAll(async () => {
  const kl = (await demoOutlet(t, 'KL01')).id;
  tenantId = await demoTenantId(t);
  const product = (await addProduct(t, { sku: 'VRB-1000', price: PRICE })).id;
  const sale = (code: string, quantity: number) =>
    paidOrder(t, admin, {
      outlet_id: kl,
      items: [{ product_id: product, quantity }],
      payments: [{ method: 'card', amount: totalOf(quantity), reference: 'CARD-VRB' }],
      voucher_code: code,
    });
  const finish = async (orderId: string) => {
    await moved(t, admin, orderId, 'APPROVED');
    await moved(t, admin, orderId, 'COMPLETED');
  };
  const sharedVoucher = await addVoucher(t, { value: OFF });
  const uniqueVoucher = await addVoucher(t, { codeKind: 'unique', code: null, value: OFF });
  shared = sharedVoucher;
  unique = uniqueVoucher;
  campaignId = (await addCampaign(t, { voucherId: unique.id })).id;

  // DAY1: two sales with the shared code, one with a campaign's code.
  const a = await sale(sharedVoucher.code!, 1);
  const b = await sale(sharedVoucher.code!, 2);
  const c = await sale((await addCode(t, uniqueVoucher)).code, 1);
  await underCampaign(t, c.id, campaignId);
  await finish(a.id);
  await finish(b.id);

  // DAY2: the campaign's sale rejected (its card money back is a void, not a refund of a sale),
  // a partial refund of b and a full refund of a, which gives a's voucher back.
  clock.set(`${DAY2}T04:00:00Z`);
  await moved(t, admin, c.id, 'REJECTED');
  const [owed] = rowsOf<{ id: string; status: string }>(
    await t.database.db.execute(sql`select id, status from refunds where order_id = ${c.id}::uuid`),
  );
  if (owed!.status === 'PENDING') await movedRefund(t, finance, owed!.id, { status: 'APPROVED' });
  await movedRefund(t, finance, owed!.id, { status: 'COMPLETED' });
  await completedRefund({ order_id: b.id, kind: 'amount', amount: 500 });
  await completedRefund({ order_id: a.id, kind: 'full' });

  // DAY3: a sale, its day closed, then refunded in full within DAY3's hours: the refund and the
  // give-back book on DAY4, the first day not closed.
  clock.set(`${DAY3}T04:00:00Z`);
  const d = await sale(sharedVoucher.code!, 1);
  await finish(d.id);
  const closed = await api.post('/api/orders/close-day', { outlet_id: kl, business_date: DAY3 });
  expect(closed.statusCode, closed.body).toBe(200);
  clock.set(`${DAY3}T06:00:00Z`);
  expect((await completedRefund({ order_id: d.id, kind: 'full' })).business_date).toBe(DAY4);
});

/** Every figure of the tenant's voucher rows made wrong, one day's rows gone, a stray row added. */
async function corrupt() {
  const db = t.database.db;
  await db.execute(sql`update voucher_rollups set redemptions = redemptions + 7,
      discount = discount + 999, sales = 0, returned = returned + 3,
      returned_discount = returned_discount - 50, refunds = refunds + 1
    where tenant_id = ${tenantId}::uuid`);
  await db.execute(sql`delete from voucher_rollups
    where tenant_id = ${tenantId}::uuid and business_date = ${DAY2}::date`);
  await db.execute(sql`insert into voucher_rollups (tenant_id, business_date, outlet_id, voucher_id,
      campaign_id, redemptions, discount, sales, returned, returned_discount, refunds)
    select tenant_id, ${DAY2}::date + 30, outlet_id, voucher_id, campaign_id, 5, 500, 5000, 0, 0, 0
    from voucher_rollups where tenant_id = ${tenantId}::uuid and voucher_id = ${shared.id}::uuid
    limit 1`);
}

describe('rebuilding the voucher figures', () => {
  it('puts corrupted figures back to what the sales add up to', async () => {
    expect(await voucherFigures(t, shared.id)).toEqual(sharedDays());
    await corrupt();
    expect(await voucherFigures(t, shared.id)).not.toEqual(sharedDays());

    await rebuildRollups(t.database.db, tenantId, '2026-01-01', '2026-12-31');
    expect(await voucherFigures(t, shared.id)).toEqual(sharedDays());
    expect(await voucherFigures(t, unique.id)).toEqual(uniqueDays());
    // The campaign's code keeps its rows under the campaign.
    const campaigns = await t.database.db
      .selectDistinct({ campaign: voucherRollups.campaignId })
      .from(voucherRollups)
      .where(eq(voucherRollups.voucherId, unique.id));
    expect(campaigns).toEqual([{ campaign: campaignId }]);
  });

  it('adds up to the redemptions as they are stored, voucher by voucher', async () => {
    await corrupt();
    await rebuildRollups(t.database.db, tenantId, '2026-01-01', '2026-12-31');
    const redemptions = await t.database.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.tenantId, tenantId));
    for (const voucher of [shared, unique]) {
      const mine = redemptions.filter((r) => r.voucherId === voucher.id);
      const back = mine.filter((r) => r.status === 'returned');
      const sum = (rows: typeof mine) => rows.reduce((s, r) => s + r.discount, 0);
      const kept = (await voucherFigures(t, voucher.id)).reduce(
        (s, f) => ({
          redemptions: s.redemptions + f.redemptions,
          discount: s.discount + f.discount,
          returned: s.returned + f.returned,
          returned_discount: s.returned_discount + f.returned_discount,
        }),
        { redemptions: 0, discount: 0, returned: 0, returned_discount: 0 },
      );
      expect(kept).toEqual({
        redemptions: mine.length,
        discount: sum(mine),
        returned: back.length,
        returned_discount: sum(back),
      });
    }
  });

  it('rebuilds only the days asked for, a give-back on the day it booked on', async () => {
    await corrupt();
    const wrong = await voucherFigures(t, shared.id);
    const wrongDay = (date: string) => wrong.filter((f) => f.date === date);

    // DAY4 alone: its give-back and refund, though both happened in DAY3's hours.
    await rebuildRollups(t.database.db, tenantId, DAY4, DAY4);
    let now = await voucherFigures(t, shared.id);
    expect(now.filter((f) => f.date === DAY4)).toEqual([sharedDays()[3]]);
    expect(now.filter((f) => f.date !== DAY4)).toEqual(wrong.filter((f) => f.date !== DAY4));

    // DAY3 alone: the sale, and no give-back on the closed day it happened in.
    await rebuildRollups(t.database.db, tenantId, DAY3, DAY3);
    now = await voucherFigures(t, shared.id);
    expect(now.filter((f) => f.date === DAY3)).toEqual([sharedDays()[2]]);
    expect(now.filter((f) => f.date === DAY1)).toEqual(wrongDay(DAY1));

    await rebuildRollups(t.database.db, tenantId, DAY1, DAY2);
    now = await voucherFigures(t, shared.id);
    // The stray row a month on is outside every range rebuilt so far.
    expect(now).toEqual([...sharedDays(), ...wrongDay('2026-07-11')]);
    expect(await voucherFigures(t, unique.id)).toEqual(uniqueDays());
  });
});
