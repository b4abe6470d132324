import {
  businessDate,
  defaultLocale,
  type Refund,
  type RefundCreate,
  type RefundListQuery,
  type RefundMove,
  type RefundStatus,
  refundSortKeys,
  refundStatuses,
  type Refundable,
  type refundExportQuerySchema,
} from '@kopi/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { auditRow } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { encodeImage } from '../../lib/images';
import { readPrivateFile, removePrivateFile, savePrivateFile } from '../../lib/private-files';
import { offsetOf, pageAnswer, parseSort } from '../../lib/paging';
import type { AuthedContext, RequestContext } from '../../lib/request-context';
import { boundOutletOf, tenantIdOf } from '../../lib/tenant-scope';
import { refundsCsv } from './refund-export';
import { refundableOf } from './refund-rules';
import { moveRefusal, toRefund, toSummary } from './refund-view';
import * as writes from './refund-writes.repo';
import * as repo from './refunds.repo';

// Refunds (DESIGN §4, §10): asking for one, the review (approve or reject, never one's own, a
// manager only up to the tenant's limit), paying it out (straight away, or by bank transfer
// with its reference and proof) and completing it on the outlet's business day of that moment.

export interface RefundServiceDeps {
  db: Db;
  now: Clock;
  dataDir: string;
  /** Publish live events and notifications: off only for the demo seed's back-filled history. */
  announce?: boolean;
  /** The most rows an export writes; more is refused (tests lower it). */
  exportMaxRows?: number;
  /** Refunds paid back through an online payment's provider (the payments module, in app.ts). */
  payouts?: RefundPayoutPort;
}

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

type RefundExportQuery = z.infer<typeof refundExportQuerySchema>;

const EXPORT_MAX_ROWS = 50_000;
const NOTHING_OWED: readonly string[] = ['refund_exceeds_paid', 'refund_order_not_paid'];
const PROOF_SIZES = [{ name: 'proof', size: 1600 }] as const;
/** Transfer proofs show a bank account: private files, never under the public /uploads. */
const PROOF_FOLDER = 'refund-proofs';
/** A transfer's proof belongs to a bank-transfer refund between approval and completion. */
const PROOF_STATUSES: readonly string[] = ['APPROVED', 'WAITING TRANSFER', 'TRANSFERED'];

export function createRefundService({
  db,
  now,
  dataDir,
  announce = true,
  exportMaxRows = EXPORT_MAX_ROWS,
  payouts,
}: RefundServiceDeps) {
  /** The bell for the steps someone acts on next: review, pay out, and the requester's news. */
  const noticeOf = (
    status: RefundStatus,
    by: string,
    reason: string | null,
  ): writes.RefundNotice => {
    const words: Partial<Record<RefundStatus, [string, string]>> = {
      PENDING: ['requested', 'refundRequested'],
      APPROVED: ['approved', 'refundApproved'],
      COMPLETED: ['completed', 'refundCompleted'],
    };
    const w = words[status];
    return {
      notification:
        announce && w
          ? { verb: w[0], titleKey: w[1], body: reason ? `${by}: ${reason}` : `by ${by}` }
          : null,
      liveEvent: announce,
    };
  };
  const caller = (ctx: AuthedContext) => ({
    userId: ctx.principal.userId,
    outletId: boundOutletOf(ctx),
  });

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

  async function requireVisible(ctx: AuthedContext, id: string) {
    const tenantId = tenantIdOf(ctx);
    const found = await repo.findById(db, tenantId, id, caller(ctx));
    if (!found) throw new AppError('not_found');
    return { tenantId, found };
  }

  async function get(ctx: AuthedContext, id: string): Promise<Refund> {
    const { tenantId, found } = await requireVisible(ctx, id);
    return toRefund(found, await repo.detailsOf(db, tenantId, id), ctx.principal);
  }

  /** The list's filter; outlet-bound staff naming another outlet get 404, as everywhere. */
  function filterOf(ctx: AuthedContext, q: RefundExportQuery): repo.RefundFilter {
    const bound = boundOutletOf(ctx);
    if (bound && q.outlet_id && q.outlet_id !== bound) throw new AppError('not_found');
    return {
      boundOutletId: bound,
      outletId: q.outlet_id,
      status: q.status,
      method: q.method,
      from: q.from,
      to: q.to,
      q: q.q,
    };
  }
  // Newest first unless the caller sorts.
  const sortOf = (q: RefundExportQuery) =>
    q.sort ? parseSort(q.sort, refundSortKeys, 'created') : { key: 'created' as const, desc: true };

  return {
    get,

    async list(ctx: AuthedContext, q: RefundListQuery) {
      const tenantId = tenantIdOf(ctx);
      const page = await repo.listPage(
        db,
        tenantId,
        filterOf(ctx, q),
        sortOf(q),
        q.page_size,
        offsetOf(q),
      );
      return pageAnswer(q, page, toSummary);
    },

    async statusCounts(ctx: AuthedContext, q: RefundExportQuery) {
      const rows = await repo.statusCounts(db, tenantIdOf(ctx), filterOf(ctx, q));
      const counts = Object.fromEntries(refundStatuses.map((s) => [s, 0])) as Record<
        RefundStatus,
        number
      >;
      for (const r of rows) counts[r.status as RefundStatus] = r.n;
      return counts;
    },

    /** The list's filters, every row (up to 50,000, else export_too_large), as CSV. */
    async exportCsv(ctx: AuthedContext, q: RefundExportQuery) {
      const rows = await repo.exportRows(
        db,
        tenantIdOf(ctx),
        filterOf(ctx, q),
        sortOf(q),
        exportMaxRows + 1,
      );
      if (rows.length > exportMaxRows) {
        throw new AppError('export_too_large', {
          message: `More than ${exportMaxRows.toLocaleString('en')} refunds match. Narrow the dates or filters and export again.`,
        });
      }
      const stamp = businessDate(now(), 'Asia/Kuala_Lumpur', 0).replaceAll('-', '');
      return {
        filename: `refunds-${stamp}.csv`,
        body: refundsCsv(rows, q.lang ?? defaultLocale),
      };
    },

    /** GET /api/orders/{id}/refundable. */
    async refundable(ctx: AuthedContext, orderId: string): Promise<Refundable> {
      const state = await writes.refundStateOf(db, tenantIdOf(ctx), orderId, boundOutletOf(ctx));
      if (!state) throw new AppError('not_found');
      return refundableOf(state);
    },

    /** POST /api/refunds: lands PENDING, never taking more than the order has left to give. */
    async create(
      ctx: AuthedContext,
      input: RefundCreate,
      idempotencyKey: string | null,
    ): Promise<Refund> {
      const tenantId = tenantIdOf(ctx);
      const { bank: _bank, ...logged } = input;
      const created = await writes.createRefund(db, {
        tenantId,
        boundOutletId: boundOutletOf(ctx),
        input,
        at: now(),
        byUserId: ctx.principal.userId,
        idempotencyKey,
        audit: auditRow(ctx, {
          action: 'refund.create',
          entity: 'refund',
          // The account number stays out of the trail; the bank and holder are enough.
          after: { ...logged, ...(input.bank ? { bank_code: input.bank.bank_code } : {}) },
        }),
        notice: noticeOf('PENDING', ctx.principal.username, input.reason_note || null),
      });
      if (!created) throw new AppError('not_found');
      if (created.existing) {
        // Only the one who sent the key gets its refund again.
        if (created.existing.requestedBy !== ctx.principal.userId) {
          throw new AppError('idempotency_key_reused');
        }
        return get(ctx, created.existing.id);
      }
      return get(ctx, created.refund.id);
    },

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

    /** POST /api/refunds/{id}/status. */
    async move(ctx: AuthedContext, id: string, move: RefundMove): Promise<Refund> {
      const { tenantId, found } = await requireVisible(ctx, id);
      const refund = found.refund;
      const refusal = moveRefusal(ctx.principal, refund, move.status, found.managerLimit);
      if (refusal) throw new AppError(refusal.code, { message: refusal.message });
      const at = now();
      const reason = move.reason || null;
      const moved = await writes.moveRefund(db, {
        tenantId,
        refundId: id,
        from: refund.status,
        to: move.status,
        at,
        byUserId: ctx.principal.userId,
        byName: found.callerName ?? ctx.principal.username,
        reason,
        transferReference: move.status === 'TRANSFERED' ? (move.transfer_reference ?? null) : null,
        // Counted on the outlet's business day it completes, even when the order's day is closed.
        businessDate:
          move.status === 'COMPLETED' ? businessDate(at, found.timezone, found.cutoffHour) : null,
        audit: auditRow(ctx, {
          action: 'refund.status',
          entity: 'refund',
          entityId: id,
          before: { status: refund.status },
          after: {
            status: move.status,
            reason,
            amount: refund.amount,
            ...(move.transfer_reference ? { transfer_reference: move.transfer_reference } : {}),
          },
        }),
        notice: noticeOf(move.status, found.callerName ?? ctx.principal.username, reason),
        payout: move.status === 'APPROVED' ? payoutOf(tenantId, refund.method, false) : undefined,
      });
      if (!moved.moved) {
        throw new AppError('invalid_status_transition', {
          message: 'The refund has just been moved by someone else; reload it',
        });
      }
      if (moved.byProvider) await payouts?.send(tenantId, id);
      return get(ctx, id);
    },

    /** GET /api/refunds/{id}/proof: the transfer's proof, for those who record transfers. */
    async proof(ctx: AuthedContext, id: string) {
      const { found } = await requireVisible(ctx, id);
      const body = await readPrivateFile(dataDir, PROOF_FOLDER, found.refund.proofKey);
      if (!body) throw new AppError('not_found');
      return {
        filename: `${found.refund.refundNo}-proof.webp`,
        body,
        contentType: 'image/webp',
        inline: true,
      };
    },

    /** POST /api/refunds/{id}/proof: the bank transfer's proof, re-encoded, kept private. */
    async setProof(ctx: AuthedContext, id: string, file: Buffer): Promise<Refund> {
      const { tenantId, found } = await requireVisible(ctx, id);
      if (found.refund.method !== 'bank_transfer') throw new AppError('refund_method_unavailable');
      if (!PROOF_STATUSES.includes(found.refund.status)) {
        throw new AppError('invalid_status_transition', {
          message: `A proof is kept between approval and completion, not on a ${found.refund.status} refund`,
        });
      }
      const [encoded] = await encodeImage(file, PROOF_SIZES);
      const key = await savePrivateFile(dataDir, PROOF_FOLDER, encoded!, 'webp');
      let replaced;
      try {
        replaced = await writes.setProof(
          db,
          tenantId,
          id,
          key,
          auditRow(ctx, {
            action: 'refund.proof',
            entity: 'refund',
            entityId: id,
            before: { proof: found.refund.proofKey },
            after: { proof: key },
          }),
        );
      } catch (error) {
        await removePrivateFile(dataDir, PROOF_FOLDER, key);
        throw error;
      }
      await removePrivateFile(dataDir, PROOF_FOLDER, replaced?.previous ?? null);
      return get(ctx, id);
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
