import { businessDate, type RefundCreate, type RefundStatus } from '@kopi/contract';
import type { Db } from '../../db/database';
import { auditRow } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../lib/request-context';
import { refundNotice } from './refund-notice';
import * as writes from './refund-writes.repo';
import * as repo from './refunds.repo';

// Refunds nobody asks for by hand: what a paid order is owed once rejected or cancelled (or a
// payment that came after the cancel), and paying refunds back through an online payment's
// provider, whose callback settles them.

/** What the refunds need of the payments: paying an approved refund back through a provider. */
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
  /** After the approval commits: asks the provider. */
  send(tenantId: string, refundId: string): Promise<void>;
}

/** Refunds an error of this kind leave nothing to give back, so none is owed. */
const NOTHING_OWED: readonly string[] = ['refund_exceeds_paid', 'refund_order_not_paid'];

export function createAutomaticRefunds({
  db,
  now,
  announce,
  payouts,
}: {
  db: Db;
  now: Clock;
  announce: boolean;
  payouts?: RefundPayoutPort;
}) {
  const noticeOf = (status: RefundStatus, by: string, reason: string | null) =>
    refundNotice(announce, status, by, reason);

  /** An approved `original` refund of an online payment goes back through its provider. */
  const payoutOf = (
    tenantId: string,
    method: string,
    required: boolean,
  ): writes.RefundMoveWrite['payout'] =>
    payouts && method === 'original'
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

  /**
   * A refund the system asked for (a paid order rejected or cancelled): approved on the spot
   * when its provider pays it back, which needs nobody's judgement; left PENDING for review
   * otherwise (cash and terminal refunds are handed back by staff).
   */
  async function approveThroughProvider(ctx: RequestContext, tenantId: string, id: string) {
    const payout = payoutOf(tenantId, 'original', true);
    if (!payout) return;
    const by = 'Automatic refund';
    const { moved, byProvider } = await writes.moveRefund(db, {
      tenantId,
      refundId: id,
      from: 'PENDING',
      to: 'APPROVED',
      at: now(),
      byUserId: null,
      byName: by,
      reason: 'Paid back through the payment provider',
      transferReference: null,
      businessDate: null,
      audit: auditRow(ctx, {
        action: 'refund.status',
        entity: 'refund',
        entityId: id,
        tenantId,
        before: { status: 'PENDING' },
        after: { status: 'APPROVED', automatic: true },
      }),
      notice: noticeOf('APPROVED', by, null),
      payout,
    });
    if (moved && byProvider) await payouts?.send(tenantId, id);
  }

  return {
    payoutOf,

    /**
     * The refunds a paid order is owed once rejected or cancelled: in full, one back to its
     * non-cash payments (original) and one in cash when it was paid in cash; or, for a payment
     * that arrived after the order stopped waiting for it, that payment alone. Each is asked for
     * once (its Idempotency-Key is the order's or the payment's), so a retried rejection or a
     * repeated callback never makes a second; nothing is made when nothing remains to give
     * back. One going back through an online payment's provider is approved and paid at once;
     * the others land PENDING for review. Answers the ids of the refunds the order is owed.
     */
    async refundOwed(
      ctx: RequestContext,
      tenantId: string,
      orderId: string,
      byName: string,
      latePayment?: { paymentId: string; amount: number },
    ): Promise<string[]> {
      const state = await writes.refundStateOf(db, tenantId, orderId, null);
      if (!state) return [];
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
            ...(state.payments.some((p) => p.method !== 'cash') ? (['original'] as const) : []),
            ...(state.payments.some((p) => p.method === 'cash') ? (['cash'] as const) : []),
          ].map((method) => ({
            input: { order_id: orderId, kind: 'full', method, reason: 'order_cancelled' },
            key: `owed:${orderId}:${method}`,
          }));
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
      }
      return ids;
    },

    /**
     * The provider has answered for all of a refund, in its callback's transaction: completed
     * on the outlet's business day of that moment, or left APPROVED for the staff when it failed.
     */
    async settleByProvider(
      tx: Db,
      s: {
        tenantId: string;
        refundId: string;
        outcome: 'succeeded' | 'failed';
        by: string;
        ctx: RequestContext;
      },
    ) {
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
        businessDate: businessDate(at, found.timezone, found.cutoffHour),
        audit: audit({ status: 'COMPLETED', amount: found.refund.amount }),
        notice: noticeOf('COMPLETED', s.by, null),
        providerPayout: 'succeeded',
      });
    },
  };
}
