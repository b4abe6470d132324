import { codedReason } from '@kopi/contract';
import { type Reason, reasonColumns } from '../../lib/coded-reason';
import { pointsFor } from '../loyalty/points.service';
import type { LedgerActor } from '../loyalty/ledgers.service';
import type { pointsEntries, referrals, walletEntries } from '../../db/schema/loyalty';
import { groupBy, type WalletMove } from './customers-demo-history';

// The demo customers' two ledgers, replayed from what happened to them in time order by the rules
// the product posts them by: points earned when an order of theirs is paid (1 point per RM 1 times
// their tier's multiplier, the tier recalculated after each earn or reversal from the points of
// the 12 months before), taken back in proportion when a refund of it completes, the wallet
// charged by each wallet payment and credited by each paid top-up and each refund to it, and the
// referral rewarded when the referred customer's first paid order completes, taken back when that
// order is refunded in full. Each entry carries the key the product's own post would use, and the
// balance after it (never below zero), so the ledgers read as postWallet and postPoints write them.

const DEFAULT_RATE = 100;
const system = (name: string): LedgerActor => ({ kind: 'system', name });
const earner = system('Kopi HQ');
const referral = system('Referral');

/** An order of a customer (from the history, or a demo sale taken in their name). */
export interface CustomerOrder {
  id: string;
  customerId: string;
  orderNo: string;
  /** When it was paid: it earns then. */
  at: Date;
  paid: number;
  status: string;
  /** When it became COMPLETED (null: never). */
  completedAt: Date | null;
}

/** A completed refund of one of those orders. */
export interface CompletedRefund {
  id: string;
  orderId: string;
  refundNo: string;
  amount: number;
  completedAt: Date;
  /** Its money went to the customer's wallet. */
  toWallet: boolean;
  completedBy: LedgerActor;
}

export interface ReferralPair {
  id: string;
  referrerId: string;
  refereeId: string;
  createdAt: Date;
}

export interface LoyaltyRules {
  tiers: { id: string; threshold: number; pointsPerRm: number }[];
  referralEnabled: boolean;
  referralMinOrder: number;
  referrerReward: { kind: string; amount: number };
  refereeReward: { kind: string; amount: number };
}

type WalletRow = typeof walletEntries.$inferInsert;
interface WalletPost {
  kind: string;
  amount: number;
  key: string;
  actor: LedgerActor;
  /** Take at most what the balance holds (taking a reward back). */
  clamp?: boolean;
  orderId?: string;
  refundId?: string;
  paymentId?: string;
  reason?: Reason;
}

type PointsRow = typeof pointsEntries.$inferInsert;
type Event = { at: Date; apply: () => void };

export function replayLedgers(input: {
  tenantId: string;
  /** Every customer by id, with the name their own moves are signed with. */
  customers: Map<string, string>;
  orders: CustomerOrder[];
  refunds: CompletedRefund[];
  wallet: WalletMove[];
  referrals: ReferralPair[];
  rules: LoyaltyRules;
}) {
  const { tenantId, rules } = input;
  const tiers = [...rules.tiers].sort((a, b) => a.threshold - b.threshold);
  const state = new Map(
    [...input.customers.keys()].map((id) => [
      id,
      {
        wallet: 0,
        points: 0,
        tier: null as (typeof tiers)[number] | null,
        year: [] as { at: Date; points: number }[],
      },
    ]),
  );
  const walletRows: WalletRow[] = [];
  const pointsRows: PointsRow[] = [];
  const events: Event[] = [];
  const on = (at: Date, apply: () => void) => events.push({ at, apply });
  const actorColumns = (actor: LedgerActor) => ({
    actorKind: actor.kind,
    actorId: actor.kind === 'system' ? null : actor.id,
    actorName: actor.name,
  });
  // An entry is timed when it is written, so two of one customer's entries never share a
  // moment (their order by time is the order their balances chain in): one that would is a
  // millisecond after the one before.
  const last = new Map<string, number>();
  const timeOf = (ledger: string, customerId: string, at: Date) => {
    const key = `${ledger} ${customerId}`;
    const t = Math.max(at.getTime(), (last.get(key) ?? -Infinity) + 1);
    last.set(key, t);
    return new Date(t);
  };
  const base = (
    ledger: 'wallet' | 'points',
    customerId: string,
    at: Date,
    key: string,
    actor: LedgerActor,
  ) => ({
    tenantId,
    customerId,
    idempotencyKey: key,
    createdAt: timeOf(ledger, customerId, at),
    ...actorColumns(actor),
  });

  /** postWallet: a clamped movement with nothing to take posts nothing. */
  function postWallet(customerId: string, at: Date, e: WalletPost) {
    const s = state.get(customerId)!;
    const amount = e.clamp && e.amount < 0 ? Math.max(e.amount, -s.wallet) : e.amount;
    if (amount === 0 || s.wallet + amount < 0) return;
    s.wallet += amount;
    walletRows.push({
      ...base('wallet', customerId, at, e.key, e.actor),
      kind: e.kind,
      amount,
      balanceAfter: s.wallet,
      orderId: e.orderId ?? null,
      refundId: e.refundId ?? null,
      paymentId: e.paymentId ?? null,
      ...reasonColumns(e.reason),
    });
  }

  /** postPoints, then the tier as recalculateTier sets it after an earn or a reversal. */
  function postPoints(
    customerId: string,
    at: Date,
    e: { kind: string; points: number; spend: number; key: string; actor: LedgerActor } & {
      orderId?: string;
      refundId?: string;
      reason?: Reason;
      clamp?: boolean;
    },
  ) {
    const s = state.get(customerId)!;
    const points = e.clamp && e.points < 0 ? Math.max(e.points, -s.points) : e.points;
    if ((points === 0 && e.spend === 0) || s.points + points < 0) return 0;
    s.points += points;
    pointsRows.push({
      ...base('points', customerId, at, e.key, e.actor),
      kind: e.kind,
      points,
      spend: e.spend,
      balanceAfter: s.points,
      orderId: e.orderId ?? null,
      refundId: e.refundId ?? null,
      ...reasonColumns(e.reason),
    });
    if (e.kind === 'earn' || e.kind === 'reverse') {
      s.year.push({ at, points });
      const yearAgo = new Date(at);
      yearAgo.setMonth(yearAgo.getMonth() - 12);
      const year = s.year.filter((x) => x.at >= yearAgo).reduce((sum, x) => sum + x.points, 0);
      s.tier = tiers.filter((t) => t.threshold <= year).at(-1) ?? null;
    }
    return points;
  }

  // Orders earn when paid; their refunds take back their share when they complete.
  const earned = new Map<string, number>();
  const refundsOf = groupBy(input.refunds, (r) => r.orderId);
  for (const o of input.orders) {
    if (o.paid <= 0) continue;
    on(o.at, () => {
      const rate = state.get(o.customerId)!.tier?.pointsPerRm ?? DEFAULT_RATE;
      const points = postPoints(o.customerId, o.at, {
        kind: 'earn',
        points: pointsFor(o.paid, rate),
        spend: o.paid,
        key: `order:${o.id}:earn`,
        orderId: o.id,
        actor: earner,
      });
      earned.set(o.id, points);
    });
    let refunded = 0;
    for (const r of (refundsOf.get(o.id) ?? []).sort(
      (a, b) => a.completedAt.getTime() - b.completedAt.getTime(),
    )) {
      const before = refunded;
      refunded += r.amount;
      const after = refunded;
      on(r.completedAt, () => {
        const share = (sen: number) =>
          Math.floor(((earned.get(o.id) ?? 0) * Math.min(sen, o.paid)) / o.paid);
        if (earned.has(o.id)) {
          postPoints(o.customerId, r.completedAt, {
            kind: 'reverse',
            points: -(share(after) - share(before)),
            spend: -(after - before),
            key: `refund:${r.id}:reverse`,
            orderId: o.id,
            refundId: r.id,
            clamp: true,
            actor: earner,
          });
        }
        if (r.toWallet) {
          postWallet(o.customerId, r.completedAt, {
            kind: 'refund',
            amount: r.amount,
            key: `refund:${r.id}:wallet`,
            orderId: o.id,
            refundId: r.id,
            reason: codedReason('refund', { refund_no: r.refundNo }),
            actor: r.completedBy,
          });
        }
      });
    }
  }

  // The history's top-ups, wallet payments and staff adjustments.
  for (const w of input.wallet) {
    on(w.at, () => {
      if (w.kind === 'topup') {
        postWallet(w.personId, w.at, {
          kind: 'topup',
          amount: w.amount,
          key: `topup:${w.paymentId}`,
          paymentId: w.paymentId,
          actor: { kind: 'customer', id: w.personId, name: input.customers.get(w.personId)! },
        });
      } else if (w.kind === 'spend') {
        const line = w.order.payments.find((p) => p.method === 'wallet')!;
        postWallet(w.personId, w.at, {
          kind: 'spend',
          amount: -line.amount,
          key: `order:${w.order.id}:wallet:${line.lineNo}`,
          orderId: w.order.id,
          reason: codedReason('order', { order_no: w.order.orderNo }),
          actor: w.order.basket.staffId
            ? { kind: 'staff', id: w.order.basket.staffId, name: w.order.basket.staffName ?? '' }
            : earner,
        });
      } else {
        postWallet(w.personId, w.at, {
          kind: 'adjustment',
          amount: w.amount,
          key: `adjustment:${w.actor.kind === 'staff' ? w.actor.id : 'system'}:${w.personId}:demo-${w.at.getTime()}`,
          reason: w.reason,
          actor: w.actor,
        });
      }
    });
  }

  // Referrals: rewarded as the referee's first paid order completes (if it reaches the minimum),
  // taken back if that order is then refunded in full.
  const referralRows: (typeof referrals.$inferInsert)[] = [];
  const ordersOf = groupBy(input.orders, (o) => o.customerId);
  for (const r of input.referrals) {
    const row: typeof referrals.$inferInsert = {
      id: r.id,
      tenantId,
      referrerId: r.referrerId,
      refereeId: r.refereeId,
      status: 'pending',
      createdAt: r.createdAt,
    };
    referralRows.push(row);
    const first = (ordersOf.get(r.refereeId) ?? [])
      .filter((o) => o.paid > 0 && o.status !== 'REJECTED')
      .sort((a, b) => a.at.getTime() - b.at.getTime())[0];
    if (!first?.completedAt || !rules.referralEnabled) continue;
    const refunds = refundsOf.get(first.id) ?? [];
    const refundedBy = (at: Date) =>
      refunds.filter((x) => x.completedAt <= at).reduce((sum, x) => sum + x.amount, 0);
    const at = first.completedAt;
    const paid = first.paid - refundedBy(at);
    if (paid <= 0 || paid < rules.referralMinOrder || first.at < r.createdAt) continue;
    const grant = (who: 'referrer' | 'referee', customerId: string, sign: 1 | -1, when: Date) => {
      const reward = who === 'referrer' ? rules.referrerReward : rules.refereeReward;
      if (reward.amount <= 0) return;
      const entry = {
        kind: sign > 0 ? 'reward' : 'adjustment',
        key: `referral:${r.id}:${who}:${sign > 0 ? 'reward' : 'reverse'}`,
        orderId: first.id,
        reason: codedReason(sign > 0 ? 'referral_reward' : 'referral_reward_reversed', {
          role: who,
        }),
        clamp: sign < 0,
        actor: referral,
      };
      if (reward.kind === 'wallet') {
        postWallet(customerId, when, { ...entry, amount: sign * reward.amount });
      } else {
        postPoints(customerId, when, { ...entry, points: sign * reward.amount, spend: 0 });
      }
    };
    on(at, () => {
      grant('referrer', r.referrerId, 1, at);
      grant('referee', r.refereeId, 1, at);
      Object.assign(row, { status: 'rewarded', orderId: first.id, rewardedAt: at });
    });
    const whole = refunds
      .sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime())
      .find((x) => refundedBy(x.completedAt) >= first.paid && x.completedAt > at);
    if (whole) {
      on(whole.completedAt, () => {
        grant('referrer', r.referrerId, -1, whole.completedAt);
        grant('referee', r.refereeId, -1, whole.completedAt);
        Object.assign(row, { status: 'reversed', reversedAt: whole.completedAt });
      });
    }
  }

  // Stable: events at the same moment apply in the order they were listed.
  for (const e of events.sort((a, b) => a.at.getTime() - b.at.getTime())) e.apply();
  return {
    wallet: walletRows,
    points: pointsRows,
    referrals: referralRows,
    balances: new Map(
      [...state].map(([id, s]) => [
        id,
        { walletBalance: s.wallet, points: s.points, tierId: s.tier?.id ?? null },
      ]),
    ),
  };
}
