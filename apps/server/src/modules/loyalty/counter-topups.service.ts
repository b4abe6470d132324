import {
  codedReason,
  type CounterTopup,
  type CounterTopupCreate,
  type CounterTopupMethod,
  type CounterTopupOptions,
} from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { staffNameOf } from '../../lib/staff-name';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as books from '../books/books.service';
import { pendingTopups } from '../payments/intents/payments.service';
import type { ShiftService } from '../shifts/shifts.service';
import * as repo from './counter-topups.repo';
import { postWallet } from './ledgers.service';
import { settingsOf } from './settings.repo';
import { checkTopup } from './wallet.service';

// A wallet top-up sold at the counter by cash or card. One transaction: the
// customer row locked and the tenant's maximum checked as for an app top-up (counting the app
// top-ups still being paid), the outlet's business day locked (which numbers the receipt), the
// till's open shift held against its close, then the wallet's `topup` entry through postWallet
// and the counter_topups row beside it. No order: it stays out of the sales figures, counts in
// the wallet's top-ups and liability, and its cash in the shift's drawer.

export interface CounterTopupDeps {
  db: Db;
  now: Clock;
  shifts: Pick<ShiftService, 'saleShift' | 'outletOf' | 'holdOpenShift'>;
}

const receiptNo = (outletCode: string, seq: number) =>
  `${outletCode}-T${String(seq).padStart(4, '0')}`;

/** The top-up a key already recorded, when this request is that one again. */
function sameTopup(
  row: NonNullable<Awaited<ReturnType<typeof repo.byKey>>>,
  customerId: string,
  input: CounterTopupCreate,
) {
  const t = row.topup;
  const same =
    t.customerId === customerId &&
    t.outletId === input.outlet_id &&
    t.method === input.method &&
    t.amount === input.amount &&
    (t.tendered ?? null) === (input.tendered ?? null) &&
    (t.reference ?? '') === (input.reference ?? '');
  if (!same) throw new AppError('idempotency_key_reused');
  return row;
}

export function createCounterTopupService({ db, now, shifts }: CounterTopupDeps) {
  async function view(
    tenantId: string,
    row: NonNullable<Awaited<ReturnType<typeof repo.byKey>>>,
  ): Promise<CounterTopup> {
    const t = row.topup;
    const [customer, outlet] = await Promise.all([
      repo.customerOf(db, tenantId, t.customerId),
      shifts.outletOf(tenantId, t.outletId),
    ]);
    return {
      id: t.id,
      receipt_no: t.receiptNo,
      business_date: t.businessDate,
      outlet_id: t.outletId,
      outlet_code: outlet?.code ?? '',
      till_id: t.tillId,
      shift_id: t.shiftId,
      customer: { id: t.customerId, name: customer?.name ?? '', phone: customer?.phone ?? '' },
      method: t.method as CounterTopupMethod,
      amount: t.amount,
      tendered: t.tendered,
      change: t.tendered === null ? 0 : t.tendered - t.amount,
      reference: t.reference,
      wallet_balance: row.balanceAfter,
      points_balance: customer?.points ?? 0,
      by_name: t.byName,
      created_at: t.createdAt.toISOString(),
    };
  }

  /** Till and shift the top-up goes into: cash needs an open shift when the tenant requires one. */
  async function drawerOf(ctx: AuthedContext, input: CounterTopupCreate) {
    try {
      return await shifts.saleShift(ctx, input.outlet_id, input.till_id);
    } catch (error) {
      // A card top-up puts nothing in a drawer: without a shift it is recorded at the till.
      if (input.method === 'card' && error instanceof AppError && error.code === 'shift_required') {
        return { tillId: input.till_id ?? null, shiftId: null };
      }
      throw error;
    }
  }

  return {
    /** GET /api/counter-topups/options */
    async options(ctx: AuthedContext): Promise<CounterTopupOptions> {
      const settings = await settingsOf(db, tenantIdOf(ctx));
      return { topup_presets: settings.topupPresets, max_balance: settings.walletMaxBalance };
    },

    /** POST /api/customers/{id}/wallet/counter-topups */
    async topup(
      ctx: AuthedContext,
      customerId: string,
      input: CounterTopupCreate,
      key: string | null,
    ): Promise<CounterTopup> {
      if (!key) throw new AppError('idempotency_key_required');
      const tenantId = tenantIdOf(ctx);
      const bound = ctx.principal.outletId;
      const outlet =
        bound && bound !== input.outlet_id
          ? null
          : await shifts.outletOf(tenantId, input.outlet_id);
      if (!outlet) throw new AppError('not_found');
      const again = await repo.byKey(db, tenantId, key);
      if (again) return view(tenantId, sameTopup(again, customerId, input));
      const customer = await repo.customerOf(db, tenantId, customerId);
      if (!customer) throw new AppError('not_found');
      const drawer = await drawerOf(ctx, input);
      const byName = await staffNameOf(db, ctx);
      try {
        const row = await db.transaction(async (tx) => {
          // The customer first, as every writer of a customer's ledgers (decision 034), then the
          // day: a sale locks them in that order too.
          await checkTopup(tx, tenantId, customerId, input.amount, () =>
            pendingTopups(tx, tenantId, customerId),
          );
          const day = await books.bookingDay(tx, tenantId, outlet, now());
          const shiftId =
            drawer?.shiftId && (await shifts.holdOpenShift(tx, tenantId, drawer.shiftId))
              ? drawer.shiftId
              : null;
          if (!shiftId && input.method === 'cash' && outlet.shiftsRequired) {
            throw new AppError('shift_required');
          }
          const number = receiptNo(
            outlet.code,
            (await repo.lastReceiptSeq(tx, tenantId, outlet.id, day)) + 1,
          );
          const posted = await postWallet(tx, {
            tenantId,
            customerId,
            kind: 'topup',
            amount: input.amount,
            idempotencyKey: `counter-topup:${key}`,
            actor: { kind: 'staff', id: ctx.principal.userId, name: byName },
            reason: codedReason('counter_topup', { receipt_no: number }),
            // checkTopup applied the maximum with the app's top-ups in flight.
            maxBalance: null,
            refuseBlocked: true,
          });
          if (!posted || posted.duplicate) throw new AppError('idempotency_key_reused');
          const topup = await repo.insertTopup(tx, {
            tenantId,
            outletId: outlet.id,
            tillId: drawer?.tillId ?? null,
            shiftId,
            customerId,
            receiptNo: number,
            businessDate: day,
            method: input.method,
            amount: input.amount,
            tendered: input.method === 'cash' ? (input.tendered ?? null) : null,
            reference: input.method === 'card' ? input.reference || null : null,
            walletEntryId: posted.entry.id,
            byUserId: ctx.principal.userId,
            byName,
            idempotencyKey: key,
          });
          await audit.record(tx, ctx, {
            action: 'wallet.counter_topup',
            entity: 'customer',
            entityId: customerId,
            before: { balance: posted.entry.balanceAfter - input.amount },
            after: {
              balance: posted.entry.balanceAfter,
              amount: input.amount,
              method: input.method,
              receipt_no: number,
              topup_id: topup.id,
              entry_id: posted.entry.id,
              outlet_id: outlet.id,
              shift_id: shiftId,
            },
          });
          return { topup, balanceAfter: posted.entry.balanceAfter };
        });
        return view(tenantId, row);
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (
          constraint === 'counter_topups_tenant_key_unique' ||
          constraint === 'wallet_entries_tenant_key_unique'
        ) {
          const existing = await repo.byKey(db, tenantId, key);
          if (existing) return view(tenantId, sameTopup(existing, customerId, input));
        }
        throw error;
      }
    },
  };
}

export type CounterTopupService = ReturnType<typeof createCounterTopupService>;
