import type { CodedReason, StoredReasonParams } from '@kopi/contract';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { ownedRowWhere } from '../../db/owned-rows';
import { ownedBy, ownedWhere, tenantIs, tenantOfRow } from '../../db/tenant-scope';
import { customers } from '../../db/schema/customers';
import { auditLog } from '../../db/schema/platform';
import type { AuditRow } from '../../lib/audit';
import { orders } from '../../db/schema/orders';
import { tenants } from '../../db/schema/tenancy';
import { voucherCodes, voucherRedemptions, vouchers } from '../../db/schema/vouchers';

// Redeeming vouchers on orders: finding a code, locking its voucher (and unique code) for the
// order's transaction, recording the redemption and giving it back. The voucher row's lock is
// what keeps its limits: every redemption and give-back of a voucher queues on it, and counts
// read after it is taken see every redemption committed before.

export type VoucherRow = typeof vouchers.$inferSelect;
export type VoucherCodeRow = typeof voucherCodes.$inferSelect;

/** The voucher of a shared code, or null. */
export function sharedVoucher(db: Db, tenantId: string, code: string) {
  return ownedRowWhere(db, vouchers, tenantId, eq(vouchers.code, code));
}

/** A unique code's row, or null. */
export function uniqueCode(db: Db, tenantId: string, code: string) {
  return ownedRowWhere(db, voucherCodes, tenantId, eq(voucherCodes.code, code));
}

/** The voucher by id; with `lock`, locked (FOR UPDATE) until the transaction ends. */
export function voucherById(db: Db, tenantId: string, id: string, lock: boolean) {
  return ownedRowWhere(db, vouchers, tenantId, eq(vouchers.id, id), { lock });
}

/** A unique code locked until the transaction ends (after its voucher, always in that order). */
export function lockCode(db: Db, tenantId: string, codeId: string) {
  return ownedRowWhere(db, voucherCodes, tenantId, eq(voucherCodes.id, codeId), { lock: true });
}

/** Standing redemptions of a voucher by one customer. */
export async function customerRedemptions(
  db: Db,
  tenantId: string,
  voucherId: string,
  customerId: string,
) {
  const [row] = await db
    .select({ n: count() })
    .from(voucherRedemptions)
    .where(ownedWhere(voucherRedemptions, tenantId, { voucherId, customerId, status: 'redeemed' }));
  return Number(row?.n ?? 0);
}

export interface NewRedemption {
  tenantId: string;
  voucherId: string;
  codeId: string | null;
  code: string;
  orderId: string;
  outletId: string;
  customerId: string | null;
  source: 'pos' | 'app';
  discount: number;
  businessDate: string;
  at: Date;
}

/**
 * The redemption, the voucher's count and the unique code's use, under the voucher's lock. The
 * row is written only from the tenant's own voucher, order, code and customer (none of another
 * tenant's ids reaches it); answers whether it was.
 */
export async function recordRedemption(db: Db, r: NewRedemption) {
  const written = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into ${voucherRedemptions} (tenant_id, voucher_id, code_id, campaign_id, code,
        order_id, outlet_id, customer_id, source, discount, business_date, status, redeemed_at)
      select ${r.tenantId}::uuid, v.id, c.id, c.campaign_id, ${r.code}, o.id, o.outlet_id, cu.id,
        ${r.source},
        ${r.discount}::int, ${r.businessDate}, 'redeemed', ${r.at.toISOString()}::timestamptz
      from ${vouchers} v
      join ${orders} o on o.id = ${r.orderId}::uuid and ${tenantIs('o', r.tenantId)}
      left join ${voucherCodes} c on c.id = ${r.codeId}::uuid and ${tenantIs('c', r.tenantId)}
      left join ${customers} cu on cu.id = ${r.customerId}::uuid and ${tenantIs('cu', r.tenantId)}
      where ${tenantIs('v', r.tenantId)} and v.id = ${r.voucherId}::uuid
      returning id`),
  );
  if (written.length === 0) return false;
  await db
    .update(vouchers)
    .set({ redeemedCount: sql`${vouchers.redeemedCount} + 1` })
    .where(and(ownedBy(vouchers, r.tenantId), eq(vouchers.id, r.voucherId)));
  if (r.codeId) {
    await db
      .update(voucherCodes)
      .set({ redeemedAt: r.at })
      .where(and(ownedBy(voucherCodes, r.tenantId), eq(voucherCodes.id, r.codeId)));
  }
  return true;
}

const standingColumns = {
  id: voucherRedemptions.id,
  voucherId: voucherRedemptions.voucherId,
  codeId: voucherRedemptions.codeId,
  orderId: voucherRedemptions.orderId,
  code: voucherRedemptions.code,
  discount: voucherRedemptions.discount,
  giveBack: tenants.voucherGiveBack,
};

/** Standing redemptions (not given back) of the orders, with their tenant's `voucher_give_back`. */
const standingOf = (db: Db, tenantId: string, orderIds: readonly string[]) =>
  db
    .select(standingColumns)
    .from(voucherRedemptions)
    .innerJoin(tenants, tenantOfRow(voucherRedemptions))
    .where(
      and(
        ownedBy(voucherRedemptions, tenantId),
        inArray(voucherRedemptions.orderId, [...orderIds]),
        eq(voucherRedemptions.status, 'redeemed'),
      ),
    );

export type StandingRedemption = Awaited<ReturnType<typeof standingOf>>[number];

/** The order's standing redemption with whether its tenant gives redemptions back, or null. */
export async function standingRedemption(db: Db, tenantId: string, orderId: string) {
  const [row] = await standingOf(db, tenantId, [orderId]).limit(1);
  return row ?? null;
}

/** The orders' standing redemptions, by voucher (the order their vouchers are locked in). */
export async function standingRedemptions(db: Db, tenantId: string, orderIds: readonly string[]) {
  return standingOf(db, tenantId, orderIds).orderBy(
    asc(voucherRedemptions.voucherId),
    asc(voucherRedemptions.id),
  );
}

/**
 * Marks a redemption returned and undoes its count and its code's use, once: a second call finds
 * it returned and changes nothing (answers false). The caller holds the voucher's lock.
 */
export async function returnRedemption(
  db: Db,
  tenantId: string,
  r: { id: string; voucherId: string; codeId: string | null; reason: CodedReason; at: Date },
) {
  const [returned] = await db
    .update(voucherRedemptions)
    .set({
      status: 'returned',
      returnedAt: r.at,
      returnReasonCode: r.reason.code,
      returnReasonParams: r.reason.params as StoredReasonParams,
    })
    .where(ownedWhere(voucherRedemptions, tenantId, { id: r.id, status: 'redeemed' }))
    .returning({ id: voucherRedemptions.id });
  if (!returned) return false;
  await db
    .update(vouchers)
    .set({ redeemedCount: sql`${vouchers.redeemedCount} - 1` })
    .where(and(ownedBy(vouchers, tenantId), eq(vouchers.id, r.voucherId)));
  if (r.codeId) {
    await db
      .update(voucherCodes)
      .set({ redeemedAt: null })
      .where(and(ownedBy(voucherCodes, tenantId), eq(voucherCodes.id, r.codeId)));
  }
  return true;
}

/** The voucher an order shows: its latest redemption (a given-back one still names it). */
export async function orderVoucher(db: Db, tenantId: string, orderId: string) {
  const [row] = await db
    .select({
      id: vouchers.id,
      code: voucherRedemptions.code,
      nameEn: vouchers.nameEn,
      nameMy: vouchers.nameMy,
      discount: voucherRedemptions.discount,
    })
    .from(voucherRedemptions)
    .innerJoin(vouchers, eq(vouchers.id, voucherRedemptions.voucherId))
    .where(and(ownedBy(voucherRedemptions, tenantId), eq(voucherRedemptions.orderId, orderId)))
    .limit(1);
  return row ?? null;
}

/** Codes issued to a customer and not redeemed, with their vouchers, oldest first. */
export async function issuedCodes(db: Db, tenantId: string, customerId: string) {
  return db
    .select({ code: voucherCodes, voucher: vouchers })
    .from(voucherCodes)
    .innerJoin(vouchers, eq(vouchers.id, voucherCodes.voucherId))
    .where(
      and(
        ownedBy(voucherCodes, tenantId),
        eq(voucherCodes.customerId, customerId),
        isNull(voucherCodes.redeemedAt),
        eq(vouchers.status, 'active'),
      ),
    )
    .orderBy(asc(voucherCodes.createdAt), asc(voucherCodes.id))
    .limit(200);
}

/** A voucher's audit entry, in the transaction of the redemption or give-back it records. */
export async function writeAudit(db: Db, row: AuditRow) {
  // Only about a voucher of the entry's own tenant: no entry names another tenant's voucher.
  const { tenantId, entityId: voucherId } = row;
  if (!tenantId || !voucherId) return;
  const [owned] = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(ownedBy(vouchers, tenantId), eq(vouchers.id, voucherId)))
    .limit(1);
  if (owned) await db.insert(auditLog).values(row);
}
