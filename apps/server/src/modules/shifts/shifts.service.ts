import {
  type CurrentShifts,
  type Locale,
  type MoneyWorking,
  type MyShiftsQuery,
  cashCountTotal,
  type ShiftView,
  type ShiftListQuery,
  type ShiftOpen,
  tillHolderPaths,
  type ZReportShift,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit } from '../../lib/audit';
import { exportLocale } from '../../lib/export-locale';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { staffNameOf } from '../../lib/staff-name';
import * as books from '../books/books.service';
import * as repo from './shifts.repo';
import * as tillsRepo from './tills.repo';
import { toMovement, toSummary, toWorkingTopup } from './shift-view';
import type { ApprovalService } from '../approvals/approvals.service';
import { createShiftAccess, hidesCash } from './shift-access';
import { createShiftCash } from './shift-cash.service';

// Shifts (decisions 035, 049). A cashier opens a shift at a till with a float counted by
// denomination, moves cash in and out with a reason, and closes it with the drawer counted: the
// expected cash is the contract's drawerFigures over the payment lines of the orders rung up in
// it, the refunds paid from its drawer, its movements and the cash wallet top-ups sold in it.
// Every write is audited and, with its Idempotency-Key, done once. The drawer's movements and the
// close are in shift-cash.service.

/**
 * The shift an Idempotency-Key already opened, when this request is that one again: the same
 * cashier at the same till. Anything else under the key is another request and is refused.
 */
function sameShiftOpen<T extends { id: string; cashierId: string | null; tillId: string }>(
  shift: T,
  ctx: AuthedContext,
  tillId: string,
): T {
  if (shift.cashierId !== ctx.principal.userId || shift.tillId !== tillId) {
    throw new AppError('idempotency_key_reused');
  }
  return shift;
}

export function createShiftService({
  db,
  now,
  approvals,
}: {
  db: Db;
  now: Clock;
  /** A manager's PIN for a variance or a cash out over the limit (decision 055). */
  approvals: ApprovalService;
}) {
  const access = createShiftAccess({ db, approvals });
  const { requireOutlet, requireTill, requireShift, shiftOf } = access;

  /** 409 shift_already_open naming who holds the till and since when. */
  async function tillHeld(tenantId: string, till: { id: string; name: string }) {
    const holder = await repo.openShiftOfTill(db, tenantId, till.id);
    const name = holder?.cashierName ?? '';
    const since = holder?.openedAt.toISOString() ?? '';
    return new AppError('shift_already_open', {
      message: holder ? `${till.name} is held by ${name}'s shift, open since ${since}` : undefined,
      details: holder
        ? [
            { path: tillHolderPaths.name, message: name },
            { path: tillHolderPaths.since, message: since },
          ]
        : undefined,
    });
  }

  return {
    ...createShiftCash({ db, now, approvals, access }),

    /** GET /api/shifts */
    async list(ctx: AuthedContext, q: ShiftListQuery) {
      const bound = ctx.principal.outletId;
      if (bound && q.outlet_id && q.outlet_id !== bound) throw new AppError('not_found');
      const page = await repo.listShifts(
        db,
        tenantIdOf(ctx),
        {
          outletId: q.outlet_id,
          boundOutletId: bound,
          tillId: q.till_id,
          cashierId: q.cashier_id,
          status: q.status,
          from: q.from,
          to: q.to,
        },
        q.page_size,
        offsetOf(q),
      );
      return pageAnswer(q, page, toSummary);
    },

    /** GET /api/shifts/mine: the caller's own shifts, closed ones too (a cashier's reprint). */
    async mine(ctx: AuthedContext, q: MyShiftsQuery) {
      const page = await repo.listShifts(
        db,
        tenantIdOf(ctx),
        {
          boundOutletId: ctx.principal.outletId,
          cashierId: ctx.principal.userId,
          status: q.status,
        },
        q.page_size,
        offsetOf(q),
      );
      return pageAnswer(q, page, toSummary);
    },

    /** GET /api/shifts/current: the outlet's open shifts (one per till at most). */
    async current(ctx: AuthedContext, outletId: string): Promise<CurrentShifts> {
      const outlet = await requireOutlet(ctx, outletId);
      const tenantId = tenantIdOf(ctx);
      const page = await repo.listShifts(
        db,
        tenantId,
        { outletId: outlet.id, boundOutletId: null, status: 'open' },
        100,
        0,
      );
      return {
        shifts_required: outlet.shiftsRequired,
        tolerance: outlet.tolerance,
        blind_count: outlet.blindCount,
        cash_out_approval_over: outlet.cashOutApprovalOver,
        shifts: page.rows.map(toSummary),
      };
    },

    get: shiftOf,

    /**
     * GET /api/shifts/{id}/working: the rows behind the shift's figures. Refused while a blind
     * count hides the shift's cash from the caller: its cash lines add up to the expected cash.
     */
    async working(ctx: AuthedContext, id: string): Promise<MoneyWorking> {
      const tenantId = tenantIdOf(ctx);
      const row = await requireShift(ctx, id);
      const settings = await repo.outletShiftSettings(db, tenantId, row.shift.outletId);
      if (hidesCash(ctx, { status: row.shift.status, blindCount: settings?.blindCount ?? false })) {
        throw new AppError('forbidden', {
          message: 'The rows of an open shift with a blind count show once it is closed',
        });
      }
      const [w, movements, topups] = await Promise.all([
        books.working(db, tenantId, { shiftId: row.shift.id }),
        repo.shiftMovements(db, tenantId, row.shift.id),
        repo.shiftTopups(db, tenantId, row.shift.id),
      ]);
      return { ...w, movements: movements.map(toMovement), topups: topups.map(toWorkingTopup) };
    },

    /** The same rows as CSV. */
    async workingCsv(ctx: AuthedContext, id: string, lang: Locale | undefined) {
      const w = await this.working(ctx, id);
      const locale = await exportLocale(db, ctx.principal.userId, lang);
      return { filename: `shift-working-${id.slice(0, 8)}.csv`, body: books.workingCsv(w, locale) };
    },

    /** POST /api/shifts: open a shift on a till with its counted float. */
    async open(ctx: AuthedContext, input: ShiftOpen, key: string | null): Promise<ShiftView> {
      const tenantId = tenantIdOf(ctx);
      const till = await requireTill(ctx, input.till_id);
      const outlet = await requireOutlet(ctx, till.outletId);
      const at = now();
      const name = await staffNameOf(db, ctx);
      const float = cashCountTotal(input.float);
      // The same cashier's retry whose stored answer was lost gets the shift it opened.
      const again = key ? await repo.shiftByIdempotencyKey(db, tenantId, key) : null;
      if (again) return shiftOf(ctx, sameShiftOpen(again, ctx, till.id).id);
      try {
        const shift = await db.transaction(async (tx) => {
          const row = await repo.insertShift(tx, {
            tenantId,
            outletId: till.outletId,
            tillId: till.id,
            cashierId: ctx.principal.userId,
            cashierName: name,
            // After the day is closed a shift belongs to the next open day (decision 049).
            businessDate: await books.bookingDay(tx, tenantId, outlet, at),
            status: 'open',
            openedAt: at,
            openingFloat: float,
            floatCount: input.float,
            idempotencyKey: key,
          });
          await audit.record(tx, ctx, {
            action: 'shift.open',
            entity: 'shift',
            entityId: row.id,
            after: { till_id: till.id, outlet_id: till.outletId, opening_float: float },
          });
          return row;
        });
        return shiftOf(ctx, shift.id);
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'shifts_one_open_per_till') throw await tillHeld(tenantId, till);
        if (key && constraint === 'shifts_tenant_idempotency_key_unique') {
          // The same cashier's retry whose answer was lost gets the shift it opened.
          const existing = await repo.shiftByIdempotencyKey(db, tenantId, key);
          if (existing) return shiftOf(ctx, sameShiftOpen(existing, ctx, till.id).id);
        }
        throw error;
      }
    },

    /**
     * The shift a counter sale goes into: the open shift of `tillId` (else the outlet's first
     * till). Null when the tenant does not require shifts and none is open; 409 shift_required
     * when it does.
     */
    async saleShift(
      ctx: AuthedContext,
      outletId: string,
      tillId: string | undefined,
    ): Promise<{ tillId: string; shiftId: string | null } | null> {
      const tenantId = tenantIdOf(ctx);
      const outlet = await repo.outletShiftSettings(db, tenantId, outletId);
      if (!outlet) return null;
      const till = tillId
        ? await tillsRepo.findTill(db, tenantId, tillId)
        : ((await tillsRepo.outletTills(db, tenantId, outletId))[0] ?? null);
      if (tillId && (!till || till.outletId !== outletId)) throw new AppError('not_found');
      const open = till ? await repo.openShiftOfTill(db, tenantId, till.id) : null;
      if (!open && outlet.shiftsRequired) throw new AppError('shift_required');
      return till ? { tillId: till.id, shiftId: open?.id ?? null } : null;
    },

    /** The outlet with its code, clock and the tenant's shift settings; null if not the tenant's. */
    outletOf: (tenantId: string, outletId: string) =>
      repo.outletShiftSettings(db, tenantId, outletId),

    /** Holds an open shift against its close until `tx` commits; null once it is closed. */
    holdOpenShift: (tx: Db, tenantId: string, shiftId: string) =>
      repo.shareOpenShift(tx, tenantId, shiftId),

    /** The shift a user has open at an outlet, for a refund paid from its drawer. */
    async drawerOf(tx: Db, tenantId: string, outletId: string, userId: string) {
      const [open, outlet] = [
        await repo.lockOpenShiftOfUser(tx, tenantId, outletId, userId),
        await repo.outletShiftSettings(tx, tenantId, outletId),
      ];
      return { shiftId: open?.id ?? null, required: outlet?.shiftsRequired ?? true };
    },

    /** The shifts of an outlet's business day, for its Z-report (in `conn`'s transaction). */
    async dayShifts(
      tenantId: string,
      outletId: string,
      date: string,
      conn: Db = db,
    ): Promise<ZReportShift[]> {
      const rows = await repo.dayShifts(conn, tenantId, outletId, date);
      return rows.map(({ shift: s, tillName }) => ({
        id: s.id,
        till_name: tillName,
        cashier_name: s.cashierName,
        status: s.status as ZReportShift['status'],
        opened_at: s.openedAt.toISOString(),
        closed_at: s.closedAt?.toISOString() ?? null,
        expected: s.expected,
        counted: s.counted,
        variance: s.variance,
      }));
    },
  };
}

export type ShiftService = ReturnType<typeof createShiftService>;
