import type { CustomerAnonymised, CustomerPersonalData } from '@kopi/contract';
import type { Db } from '../../db/database';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import { toPersonalData } from './customer-view';
import * as admin from './customers-admin.repo';
import * as repo from './customers-pdpa.repo';

// Malaysia's Personal Data Protection Act for one customer: what is held on them (an access
// request, answered as one JSON document) and erasing it on request. Orders and the wallet and
// points ledgers are financial records: they stay, only the personal data on them goes. Neither
// audit entry carries personal data: the audit log is append-only and would keep it for ever.

export function createCustomerPdpaService({ db, now }: { db: Db; now: Clock }) {
  return {
    /** Everything held on the customer; the export itself is audited. */
    async personalData(ctx: AuthedContext, id: string): Promise<CustomerPersonalData> {
      const tenantId = tenantIdOf(ctx);
      const rows = await repo.personalData(db, tenantId, id);
      if (!rows) throw new AppError('not_found');
      await audit.record(db, ctx, {
        action: 'customer.export',
        entity: 'customer',
        entityId: id,
        after: {
          orders: rows.orders.length,
          wallet_entries: rows.wallet.length,
          points_entries: rows.points.length,
        },
      });
      return toPersonalData(rows, now());
    },

    /**
     * Erases the customer's personal data in one transaction: the profile (so they can no longer
     * sign in), their app sessions, the name and phone their orders were taken with, and the staff
     * notes. Balances, ledgers, referrals and order totals are untouched. Once only: again is 409.
     */
    async anonymise(ctx: AuthedContext, id: string): Promise<CustomerAnonymised> {
      const tenantId = tenantIdOf(ctx);
      return db.transaction(async (tx) => {
        const row = await admin.lockForChange(tx, tenantId, id);
        if (!row) throw new AppError('not_found');
        if (row.anonymisedAt) throw new AppError('customer_anonymised');
        const sessionsRevoked = await admin.revokeSessions(tx, tenantId, id);
        await repo.forgetSessionOrigins(tx, tenantId, id);
        const ordersCleared = await repo.clearOrderSnapshots(tx, tenantId, id);
        const notesDeleted = await repo.deleteNotes(tx, tenantId, id);
        const anonymisedAt = await repo.eraseProfile(tx, tenantId, id);
        if (!anonymisedAt) throw new AppError('customer_anonymised');
        const answer = {
          id,
          anonymised_at: anonymisedAt.toISOString(),
          orders_cleared: ordersCleared,
          notes_deleted: notesDeleted,
          sessions_revoked: sessionsRevoked,
        };
        await audit.record(tx, ctx, {
          action: 'customer.anonymise',
          entity: 'customer',
          entityId: id,
          before: { status: row.status, anonymised: false },
          after: {
            status: row.status,
            anonymised: true,
            orders_cleared: ordersCleared,
            notes_deleted: notesDeleted,
            sessions_revoked: sessionsRevoked,
          },
        });
        return answer;
      });
    },
  };
}

export type CustomerPdpaService = ReturnType<typeof createCustomerPdpaService>;
