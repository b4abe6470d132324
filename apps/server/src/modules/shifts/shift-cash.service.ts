import {
  type CashMovement,
  type CashMovementCreate,
  cashCountTotal,
  drawerVariance,
  needsApproval,
  type ShiftView,
  type ShiftClose,
  varianceNeedsNote,
  varianceRevealPaths,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { hasPermission } from '../../lib/access';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { staffNameOf } from '../../lib/staff-name';
import { type ApprovalService, verifyApproval } from '../approvals/approvals.service';
import * as repo from './shifts.repo';
import { hidesCash, type ShiftAccess, VARIANCE, viewFor } from './shift-access';
import { toMovement } from './shift-view';

// The drawer of an open shift: cash in and out with a reason, and the close with the drawer
// counted (decision 035). A cash out above the tenant's cash_out_approval_over, and a close
// beyond the variance tolerance, need close-variance-shift or a manager's PIN (decision 055):
// the PIN is checked before the transaction, the approval recorded inside it.

/** The movement an Idempotency-Key already recorded, when this request is that one again. */
function sameMovement<T extends repo.MovementRow>(
  m: T,
  shiftId: string,
  input: CashMovementCreate,
) {
  const same =
    m.shiftId === shiftId &&
    m.kind === input.kind &&
    m.reason === input.reason &&
    m.amount === input.amount &&
    (m.note ?? '') === (input.note ?? '');
  if (!same) throw new AppError('idempotency_key_reused');
  return m;
}

/**
 * 400 shift_variance_note_required with the expected cash and the variance: the count is in, so
 * a blind count shows them now (the dialog asks for the note and the manager's PIN with them).
 */
const noteRequired = (expected: number, variance: number) =>
  new AppError('shift_variance_note_required', {
    details: [
      { path: 'note', message: 'validation.required' },
      { path: varianceRevealPaths.expected, message: String(expected) },
      { path: varianceRevealPaths.variance, message: String(variance) },
    ],
  });

export function createShiftCash({
  db,
  now,
  approvals,
  access,
}: {
  db: Db;
  now: Clock;
  approvals: ApprovalService;
  access: ShiftAccess;
}) {
  const { requireShift, reportOf, shiftOf } = access;

  return {
    /** POST /api/shifts/{id}/movements: cash in or out of an open shift's drawer. */
    async addMovement(
      ctx: AuthedContext,
      id: string,
      input: CashMovementCreate,
      key: string | null,
    ): Promise<CashMovement> {
      const tenantId = tenantIdOf(ctx);
      const row = await requireShift(ctx, id);
      const again = key ? await repo.movementByIdempotencyKey(db, tenantId, key) : null;
      if (again) return toMovement(sameMovement(again, id, input));
      if (row.shift.status !== 'open') throw new AppError('shift_closed');
      const settings = await repo.outletShiftSettings(db, tenantId, row.shift.outletId);
      const limit = settings?.cashOutApprovalOver ?? null;
      const verified =
        input.kind === 'cash_out' && limit !== null && input.amount > limit
          ? await verifyApproval(approvals, ctx, {
              action: 'cash_out',
              outletId: row.shift.outletId,
              approval: input.approval,
            })
          : null;
      const name = await staffNameOf(db, ctx);
      try {
        const movement = await db.transaction(async (tx) => {
          if (!(await repo.lockOpenShift(tx, tenantId, id))) throw new AppError('shift_closed');
          if (input.kind === 'cash_out') {
            // Cash out of a drawer is at most what the drawer should hold now.
            const report = await reportOf(tx, tenantId, row);
            if (input.amount > report.figures.expected) {
              // A blind count keeps the drawer's amount from the cashier: the refusal says no more.
              const blind = hidesCash(ctx, { status: 'open', blindCount: report.blind_count });
              throw new AppError('cash_out_exceeds_drawer', {
                message: blind
                  ? undefined
                  : `The drawer should hold RM ${(report.figures.expected / 100).toFixed(2)}`,
              });
            }
          }
          const m = await repo.insertMovement(tx, {
            tenantId,
            shiftId: id,
            kind: input.kind,
            reason: input.reason,
            amount: input.amount,
            note: input.note || null,
            byUserId: ctx.principal.userId,
            byName: name,
            idempotencyKey: key,
            at: now(),
          });
          const approvalId = await approvals.record(tx, ctx, verified, m.id, {
            shift_id: id,
            amount: m.amount,
            reason: m.reason,
          });
          await audit.record(tx, ctx, {
            action: `shift.${input.kind}`,
            entity: 'shift',
            entityId: id,
            after: {
              movement_id: m.id,
              reason: m.reason,
              amount: m.amount,
              note: m.note,
              ...(approvalId ? { approval_id: approvalId } : {}),
            },
          });
          return m;
        });
        return toMovement(movement);
      } catch (error) {
        if (key && uniqueViolation(error) === 'cash_movements_tenant_idempotency_key_unique') {
          const existing = await repo.movementByIdempotencyKey(db, tenantId, key);
          if (existing) return toMovement(sameMovement(existing, id, input));
        }
        throw error;
      }
    },

    /**
     * POST /api/shifts/{id}/close: the drawer counted; a variance beyond tolerance needs a note,
     * and close-variance-shift or a manager's PIN.
     */
    async close(ctx: AuthedContext, id: string, input: ShiftClose): Promise<ShiftView> {
      const tenantId = tenantIdOf(ctx);
      const row = await requireShift(ctx, id);
      const manager = hasPermission(ctx.principal, VARIANCE);
      if (row.shift.cashierId !== ctx.principal.userId && !manager) {
        throw new AppError('shift_not_yours');
      }
      // A retry of a close that went through answers the closed shift.
      if (row.shift.status !== 'open') {
        if (row.shift.closedBy === ctx.principal.userId) {
          return viewFor(ctx, await reportOf(db, tenantId, row));
        }
        throw new AppError('shift_closed');
      }
      const counted = cashCountTotal(input.counted);
      const note = input.note?.trim() || null;
      // The PIN is checked before the transaction (a wrong one stays counted), against the
      // variance as it stands now; the transaction checks it again under the shift's lock.
      const preview = await reportOf(db, tenantId, {
        ...row,
        shift: { ...row.shift, closedAt: now() },
      });
      const previewVariance = drawerVariance(counted, preview.figures.expected);
      const over = varianceNeedsNote(previewVariance, preview.tolerance);
      if (over && !note) throw noteRequired(preview.figures.expected, previewVariance);
      const verified = over
        ? await verifyApproval(approvals, ctx, {
            action: 'shift_variance',
            outletId: row.shift.outletId,
            approval: input.approval,
          })
        : null;
      const name = await staffNameOf(db, ctx);
      const closed = await db.transaction(async (tx) => {
        if (!(await repo.lockOpenShift(tx, tenantId, id))) throw new AppError('shift_closed');
        const at = now();
        const report = await reportOf(tx, tenantId, {
          ...row,
          shift: { ...row.shift, closedAt: at },
        });
        const expected = report.figures.expected;
        const variance = drawerVariance(counted, expected);
        if (varianceNeedsNote(variance, report.tolerance)) {
          if (!note) throw noteRequired(expected, variance);
          const permissions = new Set(ctx.principal.permissions);
          if (!verified && needsApproval('shift_variance', permissions)) {
            throw new AppError('approval_required');
          }
        }
        const updated = await repo.closeShift(tx, tenantId, id, {
          closedAt: at,
          closedBy: ctx.principal.userId,
          closedByName: name,
          countedCount: input.counted,
          counted,
          expected,
          variance,
          closingNote: note,
        });
        if (!updated) throw new AppError('shift_closed');
        const approvalId = await approvals.record(tx, ctx, verified, id, {
          expected,
          counted,
          variance,
          note,
        });
        await audit.record(tx, ctx, {
          action: 'shift.close',
          entity: 'shift',
          entityId: id,
          after: {
            expected,
            counted,
            variance,
            note,
            figures: report.figures,
            ...(approvalId ? { approval_id: approvalId } : {}),
          },
        });
        return updated;
      });
      return shiftOf(ctx, closed.id);
    },
  };
}
