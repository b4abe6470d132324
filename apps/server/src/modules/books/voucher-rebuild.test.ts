import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { voucherRollups } from '../../db/schema/reports';
import { voucherRedemptions } from '../../db/schema/vouchers';
import {
  DAY1,
  DAY2,
  DAY3,
  DAY4,
  OFF,
  totalOf,
  useVoucherDays,
} from '../../test/voucher-day-fixtures';
import { day, voucherFigures } from '../voucher-usage/voucher-usage-fixtures';
import { rebuildRollups } from './books.service';

// The books' rebuild puts the voucher figures (decision 053) back from the redemptions, their
// orders and refunds: whatever the rollup rows were, a rebuild of a range leaves that range's
// figures as the sales in the test add up to, and the days outside the range as they were.

const { t, refs, firstDaySales, secondDayReturns, refundAfterClose } = useVoucherDays({
  sku: 'VRB-1000',
  cardReference: 'CARD-VRB',
});
let shared: { id: string };
let unique: { id: string };
let campaignId: string;

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

beforeAll(async () => {
  const sales = await firstDaySales();
  ({ shared, unique, campaignId } = sales);
  await secondDayReturns(sales);
  // The refund after DAY3's close books on DAY4, the first day not closed.
  expect((await refundAfterClose(sales.shared.code!)).business_date).toBe(DAY4);
});

/** Every figure of the tenant's voucher rows made wrong, one day's rows gone, a stray row added. */
async function corrupt() {
  const db = t.database.db;
  await db.execute(sql`update voucher_rollups set redemptions = redemptions + 7,
      discount = discount + 999, sales = 0, returned = returned + 3,
      returned_discount = returned_discount - 50, refunds = refunds + 1
    where tenant_id = ${refs.tenantId}::uuid`);
  await db.execute(sql`delete from voucher_rollups
    where tenant_id = ${refs.tenantId}::uuid and business_date = ${DAY2}::date`);
  await db.execute(sql`insert into voucher_rollups (tenant_id, business_date, outlet_id, voucher_id,
      campaign_id, redemptions, discount, sales, returned, returned_discount, refunds)
    select tenant_id, ${DAY2}::date + 30, outlet_id, voucher_id, campaign_id, 5, 500, 5000, 0, 0, 0
    from voucher_rollups where tenant_id = ${refs.tenantId}::uuid and voucher_id = ${shared.id}::uuid
    limit 1`);
}

describe('rebuilding the voucher figures', () => {
  it('puts corrupted figures back to what the sales add up to', async () => {
    expect(await voucherFigures(t, shared.id)).toEqual(sharedDays());
    await corrupt();
    expect(await voucherFigures(t, shared.id)).not.toEqual(sharedDays());

    await rebuildRollups(t.database.db, refs.tenantId, '2026-01-01', '2026-12-31');
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
    await rebuildRollups(t.database.db, refs.tenantId, '2026-01-01', '2026-12-31');
    const redemptions = await t.database.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.tenantId, refs.tenantId));
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
    await rebuildRollups(t.database.db, refs.tenantId, DAY4, DAY4);
    let now = await voucherFigures(t, shared.id);
    expect(now.filter((f) => f.date === DAY4)).toEqual([sharedDays()[3]]);
    expect(now.filter((f) => f.date !== DAY4)).toEqual(wrong.filter((f) => f.date !== DAY4));

    // DAY3 alone: the sale, and no give-back on the closed day it happened in.
    await rebuildRollups(t.database.db, refs.tenantId, DAY3, DAY3);
    now = await voucherFigures(t, shared.id);
    expect(now.filter((f) => f.date === DAY3)).toEqual([sharedDays()[2]]);
    expect(now.filter((f) => f.date === DAY1)).toEqual(wrongDay(DAY1));

    await rebuildRollups(t.database.db, refs.tenantId, DAY1, DAY2);
    now = await voucherFigures(t, shared.id);
    // The stray row a month on is outside every range rebuilt so far.
    expect(now).toEqual([...sharedDays(), ...wrongDay('2026-07-11')]);
    expect(await voucherFigures(t, unique.id)).toEqual(uniqueDays());
  });
});
