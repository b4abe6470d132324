import {
  type CodedReason,
  codedReason,
  type RefundCreate,
  type RefundStatus,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { auditRow } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { completionBooking, completionOfRefund, type RefundDrawers } from './refund-booking';
import { ledgersOnCompletion } from './refund-ledgers';
import { refundNotice } from './refund-notice';
import { refundableOf } from './refund-rules';
import * as refundState from './refund-state.repo';
import * as writes from './refund-writes.repo';
import * as repo from './refunds.repo';

// Refunds nobody asks for by hand: what a paid order is owed once rejected or cancelled (or a
// payment that came after the cancel), paying refunds back through an online payment's provider,
// whose callback settles them, and giving a wallet payment back to the wallet at once.

/**
 * The refunds' own answer to a provider that has paid back (or failed to pay back) all of a
 * refund, in the transaction that claimed the provider's answer.
 */
export type RefundSettle = (
  tx: Db,
  settled: {
    tenantId: string;
    refundId: string;
    outcome: 'succeeded' | 'failed';
    /** The provider, as the refund's history and audit trail name it. */
    by: string;
    ctx: RequestContext;
  },
) => Promise<void>;

/** What the refunds need of the payments: paying an approved refund back through a provider. */
export interface RefundPayoutPort {
  /** In the approval's transaction: true when the provider pays it back (requests recorded). */
  plan(
    tx: Db,
    refund: {
      tenantId: string;
      refundId: string;
      orderId: string;
      paymentMethod: string;
      amount: number;
    },
  ): Promise<boolean>;
  /**
   * After the approval commits: asks the provider. A provider that answers at once (a gateway's
   * refund API) is settled through `settle` there and then.
   */
  send(tenantId: string, refundId: string, settle: RefundSettle): Promise<void>;
}

/** How the history and the audit trail name the system's moves. */
const AUTOMATIC = 'Automatic refund';

/** Refunds an error of this kind leave nothing to give back, so none is owed. */
const NOTHING_OWED: readonly string[] = ['refund_exceeds_paid', 'refund_order_not_paid'];

export function createAutomaticRefunds({
  db,
  now,
  announce,
  payouts,
  drawers,
}: {
  db: Db;
  now: Clock;
  announce: boolean;
  payouts: RefundPayoutPort;
  drawers: RefundDrawers;
}) {
  const noticeOf = (status: RefundStatus, by: string, reason: string | null) =>
    refundNotice(announce, status, by, reason);

  /** An approved `original` refund of an online payment goes back through its provider. */
  const payoutOf = (
    tenantId: string,
    method: string,
    required: boolean,
  ): writes.RefundMoveWrite['payout'] =>
    method === 'original'
      ? {
          required,
          plan: (tx, r) =>
            payouts.plan(tx, {
              tenantId,
              refundId: r.id,
              orderId: r.orderId,
              paymentMethod: r.paymentMethod ?? '',
              amount: r.amount,
            }),
        }
      : undefined;

  /** A move the system makes (no staff member), with its audit entry and notice. */
  const systemMove = (
    ctx: RequestContext,
    tenantId: string,
    id: string,
    step: { from: RefundStatus; to: RefundStatus; reason: CodedReason | null },
    extra: Partial<writes.RefundMoveWrite> = {},
  ) =>
    writes.moveRefund(db, {
      tenantId,
      refundId: id,
      ...step,
      at: now(),
      byUserId: null,
      byName: AUTOMATIC,
      transferReference: null,
      audit: auditRow(ctx, {
        action: 'refund.status',
        entity: 'refund',
        entityId: id,
        tenantId,
        before: { status: step.from },
        after: { status: step.to, automatic: true },
      }),
      notice: noticeOf(step.to, AUTOMATIC, null),
      ...extra,
    });

  /**
   * A refund the system asked for (a paid order rejected or cancelled): approved on the spot
   * when its provider pays it back, which needs nobody's judgement; left PENDING for review
   * otherwise (cash and terminal refunds are handed back by staff).
   */
  async function approveThroughProvider(ctx: RequestContext, tenantId: string, id: string) {
    const payout = payoutOf(tenantId, 'original', true)!;
    const { moved, byProvider } = await systemMove(
      ctx,
      tenantId,
      id,
      { from: 'PENDING', to: 'APPROVED', reason: codedReason('paid_back_by_provider', {}) },
      { payout },
    );
    if (moved && byProvider) await sendPayout(tenantId, id);
  }

  /**
   * A wallet payment the system owes back goes back to the wallet at once, which needs nobody's
   * judgement: approved, then completed on the outlet's business day. Each step moves only from
   * its status, so a retry picks up where an earlier attempt stopped.
   */
  async function completeToWallet(ctx: RequestContext, tenantId: string, id: string) {
    const reason = codedReason('given_back_to_wallet', {});
    await systemMove(ctx, tenantId, id, { from: 'PENDING', to: 'APPROVED', reason });
    const found = await repo.findById(db, tenantId, id, { userId: null, outletId: null });
    if (found?.refund.status !== 'APPROVED') return;
    const at = now();
    await systemMove(
      ctx,
      tenantId,
      id,
      { from: 'APPROVED', to: 'COMPLETED', reason: null },
      {
        at,
        book: completionBooking(
          drawers,
          completionOfRefund(found, { tenantId, completer: null, at }),
        ),
        onComplete: ledgersOnCompletion(tenantId, { kind: 'system', name: AUTOMATIC }, at),
      },
    );
  }

  /**
   * The provider has answered for all of a refund, in its callback's transaction: completed
   * on the outlet's business day of that moment, or left APPROVED for the staff when it failed.
   */
  const settleByProvider: RefundSettle = async (tx, s) => {
    const found = await repo.findById(tx, s.tenantId, s.refundId, {
      userId: null,
      outletId: null,
    });
    if (!found || found.refund.status !== 'APPROVED') return;
    const audit = (after: Record<string, unknown>) => ({
      ...auditRow(s.ctx, {
        action: s.outcome === 'succeeded' ? 'refund.status' : 'refund.payout_failed',
        entity: 'refund',
        entityId: s.refundId,
        tenantId: s.tenantId,
        before: { status: 'APPROVED' },
        after,
      }),
      actorId: null,
      actorUsername: s.by,
    });
    if (s.outcome === 'failed') {
      await writes.markPayoutFailed(tx, {
        tenantId: s.tenantId,
        refundId: s.refundId,
        by: s.by,
        audit: audit({ provider_payout: 'failed', amount: found.refund.amount }),
        notice: {
          notification: announce
            ? { verb: 'could not be paid back', titleKey: 'refundPayoutFailed', body: s.by }
            : null,
          liveEvent: announce,
        },
      });
      return;
    }
    const at = now();
    await writes.moveRefund(tx, {
      tenantId: s.tenantId,
      refundId: s.refundId,
      from: 'APPROVED',
      to: 'COMPLETED',
      at,
      byUserId: null,
      byName: s.by,
      reason: null,
      transferReference: null,
      book: completionBooking(
        drawers,
        completionOfRefund(found, { tenantId: s.tenantId, completer: null, at }),
      ),
      audit: audit({ status: 'COMPLETED', amount: found.refund.amount }),
      notice: noticeOf('COMPLETED', s.by, null),
      providerPayout: 'succeeded',
      onComplete: ledgersOnCompletion(s.tenantId, { kind: 'system', name: s.by }, at),
    });
  };

  /** Asks the provider to pay an approved refund back, settling it here when it answers at once. */
  const sendPayout = (tenantId: string, refundId: string) =>
    payouts.send(tenantId, refundId, settleByProvider);

  return {
    payoutOf,
    sendPayout,
    settleByProvider,

    /**
     * The refunds a paid order is owed once rejected or cancelled: in full, one to the wallet
     * for what its wallet payments paid, one back to its other non-cash payments (original) and
     * one in cash when it was paid in cash; or, for a payment that arrived after the order
     * stopped waiting for it, that payment alone. Each is asked for once (its Idempotency-Key is
     * the order's or the payment's), so a retried rejection or a repeated callback never makes a
     * second; nothing is made when nothing remains to give back. The wallet's is completed at
     * once, one going back through an online payment's provider is approved and paid at once;
     * the others land PENDING for review. Answers the ids of the refunds the order is owed.
     */
    async refundOwed(
      ctx: RequestContext,
      tenantId: string,
      orderId: string,
      byName: string,
      latePayment?: { paymentId: string; amount: number },
    ): Promise<string[]> {
      const state = await refundState.refundStateOf(db, tenantId, orderId, null);
      if (!state) return [];
      const paidBy = (test: (method: string) => boolean) =>
        state.payments.some((p) => test(p.method));
      // What the wallet paid and has not had back (0 when a retry finds it refunded already: the
      // refund's key then answers the refund it made).
      const walletLeft = refundableOf(state)
        .by_method.filter((m) => m.method === 'wallet')
        .reduce((sum, m) => sum + m.remaining, 0);
      const owed: { input: RefundCreate; key: string }[] = latePayment
        ? [
            {
              input: {
                order_id: orderId,
                kind: 'amount',
                amount: latePayment.amount,
                method: 'original',
                reason: 'order_cancelled',
              },
              key: `owed-payment:${latePayment.paymentId}`,
            },
          ]
        : [
            ...(paidBy((m) => m === 'wallet')
              ? [
                  {
                    input: {
                      order_id: orderId,
                      kind: 'amount',
                      amount: walletLeft,
                      method: 'wallet',
                      reason: 'order_cancelled',
                    } as const,
                    key: `owed:${orderId}:wallet`,
                  },
                ]
              : []),
            ...[
              ...(paidBy((m) => m !== 'cash' && m !== 'wallet') ? (['original'] as const) : []),
              ...(paidBy((m) => m === 'cash') ? (['cash'] as const) : []),
            ].map((method) => ({
              input: {
                order_id: orderId,
                kind: 'full',
                method,
                reason: 'order_cancelled',
              } as const,
              key: `owed:${orderId}:${method}`,
            })),
          ];
      const ids: string[] = [];
      for (const { input, key } of owed) {
        const created = await writes
          .createRefund(db, {
            tenantId,
            boundOutletId: null,
            input,
            at: now(),
            byUserId: ctx.principal?.userId ?? null,
            byName,
            idempotencyKey: key,
            audit: auditRow(ctx, {
              action: 'refund.create',
              entity: 'refund',
              tenantId,
              after: { ...input, automatic: true },
            }),
            notice: noticeOf('PENDING', byName, 'Paid order rejected or cancelled'),
          })
          .catch((error: unknown) => {
            // Nothing left by this method (refunded already, or by another refund): none owed.
            if (error instanceof AppError && NOTHING_OWED.includes(error.code)) return null;
            throw error;
          });
        const id = created?.refund?.id ?? created?.existing?.id;
        if (!id) continue;
        ids.push(id);
        // A retry finds it PENDING again when the first attempt stopped short of approving it.
        if (input.method === 'original') await approveThroughProvider(ctx, tenantId, id);
        if (input.method === 'wallet') await completeToWallet(ctx, tenantId, id);
      }
      return ids;
    },
  };
}
