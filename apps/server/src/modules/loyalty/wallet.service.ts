import {
  addDays,
  businessDate,
  defaultLocale,
  formatRinggit,
  type LedgerQuery,
  type MobileWallet,
  type WalletEntryListQuery,
  type walletEntryExportQuerySchema,
  walletEntrySortKeys,
  type WalletLiability,
  WALLET_LIABILITY_MAX_DAYS,
  type WalletLiabilityQuery,
} from '@kopi/contract';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { type CustomerPrincipal, customerActor } from '../../lib/customer-principal';
import { AppError } from '../../lib/errors';
import { offsetOf, pageAnswer, parseSort } from '../../lib/paging';
import type { AuthedContext, RequestContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { lockCustomer } from './ledgers.repo';
import { postWallet } from './ledgers.service';
import { settingsOf } from './settings.repo';
import { walletEntriesCsv } from './wallet-export';
import * as repo from './wallet.repo';
import { toMobileWalletEntry, toWalletEntry } from './wallet-view';

// The wallet as staff read it (a customer's ledger, every entry with filters and export, the
// tenant's liability by day) and as the customer's app reads it, plus what the payments module
// asks of it for a top-up: may this customer add this much, and credit a settled top-up once.

export interface WalletServiceDeps {
  db: Db;
  now: Clock;
  /** The most rows an export writes; more is refused (tests lower it). */
  exportMaxRows?: number;
}

type WalletEntryExportQuery = z.infer<typeof walletEntryExportQuerySchema>;

const EXPORT_MAX_ROWS = 50_000;
/** Rows read per query while the export is written. */
const EXPORT_CHUNK_ROWS = 1000;
/** The liability's default range: this many days up to today. */
const LIABILITY_DEFAULT_DAYS = 30;

async function clockOf(db: Db, tenantId: string) {
  const clock = await repo.tenantClock(db, tenantId);
  if (!clock) throw new AppError('not_found');
  return clock;
}

/**
 * Refuses a top-up the customer may not make: blocked (customer_blocked), or one that with the
 * balance and the customer's top-ups still being paid (`inFlight`, asked of the payments module)
 * would pass the tenant's maximum (wallet_balance_limit). The customer row is locked first and
 * stays locked until the caller's transaction, which records this top-up, ends: two starts at
 * once queue, and the second counts the first. The credit itself never refuses money taken.
 */
export async function checkTopup(
  tx: Db,
  tenantId: string,
  customerId: string,
  amount: number,
  inFlight: () => Promise<number>,
) {
  const holder = await lockCustomer(tx, tenantId, customerId);
  if (!holder) throw new AppError('not_found');
  if (holder.status !== 'active') throw new AppError('customer_blocked');
  if (holder.anonymisedAt) throw new AppError('customer_anonymised');
  const settings = await settingsOf(tx, tenantId);
  if (holder.walletBalance + (await inFlight()) + amount > settings.walletMaxBalance) {
    throw new AppError('wallet_balance_limit', {
      message: `This would take the wallet over its maximum balance of ${formatRinggit(settings.walletMaxBalance)}, counting top-ups still being paid`,
    });
  }
}

export interface SettledTopup {
  tenantId: string;
  customerId: string;
  paymentId: string;
  amount: number;
  method: string;
  provider: string;
  eventId: string;
}

/**
 * Credits a settled top-up in the callback's transaction, once per payment (key
 * `topup:<payment id>`), without the maximum balance: the money was taken, so it is never
 * refused. The customer is the entry's actor; the trail names them too. A credit that lands past
 * the maximum (other money reached the wallet while it was being paid, or it was abandoned and
 * paid late) is flagged with a `wallet.topup_over_limit` entry in the trail for staff to see.
 */
export async function creditTopup(tx: Db, ctx: RequestContext, topup: SettledTopup) {
  const holder = await repo.walletHolder(tx, topup.tenantId, topup.customerId, null);
  if (!holder) throw new AppError('not_found');
  const posted = await postWallet(tx, {
    tenantId: topup.tenantId,
    customerId: topup.customerId,
    kind: 'topup',
    amount: topup.amount,
    idempotencyKey: `topup:${topup.paymentId}`,
    paymentId: topup.paymentId,
    actor: { kind: 'customer', id: holder.id, name: holder.name },
    maxBalance: null,
  });
  if (!posted || posted.duplicate) return posted;
  // Every entry of the top-up is the customer's own doing, on their record.
  const byHolder = {
    entity: 'customer',
    entityId: topup.customerId,
    tenantId: topup.tenantId,
    actor: customerActor({ id: holder.id, phone: holder.phone, tenantId: topup.tenantId }),
  };
  await audit.record(tx, ctx, {
    action: 'wallet.topup',
    ...byHolder,
    before: { balance: posted.entry.balanceAfter - topup.amount },
    after: {
      balance: posted.entry.balanceAfter,
      amount: topup.amount,
      entry_id: posted.entry.id,
      payment_id: topup.paymentId,
      provider: topup.provider,
      method: topup.method,
      event_id: topup.eventId,
    },
  });
  const { walletMaxBalance } = await settingsOf(tx, topup.tenantId);
  if (posted.entry.balanceAfter > walletMaxBalance) {
    await audit.record(tx, ctx, {
      action: 'wallet.topup_over_limit',
      ...byHolder,
      after: {
        balance: posted.entry.balanceAfter,
        max_balance: walletMaxBalance,
        over_by: posted.entry.balanceAfter - walletMaxBalance,
        entry_id: posted.entry.id,
        payment_id: topup.paymentId,
      },
    });
  }
  return posted;
}

export function createWalletService({
  db,
  now,
  exportMaxRows = EXPORT_MAX_ROWS,
}: WalletServiceDeps) {
  const filterOf = (q: WalletEntryExportQuery): repo.EntryFilter => ({
    customerId: q.customer_id,
    kind: q.kind,
    from: q.from,
    to: q.to,
    q: q.q,
  });
  // Newest first unless the caller sorts.
  const sortOf = (q: { sort?: string | undefined }) =>
    q.sort
      ? parseSort(q.sort, walletEntrySortKeys, 'created')
      : { key: 'created' as const, desc: true };

  /** A page of the tenant's entries under `filter`, as `toItem` shows them. */
  async function pageOf<T>(
    tenantId: string,
    filter: repo.EntryFilter,
    q: { page: number; page_size: number; sort?: string | undefined },
    toItem: (row: repo.EntryRow) => T,
  ) {
    const query = { filter, clock: await clockOf(db, tenantId), sort: sortOf(q) };
    const page = await repo.entriesPage(db, tenantId, query, q.page_size, offsetOf(q));
    return pageAnswer(q, page, toItem);
  }

  async function holderOf(tenantId: string, customerId: string) {
    const holder = await repo.walletHolder(db, tenantId, customerId, null);
    if (!holder) throw new AppError('not_found');
    return holder;
  }

  return {
    /** GET /api/customers/{id}/wallet: one customer's ledger, newest first. */
    async ledgerOf(ctx: AuthedContext, customerId: string, q: LedgerQuery) {
      const tenantId = tenantIdOf(ctx);
      await holderOf(tenantId, customerId);
      return pageOf(tenantId, { customerId, from: q.from, to: q.to }, q, toWalletEntry);
    },

    /** GET /api/wallet-entries: every customer's entries under the filters. */
    async entries(ctx: AuthedContext, q: WalletEntryListQuery) {
      return pageOf(tenantIdOf(ctx), filterOf(q), q, toWalletEntry);
    },

    /**
     * The entries' filters, every row (up to 50,000, else export_too_large), as CSV streamed
     * chunk by chunk.
     */
    async exportCsv(ctx: AuthedContext, q: WalletEntryExportQuery) {
      const tenantId = tenantIdOf(ctx);
      const clock = await clockOf(db, tenantId);
      const query = { filter: filterOf(q), clock, sort: sortOf(q) };
      if ((await repo.countEntries(db, tenantId, query)) > exportMaxRows) {
        throw new AppError('export_too_large', {
          message: `More than ${exportMaxRows.toLocaleString('en')} wallet entries match. Narrow the dates or filters and export again.`,
        });
      }
      const stamp = businessDate(now(), clock.timezone, clock.cutoffHour).replaceAll('-', '');
      return {
        filename: `wallet-entries-${stamp}.csv`,
        body: Readable.from(
          walletEntriesCsv(
            repo.entriesInChunks(db, tenantId, query, EXPORT_CHUNK_ROWS),
            q.lang ?? defaultLocale,
            clock.timezone,
          ),
        ),
      };
    },

    /** GET /api/wallet-liability: what wallets hold now, and per business day of the range. */
    async liability(ctx: AuthedContext, q: WalletLiabilityQuery): Promise<WalletLiability> {
      const tenantId = tenantIdOf(ctx);
      const clock = await clockOf(db, tenantId);
      const today = businessDate(now(), clock.timezone, clock.cutoffHour);
      // Without `to`: today, or the range's last day when `from` is further back than it spans.
      const to =
        q.to ??
        (q.from
          ? [
              today > q.from ? today : q.from,
              addDays(q.from, WALLET_LIABILITY_MAX_DAYS - 1),
            ].sort()[0]!
          : today);
      const from = q.from ?? addDays(to, -(LIABILITY_DEFAULT_DAYS - 1));
      const [outstanding, days] = await Promise.all([
        repo.outstanding(db, tenantId),
        repo.liabilityByDay(db, tenantId, from, to, clock),
      ]);
      return { outstanding, days };
    },

    /** GET /api/mobile/wallet: the customer's balance and what a top-up may be. */
    async mine(customer: CustomerPrincipal): Promise<MobileWallet> {
      const holder = await holderOf(customer.tenantId, customer.customerId);
      const settings = await settingsOf(db, customer.tenantId);
      return {
        balance: holder.walletBalance,
        max_balance: settings.walletMaxBalance,
        topup_presets: settings.topupPresets,
      };
    },

    /** GET /api/mobile/wallet/entries: the customer's own ledger, newest first. */
    async myEntries(customer: CustomerPrincipal, q: { page: number; page_size: number }) {
      // Newest first: the app's query has no sort.
      return pageOf(customer.tenantId, { customerId: customer.customerId }, q, toMobileWalletEntry);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
