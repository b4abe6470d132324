import type { outletListQuerySchema } from '@kopi/contract';
import {
  addDays,
  type Outlet,
  type OutletHours,
  type OutletInput,
  outletOpenState,
} from '@kopi/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { audited, createdEntry, deletedEntry, updatedEntry } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { inUseOnForeignKey, uniqueFieldTaken } from '../../lib/db-errors';
import { AppError, type ErrorDetail, found, validationError } from '../../lib/errors';
import { listMeta, offsetOf } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { outletPlace } from './outlet-view';
import * as repo from './outlets.repo';

export { outletPlace } from './outlet-view';

// Outlets and their time management: weekly hours with several ranges a day,
// closures, last-order minutes. "Open now" and "next open" come from the contract's
// outletOpenState, the same function the web uses.

type ListQuery = z.infer<typeof outletListQuerySchema>;
type Closure = { id: string; from: string; to: string; reason: string };

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Ranges of one day must not overlap (a range past midnight ends on the next day). */
function overlappingRanges(hours: OutletHours['hours']): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  hours.forEach((day, d) => {
    const spans = day.ranges
      .map((r, i) => {
        const start = minutes(r.open);
        const close = minutes(r.close);
        return { i, start, end: close <= start ? close + 1440 : close };
      })
      .sort((a, b) => a.start - b.start);
    for (let k = 1; k < spans.length; k++) {
      if (spans[k]!.start < spans[k - 1]!.end) {
        problems.push({ path: `hours.${d}.ranges.${spans[k]!.i}`, message: 'validation.invalid' });
      }
    }
  });
  return problems;
}

export function createOutletService({ db, now }: { db: Db; now: Clock }) {
  /** Closures that can still matter for "open now / next open" (two weeks ahead). */
  async function upcomingClosures(tenantId: string, outletIds: string[]) {
    const today = now().toISOString().slice(0, 10);
    return repo.closuresOf(db, tenantId, outletIds, addDays(today, -2));
  }

  function toOutlet(row: repo.OutletRow, closures: Closure[]): Outlet {
    const state = outletOpenState(
      {
        timezone: row.timezone,
        hours: row.hours,
        closures,
        last_order_minutes: row.lastOrderMinutes,
      },
      now(),
    );
    return {
      ...outletPlace(row),
      status: row.status as Outlet['status'],
      serving_methods: row.servingMethods as Outlet['serving_methods'],
      delivery_fee: row.deliveryFee,
      accepting_orders: row.acceptingOrders,
      timezone: row.timezone,
      last_order_minutes: row.lastOrderMinutes,
      board_amber_minutes: row.boardAmberMinutes,
      board_red_minutes: row.boardRedMinutes,
      open_now: state.open,
      next_open_at: state.next_open_at?.toISOString() ?? null,
    };
  }

  async function withState(tenantId: string, rows: repo.OutletRow[]): Promise<Outlet[]> {
    const closures = await upcomingClosures(
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) =>
      toOutlet(
        r,
        closures.filter((c) => c.outletId === r.id),
      ),
    );
  }

  /** The outlet, if the caller may see it: staff bound to an outlet see only theirs. */
  async function requireOutlet(ctx: AuthedContext, id: string) {
    const tenantId = tenantIdOf(ctx);
    const bound = ctx.principal.outletId;
    const row = found(bound && bound !== id ? null : await repo.findById(db, tenantId, id));
    return { tenantId, row };
  }

  function valuesOf(input: OutletInput): repo.OutletValues {
    if (!isTimeZone(input.timezone)) {
      throw validationError([{ path: 'timezone', message: 'validation.invalid' }]);
    }
    return {
      code: input.code,
      name: input.name,
      address: input.address || null,
      phone: input.phone || null,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      status: input.status,
      servingMethods: [...new Set(input.serving_methods)],
      deliveryFee: input.delivery_fee,
      acceptingOrders: input.accepting_orders,
      timezone: input.timezone,
      boardAmberMinutes: input.board_amber_minutes,
      boardRedMinutes: input.board_red_minutes,
    };
  }

  const codeTaken = uniqueFieldTaken('outlets_tenant_code_unique', 'outlet_code_taken', 'code');

  return {
    async list(ctx: AuthedContext, q: ListQuery) {
      const tenantId = tenantIdOf(ctx);
      const { rows, total } = await repo.list(
        db,
        tenantId,
        { q: q.q, status: q.status, onlyId: ctx.principal.outletId },
        q.page_size,
        offsetOf(q),
      );
      return { data: await withState(tenantId, rows), meta: listMeta(q, total) };
    },

    /** Whether the tenant has this outlet and it is active (the customer app's outlet choice). */
    async isActive(tenantId: string, outletId: string): Promise<boolean> {
      const row = await repo.findById(db, tenantId, outletId);
      return row?.status === 'active';
    },

    /** Every outlet of a tenant (the superadmin's "Tenant and Outlet" view). */
    async listOfTenant(tenantId: string): Promise<Outlet[]> {
      const { rows } = await repo.list(db, tenantId, {}, 1000, 0);
      return withState(tenantId, rows);
    },

    async get(ctx: AuthedContext, id: string): Promise<Outlet> {
      const { tenantId, row } = await requireOutlet(ctx, id);
      return (await withState(tenantId, [row]))[0]!;
    },

    async create(ctx: AuthedContext, input: OutletInput): Promise<Outlet> {
      const tenantId = tenantIdOf(ctx);
      const values = valuesOf(input);
      const entry = createdEntry('outlet', input);
      const id = await audited(db, ctx, entry, (tx) => repo.insert(tx, tenantId, values)).catch(
        codeTaken,
      );
      return this.get(ctx, id);
    },

    async update(ctx: AuthedContext, id: string, input: OutletInput): Promise<Outlet> {
      const { tenantId, row } = await requireOutlet(ctx, id);
      const values = valuesOf(input);
      const entry = updatedEntry('outlet', id, row, input);
      await audited(db, ctx, entry, (tx) => repo.update(tx, tenantId, id, values)).catch(codeTaken);
      return this.get(ctx, id);
    },

    /** An outlet with staff (or, later, orders) is kept: disable it instead. */
    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const { tenantId, row } = await requireOutlet(ctx, id);
      const staff = await repo.staffCount(db, tenantId, id);
      const inUse = (message?: string) => new AppError('outlet_in_use', { message });
      if (staff > 0) {
        throw inUse(
          `This outlet has ${staff} staff member${staff === 1 ? '' : 's'} and cannot be deleted. Disable it instead.`,
        );
      }
      const entry = deletedEntry('outlet', id, row);
      // Orders (and other history) reference outlets with restricting foreign keys.
      await audited(db, ctx, entry, (tx) => repo.remove(tx, tenantId, id)).catch(
        inUseOnForeignKey(() => inUse()),
      );
      return { id, deleted: true };
    },

    // ---- Time management ------------------------------------------------------------------------

    async hours(ctx: AuthedContext, id: string): Promise<OutletHours> {
      const { row } = await requireOutlet(ctx, id);
      return { hours: row.hours, last_order_minutes: row.lastOrderMinutes };
    },

    async setHours(ctx: AuthedContext, id: string, input: OutletHours): Promise<OutletHours> {
      const { tenantId, row } = await requireOutlet(ctx, id);
      const problems = overlappingRanges(input.hours);
      if (problems.length > 0) throw validationError(problems);
      const hours = [...input.hours].sort((a, b) => a.day - b.day);
      const entry = {
        action: 'outlet.hours_update',
        entity: 'outlet',
        entityId: id,
        before: { hours: row.hours, last_order_minutes: row.lastOrderMinutes },
        after: { hours, last_order_minutes: input.last_order_minutes },
      };
      await audited(db, ctx, entry, (tx) =>
        repo.update(tx, tenantId, id, { hours, lastOrderMinutes: input.last_order_minutes }),
      );
      return { hours, last_order_minutes: input.last_order_minutes };
    },

    async closures(ctx: AuthedContext, id: string): Promise<Closure[]> {
      const { tenantId } = await requireOutlet(ctx, id);
      const rows = await repo.closuresOf(db, tenantId, [id]);
      return rows.map(({ outletId: _outletId, ...c }) => c);
    },

    async addClosure(
      ctx: AuthedContext,
      id: string,
      input: { from: string; to: string; reason: string },
    ): Promise<Closure> {
      const { tenantId } = await requireOutlet(ctx, id);
      const entry = (newId: string) => ({
        action: 'outlet.closure_add',
        entity: 'outlet',
        entityId: id,
        after: { closure_id: newId, ...input },
      });
      const closureId = await audited(db, ctx, entry, (tx) =>
        repo.insertClosure(tx, {
          tenantId,
          outletId: id,
          fromDate: input.from,
          toDate: input.to,
          reason: input.reason,
        }),
      );
      return { id: closureId, ...input };
    },

    async removeClosure(
      ctx: AuthedContext,
      id: string,
      closureId: string,
    ): Promise<{ id: string; deleted: true }> {
      const { tenantId } = await requireOutlet(ctx, id);
      const closures = await repo.closuresOf(db, tenantId, [id]);
      const existing = found(closures.find((c) => c.id === closureId));
      const entry = {
        action: 'outlet.closure_remove',
        entity: 'outlet',
        entityId: id,
        before: existing,
      };
      await audited(db, ctx, entry, (tx) => repo.deleteClosure(tx, tenantId, id, closureId));
      return { id: closureId, deleted: true };
    },
  };
}

export type OutletService = ReturnType<typeof createOutletService>;
