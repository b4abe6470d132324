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
import { encodeImage, IMAGE_MAX_BYTES } from '../../lib/images';
import { isPdf } from '../../lib/uploads';
import { readPrivateFile, removePrivateFile, savePrivateFile } from '../../lib/private-files';
import { offsetOf, pageAnswer, parseSort } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { boundOutletOf, tenantIdOf } from '../../lib/caller-tenant';
import { createAutomaticRefunds, type RefundPayoutPort } from './automatic-refunds';
import { completionBooking, completionOfRefund, type RefundDrawers } from './refund-booking';
import { refundsCsv } from './refund-export';
import { ledgersOnCompletion } from './refund-ledgers';
import { refundNotice } from './refund-notice';
import { setProof } from './refund-proofs.repo';
import { refundableOf } from './refund-rules';
import { moveRefusal, orderLimitRefusal, toRefund, toSummary } from './refund-view';
import * as refundState from './refund-state.repo';
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
  /** Refunds paid back through an online payment's provider (the payments module). */
  payouts: RefundPayoutPort;
  /** The shifts whose drawers pay refunds back (the shifts module). */
  drawers: RefundDrawers;
}

type RefundExportQuery = z.infer<typeof refundExportQuerySchema>;

const EXPORT_MAX_ROWS = 50_000;
const PROOF_SIZES = [{ name: 'proof', size: 1600 }] as const;
/**
 * A transfer's proof as kept: a photo or screenshot re-encoded as WebP (no camera metadata), or
 * the bank's PDF slip as sent (checked by content, as large as an image may be).
 */
async function proofFile(file: Buffer): Promise<{ body: Buffer; extension: 'webp' | 'pdf' }> {
  if (isPdf(file)) {
    if (file.length > IMAGE_MAX_BYTES) throw new AppError('file_too_large');
    return { body: file, extension: 'pdf' };
  }
  try {
    const [encoded] = await encodeImage(file, PROOF_SIZES);
    return { body: encoded!, extension: 'webp' };
  } catch (error) {
    // Neither a picture nor a PDF: the refusal names both kinds a proof may be.
    if (error instanceof AppError && error.code === 'unsupported_file_type') {
      throw new AppError('unsupported_proof_type');
    }
    throw error;
  }
}
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
  drawers,
}: RefundServiceDeps) {
  const noticeOf = (status: RefundStatus, by: string, reason: string | null) =>
    refundNotice(announce, status, by, reason);
  const automatic = createAutomaticRefunds({ db, now, announce, payouts, drawers });
  const caller = (ctx: AuthedContext) => ({
    userId: ctx.principal.userId,
    outletId: boundOutletOf(ctx),
  });

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
      orderId: q.order_id,
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
      const state = await refundState.refundStateOf(
        db,
        tenantIdOf(ctx),
        orderId,
        boundOutletOf(ctx),
      );
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

    refundOwed: automatic.refundOwed,
    /** How an approved refund goes back through an online payment's provider (the POS's too). */
    payoutOf: automatic.payoutOf,
    /** After an approval that goes back through a provider commits: asks the provider. */
    sendPayout: automatic.sendPayout,
    /** The provider's answer for all of a refund (its callback, or a gateway answering at once). */
    settleByProvider: automatic.settleByProvider,

    /** POST /api/refunds/{id}/status. */
    async move(ctx: AuthedContext, id: string, move: RefundMove): Promise<Refund> {
      const { tenantId, found } = await requireVisible(ctx, id);
      const refund = found.refund;
      const refusal = moveRefusal(
        ctx.principal,
        refund,
        move.status,
        found.managerLimit,
        found.callerApproved,
      );
      if (refusal) throw new AppError(refusal.code, { message: refusal.message });
      const at = now();
      const reason = move.reason || null;
      const byName = found.callerName ?? ctx.principal.username;
      const moved = await writes.moveRefund(db, {
        tenantId,
        refundId: id,
        from: refund.status,
        to: move.status,
        at,
        byUserId: ctx.principal.userId,
        byName,
        approvalCheck: ctx.principal.outletId
          ? async (tx) => {
              const before = await refundState.approvedOnOrderBy(
                tx,
                tenantId,
                id,
                ctx.principal.userId,
              );
              const over = orderLimitRefusal(found.managerLimit, before, refund.amount);
              if (over) throw new AppError(over.code, { message: over.message });
            }
          : undefined,
        reason,
        transferReference: move.status === 'TRANSFERED' ? (move.transfer_reference ?? null) : null,
        book: completionBooking(
          drawers,
          completionOfRefund(found, { tenantId, completer: ctx.principal.userId, at }),
        ),
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
        notice: noticeOf(move.status, byName, reason),
        payout:
          move.status === 'APPROVED'
            ? automatic.payoutOf(tenantId, refund.method, false)
            : undefined,
        onComplete: ledgersOnCompletion(
          tenantId,
          { kind: 'staff', id: ctx.principal.userId, name: byName },
          at,
        ),
      });
      if (!moved.moved) {
        throw new AppError('invalid_status_transition', {
          message: 'The refund has just been moved by someone else; reload it',
        });
      }
      if (moved.byProvider) await automatic.sendPayout(tenantId, id);
      return get(ctx, id);
    },

    /** GET /api/refunds/{id}/proof: the transfer's proof, for those who record transfers. */
    async proof(ctx: AuthedContext, id: string) {
      const { found } = await requireVisible(ctx, id);
      const body = await readPrivateFile(dataDir, PROOF_FOLDER, found.refund.proofKey);
      if (!body) throw new AppError('not_found');
      // A PDF is handed over as a file to save, never rendered on this origin.
      const pdf = found.refund.proofKey?.endsWith('.pdf') ?? false;
      return {
        filename: `${found.refund.refundNo}-proof.${pdf ? 'pdf' : 'webp'}`,
        body,
        contentType: pdf ? 'application/pdf' : 'image/webp',
        inline: !pdf,
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
      const proof = await proofFile(file);
      const key = await savePrivateFile(dataDir, PROOF_FOLDER, proof.body, proof.extension);
      let replaced;
      try {
        replaced = await setProof(
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
