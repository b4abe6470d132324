import {
  businessDate,
  COUNTER_NOTES_SHOWN,
  type CounterCustomer,
  type CounterCustomerInput,
  type CustomerBlock,
  type CustomerDetails,
  type CustomerListQuery,
  customerSortKeys,
  type CustomerUpdate,
  type customerExportQuerySchema,
  defaultLocale,
  type ListQuery,
} from '@kopi/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { audit, audited, maskPhone } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { offsetOf, pageAnswer, parseSort } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { boundOutletOf, tenantIdOf } from '../../lib/caller-tenant';
import { tierProgress } from '../loyalty/tier-progress.service';
import { customersCsv } from './customer-export';
import { toCustomerOrder, toDetails, toNote, toSummary } from './customer-view';
import * as repo from './customers-admin.repo';
import * as accounts from './customers.repo';
import { newReferralCode } from './customers.service';

// The chain's customers as staff see them (DESIGN §8 customers): the list and its export, one
// customer's details and orders, the profile, blocking (no app sign-in, no wallet charge) and
// staff notes, and the counter's lookup and quick add by phone. The PDPA export and anonymising
// are customers-pdpa.service.ts.

export interface CustomerAdminDeps {
  db: Db;
  now: Clock;
  /** The most rows an export writes; more is refused (tests lower it). */
  exportMaxRows?: number;
}

type CustomerExportQuery = z.infer<typeof customerExportQuerySchema>;

const EXPORT_MAX_ROWS = 50_000;

/** The profile fields whose value `after` changes, in a fixed order. */
const changedFields = (
  before: { name: string; email: string | null; birthday: string | null },
  after: { name: string; email: string | null; birthday: string | null },
) => (['name', 'email', 'birthday'] as const).filter((k) => before[k] !== after[k]);

export function createCustomerAdminService({
  db,
  now,
  exportMaxRows = EXPORT_MAX_ROWS,
}: CustomerAdminDeps) {
  const filterOf = (q: CustomerExportQuery): repo.CustomerFilter => ({
    q: q.q,
    status: q.status,
    tierId: q.tier_id,
    joinedFrom: q.joined_from,
    joinedTo: q.joined_to,
    lastOrderFrom: q.last_order_from,
    lastOrderTo: q.last_order_to,
    hasWallet: q.has_wallet === undefined ? undefined : q.has_wallet === 'true',
  });
  // Newest first unless the caller sorts.
  const sortOf = (q: CustomerExportQuery) =>
    q.sort
      ? parseSort(q.sort, customerSortKeys, 'created')
      : { key: 'created' as const, desc: true };

  async function get(ctx: AuthedContext, id: string): Promise<CustomerDetails> {
    const tenantId = tenantIdOf(ctx);
    const row = await repo.details(db, tenantId, id);
    if (!row) throw new AppError('not_found');
    const progress = row.anonymisedAt ? null : await tierProgress(db, tenantId, id, now());
    return toDetails(row, progress);
  }

  /**
   * Runs a change of a customer under its row's lock, with its audit entry, in one transaction:
   * 404 when not the tenant's, 409 once the customer's personal data was erased.
   */
  function change<T>(
    ctx: AuthedContext,
    id: string,
    write: (tx: Db, row: NonNullable<Awaited<ReturnType<typeof repo.lockForChange>>>) => Promise<T>,
  ) {
    const tenantId = tenantIdOf(ctx);
    return db.transaction(async (tx) => {
      const row = await repo.lockForChange(tx, tenantId, id);
      if (!row) throw new AppError('not_found');
      if (row.anonymisedAt) throw new AppError('customer_anonymised');
      return write(tx, row);
    });
  }

  async function setBlocked(
    ctx: AuthedContext,
    id: string,
    blocked: boolean,
    body: CustomerBlock,
  ): Promise<CustomerDetails> {
    const tenantId = tenantIdOf(ctx);
    const status = blocked ? 'disabled' : 'active';
    await change(ctx, id, async (tx, row) => {
      // Blocking ends the app sessions in the same transaction: the next app call is refused.
      const revoked = blocked ? await repo.revokeSessions(tx, tenantId, id) : 0;
      if (row.status === status && revoked === 0) return;
      await repo.setStatus(tx, tenantId, id, status);
      await audit.record(tx, ctx, {
        action: blocked ? 'customer.block' : 'customer.unblock',
        entity: 'customer',
        entityId: id,
        before: { status: row.status },
        after: { status, reason: body.reason ?? null, sessions_revoked: revoked },
      });
    });
    return get(ctx, id);
  }

  return {
    get,

    async list(ctx: AuthedContext, q: CustomerListQuery) {
      const page = await repo.listPage(
        db,
        tenantIdOf(ctx),
        filterOf(q),
        sortOf(q),
        q.page_size,
        offsetOf(q),
      );
      return pageAnswer(q, page, toSummary);
    },

    /** The list's filters, every row (up to 50,000, else export_too_large), as CSV. */
    async exportCsv(ctx: AuthedContext, q: CustomerExportQuery) {
      const { rows, timezone } = await repo.exportRows(
        db,
        tenantIdOf(ctx),
        filterOf(q),
        sortOf(q),
        exportMaxRows + 1,
      );
      if (rows.length > exportMaxRows) {
        throw new AppError('export_too_large', {
          message: `More than ${exportMaxRows.toLocaleString('en')} customers match. Narrow the filters and export again.`,
        });
      }
      const stamp = businessDate(now(), timezone, 0).replaceAll('-', '');
      return {
        filename: `customers-${stamp}.csv`,
        body: customersCsv(rows, timezone, q.lang ?? defaultLocale),
      };
    },

    /** Name, e-mail and birthday; the phone is the customer's identity and stays. */
    async update(ctx: AuthedContext, id: string, body: CustomerUpdate): Promise<CustomerDetails> {
      const tenantId = tenantIdOf(ctx);
      await change(ctx, id, async (tx, row) => {
        const after = {
          name: body.name,
          email: body.email === undefined ? row.email : body.email || null,
          birthday: body.birthday === undefined ? row.birthday : body.birthday,
        };
        await repo.updateProfile(tx, tenantId, id, after);
        await audit.record(tx, ctx, {
          action: 'customer.update',
          entity: 'customer',
          entityId: id,
          // Which fields changed, not their values: the log outlives anonymising (decision 051).
          after: { changed: changedFields(row, after) },
        });
      });
      return get(ctx, id);
    },

    block: (ctx: AuthedContext, id: string, body: CustomerBlock) => setBlocked(ctx, id, true, body),
    unblock: (ctx: AuthedContext, id: string, body: CustomerBlock) =>
      setBlocked(ctx, id, false, body),

    async orders(ctx: AuthedContext, id: string, q: ListQuery) {
      const tenantId = tenantIdOf(ctx);
      if (!(await accounts.findById(db, tenantId, id))) throw new AppError('not_found');
      const page = await repo.ordersPage(
        db,
        tenantId,
        id,
        boundOutletOf(ctx),
        q.page_size,
        offsetOf(q),
      );
      return pageAnswer(q, page, toCustomerOrder);
    },

    async notes(ctx: AuthedContext, id: string) {
      const tenantId = tenantIdOf(ctx);
      if (!(await accounts.findById(db, tenantId, id))) throw new AppError('not_found');
      return (await repo.notesOf(db, tenantId, id)).map(toNote);
    },

    async addNote(ctx: AuthedContext, id: string, body: string) {
      const tenantId = tenantIdOf(ctx);
      const note = await change(ctx, id, async (tx) => {
        const row = await repo.addNote(tx, {
          tenantId,
          customerId: id,
          body,
          authorId: ctx.principal.userId,
        });
        // The audit log is append-only and a note may quote the customer: it names the note
        // only, so anonymising (which deletes notes) leaves nothing of it behind.
        await audit.record(tx, ctx, {
          action: 'customer.note',
          entity: 'customer',
          entityId: id,
          after: { note_id: row.id },
        });
        return row;
      });
      return toNote(note);
    },

    /** The counter finds a customer by phone, with the staff's latest notes; null when none. */
    async lookup(ctx: AuthedContext, phone: string): Promise<CounterCustomer | null> {
      const tenantId = tenantIdOf(ctx);
      const row = await repo.summaryByPhone(db, tenantId, phone);
      if (!row) return null;
      const notes = await repo.notesOf(db, tenantId, row.id, COUNTER_NOTES_SHOWN);
      return { ...toSummary(row), notes: notes.map((n) => n.body) };
    },

    /**
     * The counter adds a walk-in by name and phone, without a password or a verified phone:
     * signing up in the app later with that phone takes this row over, points and wallet kept.
     */
    async createAtCounter(ctx: AuthedContext, input: CounterCustomerInput) {
      const tenantId = tenantIdOf(ctx);
      if (await accounts.findByPhone(db, tenantId, input.phone)) {
        throw new AppError('customer_phone_taken');
      }
      try {
        await audited(
          db,
          ctx,
          (id: string) => ({
            action: 'customer.create',
            entity: 'customer',
            entityId: id,
            after: { phone: maskPhone(input.phone), source: 'counter' },
          }),
          async (tx) => {
            const row = await accounts.insertCustomer(tx, {
              tenantId,
              name: input.name,
              phone: input.phone,
              referralCode: newReferralCode(),
            });
            return row.id;
          },
        );
      } catch (error) {
        // Added (or signed up) in parallel: the phone is taken now.
        if (uniqueViolation(error) === 'customers_tenant_phone_unique') {
          throw new AppError('customer_phone_taken');
        }
        throw error;
      }
      const row = await repo.summaryByPhone(db, tenantId, input.phone);
      return toSummary(row!);
    },
  };
}

export type CustomerAdminService = ReturnType<typeof createCustomerAdminService>;
