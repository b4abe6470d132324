import { and, asc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { searchAny, tablePage } from '../../db/list-page';
import { backgroundJobs } from '../../db/schema/jobs';
import { voucherCodes, vouchers } from '../../db/schema/vouchers';
import { tenants } from '../../db/schema/tenancy';
import { isTenant, ownedBy, ownedId, ownedWhere } from '../../db/tenant-scope';

// A voucher's unique codes and the jobs that generate them, of one tenant. Every query filters
// by tenant_id.

export interface CodeFilter {
  q?: string | undefined;
  redeemed?: boolean | undefined;
}

export type CodeRow = Pick<
  typeof voucherCodes.$inferSelect,
  'id' | 'code' | 'redeemedAt' | 'customerId' | 'createdAt'
>;

const columns = {
  id: voucherCodes.id,
  code: voucherCodes.code,
  redeemedAt: voucherCodes.redeemedAt,
  customerId: voucherCodes.customerId,
  createdAt: voucherCodes.createdAt,
};

function where(tenantId: string, voucherId: string, f: CodeFilter) {
  return and(
    ownedBy(voucherCodes, tenantId),
    eq(voucherCodes.voucherId, voucherId),
    f.redeemed === undefined
      ? undefined
      : f.redeemed
        ? isNotNull(voucherCodes.redeemedAt)
        : isNull(voucherCodes.redeemedAt),
    searchAny(f.q?.toUpperCase(), [voucherCodes.code]),
  );
}

export async function list(
  db: Db,
  tenantId: string,
  voucherId: string,
  f: CodeFilter,
  limit: number,
  offset: number,
): Promise<{ rows: CodeRow[]; total: number }> {
  const filter = where(tenantId, voucherId, f);
  return tablePage(db, voucherCodes, tenantId, columns, filter, [asc(voucherCodes.code)], {
    limit,
    offset,
  });
}

/** Every code of the voucher in code order, `chunkSize` rows per query (for the export). */
export async function* inChunks(
  db: Db,
  tenantId: string,
  voucherId: string,
  chunkSize: number,
): AsyncGenerator<CodeRow[]> {
  let after: string | null = null;
  for (;;) {
    const rows: CodeRow[] = await db
      .select(columns)
      .from(voucherCodes)
      .where(
        and(
          where(tenantId, voucherId, {}),
          after === null ? undefined : gt(voucherCodes.code, after),
        ),
      )
      .orderBy(asc(voucherCodes.code))
      .limit(chunkSize);
    if (rows.length) yield rows;
    if (rows.length < chunkSize) return;
    after = rows.at(-1)!.code;
  }
}

/** The voucher's code kind, or null when the tenant has no such voucher (any more). */
export async function codeKindOf(db: Db, tenantId: string, voucherId: string) {
  const [row] = await db
    .select({ codeKind: vouchers.codeKind })
    .from(vouchers)
    .where(and(ownedBy(vouchers, tenantId), eq(vouchers.id, voucherId)))
    .limit(1);
  return row?.codeKind ?? null;
}

/** Which of `codes` the tenant already uses as a shared code. */
export async function sharedCodesAmong(db: Db, tenantId: string, codes: string[]) {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: vouchers.code })
    .from(vouchers)
    .where(and(ownedBy(vouchers, tenantId), inArray(vouchers.code, codes)));
  return rows.map((r) => r.code!);
}

/**
 * Adds `codes` to the voucher, skipping any the tenant already has (the unique index decides);
 * answers how many were added.
 */
export async function insertCodes(
  tx: Db,
  tenantId: string,
  voucherId: string,
  codes: string[],
): Promise<number> {
  if (codes.length === 0) return 0;
  const voucher = ownedId(vouchers, tenantId, voucherId);
  const added = await tx
    .insert(voucherCodes)
    .values(codes.map((code) => ({ tenantId, voucherId: voucher, code })))
    .onConflictDoNothing({ target: [voucherCodes.tenantId, voucherCodes.code] })
    .returning({ id: voucherCodes.id });
  return added.length;
}

/** A job of `kind` working for the voucher. */
export async function findJob(
  db: Db,
  tenantId: string,
  kind: string,
  voucherId: string,
  jobId: string,
) {
  const [row] = await db
    .select()
    .from(backgroundJobs)
    .where(ownedWhere(backgroundJobs, tenantId, { kind, subjectId: voucherId, id: jobId }))
    .limit(1);
  return row ?? null;
}

/** The tenant's time zone, in which the export writes times. */
export async function tenantTimezone(db: Db, tenantId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: tenants.timezone })
    .from(tenants)
    .where(isTenant(tenantId))
    .limit(1);
  return row?.timezone ?? 'Asia/Kuala_Lumpur';
}

/**
 * Adds one code issued to a customer (by a reward), with the id the caller chose; answers the
 * row, or null when the code is taken already (the caller draws another).
 */
export async function insertIssuedCode(
  tx: Db,
  tenantId: string,
  code: { id: string; voucherId: string; code: string; customerId: string; rewardId: string },
) {
  const [row] = await tx
    .insert(voucherCodes)
    .values({ ...code, tenantId, voucherId: ownedId(vouchers, tenantId, code.voucherId) })
    .onConflictDoNothing({ target: [voucherCodes.tenantId, voucherCodes.code] })
    .returning();
  return row ?? null;
}
