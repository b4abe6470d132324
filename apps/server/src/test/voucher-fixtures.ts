import { randomBytes } from 'node:crypto';
import type { CodedReason } from '@kopi/contract';
import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
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

/** A voucher of single-use unique codes taking `values.value` off, and one code of it. */
export async function addUniqueCode(
  t: TestApp,
  values: NewVoucher & { value: number },
  customerId: string | null = null,
) {
  const voucher = await addVoucher(t, { codeKind: 'unique', code: null, ...values });
  const code = await addCode(t, voucher, customerId);
  return { voucher, code };
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

/**
 * Checks that a single-use code's one redemption was given back for `reason`: returned, the
 * voucher's count down to 0 and the code free again. `also`: more fields the redemption holds.
 */
export async function expectGivenBack(
  t: TestApp,
  voucherId: string,
  codeId: string,
  reason: CodedReason,
  also: Record<string, unknown> = {},
) {
  const [r] = await redemptionsOf(t, voucherId);
  expect(r).toMatchObject({
    ...also,
    status: 'returned',
    returnReason: null,
    returnReasonCode: reason.code,
    returnReasonParams: reason.params,
  });
  expect(r!.returnedAt).not.toBeNull();
  expect((await voucherNow(t, voucherId)).redeemedCount).toBe(0);
  expect((await codeNow(t, codeId)).redeemedAt).toBeNull();
}

/** Checks that a single-use code's one redemption still stands: counted once, the code used. */
export async function expectStanding(
  t: TestApp,
  voucherId: string,
  codeId: string,
  also: Record<string, unknown> = {},
) {
  const [r] = await redemptionsOf(t, voucherId);
  expect(r).toMatchObject({ ...also, status: 'redeemed', returnedAt: null });
  expect((await voucherNow(t, voucherId)).redeemedCount).toBe(1);
  expect((await codeNow(t, codeId)).redeemedAt).not.toBeNull();
}

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
