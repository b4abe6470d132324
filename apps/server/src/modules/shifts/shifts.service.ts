import {
  type CashMovement,
  type CashMovementCreate,
  type CurrentShifts,
  type Locale,
  type MoneyWorking,
  cashCountTotal,
  drawerVariance,
  type Shift,
  type ShiftClose,
  type ShiftListQuery,
  type ShiftOpen,
  varianceNeedsNote,
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
import { hasPermission } from '../../lib/access';
import { tenantIdOf } from '../../lib/tenant-scope';
import * as books from '../books/books.service';
import * as repo from './shifts.repo';
import * as tillsRepo from './tills.repo';
import { toMovement, toShift, toSummary, toWorkingTopup } from './shift-view';

// Shifts (decisions 035, 049). A cashier opens a shift at a till with a float counted by
// denomination, moves cash in and out with a reason, and closes it with the drawer counted: the
// expected cash is the contract's drawerFigures over the payment lines of the orders rung up in
// it, the refunds paid from its drawer, its movements and the cash wallet top-ups sold in it. Every write is audited and, with its
// Idempotency-Key, done once.

const VARIANCE = 'close-variance-shift';
const READ = 'read-shift';

type ShiftRead = NonNullable<Awaited<ReturnType<typeof repo.findShift>>>;

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

export function createShiftService({ db, now }: { db: Db; now: Clock }) {
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
    const topups = await repo.shiftTopups(conn, tenantId, s.id);
    const settings = await repo.outletShiftSettings(conn, tenantId, s.outletId);
    return toShift(
      row,
      { ...working, movements: movements.map(toMovement), topups: topups.map(toWorkingTopup) },
      settings?.tolerance ?? 0,
    );
  }

  async function shiftOf(ctx: AuthedContext, id: string) {
    return reportOf(db, tenantIdOf(ctx), await requireShift(ctx, id));
  }

  return {
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
        shifts: page.rows.map(toSummary),
      };
    },

    get: shiftOf,

    /** GET /api/shifts/{id}/working: the rows behind the shift's figures. */
    async working(ctx: AuthedContext, id: string): Promise<MoneyWorking> {
      const tenantId = tenantIdOf(ctx);
      const row = await requireShift(ctx, id);
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
    async open(ctx: AuthedContext, input: ShiftOpen, key: string | null): Promise<Shift> {
      const tenantId = tenantIdOf(ctx);
      const till = await requireTill(ctx, input.till_id);
      const outlet = await requireOutlet(ctx, till.outletId);
      const at = now();
      const name =
        (await repo.userFullname(db, tenantId, ctx.principal.userId)) ?? ctx.principal.username;
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
        if (constraint === 'shifts_one_open_per_till') throw new AppError('shift_already_open');
        if (key && constraint === 'shifts_tenant_idempotency_key_unique') {
          // The same cashier's retry whose answer was lost gets the shift it opened.
          const existing = await repo.shiftByIdempotencyKey(db, tenantId, key);
          if (existing) return shiftOf(ctx, sameShiftOpen(existing, ctx, till.id).id);
        }
        throw error;
      }
    },

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
      const name =
        (await repo.userFullname(db, tenantId, ctx.principal.userId)) ?? ctx.principal.username;
      try {
        const movement = await db.transaction(async (tx) => {
          if (!(await repo.lockOpenShift(tx, tenantId, id))) throw new AppError('shift_closed');
          if (input.kind === 'cash_out') {
            // Cash out of a drawer is at most what the drawer should hold now.
            const report = await reportOf(tx, tenantId, row);
            if (input.amount > report.figures.expected) {
              throw new AppError('cash_out_exceeds_drawer', {
                message: `The drawer should hold RM ${(report.figures.expected / 100).toFixed(2)}`,
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
          await audit.record(tx, ctx, {
            action: `shift.${input.kind}`,
            entity: 'shift',
            entityId: id,
            after: { movement_id: m.id, reason: m.reason, amount: m.amount, note: m.note },
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

    /** POST /api/shifts/{id}/close: the drawer counted; a variance beyond tolerance needs a note. */
    async close(ctx: AuthedContext, id: string, input: ShiftClose): Promise<Shift> {
      const tenantId = tenantIdOf(ctx);
      const row = await requireShift(ctx, id);
      const manager = hasPermission(ctx.principal, VARIANCE);
      if (row.shift.cashierId !== ctx.principal.userId && !manager) {
        throw new AppError('shift_not_yours');
      }
      // A retry of a close that went through answers the closed shift.
      if (row.shift.status !== 'open') {
        if (row.shift.closedBy === ctx.principal.userId) return reportOf(db, tenantId, row);
        throw new AppError('shift_closed');
      }
      const name =
        (await repo.userFullname(db, tenantId, ctx.principal.userId)) ?? ctx.principal.username;
      const closed = await db.transaction(async (tx) => {
        if (!(await repo.lockOpenShift(tx, tenantId, id))) throw new AppError('shift_closed');
        const at = now();
        const report = await reportOf(tx, tenantId, {
          ...row,
          shift: { ...row.shift, closedAt: at },
        });
        const counted = cashCountTotal(input.counted);
        const expected = report.figures.expected;
        const variance = drawerVariance(counted, expected);
        const note = input.note?.trim() || null;
        if (varianceNeedsNote(variance, report.tolerance) && (!note || !manager)) {
          throw new AppError('shift_variance_note_required', {
            details: [{ path: 'note', message: 'validation.required' }],
          });
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
        await audit.record(tx, ctx, {
          action: 'shift.close',
          entity: 'shift',
          entityId: id,
          after: { expected, counted, variance, note, figures: report.figures },
        });
        return updated;
      });
      return shiftOf(ctx, closed.id);
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
