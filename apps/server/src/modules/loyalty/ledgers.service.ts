import type { PointsEntryKind, WalletEntryKind } from '@kopi/contract';
import type { Db } from '../../db/database';
import { type Reason, reasonColumns } from '../../lib/coded-reason';
import { AppError } from '../../lib/errors';
import * as repo from './ledgers.repo';

// The one way money or points move for a customer, whichever channel asks (POS, app, refund,
// staff, sweeper): `postWallet` and `postPoints` inside the caller's transaction. Each locks the
// customer row, answers a key already posted with its entry (a retry posts nothing), refuses a
// balance below zero, and appends the entry with its balance after.

/** Who writes an entry: a staff member, the customer in the app, or the system. */
export type LedgerActor =
  | { kind: 'staff'; id: string; name: string }
  | { kind: 'customer'; id: string; name: string }
  | { kind: 'system'; name: string };

interface EntryBase {
  tenantId: string;
  customerId: string;
  /** The same key is the same entry: `order:<id>:spend`, `topup:<payment id>`, … */
  idempotencyKey: string;
  actor: LedgerActor;
  orderId?: string | null;
  refundId?: string | null;
  /** Coded when the system writes it; a string is what a staff member typed (an adjustment). */
  reason?: Reason;
}

export interface WalletPost extends EntryBase {
  kind: WalletEntryKind;
  /** Signed sen: negative takes from the wallet. */
  amount: number;
  paymentId?: string | null;
  /** A credit beyond this balance is refused (top-ups); refunds and rewards pass null. */
  maxBalance?: number | null;
  /** A blocked customer's wallet cannot be charged or topped up (refunds and staff still can). */
  refuseBlocked?: boolean;
  /** Take at most what the balance holds instead of refusing (taking a reward back). */
  clampToBalance?: boolean;
}

export interface PointsPost extends EntryBase {
  kind: PointsEntryKind;
  points: number;
  /** Sen towards spend over 12 months (the order's, negative on reverse). */
  spend?: number;
  /**
   * Take at most what the balance holds instead of refusing (reversing points already redeemed
   * or expiring): the entry records what was taken.
   */
  clampToBalance?: boolean;
}

export interface Posted<E> {
  entry: E;
  /** True when the key was already posted: nothing new was written. */
  duplicate: boolean;
}

const actorColumns = (actor: LedgerActor) => ({
  actorKind: actor.kind,
  actorId: actor.kind === 'system' ? null : actor.id,
  actorName: actor.name,
});

async function lockedCustomer(tx: Db, tenantId: string, customerId: string) {
  const customer = await repo.lockCustomer(tx, tenantId, customerId);
  if (!customer) throw new AppError('not_found');
  return customer;
}

/** Posts to the wallet; a clamped movement with nothing left to take posts nothing (null). */
export async function postWallet(
  tx: Db,
  post: WalletPost,
): Promise<Posted<repo.WalletEntryRow> | null> {
  const customer = await lockedCustomer(tx, post.tenantId, post.customerId);
  // Under the lock: a concurrent post with the same key has committed or is queued behind us.
  const existing = await repo.walletEntryByKey(tx, post.tenantId, post.idempotencyKey);
  if (existing) return { entry: existing, duplicate: true };
  if (post.refuseBlocked && customer.status !== 'active') throw new AppError('customer_blocked');
  if (customer.anonymisedAt && post.amount > 0) throw new AppError('customer_anonymised');
  const amount =
    post.clampToBalance && post.amount < 0
      ? Math.max(post.amount, -customer.walletBalance)
      : post.amount;
  if (amount === 0) return null;
  const balanceAfter = customer.walletBalance + amount;
  if (balanceAfter < 0) throw new AppError('insufficient_wallet_balance');
  if (amount > 0 && post.maxBalance != null && balanceAfter > post.maxBalance) {
    throw new AppError('wallet_balance_limit');
  }
  const entry = await repo.appendWalletEntry(tx, {
    tenantId: post.tenantId,
    customerId: post.customerId,
    kind: post.kind,
    amount,
    balanceAfter,
    idempotencyKey: post.idempotencyKey,
    orderId: post.orderId ?? null,
    refundId: post.refundId ?? null,
    paymentId: post.paymentId ?? null,
    ...reasonColumns(post.reason),
    ...actorColumns(post.actor),
  });
  return { entry, duplicate: false };
}

/** Posts points; a zero movement (nothing left to take) posts nothing and answers null. */
export async function postPoints(
  tx: Db,
  post: PointsPost,
): Promise<Posted<repo.PointsEntryRow> | null> {
  const customer = await lockedCustomer(tx, post.tenantId, post.customerId);
  const existing = await repo.pointsEntryByKey(tx, post.tenantId, post.idempotencyKey);
  if (existing) return { entry: existing, duplicate: true };
  const points =
    post.clampToBalance && post.points < 0 ? Math.max(post.points, -customer.points) : post.points;
  if (points === 0 && (post.spend ?? 0) === 0) return null;
  const balanceAfter = customer.points + points;
  if (balanceAfter < 0) throw new AppError('insufficient_points');
  const entry = await repo.appendPointsEntry(tx, {
    tenantId: post.tenantId,
    customerId: post.customerId,
    kind: post.kind,
    points,
    balanceAfter,
    spend: post.spend ?? 0,
    idempotencyKey: post.idempotencyKey,
    orderId: post.orderId ?? null,
    refundId: post.refundId ?? null,
    ...reasonColumns(post.reason),
    ...actorColumns(post.actor),
  });
  return { entry, duplicate: false };
}
