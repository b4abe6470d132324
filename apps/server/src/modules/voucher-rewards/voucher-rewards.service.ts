import {
  messageKey,
  type Reward,
  type RewardInput,
  type RewardListQuery,
  type RewardParsed,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audited, createdEntry, deletedEntry, updatedEntry } from '../../lib/audit';
import { inUseOnForeignKey } from '../../lib/db-errors';
import { AppError, found, validationError } from '../../lib/errors';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as repo from './voucher-rewards.repo';

// The points rewards the customer app offers, as the back office keeps them
// (/voucher/rewards, subject reward). A reward names a voucher of unique codes of the tenant: each
// exchange issues one of its codes. Once exchanged, a reward is switched off rather than deleted,
// so the codes issued keep naming it; its stock never goes below what was exchanged.

export const toReward = (r: repo.RewardRow): Reward => ({
  id: r.id,
  voucher_id: r.voucherId,
  voucher_name_en: r.voucherNameEn,
  voucher_name_my: r.voucherNameMy,
  name_en: r.nameEn,
  name_my: r.nameMy,
  points_price: r.pointsPrice,
  stock: r.stock,
  issued: r.issuedCount,
  starts_at: r.startsAt.toISOString(),
  ends_at: r.endsAt?.toISOString() ?? null,
  status: r.status as Reward['status'],
  sort_order: r.sortOrder,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const valuesOf = (input: RewardParsed): repo.RewardValues => ({
  voucherId: input.voucher_id,
  nameEn: input.name_en,
  nameMy: input.name_my?.trim() ? input.name_my.trim() : null,
  pointsPrice: input.points_price,
  stock: input.stock ?? null,
  startsAt: new Date(input.starts_at),
  endsAt: input.ends_at ? new Date(input.ends_at) : null,
  status: input.status,
  sortOrder: input.sort_order,
});

const inUse = () => new AppError('reward_in_use');

export function createRewardService({ db }: { db: Db }) {
  const one = async (tenantId: string, id: string) =>
    toReward(found(await repo.findById(db, tenantId, id)));

  /** The voucher must be the tenant's (another tenant's reads as unknown) and of unique codes. */
  async function checkVoucher(tenantId: string, voucherId: string) {
    const voucher = await repo.voucherOf(db, tenantId, voucherId);
    if (!voucher) {
      throw validationError([{ path: 'voucher_id', message: 'validation.invalid' }]);
    }
    if (voucher.codeKind !== 'unique') {
      throw new AppError('reward_voucher_not_unique', {
        details: [{ path: 'voucher_id', message: 'validation.invalid' }],
      });
    }
  }

  return {
    async list(ctx: AuthedContext, q: RewardListQuery) {
      const tenantId = tenantIdOf(ctx);
      const page = await repo.list(
        db,
        tenantId,
        { q: q.q, status: q.status },
        q.page_size,
        offsetOf(q),
      );
      return pageAnswer(q, page, toReward);
    },

    get: (ctx: AuthedContext, id: string) => one(tenantIdOf(ctx), id),

    async create(ctx: AuthedContext, input: RewardInput): Promise<Reward> {
      const tenantId = tenantIdOf(ctx);
      const parsed = input as RewardParsed;
      await checkVoucher(tenantId, parsed.voucher_id);
      const id = await audited(db, ctx, createdEntry('reward', input), (tx) =>
        repo.insert(tx, tenantId, valuesOf(parsed)),
      );
      return one(tenantId, id);
    },

    async update(ctx: AuthedContext, id: string, input: RewardInput): Promise<Reward> {
      const tenantId = tenantIdOf(ctx);
      const parsed = input as RewardParsed;
      const before = await one(tenantId, id);
      await checkVoucher(tenantId, parsed.voucher_id);
      await audited(db, ctx, updatedEntry('reward', id, before, input), async (tx) => {
        // Under the row's lock, so an exchange committing meanwhile is counted.
        const current = found(await repo.lockById(tx, tenantId, id));
        if (parsed.stock != null && parsed.stock < current.issuedCount) {
          throw new AppError('reward_stock_below_issued', {
            details: [
              { path: 'stock', message: messageKey('min_value', { min: current.issuedCount }) },
            ],
          });
        }
        await repo.update(tx, tenantId, id, valuesOf(parsed));
      });
      return one(tenantId, id);
    },

    async remove(ctx: AuthedContext, id: string): Promise<{ id: string; deleted: true }> {
      const tenantId = tenantIdOf(ctx);
      const before = await one(tenantId, id);
      if (before.issued > 0 || (await repo.hasCodes(db, tenantId, id))) throw inUse();
      // An exchange committed between the check and the delete trips its code's foreign key.
      await audited(db, ctx, deletedEntry('reward', id, before), (tx) =>
        repo.remove(tx, tenantId, id),
      ).catch(inUseOnForeignKey(inUse));
      return { id, deleted: true };
    },
  };
}

export type RewardService = ReturnType<typeof createRewardService>;
