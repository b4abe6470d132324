import {
  type ApprovalAction,
  type ApprovalInput,
  approvalPermission,
  type ApprovalRecord,
  type Approver,
  type ApproversQuery,
  needsApproval,
  PIN_FREE_TRIES,
  PIN_LOCK_AFTER,
  type PinStatus,
  type SetPinInput,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit, audited } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/password';
import type { AuthedContext } from '../../lib/request-context';
import { tenantOutlets } from '../../lib/scoped-outlets';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as repo from './approvals.repo';

// A manager's approval at the till by PIN (docs/decisions/055). A till action asks `verify`
// before its transaction: the PIN is checked there, and a wrong one is counted on the root
// connection (it must stay counted although the action then fails). Inside its transaction the
// action then calls `record` with what `verify` answered, so the approval row exists exactly
// when the approved change does.

/** The first wait after the free tries, doubling with each further failure up to the cap. */
const FIRST_WAIT_MS = 30_000;
const MAX_WAIT_MS = 5 * 60_000;

/** How long the next try on a device waits after its `failures`-th wrong PIN. */
export const pinWaitMs = (failures: number) =>
  failures < PIN_FREE_TRIES
    ? 0
    : Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - PIN_FREE_TRIES));

/** What a till action asks approval for. */
export interface ApprovalRequest {
  action: ApprovalAction;
  /** The outlet the action happens at: the approver must reach it. */
  outletId: string;
  /** The request's `approval`, when the POS sent one. */
  approval?: ApprovalInput | null;
  /**
   * Asks approval whatever the caller holds (a refund at the counter: whoever asks for it, someone
   * else approves it), as the web's `withApproval({ always })`.
   */
  always?: boolean;
}

/** An approver whose PIN was right, for `record`; null when the caller needed none. */
export interface VerifiedApproval {
  action: ApprovalAction;
  approverId: string;
  approverName: string;
  deviceId: string;
}

export function createApprovalService(deps: { db: Db; hasher: PasswordHasher; now: Clock }) {
  const { db, hasher, now } = deps;

  /** Writes (or clears, with null) the caller's own PIN hash, audited as `action`. */
  const writeOwnPin = (ctx: AuthedContext, action: string, hash: string | null) =>
    audited(db, ctx, { action, entity: 'user', entityId: ctx.principal.userId }, (tx) =>
      repo.writePin(tx, tenantIdOf(ctx), ctx.principal.userId, hash),
    );

  return {
    async pinStatus(ctx: AuthedContext): Promise<PinStatus> {
      const row = await repo.pinStatus(db, tenantIdOf(ctx), ctx.principal.userId);
      if (!row) throw new AppError('not_found');
      return {
        has_pin: row.pinHash !== null,
        set_at: row.setAt?.toISOString() ?? null,
        locked: row.lockedAt !== null,
      };
    },

    /** Sets the caller's PIN after checking their password; unlocks a locked one. */
    async setPin(ctx: AuthedContext, input: SetPinInput): Promise<PinStatus> {
      const tenantId = tenantIdOf(ctx);
      const self = await repo.staffOf(db, tenantId, ctx.principal.userId);
      if (!self) throw new AppError('not_found');
      if (!(await hasher.verify(self.passwordHash, input.old_password))) {
        throw new AppError('old_password_incorrect');
      }
      const hash = await hasher.hash(input.pin);
      await writeOwnPin(ctx, 'user.pin_set', hash);
      return this.pinStatus(ctx);
    },

    async clearPin(ctx: AuthedContext): Promise<PinStatus> {
      const tenantId = tenantIdOf(ctx);
      if (!(await repo.staffOf(db, tenantId, ctx.principal.userId))) {
        throw new AppError('not_found');
      }
      await writeOwnPin(ctx, 'user.pin_clear', null);
      return this.pinStatus(ctx);
    },

    /** Who may approve `action` at the outlet: staff with its permission and a PIN, not the caller. */
    async approvers(ctx: AuthedContext, q: ApproversQuery): Promise<Approver[]> {
      // An outlet-bound caller asks only about their outlet; another (or another tenant's) is 404.
      const bound = ctx.principal.outletId;
      const outlet =
        bound && bound !== q.outlet_id ? [] : await tenantOutlets(db, tenantIdOf(ctx), q.outlet_id);
      if (outlet.length === 0) throw new AppError('not_found');
      const rows = await repo.approvers(
        db,
        tenantIdOf(ctx),
        q.outlet_id,
        approvalPermission[q.action],
      );
      return rows
        .filter((r) => r.id !== ctx.principal.userId)
        .map((r) => ({ id: r.id, fullname: r.fullname, locked: r.lockedAt !== null }));
    },

    /**
     * Null when the caller may do the action alone; else the approver whose PIN the request
     * carries, checked: 403 approval_required without one, approval_self for the caller's own,
     * approver_not_allowed for someone without the permission or the outlet, 429 pin_throttled
     * while the device waits, 423 pin_locked, 403 pin_wrong (counted).
     */
    async verify(ctx: AuthedContext, request: ApprovalRequest): Promise<VerifiedApproval | null> {
      if (!request.always && !needsApproval(request.action, new Set(ctx.principal.permissions))) {
        return null;
      }
      const { approval } = request;
      if (!approval) throw new AppError('approval_required');
      if (approval.approver_id === ctx.principal.userId) throw new AppError('approval_self');
      const tenantId = tenantIdOf(ctx);
      const permission = approvalPermission[request.action];
      const approver = await repo.approverOf(db, tenantId, approval.approver_id, permission);
      const reaches = approver?.outletId === null || approver?.outletId === request.outletId;
      if (!approver || approver.status !== 'active' || !approver.holds || !reaches) {
        throw new AppError('approver_not_allowed');
      }
      if (!approver.pinHash) throw new AppError('pin_not_set');
      if (approver.pinLockedAt) throw new AppError('pin_locked');
      const at = now();
      const next = await repo.nextTryAt(db, tenantId, approver.id, approval.device_id);
      if (next && next.getTime() > at.getTime()) {
        const seconds = Math.ceil((next.getTime() - at.getTime()) / 1000);
        throw new AppError('pin_throttled', { headers: { 'retry-after': String(seconds) } });
      }
      if (!(await hasher.verify(approver.pinHash, approval.pin))) {
        const counted = await repo.countFailure(
          db,
          tenantId,
          approver.id,
          approval.device_id,
          at,
          pinWaitMs,
        );
        if (counted.total >= PIN_LOCK_AFTER && (await repo.lockPin(db, tenantId, approver.id))) {
          await audit.record(db, ctx, {
            action: 'user.pin_locked',
            entity: 'user',
            entityId: approver.id,
            after: { failures: counted.total },
          });
          throw new AppError('pin_locked');
        }
        throw new AppError('pin_wrong');
      }
      await repo.clearFailures(db, tenantId, approver.id);
      return {
        action: request.action,
        approverId: approver.id,
        approverName: approver.fullname,
        deviceId: approval.device_id,
      };
    },

    /**
     * Records a verified approval for `subjectId` in the action's transaction, with its audit
     * entry; answers the approval's id (null when none was needed).
     */
    async record(
      tx: Db,
      ctx: AuthedContext,
      verified: VerifiedApproval | null,
      subjectId: string | null,
      detail: Record<string, unknown> = {},
    ): Promise<string | null> {
      if (!verified) return null;
      const tenantId = tenantIdOf(ctx);
      const requester = await repo.staffOf(tx, tenantId, ctx.principal.userId);
      const row = await repo.insertApproval(tx, tenantId, {
        action: verified.action,
        subjectId,
        requestedBy: ctx.principal.userId,
        requestedByName: requester?.fullname ?? ctx.principal.username,
        approvedBy: verified.approverId,
        approvedByName: verified.approverName,
        deviceId: verified.deviceId,
        detail,
      });
      await audit.record(tx, ctx, {
        action: `approval.${verified.action}`,
        entity: 'approval',
        entityId: row.id,
        after: { subject_id: subjectId, approved_by: verified.approverName, ...detail },
      });
      return row.id;
    },

    /** The approval of `action` recorded for a subject, as the record carrying it shows it. */
    async recordOf(
      conn: Db,
      tenantId: string,
      action: ApprovalAction,
      subjectId: string,
    ): Promise<ApprovalRecord | null> {
      const row = await repo.approvalOf(conn, tenantId, action, subjectId);
      return row
        ? {
            id: row.id,
            action,
            approved_by: row.approvedBy,
            approved_by_name: row.approvedByName,
            requested_by_name: row.requestedByName,
            at: row.at.toISOString(),
          }
        : null;
    },
  };
}

export type ApprovalService = ReturnType<typeof createApprovalService>;

/**
 * `approvals.verify` for a service built without approvals (a demo seed, a fixture): whoever
 * lacks the action's permission is refused with 403 approval_required.
 */
export async function verifyApproval(
  approvals: ApprovalService | undefined,
  ctx: AuthedContext,
  request: ApprovalRequest,
): Promise<VerifiedApproval | null> {
  if (approvals) return approvals.verify(ctx, request);
  if (needsApproval(request.action, new Set(ctx.principal.permissions))) {
    throw new AppError('approval_required');
  }
  return null;
}
