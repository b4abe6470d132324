import type { Shift } from '@kopi/contract';
import type { Db } from '../../db/database';
import { hasPermission } from '../../lib/access';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/tenant-scope';
import type { ApprovalService } from '../approvals/approvals.service';
import * as books from '../books/books.service';
import * as repo from './shifts.repo';
import * as tillsRepo from './tills.repo';
import { shiftDrawerOpenings } from './drawer-openings.repo';
import { toDrawerOpening } from './drawer-openings.service';
import { toMovement, toShift } from './shift-view';

// What every shift call starts from: the outlet, till or shift as the caller may reach it, and a
// shift's report (its figures, the tenant's drawer rules, the manager who approved a variance,
// the drawer's openings without a sale).

export const VARIANCE = 'close-variance-shift';
const READ = 'read-shift';

export type ShiftRead = NonNullable<Awaited<ReturnType<typeof repo.findShift>>>;

export function createShiftAccess({ db, approvals }: { db: Db; approvals?: ApprovalService }) {
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

  /** The figures of a shift: closed, as they stood at the close; open, so far. */
  async function reportOf(conn: Db, tenantId: string, row: ShiftRead): Promise<Shift> {
    const s = row.shift;
    // Inside a transaction (one client) the reads go one after another.
    const sequential = conn !== db;
    const working = await books.working(conn, tenantId, { shiftId: s.id }, sequential);
    const movements = await repo.shiftMovements(conn, tenantId, s.id);
    const settings = await repo.outletShiftSettings(conn, tenantId, s.outletId);
    const varianceApproval =
      s.status === 'closed' && approvals
        ? await approvals.recordOf(conn, tenantId, 'shift_variance', s.id)
        : null;
    const openings = await shiftDrawerOpenings(conn, tenantId, s.id);
    return {
      ...toShift(
        row,
        { ...working, movements: movements.map(toMovement) },
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

  async function shiftOf(ctx: AuthedContext, id: string) {
    return reportOf(db, tenantIdOf(ctx), await requireShift(ctx, id));
  }

  return { requireOutlet, requireTill, requireShift, reportOf, shiftOf };
}

export type ShiftAccess = ReturnType<typeof createShiftAccess>;
