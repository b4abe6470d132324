import type { Db } from '../../db/database';
import { postPoints, type LedgerActor } from './ledgers.service';
import * as settingsRepo from './settings.repo';

// Points follow paid money: earned when an order with a customer is paid (at the counter, or by
// the app's payment), taken back in proportion when it is refunded, each once per order or
// refund whatever retries deliver. The tier follows the points or spend of the last 12 months.

const system: LedgerActor = { kind: 'system', name: 'Kopi HQ' };

/** Points an amount earns: 1 point per RM 1 at a multiplier of 100, rounded down. */
export const pointsFor = (amountSen: number, pointsPerRm: number) =>
  Math.floor((amountSen * pointsPerRm) / 10_000);

export interface PaidOrder {
  tenantId: string;
  customerId: string;
  orderId: string;
  /** What was paid, in sen. */
  amount: number;
  at: Date;
}

/** Earns the order's points (once per order) and recalculates the tier. */
export async function earnForOrder(tx: Db, order: PaidOrder) {
  // Without a tier: 1 point per RM 1.
  const multiplier = (await settingsRepo.multiplierOf(tx, order.tenantId, order.customerId)) ?? 100;
  const posted = await postPoints(tx, {
    tenantId: order.tenantId,
    customerId: order.customerId,
    kind: 'earn',
    points: pointsFor(order.amount, multiplier),
    spend: order.amount,
    idempotencyKey: `order:${order.orderId}:earn`,
    orderId: order.orderId,
    actor: system,
  });
  if (posted && !posted.duplicate) {
    await recalculateTier(tx, order.tenantId, order.customerId, order.at);
  }
  return posted;
}

export interface RefundedOrder {
  tenantId: string;
  orderId: string;
  refundId: string;
  orderTotal: number;
  /** The order's completed refunds before and after this one, in sen. */
  refundedBefore: number;
  refundedAfter: number;
  at: Date;
}

/**
 * Takes back the share of the order's points this refund covers (once per refund). Points the
 * customer already spent are taken as far as the balance goes.
 */
export async function reverseForRefund(tx: Db, refund: RefundedOrder) {
  const earned = await settingsRepo.pointsOfOrder(tx, refund.tenantId, refund.orderId);
  if (!earned || refund.orderTotal <= 0) return null;
  const share = (refunded: number) =>
    Math.floor((earned.earned * Math.min(refunded, refund.orderTotal)) / refund.orderTotal);
  const posted = await postPoints(tx, {
    tenantId: refund.tenantId,
    customerId: earned.customerId,
    kind: 'reverse',
    points: -(share(refund.refundedAfter) - share(refund.refundedBefore)),
    spend: -(refund.refundedAfter - refund.refundedBefore),
    idempotencyKey: `refund:${refund.refundId}:reverse`,
    orderId: refund.orderId,
    refundId: refund.refundId,
    clampToBalance: true,
    actor: system,
  });
  if (posted && !posted.duplicate) {
    await recalculateTier(tx, refund.tenantId, earned.customerId, refund.at);
  }
  return posted;
}

/** Sets the highest tier whose threshold the last 12 months' points or spend reach. */
export async function recalculateTier(tx: Db, tenantId: string, customerId: string, at: Date) {
  const settings = await settingsRepo.settingsOf(tx, tenantId);
  const tiers = await settingsRepo.tiersOf(tx, tenantId);
  const year = await settingsRepo.rollingYear(tx, tenantId, customerId, at);
  const reached = settings.tierBasis === 'spend' ? year.spend : year.points;
  const tier = tiers.filter((t) => t.threshold <= reached).at(-1) ?? null;
  await settingsRepo.setTier(tx, tenantId, customerId, tier?.id ?? null);
  return tier;
}
