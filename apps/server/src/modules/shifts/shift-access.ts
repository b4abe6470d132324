import type { Shift, ShiftView } from '@kopi/contract';
import type { Db } from '../../db/database';
import { hasPermission } from '../../lib/access';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import type { ApprovalService } from '../approvals/approvals.service';
import * as books from '../books/books.service';
import * as repo from './shifts.repo';
import * as tillsRepo from './tills.repo';
import { shiftDrawerOpenings } from './drawer-openings.repo';
import { toDrawerOpening } from './drawer-openings.service';
import { toMovement, toShift, toWorkingTopup } from './shift-view';

// What every shift call starts from: the outlet, till or shift as the caller may reach it, and a
// shift's report (its figures, the tenant's drawer rules, the manager who approved a variance,
// the drawer's openings without a sale).

export const VARIANCE = 'close-variance-shift';
const READ = 'read-shift';

export type ShiftRead = NonNullable<Awaited<ReturnType<typeof repo.findShift>>>;

/**
 * Whether the tenant's blind count hides a shift's cash from the caller: only while it is open
 * (a count is then still to come), and never from close-variance-shift (managers close and
 * approve against the expected cash).
 */
export const hidesCash = (
  ctx: AuthedContext,
  shift: { status: string; blindCount: boolean },
): boolean =>
  shift.status === 'open' && shift.blindCount && !hasPermission(ctx.principal, VARIANCE);

const notCash = <T extends { method: string }>(rows: T[]) =>
  rows.filter((r) => r.method !== 'cash');

/**
 * A shift's report as the caller may see it: with the blind count, an open shift without the
 * expected cash nor any figure it is summed from (the cash rows of sales, refunds and top-ups,
 * the totals that hold them, the movements). The float stays: the cashier counted it at the
 * open, and it says nothing of what came in or went out since.
 */
export function viewFor(ctx: AuthedContext, report: Shift): ShiftView {
  if (!hidesCash(ctx, { status: report.status, blindCount: report.blind_count })) return report;
  return {
    ...report,
    sales_total: null,
    sales_by_method: notCash(report.sales_by_method),
    refunds: null,
    refunds_by_method: notCash(report.refunds_by_method),
    topups_by_method: notCash(report.topups_by_method),
    movements: [],
    figures: null,
  };
}

export function createShiftAccess({ db, approvals }: { db: Db; approvals: ApprovalService }) {
  /** The outlet as the caller may see it: an outlet-bound user only theirs (else 404). */
  async function requireOutlet(ctx: AuthedContext, outletId: string) {
    const bound = ctx.principal.outletId;
    const outlet =
      bound && bound !== outletId
        ? null
        : await repo.outletShiftSettings(db, tenantIdOf(ctx), outletId);
    if (!outlet) throw new AppError('not_found');
    return outlet;
  }

  async function requireTill(ctx: AuthedContext, tillId: string) {
    const till = await tillsRepo.findTill(db, tenantIdOf(ctx), tillId);
    const bound = ctx.principal.outletId;
    if (!till || (bound && till.outletId !== bound)) throw new AppError('not_found');
    return till;
  }

  /**
   * The shift as the caller may see it: its outlet's (outlet-bound staff), and without
   * read-shift only one's own.
   */
  async function requireShift(ctx: AuthedContext, id: string): Promise<ShiftRead> {
    const row = await repo.findShift(db, tenantIdOf(ctx), id);
    const bound = ctx.principal.outletId;
    if (!row || (bound && row.shift.outletId !== bound)) throw new AppError('not_found');
    const mine = row.shift.cashierId === ctx.principal.userId;
    if (!mine && !hasPermission(ctx.principal, READ) && !hasPermission(ctx.principal, VARIANCE)) {
      throw new AppError('not_found');
    }
    return row;
  }

  /**
   * The figures of a shift, all of them: closed, as they stood at the close; open, so far. What
   * a caller sees of it is viewFor's.
   */
  async function reportOf(conn: Db, tenantId: string, row: ShiftRead): Promise<Shift> {
    const s = row.shift;
    // Inside a transaction (one client) the reads go one after another.
    const sequential = conn !== db;
    const working = await books.working(conn, tenantId, { shiftId: s.id }, sequential);
    const movements = await repo.shiftMovements(conn, tenantId, s.id);
    const topups = await repo.shiftTopups(conn, tenantId, s.id);
    const settings = await repo.outletShiftSettings(conn, tenantId, s.outletId);
    const varianceApproval =
      s.status === 'closed'
        ? await approvals.recordOf(conn, tenantId, 'shift_variance', s.id)
        : null;
    const openings = await shiftDrawerOpenings(conn, tenantId, s.id);
    return {
      ...toShift(
        row,
        { ...working, movements: movements.map(toMovement), topups: topups.map(toWorkingTopup) },
        {
          tolerance: settings?.tolerance ?? 0,
          blindCount: settings?.blindCount ?? false,
          cashOutApprovalOver: settings?.cashOutApprovalOver ?? null,
          varianceApproval,
        },
      ),
      drawer_openings: openings.map(toDrawerOpening),
    };
  }

  /** A shift's report as the caller may see it (every answer that carries one goes here). */
  async function shiftOf(ctx: AuthedContext, id: string): Promise<ShiftView> {
    return viewFor(ctx, await reportOf(db, tenantIdOf(ctx), await requireShift(ctx, id)));
  }

  return { requireOutlet, requireTill, requireShift, reportOf, shiftOf };
}

export type ShiftAccess = ReturnType<typeof createShiftAccess>;
