import type {
  CustomerDetails,
  CustomerNote,
  CustomerOrderSummary,
  CustomerPersonalData,
  CustomerSummary,
} from '@kopi/contract';
import { reasonFields } from '../../lib/coded-reason';
import type { TierProgress } from '../loyalty/tier-progress.service';
import type {
  CustomerDetailsRow,
  CustomerNoteRow,
  CustomerOrderRow,
  CustomerSummaryRow,
} from './customers-admin.repo';
import type { PersonalDataRows } from './customers-pdpa.repo';

// Customer rows as the staff API shows them.

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toSummary(r: CustomerSummaryRow): CustomerSummary {
  const anonymised = r.anonymisedAt !== null;
  return {
    id: r.id,
    name: r.name,
    // An anonymised customer's phone is a placeholder (their id), never shown.
    phone: anonymised ? '' : r.phone,
    email: r.email,
    status: r.status === 'disabled' ? 'disabled' : 'active',
    tier: r.tier
      ? { id: r.tier.id, name_en: r.tier.nameEn, name_my: r.tier.nameMy, colour: r.tier.colour }
      : null,
    points: r.points,
    wallet_balance: r.walletBalance,
    orders: r.orders,
    last_order_at: iso(r.lastOrderAt),
    app_account: r.appAccount,
    anonymised,
    created_at: r.createdAt.toISOString(),
  };
}

export function toDetails(r: CustomerDetailsRow, progress: TierProgress | null): CustomerDetails {
  const anonymised = r.anonymisedAt !== null;
  return {
    ...toSummary(r),
    birthday: r.birthday,
    referral_code: anonymised ? '' : r.referralCode,
    referred_by: r.referrer ? { id: r.referrer.id, name: r.referrer.name } : null,
    phone_verified: r.phoneVerifiedAt !== null,
    total_spend: r.totalSpend,
    next_tier:
      progress?.next && !anonymised
        ? {
            name_en: progress.next.nameEn,
            name_my: progress.next.nameMy,
            basis: progress.basis,
            threshold: progress.next.threshold,
            remaining: progress.next.remaining,
          }
        : null,
  };
}

export const toNote = (n: CustomerNoteRow): CustomerNote => ({
  id: n.id,
  body: n.body,
  author: n.authorName,
  created_at: n.createdAt.toISOString(),
});

export const toCustomerOrder = (o: CustomerOrderRow): CustomerOrderSummary => ({
  id: o.id,
  order_no: o.orderNo,
  outlet_name: o.outletName,
  source: o.source,
  status: o.status,
  total: o.total,
  refunded: o.refunded,
  created_at: o.createdAt.toISOString(),
});

export function toPersonalData(d: PersonalDataRows, now: Date): CustomerPersonalData {
  const c = d.profile.customer;
  const actor = (e: { actorKind: string; actorName: string }) => ({
    actor_kind: e.actorKind as 'staff' | 'customer' | 'system',
    actor_name: e.actorName,
  });
  return {
    exported_at: now.toISOString(),
    profile: {
      id: c.id,
      name: c.name,
      phone: c.anonymisedAt ? '' : c.phone,
      email: c.email,
      birthday: c.birthday,
      status: c.status === 'disabled' ? 'disabled' : 'active',
      referral_code: c.anonymisedAt ? '' : c.referralCode,
      tier: d.profile.tierName,
      points: c.points,
      wallet_balance: c.walletBalance,
      phone_verified_at: iso(c.phoneVerifiedAt),
      last_sign_in_at: iso(c.lastSignInAt),
      anonymised_at: iso(c.anonymisedAt),
      created_at: c.createdAt.toISOString(),
    },
    orders: d.orders.map(({ order: o, outletName }) => ({
      order_no: o.orderNo,
      outlet_name: outletName,
      source: o.source,
      status: o.status,
      customer_name: o.customerName,
      customer_phone: o.customerPhone,
      delivery_address: o.deliveryAddress,
      total: o.total,
      paid: o.paid,
      refunded: o.refunded,
      created_at: o.createdAt.toISOString(),
    })),
    wallet_entries: d.wallet.map(({ entry: e, orderNo, orderDate }) => ({
      id: e.id,
      customer_id: e.customerId,
      kind: e.kind as CustomerPersonalData['wallet_entries'][number]['kind'],
      amount: e.amount,
      balance_after: e.balanceAfter,
      order_id: e.orderId,
      order_no: orderNo,
      order_date: orderDate,
      refund_id: e.refundId,
      ...reasonFields(e),
      ...actor(e),
      created_at: e.createdAt.toISOString(),
    })),
    points_entries: d.points.map(({ entry: e, orderNo, orderDate }) => ({
      id: e.id,
      customer_id: e.customerId,
      kind: e.kind as CustomerPersonalData['points_entries'][number]['kind'],
      points: e.points,
      balance_after: e.balanceAfter,
      order_id: e.orderId,
      order_no: orderNo,
      order_date: orderDate,
      ...reasonFields(e),
      ...actor(e),
      created_at: e.createdAt.toISOString(),
    })),
    referrals: d.referrals.map((r) => ({
      role: r.referrerId === c.id ? 'referrer' : 'referee',
      status: r.status as 'pending' | 'rewarded' | 'reversed',
      created_at: r.createdAt.toISOString(),
      rewarded_at: iso(r.rewardedAt),
      reversed_at: iso(r.reversedAt),
    })),
    notes: d.notes.map(toNote),
    app_sessions: d.sessions.map((s) => ({
      created_at: s.createdAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      revoked_at: iso(s.revokedAt),
      ip: s.ip,
      user_agent: s.userAgent,
    })),
  };
}
