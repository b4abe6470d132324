import type { RewardStatus } from '@kopi/contract';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { searchAny, windowPage, windowTotal } from '../../db/list-page';
import { deleteOwnedRow, insertedId, ownedRowWhere, updateOwnedRow } from '../../db/owned-rows';
import { voucherCodes, voucherRewards, vouchers } from '../../db/schema/vouchers';
import { ownedBy, ownedId } from '../../db/tenant-scope';

// Points rewards of one tenant, with the voucher each issues codes of. Every query filters by
// tenant_id.

export interface RewardFilter {
  q?: string | undefined;
  status?: RewardStatus | undefined;
}

export type RewardRow = typeof voucherRewards.$inferSelect & {
  voucherNameEn: string;
  voucherNameMy: string | null;
};
export type RewardValues = Omit<
  typeof voucherRewards.$inferInsert,
  'id' | 'tenantId' | 'issuedCount' | 'createdAt' | 'updatedAt'
>;

const withVoucher = {
  reward: voucherRewards,
  voucherNameEn: vouchers.nameEn,
  voucherNameMy: vouchers.nameMy,
};
const flat = (r: {
  reward: typeof voucherRewards.$inferSelect;
  voucherNameEn: string;
  voucherNameMy: string | null;
}): RewardRow => ({ ...r.reward, voucherNameEn: r.voucherNameEn, voucherNameMy: r.voucherNameMy });

const where = (tenantId: string, f: RewardFilter) =>
  and(
    ownedBy(voucherRewards, tenantId),
    f.status ? eq(voucherRewards.status, f.status) : undefined,
    searchAny(f.q, [voucherRewards.nameEn, voucherRewards.nameMy]),
  );
const order = [
  asc(voucherRewards.sortOrder),
  asc(voucherRewards.createdAt),
  asc(voucherRewards.id),
];

export async function list(
  db: Db,
  tenantId: string,
  f: RewardFilter,
  limit: number,
  offset: number,
): Promise<{ rows: RewardRow[]; total: number }> {
  const filter = where(tenantId, f);
  const page = db
    .select({ ...withVoucher, total: windowTotal() })
    .from(voucherRewards)
    .innerJoin(vouchers, eq(vouchers.id, voucherRewards.voucherId))
    .where(filter)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const { rows, total } = await windowPage(page, offset, db, voucherRewards, filter);
  return { rows: rows.map(flat), total };
}

export async function findById(db: Db, tenantId: string, id: string): Promise<RewardRow | null> {
  const [row] = await db
    .select(withVoucher)
    .from(voucherRewards)
    .innerJoin(vouchers, eq(vouchers.id, voucherRewards.voucherId))
    .where(and(ownedBy(voucherRewards, tenantId), eq(voucherRewards.id, id)))
    .limit(1);
  return row ? flat(row) : null;
}

/** The reward row locked: an exchange and a change of stock queue on it. */
export function lockById(tx: Db, tenantId: string, id: string) {
  return ownedRowWhere(tx, voucherRewards, tenantId, eq(voucherRewards.id, id), { lock: true });
}

/** The tenant's voucher `id` (its code kind decides whether it may be a reward), or null. */
export function voucherOf(db: Db, tenantId: string, id: string) {
  return ownedRowWhere(db, vouchers, tenantId, eq(vouchers.id, id));
}

export async function insert(tx: Db, tenantId: string, values: RewardValues): Promise<string> {
  return insertedId(
    tx
      .insert(voucherRewards)
      .values({
        ...values,
        tenantId,
        voucherId: ownedId(vouchers, tenantId, values.voucherId as string),
      })
      .returning({ id: voucherRewards.id }),
  );
}

export async function update(tx: Db, tenantId: string, id: string, values: RewardValues) {
  await updateOwnedRow(tx, voucherRewards, tenantId, id, {
    ...values,
    voucherId: ownedId(vouchers, tenantId, values.voucherId as string),
  });
}

export async function remove(tx: Db, tenantId: string, id: string) {
  await deleteOwnedRow(tx, voucherRewards, tenantId, id);
}

/** Whether any code was ever issued for the reward (an exchange happened). */
export async function hasCodes(db: Db, tenantId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: voucherCodes.id })
    .from(voucherCodes)
    .where(and(ownedBy(voucherCodes, tenantId), eq(voucherCodes.rewardId, id)))
    .limit(1);
  return Boolean(row);
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** Rewards a customer may exchange at `now`: active, in period, stock left, voucher active. */
export async function available(db: Db, tenantId: string, now: Date) {
  return db
    .select({ reward: voucherRewards, voucher: vouchers })
    .from(voucherRewards)
    .innerJoin(vouchers, eq(vouchers.id, voucherRewards.voucherId))
    .where(
      and(
        ownedBy(voucherRewards, tenantId),
        eq(voucherRewards.status, 'active'),
        eq(vouchers.status, 'active'),
        lte(voucherRewards.startsAt, at(now)),
        or(isNull(voucherRewards.endsAt), gt(voucherRewards.endsAt, at(now))),
        or(
          isNull(voucherRewards.stock),
          sql`${voucherRewards.issuedCount} < ${voucherRewards.stock}`,
        ),
        or(isNull(vouchers.validUntil), gt(vouchers.validUntil, at(now))),
      ),
    )
    .orderBy(...order)
    .limit(200);
}

/** One more exchanged, under the row's lock (the CHECK keeps it within the stock). */
export async function countIssued(tx: Db, tenantId: string, id: string) {
  await tx
    .update(voucherRewards)
    .set({ issuedCount: sql`${voucherRewards.issuedCount} + 1` })
    .where(and(ownedBy(voucherRewards, tenantId), eq(voucherRewards.id, id)));
}
