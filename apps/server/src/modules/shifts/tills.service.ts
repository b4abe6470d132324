import type { Till, TillCreate, TillUpdate } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { outletShiftSettings } from './shifts.repo';
import * as repo from './tills.repo';

// Tills: an outlet's named cash registers (decision 035). Every outlet keeps at least one; a till
// that a shift or an order points at stays (renaming it is fine), so reports keep their till.

const nameTaken = (error: unknown) => {
  if (uniqueViolation(error) === 'tills_outlet_name_unique') {
    throw new AppError('till_name_taken', {
      details: [{ path: 'name', message: 'validation.not_unique' }],
    });
  }
  throw error;
};

const toTill = (row: Pick<repo.TillRow, 'id' | 'outletId' | 'name'>): Till => ({
  id: row.id,
  outlet_id: row.outletId,
  name: row.name,
  open_shift: null,
});

export function createTillService({ db }: { db: Db }) {
  /** An outlet-bound user reaches only their outlet's tills; anything else is a 404. */
  async function requireOutlet(ctx: AuthedContext, outletId: string) {
    const bound = ctx.principal.outletId;
    const outlet =
      bound && bound !== outletId ? null : await outletShiftSettings(db, tenantIdOf(ctx), outletId);
    if (!outlet) throw new AppError('not_found');
  }

  async function requireTill(ctx: AuthedContext, tillId: string) {
    const till = await repo.findTill(db, tenantIdOf(ctx), tillId);
    const bound = ctx.principal.outletId;
    if (!till || (bound && till.outletId !== bound)) throw new AppError('not_found');
    return till;
  }

  return {
    /** GET /api/tills: the outlet's tills with their open shifts. */
    async list(ctx: AuthedContext, outletId: string): Promise<Till[]> {
      await requireOutlet(ctx, outletId);
      const rows = await repo.outletTills(db, tenantIdOf(ctx), outletId);
      return rows.map((r) => ({
        ...toTill(r),
        open_shift:
          r.shiftId && r.openedAt
            ? {
                id: r.shiftId,
                cashier_id: r.cashierId,
                cashier_name: r.cashierName,
                opened_at: r.openedAt.toISOString(),
              }
            : null,
      }));
    },

    /** POST /api/tills */
    async create(ctx: AuthedContext, input: TillCreate): Promise<Till> {
      await requireOutlet(ctx, input.outlet_id);
      const tenantId = tenantIdOf(ctx);
      const row = await db
        .transaction(async (tx) => {
          const till = await repo.insertTill(tx, {
            tenantId,
            outletId: input.outlet_id,
            name: input.name,
          });
          await audit.record(tx, ctx, {
            action: 'till.create',
            entity: 'till',
            entityId: till.id,
            after: { outlet_id: till.outletId, name: till.name },
          });
          return till;
        })
        .catch(nameTaken);
      return toTill(row);
    },

    /** PUT /api/tills/{id}: a new name; shifts and reports show it from now on. */
    async rename(ctx: AuthedContext, id: string, input: TillUpdate): Promise<Till> {
      const before = await requireTill(ctx, id);
      const tenantId = tenantIdOf(ctx);
      const row = await db
        .transaction(async (tx) => {
          const till = await repo.renameTill(tx, tenantId, id, input.name);
          if (!till) throw new AppError('not_found');
          if (till.name !== before.name) {
            await audit.record(tx, ctx, {
              action: 'till.update',
              entity: 'till',
              entityId: id,
              before: { name: before.name },
              after: { name: till.name },
            });
          }
          return till;
        })
        .catch(nameTaken);
      return toTill(row);
    },

    /** DELETE /api/tills/{id}: only a till nothing was rung up on, never the outlet's last. */
    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const till = await requireTill(ctx, id);
      const tenantId = tenantIdOf(ctx);
      await db.transaction(async (tx) => {
        if ((await repo.lockOutletTills(tx, tenantId, till.outletId)) <= 1) {
          throw new AppError('till_last');
        }
        if (await repo.tillInUse(tx, tenantId, id)) throw new AppError('till_in_use');
        await repo.deleteTill(tx, tenantId, id);
        await audit.record(tx, ctx, {
          action: 'till.delete',
          entity: 'till',
          entityId: id,
          before: { outlet_id: till.outletId, name: till.name },
        });
      });
      return { id, deleted: true };
    },
  };
}

export type TillService = ReturnType<typeof createTillService>;
