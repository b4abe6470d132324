import type { MobileReferrals, Referral, ReferralListQuery } from '@kopi/contract';
import type { Db } from '../../db/database';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { tenantIdOf } from '../../lib/caller-tenant';
import * as repo from './referral-list.repo';
import { settingsOf } from './settings.repo';

// Referrals as staff list them (/customer/referral), as the app shows a customer the friends
// they brought, and the pending referral a sign-up with a referral code starts. The reward itself
// is referrals.service.ts's, when the new customer's first paid order completes.

/** How many of their referrals the app shows a customer (newest first). */
const APP_REFERRALS = 100;

export const toReferral = (r: repo.ReferralListRow): Referral => ({
  id: r.id,
  referrer: { id: r.referrerId, name: r.referrerName, phone: r.referrerPhone },
  referee: { id: r.refereeId, name: r.refereeName, phone: r.refereePhone },
  status: r.status as Referral['status'],
  order_id: r.orderId,
  order_no: r.orderNo,
  order_date: r.orderDate,
  rewarded_at: r.rewardedAt?.toISOString() ?? null,
  reversed_at: r.reversedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether a sign-up would refer itself: the code's owner has the applicant's phone (the same
 * account signing up again) or e-mail (case aside). Such a sign-up goes ahead without the
 * referral, and says nothing about why: telling would let anyone holding a code test which
 * e-mail its owner has.
 */
export const isSelfReferral = (
  referrer: { phone: string; email: string | null },
  applicant: { phone: string; email?: string | null },
) => referrer.phone === applicant.phone || sameEmail(referrer.email, applicant.email);

/** The referrer of a sign-up's code, or null when it is the applicant's own. */
export async function acceptedReferrer(
  db: Db,
  tenantId: string,
  referrerId: string,
  applicant: { phone: string; email?: string | null },
): Promise<string | null> {
  const referrer = await repo.contactOf(db, tenantId, referrerId);
  return referrer && !isSelfReferral(referrer, applicant) ? referrer.id : null;
}

/**
 * The referral of a customer signing up, in the sign-up's transaction: pending by `referrerId`
 * while the business runs referrals; none when the sign-up has no (acceptable) code, which also
 * drops one an earlier attempt of the same unverified account left.
 */
export async function recordSignUpReferral(
  tx: Db,
  tenantId: string,
  refereeId: string,
  referrerId: string | null,
) {
  const enabled = referrerId !== null && (await settingsOf(tx, tenantId)).referralEnabled;
  if (enabled) await repo.upsertPendingReferral(tx, tenantId, referrerId, refereeId);
  else await repo.dropPendingReferral(tx, tenantId, refereeId);
}

export function createReferralListService({ db }: { db: Db }) {
  return {
    async list(ctx: AuthedContext, q: ReferralListQuery) {
      const filter = { q: q.q, status: q.status, customerId: q.customer_id };
      const page = await repo.listReferrals(db, tenantIdOf(ctx), filter, q.page_size, offsetOf(q));
      return pageAnswer(q, page, toReferral);
    },

    /** The app's "invite a friend": the customer's code and the friends it brought. */
    async mine(customer: {
      tenantId: string;
      customerId: string;
      referralCode: string;
    }): Promise<MobileReferrals> {
      const settings = await settingsOf(db, customer.tenantId);
      const rows = await repo.referralsMadeBy(
        db,
        customer.tenantId,
        customer.customerId,
        APP_REFERRALS,
      );
      return {
        referral_code: customer.referralCode,
        enabled: settings.referralEnabled,
        referrals: rows.map((r) => ({
          // Only the first name: the referrer knows their friend; the app shows no more of them.
          name: r.name.trim().split(/\s+/)[0] ?? r.name,
          status: r.status as Referral['status'],
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type ReferralListService = ReturnType<typeof createReferralListService>;
