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
import { tenantIdOf } from '../../lib/caller-tenant';
import { lockCustomer, walletEntryByKey, type WalletEntryRow } from './ledgers.repo';
import { type LedgerActor, postWallet } from './ledgers.service';
import { settingsOf } from './settings.repo';
import * as adjustments from './wallet-adjustments.repo';
import * as repo from './wallet.repo';
import { toAdjustment, toWalletEntry } from './wallet-view';

// Staff adjust a customer's wallet with a reason (DESIGN §10): up to the tenant's limit it posts
// at once, the limit counting what the staff member adjusted for the customer over the last 24
// hours (posted at once or still waiting, credits and debits alike); above it, it waits for a
// second staff member with the wallet permission, never the one who asked, and posts when they
// approve. A debit never takes the balance below zero. Each
// posting is one ledger entry whatever retries deliver: the request's Idempotency-Key (or the
// adjustment's id) is the entry's key.

export interface WalletAdjustmentServiceDeps {
  db: Db;
  now: Clock;
}

/** The answer to an adjustment that posted `entry` (at once, or approved). */
const postedAnswer = (
  entry: WalletEntryRow,
  adjustment: WalletAdjustment | null,
): WalletAdjustmentResult => ({
  status: 'posted',
  entry: toWalletEntry({ entry, orderNo: null, orderDate: null }),
  adjustment,
  balance: entry.balanceAfter,
});

export function createWalletAdjustmentService({ db, now }: WalletAdjustmentServiceDeps) {
  const staff = (ctx: AuthedContext, fullname: string | null): LedgerActor => ({
    kind: 'staff',
    id: ctx.principal.userId,
    name: fullname ?? ctx.principal.username,
  });

  /**
   * The adjustment for a decision: locked, the tenant's (else 404), pending, not the caller's;
   * with the caller's name and `record`, which writes the decision.
   */
  async function decidable(tx: Db, ctx: AuthedContext, id: string) {
    const tenantId = tenantIdOf(ctx);
    const found = await adjustments.adjustmentById(tx, tenantId, id, true);
    if (!found) throw new AppError('not_found');
    const a = found.adjustment;
    if (a.status !== 'pending') throw new AppError('wallet_adjustment_decided');
    if (a.requestedBy === ctx.principal.userId) {
      throw new AppError('wallet_adjustment_same_approver');
    }
    const holder = await repo.walletHolder(tx, tenantId, a.customerId, ctx.principal.userId);
    const callerName = holder?.callerName ?? null;
    const record = async (status: 'approved' | 'rejected', entryId: string | null) => {
      const decided = await adjustments.decideAdjustment(tx, tenantId, id, {
        status,
        decidedBy: ctx.principal.userId,
        decidedByName: callerName ?? ctx.principal.username,
        decidedAt: now(),
        entryId,
      });
      if (!decided) throw new AppError('wallet_adjustment_decided');
      return toAdjustment(
        { adjustment: decided, customerName: found.customerName },
        ctx.principal.userId,
      );
    };
    return { a, callerName, record };
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
        // The customer's row first: one staff member's adjustments at once queue here, each
        // counting the ones before it.
        if (!(await lockCustomer(tx, tenantId, customerId))) throw new AppError('not_found');
        const holder = await repo.walletHolder(tx, tenantId, customerId, ctx.principal.userId);
        if (!holder) throw new AppError('not_found');
        const settings = await settingsOf(tx, tenantId);
        const userId = ctx.principal.userId;
        const atOnceKeyPrefix = `adjustment:${userId}:${customerId}:`;
        const key = `${atOnceKeyPrefix}${idempotencyKey}`;
        // A retry of one that posted answers its entry; otherwise the staff member's day for
        // this customer, what waits included, counts: splitting it gains nothing.
        const repeat = (await walletEntryByKey(tx, tenantId, key)) !== null;
        const adjusted = repeat
          ? 0
          : await adjustments.adjustedInLastDay(tx, tenantId, {
              customerId,
              userId,
              atOnceKeyPrefix,
            });
        if (repeat || adjusted + Math.abs(input.amount) <= settings.adjustmentLimit) {
          const posted = await postWallet(tx, {
            tenantId,
            customerId,
            kind: 'adjustment',
            amount: input.amount,
            reason: input.reason,
            idempotencyKey: key,
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
          return postedAnswer(entry, null);
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
            adjusted_last_day: adjusted,
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
      return db.transaction(async (tx) => {
        const { a, callerName, record } = await decidable(tx, ctx, id);
        const posted = await postWallet(tx, {
          tenantId: a.tenantId,
          customerId: a.customerId,
          kind: 'adjustment',
          amount: a.amount,
          reason: a.reason,
          idempotencyKey: `adjustment:${a.id}`,
          actor: staff(ctx, callerName),
        });
        const entry = posted!.entry;
        const adjustment = await record('approved', entry.id);
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
        return postedAnswer(entry, adjustment);
      });
    },

    /** POST /api/wallet-adjustments/{id}/reject: nothing is posted. */
    async reject(ctx: AuthedContext, id: string): Promise<WalletAdjustment> {
      return db.transaction(async (tx) => {
        const { a, record } = await decidable(tx, ctx, id);
        const adjustment = await record('rejected', null);
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
        return adjustment;
      });
    },
  };
}

export type WalletAdjustmentService = ReturnType<typeof createWalletAdjustmentService>;
