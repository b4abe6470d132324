import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { voucherRollups } from '../../db/schema/reports';
import { addVoucher } from '../../test/voucher-fixtures';
import {
  DAY1,
  DAY2,
  DAY3,
  DAY4,
  OFF,
  totalOf,
  useVoucherDays,
} from '../../test/voucher-day-fixtures';
import { day, voucherFigures } from './voucher-usage-fixtures';

// The voucher figures (decision 053), kept by triggers in the writing transaction: a redemption
// counts with its discount on its order's day, its order's total as sales while the order is a
// sale; a give-back counts on the business day it happens (the next open one when that day is
// closed), a completed refund of a sale on its own booking day. Every expected figure below is
// written out from the prices of the sales in the test.

const { t, refs, firstDaySales, secondDayReturns, refundAfterClose } = useVoucherDays({
  sku: 'VR-1000',
  cardReference: 'CARD-VR',
});

describe('voucher figures', () => {
  it('count redemptions on the order’s day, give-backs and refunds on their own day', async () => {
    const { shared, unique, a, b, c } = await firstDaySales();
    expect(await voucherFigures(t, shared.id)).toEqual([
      day(DAY1, { redemptions: 2, discount: 2 * OFF, sales: totalOf(1) + totalOf(2) }),
    ]);

    // The rejected sale leaves its day's sales; its give-back counts on DAY2, and the money its
    // card gets back is a void, not a refund of a sale. A partial refund of b, and a full
    // refund of a, which also gives a's voucher back.
    await secondDayReturns({ a, b, c });

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
    const voucher = await addVoucher(t, { value: OFF });
    // Still DAY3's business hours, but DAY3 is closed: the refund and the give-back book on DAY4.
    const refund = await refundAfterClose(voucher.code!);
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
        .where(eq(voucherRollups.tenantId, refs.tenantId))
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
      sql`delete from voucher_rollups where tenant_id = ${refs.tenantId}::uuid`,
    );
    await t.database.db.execute(sql`select kopi_add_redemptions(
      array(select v from voucher_redemptions v where v.tenant_id = ${refs.tenantId}::uuid), null)`);
    expect(await kept()).toEqual(byTriggers);
  });
});
