import { eq } from 'drizzle-orm';
import { customers } from '../db/schema/customers';
import { voucherCodes, voucherRewards } from '../db/schema/vouchers';
import { pointsEntry } from './customer-fixtures';
import { verifiedCustomer } from './mobile-fixtures';
import { demoTenantId } from './order-fixtures';
import type { TestApp } from './test-app';
import { addVoucher } from './voucher-fixtures';

// Test data for points rewards: a reward (and its voucher of unique codes) written straight to
// the tables, the body the back office posts, and a signed-in customer holding some points.

let counter = 0;

/** A valid reward body for the back office; `overrides` change any field. */
export const rewardBody = (voucherId: string, overrides: Record<string, unknown> = {}) => ({
  voucher_id: voucherId,
  name_en: `Reward ${++counter}`,
  name_my: 'Ganjaran',
  points_price: 100,
  stock: 10,
  starts_at: '2026-01-01T00:00:00+08:00',
  ends_at: null,
  status: 'active',
  sort_order: 0,
  ...overrides,
});

/** A voucher of unique codes of the demo tenant (or `tenantId`). */
export const uniqueVoucher = (t: TestApp, tenantId?: string) =>
  addVoucher(t, {
    codeKind: 'unique',
    code: null,
    nameEn: 'Free latte',
    ...(tenantId ? { tenantId } : {}),
  });

/** A reward of the demo tenant (or `values.tenantId`) on a fresh voucher of unique codes. */
export async function addReward(
  t: TestApp,
  values: Partial<typeof voucherRewards.$inferInsert> = {},
) {
  const tenantId = values.tenantId ?? (await demoTenantId(t));
  const voucherId = values.voucherId ?? (await uniqueVoucher(t, tenantId)).id;
  const [row] = await t.database.db
    .insert(voucherRewards)
    .values({
      nameEn: `Reward ${++counter}`,
      nameMy: 'Ganjaran',
      pointsPrice: 100,
      startsAt: new Date('2026-01-01T00:00:00Z'),
      ...values,
      voucherId,
      tenantId,
    })
    .returning();
  return row!;
}

/** A signed-in customer of the demo tenant holding `points`. */
export async function customerWithPoints(t: TestApp, points: number) {
  const customer = await verifiedCustomer(t);
  const id = customer.session.customer.id;
  if (points > 0) await pointsEntry(t, { id, tenantId: await demoTenantId(t) }, points);
  return { ...customer, id };
}

export async function rewardNow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(voucherRewards).where(eq(voucherRewards.id, id));
  return row!;
}

export const codesOfReward = (t: TestApp, rewardId: string) =>
  t.database.db.select().from(voucherCodes).where(eq(voucherCodes.rewardId, rewardId));

export async function pointsBalance(t: TestApp, customerId: string) {
  const [row] = await t.database.db
    .select({ points: customers.points })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row!.points;
}
