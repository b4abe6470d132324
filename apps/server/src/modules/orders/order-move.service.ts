import {
  type ApprovalInput,
  canMoveOrder,
  codedReason,
  needsApproval,
  type OrderStatus,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { auditRow } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import {
  type ApprovalService,
  type VerifiedApproval,
  verifyApproval,
} from '../approvals/approvals.service';
import { rewardOnCompletion } from '../loyalty/referrals.service';
import { giveBackVoucher } from '../vouchers/voucher-redemption.service';
import * as customersRepo from './order-customers.repo';
import * as moves from './order-moves.repo';
import { STAFF_MOVES } from './order-view';
import type { RefundOwedHook } from './orders.service';
import type * as repo from './orders.repo';

// The status board's moves of an order (DESIGN §4): one statement writes the order, its history,
// notification, audit entry and live event. Rejecting a paid order is a void: it takes
// void-order or a manager's PIN (action order_void, decision 055), recorded in the move's
// transaction; an unpaid order is rejected as before.

export function createOrderMove({
  db,
  now,
  announce,
  onRefundOwed,
  approvals,
  requireVisible,
}: {
  db: Db;
  now: Clock;
  announce: boolean;
  onRefundOwed: RefundOwedHook;
  approvals: ApprovalService;
  requireVisible: (
    ctx: AuthedContext,
    id: string,
  ) => Promise<{ tenantId: string; order: repo.OrderRow; callerName: string | null }>;
}) {
  /** A reject of a paid order: the manager's PIN checked (null when the caller needs none). */
  async function voidApproval(
    ctx: AuthedContext,
    id: string,
    move: { status: OrderStatus; approval?: ApprovalInput | undefined },
  ): Promise<VerifiedApproval | null> {
    if (move.status !== 'REJECTED') return null;
    const { order } = await requireVisible(ctx, id);
    if (order.paid - order.refunded <= 0) return null;
    return verifyApproval(approvals, ctx, {
      action: 'order_void',
      outletId: order.outletId,
      approval: move.approval,
    });
  }

  /**
   * The move itself, without reading the order back (the demo seed makes hundreds); a reject
   * records the manager's approval `voidApproval` answered in its transaction.
   */
  async function move(
    ctx: AuthedContext,
    id: string,
    move: { status: OrderStatus; reason?: string | undefined },
    approved: VerifiedApproval | null = null,
  ) {
    const { tenantId, order, callerName } = await requireVisible(ctx, id);
    const from = order.status as OrderStatus;
    const to = move.status;
    const refuse = (message: string) => new AppError('invalid_status_transition', { message });
    if (!canMoveOrder(from, to)) {
      throw refuse(`An order that is ${from} cannot move to ${to}`);
    }
    if (!STAFF_MOVES.includes(to)) {
      throw refuse(
        to === 'CLOSED'
          ? 'Orders are closed by closing the day'
          : 'An order becomes PENDING when it is paid',
      );
    }
    const at = now();
    const reason = move.reason || null;
    const byName = callerName ?? ctx.principal.username;
    const verbs = { APPROVED: 'accepted', COMPLETED: 'ready', REJECTED: 'rejected' } as const;
    const keys = {
      APPROVED: 'orderAccepted',
      COMPLETED: 'orderReady',
      REJECTED: 'orderRejected',
    } as const;
    const moveAudit = auditRow(ctx, {
      action: 'order.status',
      entity: 'order',
      entityId: id,
      before: { status: from },
      after: { status: to, reason },
    });
    // One statement: the move with its history, audit entry, notification and live event.
    const record = (into: Db) =>
      moves.recordMove(into, {
        tenantId,
        orderId: id,
        outletId: order.outletId,
        from,
        to,
        at,
        byUserId: ctx.principal.userId,
        byName,
        reason,
        // The statement adds refund_due when a rejected order is owed one.
        audit: moveAudit,
        notification: announce
          ? {
              verb: verbs[to as keyof typeof verbs],
              body: reason ? `${byName}: ${reason}` : `by ${byName}`,
              titleKey: keys[to as keyof typeof keys],
              params: { by: byName, reason },
            }
          : null,
        liveEvent: announce,
      });
    // A completed order of a referred customer may reward the referral: in the move's
    // transaction, the order row and the referral's rows locked before the move's statement.
    const moved =
      to === 'REJECTED'
        ? await db.transaction(async (tx) => {
            // The order row, then the voucher's, before the move takes the live-event lock.
            const head = await customersRepo.lockOrder(tx, tenantId, id);
            if (head?.status !== from) return false;
            // Under the order's lock: the reject of a paid order needs its approval.
            const paid = head.paid - head.refunded > 0;
            const holder = !needsApproval('order_void', new Set(ctx.principal.permissions));
            if (paid && !approved && !holder) throw new AppError('approval_required');
            await giveBackVoucher(tx, {
              tenantId,
              orderId: id,
              reason: codedReason('order_rejected', { note: reason }),
              at,
              cause: moveAudit,
            });
            const recorded = await record(tx);
            if (recorded && approved) {
              await approvals.record(tx, ctx, approved, id, { paid: head.paid, reason });
            }
            return recorded;
          })
        : to === 'COMPLETED'
          ? await db.transaction(async (tx) => {
              const head = await customersRepo.lockOrder(tx, tenantId, id);
              if (head?.status !== from) return false;
              if (head.customerId) {
                await rewardOnCompletion(tx, {
                  tenantId,
                  customerId: head.customerId,
                  orderId: id,
                  paid: head.paid - head.refunded,
                  at,
                });
              }
              return record(tx);
            })
          : await record(db);
    // Someone else moved it first: their move stands, this one is refused like any other.
    if (!moved) throw refuse('The order has just been moved by someone else; reload it');
    if (to === 'REJECTED') await onRefundOwed(ctx, tenantId, id, byName);
    return { tenantId };
  }

  return { move, voidApproval };
}
