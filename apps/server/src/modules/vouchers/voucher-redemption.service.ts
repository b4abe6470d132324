import {
  type CodedReason,
  evaluateVoucher,
  type MobileVoucher,
  type OrderVoucher,
  type ServingMethod,
  type VoucherCartLine,
  type VoucherEvaluation,
  type VoucherSource,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import type { AuditRow } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import * as repo from './voucher-redemption.repo';
import { faceOf, rulesOf } from './voucher-view';

// A voucher on an order, redeemed exactly once (decision 052). The order core calls these inside
// the order's transaction, for the counter and the app alike: `claimVoucher` finds the code, locks
// the voucher row (then a unique code's row), counts what stands and applies evaluateVoucher;
// once the order row is written, `redeemClaimed` records the redemption and its counts under
// that same lock. Two tills racing for the last use queue on the lock: the second reads the
// first's count and is refused. A rejected or cancelled order or a full refund gives the
// redemption back (`giveBackVoucher`, the tenant's setting), once. Each redemption and each
// give-back is an audit entry of the voucher's own, written by whoever made the order or its move
// (the entry that caused it lends its actor and request: a customer only as their masked phone).

/** Where and for whom a code is used, with the cart priced as the order prices it. */
export interface VoucherUse {
  tenantId: string;
  code: string;
  outletId: string;
  /** The outlet's time zone: a voucher's days and hours are its wall clock. */
  timezone: string;
  source: VoucherSource;
  customerId: string | null;
  servingMethod: ServingMethod;
  at: Date;
  lines: VoucherCartLine[];
}

/** A voucher that applies to an order, held under its lock until the order is written. */
export interface ClaimedVoucher {
  voucher: repo.VoucherRow;
  codeId: string | null;
  code: string;
  discount: number;
}

const unknown = () => new AppError('voucher_unknown');

/**
 * The voucher's audit entry for what `cause` (the order's or its move's entry) did to it: the
 * same actor, tenant and request, the voucher as the entity. Only ids, the code and sen: no
 * customer's name or phone (decision 051).
 */
const voucherEntry = (
  cause: AuditRow,
  action: 'voucher.redeem' | 'voucher.give_back',
  voucherId: string,
  after: Record<string, unknown>,
): AuditRow => ({
  tenantId: cause.tenantId,
  actorId: cause.actorId,
  actorUsername: cause.actorUsername,
  ip: cause.ip,
  userAgent: cause.userAgent,
  requestId: cause.requestId,
  action,
  entity: 'voucher',
  entityId: voucherId,
  before: null,
  after,
});

/**
 * The voucher a code names and its unique code's row, locked when `lock` (the order's
 * transaction: the voucher row first, then the code's, always in that order). A code issued to
 * a customer is theirs: anyone else is told no voucher has it.
 */
async function findCode(db: Db, use: VoucherUse, lock: boolean) {
  const shared = await repo.sharedVoucher(db, use.tenantId, use.code);
  if (shared) {
    const voucher = lock ? await repo.voucherById(db, use.tenantId, shared.id, true) : shared;
    if (!voucher) throw unknown();
    return { voucher, code: null };
  }
  const found = await repo.uniqueCode(db, use.tenantId, use.code);
  if (!found) throw unknown();
  const voucher = await repo.voucherById(db, use.tenantId, found.voucherId, lock);
  const code = lock ? await repo.lockCode(db, use.tenantId, found.id) : found;
  if (!voucher || !code) throw unknown();
  if (code.customerId && use.customerId && code.customerId !== use.customerId) throw unknown();
  return { voucher, code };
}

/** Applies the voucher's rules with the counts standing now. */
async function evaluate(
  db: Db,
  use: VoucherUse,
  found: Awaited<ReturnType<typeof findCode>>,
): Promise<VoucherEvaluation> {
  const { voucher, code } = found;
  const byCustomer =
    use.customerId && voucher.perCustomerLimit != null
      ? await repo.customerRedemptions(db, use.tenantId, voucher.id, use.customerId)
      : 0;
  const rules = rulesOf(voucher);
  return evaluateVoucher(
    // A unique code is used once: a used one is a voucher with no use left, refused where
    // evaluateVoucher refuses a spent limit. A code issued to a customer needs that customer.
    {
      ...rules,
      ...(code?.redeemedAt ? { total_limit: 0 } : {}),
      ...(code?.customerId ? { requires_customer: true } : {}),
    },
    { lines: use.lines, serving_method: use.servingMethod },
    {
      at: use.at,
      timezone: use.timezone,
      outlet_id: use.outletId,
      source: use.source,
      customer_id: use.customerId,
      redeemed_total: voucher.redeemedCount,
      redeemed_by_customer: byCustomer,
    },
  );
}

/**
 * In the order's transaction, before the order is written: the voucher locked and applied.
 * Throws 409 `voucher_unknown` or `voucher_<reason>`; the transaction then writes nothing.
 */
export async function claimVoucher(tx: Db, use: VoucherUse): Promise<ClaimedVoucher> {
  const found = await findCode(tx, use, true);
  const result = await evaluate(tx, use, found);
  if (!result.ok) throw new AppError(`voucher_${result.reason}`);
  return {
    voucher: found.voucher,
    codeId: found.code?.id ?? null,
    code: use.code,
    discount: result.discount,
  };
}

/**
 * In the order's transaction, after the order row: the redemption, its counts and its audit
 * entry (`cause`: the order's own entry).
 */
export async function redeemClaimed(
  tx: Db,
  claimed: ClaimedVoucher,
  order: {
    tenantId: string;
    orderId: string;
    outletId: string;
    customerId: string | null;
    source: VoucherSource;
    businessDate: string;
    at: Date;
  },
  cause: AuditRow,
) {
  const written = await repo.recordRedemption(tx, {
    ...order,
    voucherId: claimed.voucher.id,
    codeId: claimed.codeId,
    code: claimed.code,
    discount: claimed.discount,
  });
  // The voucher and the order were just found in this tenant: never expected.
  if (!written) throw new Error('The voucher redemption was not written');
  await repo.writeAudit(
    tx,
    voucherEntry(cause, 'voucher.redeem', claimed.voucher.id, {
      order_id: order.orderId,
      code: claimed.code,
      source: order.source,
      discount: claimed.discount,
    }),
  );
}

/** The voucher as the order's answer shows it. */
export const orderVoucherOfClaim = (c: ClaimedVoucher | null): OrderVoucher | null =>
  c
    ? {
        id: c.voucher.id,
        code: c.code,
        name_en: c.voucher.nameEn,
        name_my: c.voucher.nameMy,
        discount: c.discount,
      }
    : null;

/** What gives a redemption back: the order's move, why, when, and the move's audit entry. */
export interface GiveBack {
  tenantId: string;
  reason: CodedReason;
  at: Date;
  /** The move's own entry: the give-back's entry takes its actor and request. */
  cause: AuditRow;
}

/** Under the voucher's lock, as every redemption takes it, so its count moves one at a time. */
async function giveBack(tx: Db, move: GiveBack, standing: repo.StandingRedemption) {
  await repo.voucherById(tx, move.tenantId, standing.voucherId, true);
  const returned = await repo.returnRedemption(tx, move.tenantId, {
    id: standing.id,
    voucherId: standing.voucherId,
    codeId: standing.codeId,
    reason: move.reason,
    at: move.at,
  });
  if (returned) {
    await repo.writeAudit(
      tx,
      voucherEntry(move.cause, 'voucher.give_back', standing.voucherId, {
        order_id: standing.orderId,
        code: standing.code,
        discount: standing.discount,
        reason_code: move.reason.code,
        reason_params: move.reason.params,
      }),
    );
  }
  return returned;
}

/**
 * In the transaction of an order's rejection, cancel or full refund, after the order's row and
 * before the tenant's live-event lock: gives the order's redemption back when the tenant does
 * so. Once: a redemption already returned (a second move, a second refund) is left alone.
 * Answers whether one was given back.
 */
export async function giveBackVoucher(
  tx: Db,
  move: GiveBack & { orderId: string },
): Promise<boolean> {
  const standing = await repo.standingRedemption(tx, move.tenantId, move.orderId);
  if (!standing?.giveBack) return false;
  return giveBack(tx, move, standing);
}

/**
 * The same for many orders at once (the day close expiring unpaid app orders): their rows
 * already locked, before the move that takes the live-event lock. The vouchers are locked in id
 * order, so two closes giving back the same vouchers queue instead of deadlocking. Answers how
 * many were given back.
 */
export async function giveBackVouchers(
  tx: Db,
  move: GiveBack & { orderIds: readonly string[] },
): Promise<number> {
  if (move.orderIds.length === 0) return 0;
  const standing = await repo.standingRedemptions(tx, move.tenantId, move.orderIds);
  let given = 0;
  for (const s of standing) {
    if (s.giveBack && (await giveBack(tx, move, s))) given += 1;
  }
  return given;
}

/** The voucher an order shows, or null. */
export async function orderVoucherOf(
  db: Db,
  tenantId: string,
  orderId: string,
): Promise<OrderVoucher | null> {
  const row = await repo.orderVoucher(db, tenantId, orderId);
  return row
    ? {
        id: row.id,
        code: row.code,
        name_en: row.nameEn,
        name_my: row.nameMy,
        discount: row.discount,
      }
    : null;
}

/** A preview: the voucher and how it applies to the cart now; nothing is locked or written. */
export async function previewVoucher(db: Db, use: VoucherUse) {
  const found = await findCode(db, use, false);
  const result = await evaluate(db, use, found);
  return {
    ok: result.ok,
    discount: result.ok ? result.discount : 0,
    reason: result.ok ? null : result.reason,
    voucher: faceOf(found.voucher),
  };
}

/** GET /api/mobile/vouchers: the codes issued to a customer that are still to be used. */
export async function customerVouchers(
  db: Db,
  tenantId: string,
  customerId: string,
): Promise<MobileVoucher[]> {
  const rows = await repo.issuedCodes(db, tenantId, customerId);
  return rows.map((r) => ({
    ...faceOf(r.voucher),
    code: r.code.code,
    issued_at: r.code.createdAt.toISOString(),
  }));
}
