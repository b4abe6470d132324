import {
  messageKey,
  type Voucher,
  type VoucherInput,
  type VoucherListQuery,
  type VoucherParsed,
  type VoucherState,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited, createdEntry, deletedEntry, updatedEntry } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { inUseOnForeignKey, uniqueViolation } from '../../lib/db-errors';
import { AppError, type ErrorDetail, found, validationError } from '../../lib/errors';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as repo from './vouchers.repo';
import { rulesOf } from './voucher-view';

// Vouchers as the back office keeps them (/voucher): the rules the contract's evaluateVoucher
// applies, checked to name only the tenant's outlets, products and categories. A voucher's code
// kind is fixed once created (its codes were printed or typed as such); a redeemed voucher is
// switched off rather than deleted, so its orders keep naming it.

/** Where a voucher stands at `now`; the repository's `inState` filters by the same rule. */
export function stateOf(
  v: { status: string; validFrom: Date; validUntil: Date | null },
  now: Date,
): VoucherState {
  if (v.status !== 'active') return 'inactive';
  if (v.validUntil && v.validUntil <= now) return 'expired';
  if (v.validFrom > now) return 'scheduled';
  return 'active';
}

export const toVoucher = (r: repo.VoucherRow): Voucher => ({
  ...rulesOf(r),
  id: r.id,
  name_en: r.nameEn,
  name_my: r.nameMy,
  code_kind: r.codeKind as Voucher['code_kind'],
  code: r.code,
  redeemed: r.redeemedCount,
  codes_generated: r.codesGenerated,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The stored values of a checked input: fields the type does not use are none. */
function valuesOf(input: VoucherParsed): repo.VoucherValues {
  const freeItem = input.type === 'free_item';
  return {
    nameEn: input.name_en,
    nameMy: input.name_my?.trim() ? input.name_my.trim() : null,
    codeKind: input.code_kind,
    code: input.code_kind === 'shared' ? (input.code ?? null) : null,
    type: input.type,
    value: freeItem ? 0 : input.value,
    maxDiscount: input.type === 'percent' ? (input.max_discount ?? null) : null,
    freeItemKind: freeItem ? (input.free_item_kind ?? null) : null,
    freeItemId: freeItem ? (input.free_item_id ?? null) : null,
    minSpend: input.min_spend,
    validFrom: new Date(input.valid_from),
    validUntil: input.valid_until ? new Date(input.valid_until) : null,
    daysOfWeek: [...input.days_of_week].sort((a, b) => a - b),
    hoursFrom: input.hours_from ?? null,
    hoursUntil: input.hours_until ?? null,
    totalLimit: input.total_limit ?? null,
    perCustomerLimit: input.per_customer_limit ?? null,
    outletIds: input.outlet_ids,
    sources: input.sources,
    servingMethods: input.serving_methods,
    productIds: input.product_ids,
    categoryIds: input.category_ids,
    requiresCustomer: input.requires_customer,
    status: input.status,
  };
}

const codeTaken = () =>
  new AppError('voucher_code_taken', {
    details: [{ path: 'code', message: 'validation.not_unique' }],
  });
const codeTakenOnUnique = (error: unknown): never => {
  if (uniqueViolation(error) === 'vouchers_tenant_code_unique') throw codeTaken();
  throw error;
};
const inUse = () => new AppError('voucher_in_use');

export function createVoucherService({ db, now }: { db: Db; now: Clock }) {
  const one = async (tenantId: string, id: string) =>
    toVoucher(found(await repo.findById(db, tenantId, id)));

  /** Every id the voucher names must be the tenant's: another tenant's id is refused as unknown. */
  async function checkReferences(tenantId: string, input: VoucherParsed) {
    const problems: ErrorDetail[] = [];
    const check = async (
      path: string,
      kind: 'outlet' | 'product' | 'category',
      ids: string[],
      single = false,
    ) => {
      const owned = new Set(await repo.ownedIds(db, tenantId, kind, ids));
      ids.forEach((id, i) => {
        if (!owned.has(id)) {
          problems.push({ path: single ? path : `${path}.${i}`, message: 'validation.invalid' });
        }
      });
    };
    await check('outlet_ids', 'outlet', input.outlet_ids);
    await check('product_ids', 'product', input.product_ids);
    await check('category_ids', 'category', input.category_ids);
    if (input.type === 'free_item' && input.free_item_id && input.free_item_kind) {
      await check('free_item_id', input.free_item_kind, [input.free_item_id], true);
    }
    if (problems.length > 0) throw validationError(problems);
  }

  /** A shared code must not be another voucher's, shared or generated. */
  async function checkCode(tenantId: string, input: VoucherParsed) {
    if (input.code_kind === 'shared' && input.code) {
      if (await repo.uniqueCodeExists(db, tenantId, input.code)) throw codeTaken();
    }
  }

  return {
    async list(ctx: AuthedContext, q: VoucherListQuery) {
      const tenantId = tenantIdOf(ctx);
      const filter = {
        q: q.q,
        state: q.state,
        type: q.type,
        codeKind: q.code_kind,
        outletId: q.outlet_id,
        now: now(),
      };
      return pageAnswer(
        q,
        await repo.list(db, tenantId, filter, q.page_size, offsetOf(q)),
        toVoucher,
      );
    },

    async get(ctx: AuthedContext, id: string): Promise<Voucher> {
      return one(tenantIdOf(ctx), id);
    },

    async create(ctx: AuthedContext, input: VoucherInput): Promise<Voucher> {
      const tenantId = tenantIdOf(ctx);
      const parsed = input as VoucherParsed;
      await checkReferences(tenantId, parsed);
      await checkCode(tenantId, parsed);
      const values = valuesOf(parsed);
      const id = await audited(db, ctx, createdEntry('voucher', input), (tx) =>
        repo.insert(tx, tenantId, values),
      ).catch(codeTakenOnUnique);
      return one(tenantId, id);
    },

    async update(ctx: AuthedContext, id: string, input: VoucherInput): Promise<Voucher> {
      const tenantId = tenantIdOf(ctx);
      const parsed = input as VoucherParsed;
      const before = await one(tenantId, id);
      await checkReferences(tenantId, parsed);
      await checkCode(tenantId, parsed);
      const entry = updatedEntry('voucher', id, before, input);
      await audited(db, ctx, entry, async (tx) => {
        // Under the row's lock, so a redemption committing meanwhile is counted.
        const current = found(await repo.lockById(tx, tenantId, id));
        if (current.codeKind !== parsed.code_kind) throw new AppError('voucher_code_kind_fixed');
        if (parsed.total_limit != null && parsed.total_limit < current.redeemedCount) {
          throw new AppError('voucher_limit_below_used', {
            details: [
              {
                path: 'total_limit',
                message: messageKey('min_value', { min: current.redeemedCount }),
              },
            ],
          });
        }
        await repo.update(tx, tenantId, id, valuesOf(parsed));
      }).catch(codeTakenOnUnique);
      return one(tenantId, id);
    },

    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const tenantId = tenantIdOf(ctx);
      const before = await one(tenantId, id);
      if (await repo.hasRedemptions(db, tenantId, id)) throw inUse();
      // A redemption committed between the check and the delete trips its foreign key.
      await audited(db, ctx, deletedEntry('voucher', id, before), (tx) =>
        repo.remove(tx, tenantId, id),
      ).catch(inUseOnForeignKey(inUse));
      return { id, deleted: true };
    },
  };
}

export type VoucherService = ReturnType<typeof createVoucherService>;
