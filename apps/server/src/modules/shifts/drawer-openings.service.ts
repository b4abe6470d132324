import type { DrawerOpening, DrawerOpeningCreate } from '@kopi/contract';
import type { Db } from '../../db/database';
import { hasPermission } from '../../lib/access';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { staffNameOf } from '../../lib/staff-name';
import type { ApprovalService } from '../approvals/approvals.service';
import * as repo from './drawer-openings.repo';
import * as shiftsRepo from './shifts.repo';

// "No sale": the drawer of an open shift opened without a sale, with a reason. The
// shift's cashier opens their own drawer; a manager (close-variance-shift) any at their outlet.
// Without close-variance-shift a manager approves by PIN (approval action no_sale). Audited,
// done once per Idempotency-Key, and listed on the shift's report.

const MANAGER = 'close-variance-shift';

export const toDrawerOpening = (r: {
  opening: repo.DrawerOpeningRow;
  approvedByName: string | null;
}): DrawerOpening => ({
  id: r.opening.id,
  reason: r.opening.reason as DrawerOpening['reason'],
  note: r.opening.note,
  by_name: r.opening.byName,
  approved_by_name: r.approvedByName,
  at: r.opening.at.toISOString(),
});

export function createDrawerOpeningService(deps: {
  db: Db;
  now: Clock;
  approvals: ApprovalService;
}) {
  const { db, now, approvals } = deps;

  /** The opening an Idempotency-Key already recorded, when this request is that one again. */
  async function again(tenantId: string, key: string, shiftId: string, input: DrawerOpeningCreate) {
    const row = await repo.drawerOpeningByIdempotencyKey(db, tenantId, key);
    if (!row) return null;
    const same =
      row.shiftId === shiftId &&
      row.reason === input.reason &&
      (row.note ?? '') === (input.note ?? '');
    if (!same) throw new AppError('idempotency_key_reused');
    const [listed] = (await repo.shiftDrawerOpenings(db, tenantId, shiftId)).filter(
      (r) => r.opening.id === row.id,
    );
    return toDrawerOpening(listed ?? { opening: row, approvedByName: null });
  }

  return {
    /** POST /api/shifts/{id}/drawer-openings */
    async open(
      ctx: AuthedContext,
      shiftId: string,
      input: DrawerOpeningCreate,
      key: string | null,
    ): Promise<DrawerOpening> {
      const tenantId = tenantIdOf(ctx);
      const found = await shiftsRepo.findShift(db, tenantId, shiftId);
      const bound = ctx.principal.outletId;
      if (!found || (bound && found.shift.outletId !== bound)) throw new AppError('not_found');
      const shift = found.shift;
      const manager = hasPermission(ctx.principal, MANAGER);
      if (shift.cashierId !== ctx.principal.userId) {
        // Someone else's shift: a manager may open it; anyone else does not see it.
        if (!manager && !hasPermission(ctx.principal, 'read-shift')) {
          throw new AppError('not_found');
        }
        if (!manager) throw new AppError('shift_drawer_not_yours');
      }
      if (key) {
        const done = await again(tenantId, key, shiftId, input);
        if (done) return done;
      }
      if (shift.status !== 'open') throw new AppError('shift_closed');
      const verified = await approvals.verify(ctx, {
        action: 'no_sale',
        outletId: shift.outletId,
        approval: input.approval ?? null,
      });
      const name = await staffNameOf(db, ctx);
      const note = input.note?.trim() || null;
      try {
        const id = await db.transaction(async (tx) => {
          if (!(await shiftsRepo.lockOpenShift(tx, tenantId, shiftId))) {
            throw new AppError('shift_closed');
          }
          const row = await repo.insertDrawerOpening(tx, {
            tenantId,
            shiftId,
            reason: input.reason,
            note,
            byUserId: ctx.principal.userId,
            byName: name,
            idempotencyKey: key,
            at: now(),
          });
          const approvalId = await approvals.record(tx, ctx, verified, row.id, {
            shift_id: shiftId,
            reason: input.reason,
          });
          if (approvalId) await repo.setDrawerOpeningApproval(tx, tenantId, row.id, approvalId);
          await audit.record(tx, ctx, {
            action: 'shift.drawer_open',
            entity: 'shift',
            entityId: shiftId,
            after: {
              drawer_opening_id: row.id,
              reason: input.reason,
              note,
              approved_by: verified?.approverName ?? null,
            },
          });
          return row.id;
        });
        const [listed] = (await repo.shiftDrawerOpenings(db, tenantId, shiftId)).filter(
          (r) => r.opening.id === id,
        );
        return toDrawerOpening(listed!);
      } catch (error) {
        if (key && uniqueViolation(error) === 'drawer_openings_tenant_idempotency_key_unique') {
          const done = await again(tenantId, key, shiftId, input);
          if (done) return done;
        }
        throw error;
      }
    },

    /** The shift's openings for its report (in `conn`'s transaction when given). */
    async ofShift(conn: Db, tenantId: string, shiftId: string): Promise<DrawerOpening[]> {
      return (await repo.shiftDrawerOpenings(conn, tenantId, shiftId)).map(toDrawerOpening);
    },
  };
}

export type DrawerOpeningService = ReturnType<typeof createDrawerOpeningService>;
