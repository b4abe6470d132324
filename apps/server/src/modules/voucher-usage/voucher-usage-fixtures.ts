import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { voucherRollups } from '../../db/schema/reports';
import { voucherCampaigns, voucherRedemptions } from '../../db/schema/vouchers';
import { requestAs, type RequestHeaders, type TestApp } from '../../test/test-app';
import { demoTenantId } from '../../test/order-fixtures';

// Test data for the voucher figures: campaigns written straight to their table, a redemption
// put under a campaign (the campaigns' issuing is another module's), and the rollup rows read
// back in a plain shape to compare with the figures written out in a test.

export type Figures = {
  date: string;
  redemptions: number;
  discount: number;
  sales: number;
  returned: number;
  returned_discount: number;
  refunds: number;
};

/** A voucher's rollup rows (any outlet, any campaign) summed by business day, in date order. */
export async function voucherFigures(t: TestApp, voucherId: string): Promise<Figures[]> {
  const r = voucherRollups;
  const rows = await t.database.db
    .select({
      date: r.businessDate,
      redemptions: sql<number>`sum(${r.redemptions})::int`,
      discount: sql<number>`sum(${r.discount})::int`,
      sales: sql<number>`sum(${r.sales})::int`,
      returned: sql<number>`sum(${r.returned})::int`,
      returned_discount: sql<number>`sum(${r.returnedDiscount})::int`,
      refunds: sql<number>`sum(${r.refunds})::int`,
    })
    .from(r)
    .where(eq(r.voucherId, voucherId))
    .groupBy(r.businessDate)
    .orderBy(asc(r.businessDate));
  // Rows a change took back to zero are kept by the triggers; they say nothing.
  return rows.filter((f) =>
    [f.redemptions, f.discount, f.sales, f.returned, f.returned_discount, f.refunds].some(
      (n) => n !== 0,
    ),
  );
}

/** A day's figures, zeros where the test writes nothing. */
export const day = (date: string, f: Partial<Omit<Figures, 'date'>>): Figures => ({
  date,
  redemptions: 0,
  discount: 0,
  sales: 0,
  returned: 0,
  returned_discount: 0,
  refunds: 0,
  ...f,
});

type NewCampaign = Partial<typeof voucherCampaigns.$inferInsert> & { voucherId: string };

/** A campaign of the demo tenant (or `tenantId`), running by default over June 2026. */
export async function addCampaign(t: TestApp, values: NewCampaign) {
  const tenantId = values.tenantId ?? (await demoTenantId(t));
  const [row] = await t.database.db
    .insert(voucherCampaigns)
    .values({
      nameEn: 'June campaign',
      nameMy: 'Kempen Jun',
      audienceKind: 'all',
      startsAt: new Date('2026-06-01T00:00:00Z'),
      endsAt: new Date('2026-07-01T00:00:00Z'),
      status: 'ongoing',
      ...values,
      tenantId,
    })
    .returning();
  return row!;
}

/** Puts an order's redemption under a campaign, as redeeming a campaign's code does. */
export async function underCampaign(t: TestApp, orderId: string, campaignId: string) {
  const moved = await t.database.db
    .update(voucherRedemptions)
    .set({ campaignId })
    .where(and(eq(voucherRedemptions.orderId, orderId)))
    .returning({ id: voucherRedemptions.id });
  expect(moved).toHaveLength(1);
}

/** A move of the status board that must succeed. */
export async function moved(t: TestApp, headers: RequestHeaders, orderId: string, status: string) {
  const res = await requestAs(t).post(
    `/api/orders/${orderId}/status`,
    { status, ...(status === 'REJECTED' ? { reason: 'Out of milk' } : {}) },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
}
