import type {
  WalletAdjustment,
  WalletAdjustmentInput,
  WalletAdjustmentListQuery,
  WalletAdjustmentResult,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/tenant-scope';
import { type LedgerActor, postWallet } from './ledgers.service';
import { settingsOf } from './settings.repo';
import * as adjustments from './wallet-adjustments.repo';
import * as repo from './wallet.repo';
import { toAdjustment, toWalletEntry } from './wallet-view';

// Staff adjust a customer's wallet with a reason (DESIGN §10): up to the tenant's limit it posts
// at once; above it, it waits for a second staff member with the wallet permission, never the one
// who asked, and posts when they approve. A debit never takes the balance below zero. Each
// posting is one ledger entry whatever retries deliver: the request's Idempotency-Key (or the
// adjustment's id) is the entry's key.

export interface WalletAdjustmentServiceDeps {
  db: Db;
  now: Clock;
}

export function createWalletAdjustmentService({ db, now }: WalletAdjustmentServiceDeps) {
  const staff = (ctx: AuthedContext, fullname: string | null): LedgerActor => ({
    kind: 'staff',
    id: ctx.principal.userId,
    name: fullname ?? ctx.principal.username,
  });

  /** The adjustment for a decision: locked, the tenant's (else 404), pending, not the caller's. */
  async function decidable(tx: Db, ctx: AuthedContext, id: string) {
    const found = await adjustments.adjustmentById(tx, tenantIdOf(ctx), id, true);
    if (!found) throw new AppError('not_found');
    if (found.adjustment.status !== 'pending') throw new AppError('wallet_adjustment_decided');
    if (found.adjustment.requestedBy === ctx.principal.userId) {
      throw new AppError('wallet_adjustment_same_approver');
    }
    return found;
  }

  return {
    /** POST /api/customers/{id}/wallet/adjust (Idempotency-Key required). */
    async adjust(
      ctx: AuthedContext,
      customerId: string,
      input: WalletAdjustmentInput,
      idempotencyKey: string | null,
    ): Promise<WalletAdjustmentResult> {
      const tenantId = tenantIdOf(ctx);
      if (!idempotencyKey) throw new AppError('idempotency_key_required');
      return db.transaction(async (tx) => {
        const holder = await repo.walletHolder(tx, tenantId, customerId, ctx.principal.userId);
        if (!holder) throw new AppError('not_found');
        const settings = await settingsOf(tx, tenantId);
        if (Math.abs(input.amount) <= settings.adjustmentLimit) {
          const posted = await postWallet(tx, {
            tenantId,
            customerId,
            kind: 'adjustment',
            amount: input.amount,
            reason: input.reason,
            idempotencyKey: `adjustment:${ctx.principal.userId}:${idempotencyKey}`,
            actor: staff(ctx, holder.callerName),
          });
          const entry = posted!.entry;
          if (!posted!.duplicate) {
            await audit.record(tx, ctx, {
              action: 'wallet.adjust',
              entity: 'customer',
              entityId: customerId,
              before: { balance: entry.balanceAfter - entry.amount },
              after: {
                balance: entry.balanceAfter,
                amount: entry.amount,
                reason: input.reason,
                entry_id: entry.id,
              },
            });
          }
          return {
            status: 'posted',
            entry: toWalletEntry({ entry, orderNo: null }),
            adjustment: null,
            balance: entry.balanceAfter,
          };
        }
        // Refused now rather than at approval when it could not post already.
        if (holder.anonymisedAt && input.amount > 0) throw new AppError('customer_anonymised');
        if (holder.walletBalance + input.amount < 0) {
          throw new AppError('insufficient_wallet_balance');
        }
        const row = await adjustments.insertAdjustment(tx, {
          tenantId,
          customerId,
          amount: input.amount,
          reason: input.reason,
          requestedBy: ctx.principal.userId,
          requestedByName: holder.callerName ?? ctx.principal.username,
        });
        await audit.record(tx, ctx, {
          action: 'wallet.adjustment_request',
          entity: 'wallet_adjustment',
          entityId: row.id,
          after: {
            customer_id: customerId,
            amount: input.amount,
            reason: input.reason,
            limit: settings.adjustmentLimit,
          },
        });
        return {
          status: 'pending_approval',
          entry: null,
          adjustment: toAdjustment(
            { adjustment: row, customerName: holder.name },
            ctx.principal.userId,
          ),
          balance: holder.walletBalance,
        };
      });
    },

    /** GET /api/wallet-adjustments: newest first. */
    async list(ctx: AuthedContext, q: WalletAdjustmentListQuery) {
      const page = await adjustments.adjustmentsPage(
        db,
        tenantIdOf(ctx),
        { status: q.status, customerId: q.customer_id, q: q.q },
        q.page_size,
        offsetOf(q),
      );
      return pageAnswer(q, page, (row) => toAdjustment(row, ctx.principal.userId));
    },

    /** POST /api/wallet-adjustments/{id}/approve: posts the entry in the same transaction. */
    async approve(ctx: AuthedContext, id: string): Promise<WalletAdjustmentResult> {
      const tenantId = tenantIdOf(ctx);
      return db.transaction(async (tx) => {
        const { adjustment: a, customerName } = await decidable(tx, ctx, id);
        const holder = await repo.walletHolder(tx, tenantId, a.customerId, ctx.principal.userId);
        const posted = await postWallet(tx, {
          tenantId,
          customerId: a.customerId,
          kind: 'adjustment',
          amount: a.amount,
          reason: a.reason,
          idempotencyKey: `adjustment:${a.id}`,
          actor: staff(ctx, holder?.callerName ?? null),
        });
        const entry = posted!.entry;
        const decided = await adjustments.decideAdjustment(tx, tenantId, id, {
          status: 'approved',
          decidedBy: ctx.principal.userId,
          decidedByName: holder?.callerName ?? ctx.principal.username,
          decidedAt: now(),
          entryId: entry.id,
        });
        if (!decided) throw new AppError('wallet_adjustment_decided');
        await audit.record(tx, ctx, {
          action: 'wallet.adjustment_approve',
          entity: 'wallet_adjustment',
          entityId: id,
          before: { status: 'pending', balance: entry.balanceAfter - entry.amount },
          after: {
            status: 'approved',
            customer_id: a.customerId,
            amount: a.amount,
            reason: a.reason,
            balance: entry.balanceAfter,
            entry_id: entry.id,
          },
        });
        return {
          status: 'posted',
          entry: toWalletEntry({ entry, orderNo: null }),
          adjustment: toAdjustment({ adjustment: decided, customerName }, ctx.principal.userId),
          balance: entry.balanceAfter,
        };
      });
    },

    /** POST /api/wallet-adjustments/{id}/reject: nothing is posted. */
    async reject(ctx: AuthedContext, id: string): Promise<WalletAdjustment> {
      const tenantId = tenantIdOf(ctx);
      return db.transaction(async (tx) => {
        const { adjustment: a, customerName } = await decidable(tx, ctx, id);
        const holder = await repo.walletHolder(tx, tenantId, a.customerId, ctx.principal.userId);
        const decided = await adjustments.decideAdjustment(tx, tenantId, id, {
          status: 'rejected',
          decidedBy: ctx.principal.userId,
          decidedByName: holder?.callerName ?? ctx.principal.username,
          decidedAt: now(),
          entryId: null,
        });
        if (!decided) throw new AppError('wallet_adjustment_decided');
        await audit.record(tx, ctx, {
          action: 'wallet.adjustment_reject',
          entity: 'wallet_adjustment',
          entityId: id,
          before: { status: 'pending' },
          after: {
            status: 'rejected',
            customer_id: a.customerId,
            amount: a.amount,
            reason: a.reason,
          },
        });
        return toAdjustment({ adjustment: decided, customerName }, ctx.principal.userId);
      });
    },
  };
}

export type WalletAdjustmentService = ReturnType<typeof createWalletAdjustmentService>;
