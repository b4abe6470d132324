import type { CustomerVoucher, ListQuery } from '@kopi/contract';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as repo from './customer-vouchers.repo';
import * as accounts from './customers.repo';

// The vouchers section of the customer details page: every code issued to the customer (by a
// campaign, a reward, or handed out printed), newest first, with where it stands now. Issued
// codes belong to the customer, not to an outlet, so staff bound to an outlet see them as they
// see the customer's profile and balances.

/** Redeemed wins; then expired once the voucher's valid_until has passed; else available. */
export function issuedStatus(
  r: { redeemedAt: Date | null; validUntil: Date | null },
  now: Date,
): CustomerVoucher['status'] {
  if (r.redeemedAt) return 'redeemed';
  if (r.validUntil && r.validUntil <= now) return 'expired';
  return 'available';
}

const toCustomerVoucher = (r: repo.IssuedCodeRow, now: Date): CustomerVoucher => {
  const source =
    r.campaignNameEn !== null ? 'campaign' : r.rewardNameEn !== null ? 'reward' : 'printed';
  return {
    id: r.id,
    code: r.code,
    voucher_id: r.voucherId,
    voucher_name_en: r.voucherNameEn,
    voucher_name_my: r.voucherNameMy,
    source,
    source_name_en: r.campaignNameEn ?? r.rewardNameEn ?? null,
    source_name_my:
      source === 'campaign' ? r.campaignNameMy : source === 'reward' ? r.rewardNameMy : null,
    status: issuedStatus(r, now),
    issued_at: r.createdAt.toISOString(),
    redeemed_at: r.redeemedAt?.toISOString() ?? null,
    valid_until: r.validUntil?.toISOString() ?? null,
  };
};

export function createCustomerVoucherService({ db, now }: { db: Db; now: Clock }) {
  return {
    /** GET /api/customers/{id}/vouchers: 404 for a customer not the tenant's. */
    async issuedTo(ctx: AuthedContext, customerId: string, q: ListQuery) {
      const tenantId = tenantIdOf(ctx);
      if (!(await accounts.findById(db, tenantId, customerId))) throw new AppError('not_found');
      const page = await repo.issuedPage(db, tenantId, customerId, q.page_size, offsetOf(q));
      const at = now();
      return pageAnswer(q, page, (r) => toCustomerVoucher(r, at));
    },
  };
}

export type CustomerVoucherService = ReturnType<typeof createCustomerVoucherService>;
