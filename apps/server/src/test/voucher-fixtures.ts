import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { orders } from '../db/schema/orders';
import { tenants } from '../db/schema/tenancy';
import { voucherCodes, voucherRedemptions, vouchers } from '../db/schema/vouchers';
import { demoTenantId } from './order-fixtures';
import type { TestApp } from './test-app';

// Test data for redeeming vouchers: vouchers and unique codes written straight to their tables
// (any rule, any state, any count), and what a redemption leaves behind, read back.

type NewVoucher = Partial<typeof vouchers.$inferInsert>;

/** A fresh code (letters and digits, upper-case) for each call. */
export const freshCode = (prefix = 'T') =>
  `${prefix}${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * A voucher of the demo tenant (or `tenantId`): by default a shared code taking RM 2.00 off,
 * valid since 2026-01-01, with no other rule.
 */
export async function addVoucher(t: TestApp, values: NewVoucher = {}) {
  const tenantId = values.tenantId ?? (await demoTenantId(t));
  const unique = values.codeKind === 'unique';
  const [row] = await t.database.db
    .insert(vouchers)
    .values({
      nameEn: 'Test voucher',
      nameMy: 'Baucar ujian',
      codeKind: 'shared',
      code: unique ? null : freshCode('V'),
      type: 'fixed',
      value: 200,
      validFrom: new Date('2026-01-01T00:00:00Z'),
      ...values,
      tenantId,
    })
    .returning();
  return row!;
}

/** A unique code of a voucher, issued to `customerId` when given. */
export async function addCode(
  t: TestApp,
  voucher: { id: string; tenantId: string },
  customerId: string | null = null,
) {
  const [row] = await t.database.db
    .insert(voucherCodes)
    .values({
      tenantId: voucher.tenantId,
      voucherId: voucher.id,
      code: freshCode('U'),
      customerId,
    })
    .returning();
  return row!;
}

/** The voucher's row as it stands (its redeemed_count). */
export async function voucherNow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, id));
  return row!;
}

export async function codeNow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(voucherCodes).where(eq(voucherCodes.id, id));
  return row!;
}

/** Every redemption of a voucher, standing or given back. */
export const redemptionsOf = (t: TestApp, voucherId: string) =>
  t.database.db
    .select()
    .from(voucherRedemptions)
    .where(eq(voucherRedemptions.voucherId, voucherId));

/** Orders of the demo tenant: a refused sale must leave this unchanged. */
export async function orderCount(t: TestApp) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.tenantId, await demoTenantId(t))));
  return Number(row!.n);
}

/** Turns the demo tenant's voucher give-back (voucher_give_back) on or off. */
export async function setVoucherGiveBack(t: TestApp, on: boolean) {
  const tenantId = await demoTenantId(t);
  await t.database.db.update(tenants).set({ voucherGiveBack: on }).where(eq(tenants.id, tenantId));
}
