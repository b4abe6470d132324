import {
  type CounterRefund,
  parseReceiptQuery,
  RECEIPT_LOOKUP_MAX,
  type ReceiptLookupQuery,
  type ReceiptMatch,
  type Refund,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { auditRow } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantOutlets } from '../../lib/scoped-outlets';
import { boundOutletOf, tenantIdOf } from '../../lib/caller-tenant';
import type { ApprovalService } from '../approvals/approvals.service';
import { bookingDay } from '../books/books.service';
import type { RefundDrawers } from './refund-booking';
import { ledgersOnCompletion } from './refund-ledgers';
import { refundNotice } from './refund-notice';
import { approvedOnOrderBy } from './refund-state.repo';
import { orderLimitRefusal } from './refund-view';
import * as writes from './refund-writes.repo';
import type { RefundService } from './refunds.service';
import * as repo from './pos-refunds.repo';

// Refunds at the POS: a receipt found by its number or scanned code, and a refund
// asked, approved and paid in one go at the counter. Whoever asks never approves: a manager's PIN
// (the approvals service, action `refund`) approves it, always, whatever the asker holds; the
// manager's limit holds as in the back office. A cash refund comes out of the asker's open shift
// (decision 049: the shift of the one who completes it), where the business requires shifts.

export interface PosRefundDeps {
  db: Db;
  now: Clock;
  approvals: ApprovalService;
  drawers: RefundDrawers;
  /** The refund read back, and paid back through its payment's provider. */
  refunds: Pick<RefundService, 'get' | 'payoutOf' | 'sendPayout'>;
}

const silent = refundNotice(false, 'PENDING', '', null);

export function createPosRefundService({ db, now, approvals, drawers, refunds }: PosRefundDeps) {
  return {
    /** GET /api/pos/receipts: the outlet's orders with that number, the newest day first. */
    async findReceipts(ctx: AuthedContext, q: ReceiptLookupQuery): Promise<ReceiptMatch[]> {
      const tenantId = tenantIdOf(ctx);
      const bound = boundOutletOf(ctx);
      if (bound && bound !== q.outlet_id) throw new AppError('not_found');
      if ((await tenantOutlets(db, tenantId, q.outlet_id)).length === 0) {
        throw new AppError('not_found');
      }
      const parsed = parseReceiptQuery(q.q)!;
      const rows = await repo.findReceipts(
        db,
        tenantId,
        {
          outletId: q.outlet_id,
          seq: parsed.seq,
          outletCode: parsed.outletCode,
          // A scanned code names its day; a date chosen on screen narrows a typed number.
          date: q.date ?? parsed.date,
        },
        RECEIPT_LOOKUP_MAX,
      );
      return rows.map((r) => ({
        order_id: r.id,
        order_no: r.order_no,
        business_date: r.business_date,
        created_at: new Date(r.created_at).toISOString(),
        status: r.status,
        total: r.total,
        paid: r.paid,
        refunded: r.refunded,
        customer_name: r.customer_name,
        has_customer: r.customer_id !== null,
        payment_methods: pgArray(r.payment_methods),
      }));
    },

    /**
     * POST /api/pos/refunds: asks for the refund, has it approved by the manager whose PIN it
     * carries and completes it, in one transaction; a refund paid back through an online
     * payment's provider stays APPROVED until the provider confirms it.
     */
    async refund(ctx: AuthedContext, body: CounterRefund, key: string | null): Promise<Refund> {
      const tenantId = tenantIdOf(ctx);
      // Paid back at once: a bank transfer waits for finance, so it is asked in the back office.
      if (body.method === 'bank_transfer') throw new AppError('refund_method_unavailable');
      const outlet = await repo.orderOutletOf(db, tenantId, body.order_id, boundOutletOf(ctx));
      if (!outlet) throw new AppError('not_found');
      const verified = (await approvals.verify(ctx, {
        action: 'refund',
        outletId: outlet.outletId,
        approval: body.approval,
        always: true,
      }))!;
      const reach = await repo.approverReach(db, tenantId, verified.approverId);
      const { approval: _approval, bank: _bank, ...input } = body;
      const at = now();
      const done = await db.transaction(async (tx) => {
        // The day and the drawer first, then the order row: the order the day close locks in.
        const businessDate = await bookingDay(tx, tenantId, { id: outlet.outletId, ...outlet }, at);
        const drawer = await drawers.drawerOf(tx, tenantId, outlet.outletId, ctx.principal.userId);
        const created = await writes.createRefundIn(tx, {
          tenantId,
          boundOutletId: boundOutletOf(ctx),
          input,
          at,
          byUserId: ctx.principal.userId,
          idempotencyKey: key,
          audit: auditRow(ctx, {
            action: 'refund.create',
            entity: 'refund',
            after: { ...input, at_counter: true },
          }),
          notice: silent,
        });
        if (!created) throw new AppError('not_found');
        if (created.existing) return { id: created.existing.id, existing: created.existing };
        const refund = created.refund;
        if (refund.paymentMethod === 'cash' && !drawer.shiftId && drawer.required) {
          throw new AppError('refund_needs_shift');
        }
        if (reach?.bound) {
          const before = await approvedOnOrderBy(tx, tenantId, refund.id, verified.approverId);
          const over = orderLimitRefusal(reach.managerLimit, before, refund.amount);
          if (over) throw new AppError(over.code, { message: over.message });
        }
        const approved = await writes.moveRefundIn(tx, {
          tenantId,
          refundId: refund.id,
          from: 'PENDING',
          to: 'APPROVED',
          at,
          byUserId: verified.approverId,
          byName: verified.approverName,
          reason: null,
          transferReference: null,
          audit: auditRow(ctx, {
            action: 'refund.status',
            entity: 'refund',
            entityId: refund.id,
            before: { status: 'PENDING' },
            after: {
              status: 'APPROVED',
              amount: refund.amount,
              approved_by: verified.approverName,
              by_pin: true,
            },
          }),
          notice: silent,
          payout: refunds.payoutOf(tenantId, refund.method, false),
        });
        await approvals.record(tx, ctx, verified, refund.id, {
          refund_no: refund.refundNo,
          amount: refund.amount,
          method: refund.method,
        });
        if (approved.byProvider) return { id: refund.id, byProvider: true };
        const byName = refund.requestedByName ?? ctx.principal.username;
        const completed = await writes.moveRefundIn(tx, {
          tenantId,
          refundId: refund.id,
          from: 'APPROVED',
          to: 'COMPLETED',
          at,
          byUserId: ctx.principal.userId,
          byName,
          reason: null,
          transferReference: null,
          book: () => Promise.resolve({ businessDate, shiftId: drawer.shiftId }),
          audit: auditRow(ctx, {
            action: 'refund.status',
            entity: 'refund',
            entityId: refund.id,
            before: { status: 'APPROVED' },
            after: { status: 'COMPLETED', amount: refund.amount, shift_id: drawer.shiftId },
          }),
          notice: refundNotice(true, 'COMPLETED', byName, null),
          onComplete: ledgersOnCompletion(
            tenantId,
            { kind: 'staff', id: ctx.principal.userId, name: byName },
            at,
          ),
        });
        if (!completed.moved) throw new Error('A refund just approved did not complete');
        return { id: refund.id };
      });
      if ('existing' in done && done.existing) {
        // Only the one who sent the key gets its refund again.
        if (done.existing.requestedBy !== ctx.principal.userId) {
          throw new AppError('idempotency_key_reused');
        }
      }
      if ('byProvider' in done && done.byProvider) await refunds.sendPayout(tenantId, done.id);
      return refunds.get(ctx, done.id);
    },
  };
}

/** A text[] as the driver answers it: an array, or PostgreSQL's `{a,b}` text. */
function pgArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

export type PosRefundService = ReturnType<typeof createPosRefundService>;
