import { businessDate, evaluateVoucher, type VoucherRules } from '@kopi/contract';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from './database';
import { voucherDemoChecks } from './demo-consistency-vouchers';
import { expectScreensMatchModel } from '../test/money-oracle';
import { useDemoOrdersApp } from '../test/use-test-app';

// The demo data tells one story: every ledger entry, refund and reward has the order, payment or
// refund behind it, made as the product makes them, and nothing dated on a closed business day
// happened after its close. Each check below is written from the rule, not from the seeds.

const { t, as } = useDemoOrdersApp({ signIn: ['admin'] });

const query = async <T>(statement: SQL) => rowsOf<T>(await t.database.db.execute(statement));

/** Sen as they come back from SQL sums (bigint or numeric as text on some drivers). */
const n = (v: unknown) => Number(v ?? 0);

/** A completed refund counts for ever; one not yet completed counts until rejected or closed. */
const counting = sql`(r.completed_at is not null or r.status not in ('REJECTED', 'CLOSED'))`;
const inFlight = sql`(r.completed_at is null and r.status not in ('REJECTED', 'CLOSED'))`;

describe('demo data consistency', () => {
  it('passes the money oracle: every screen’s figures are the money rules over its rows', async () => {
    const [tenant] = await query<{ id: string }>(
      sql`select id::text from tenants where slug = 'kopi-demo'`,
    );
    const seen = await expectScreensMatchModel(t, as.admin, tenant!.id, 'over the demo data');
    expect(seen.zReports).toBeGreaterThan(0);
  });

  it('has paid rejected orders, completed refunds and refunds still waiting', async () => {
    const [c] = await query<{ rejected: number; completed: number; waiting: number }>(sql`
      select (select count(*)::int from orders where status = 'REJECTED' and paid > 0) as rejected,
        (select count(*)::int from refunds where completed_at is not null) as completed,
        (select count(*)::int from refunds r where ${inFlight}) as waiting`);
    expect(c!.rejected).toBeGreaterThan(5);
    expect(c!.completed).toBeGreaterThan(5);
    expect(c!.waiting).toBeGreaterThan(0);
  });

  it('gives every paid rejected order back what it was paid, in refunds completed or in flight', async () => {
    const rows = await query<{ order_no: string; paid: number; refunds: unknown }>(sql`
      select o.order_no, o.paid,
        coalesce((select sum(r.amount) from refunds r where r.order_id = o.id and ${counting}), 0) as refunds
      from orders o where o.status = 'REJECTED' and o.paid > 0`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((o) => n(o.refunds) !== o.paid)).toEqual([]);
  });

  it('owes nothing on an order without a refund in flight that covers it', async () => {
    const rows = await query<{ order_no: string; refund_due: number; in_flight: unknown }>(sql`
      select o.order_no, o.refund_due,
        coalesce((select sum(r.amount) from refunds r where r.order_id = o.id and ${inFlight}), 0) as in_flight
      from orders o where o.refund_due > 0`);
    expect(rows.filter((o) => n(o.in_flight) < o.refund_due)).toEqual([]);
    // Never more refunded than paid, and `refunded` is what the completed refunds gave back.
    const over = await query<{ order_no: string }>(sql`
      select o.order_no from orders o
      where o.refunded <> coalesce((select sum(r.amount) from refunds r
          where r.order_id = o.id and r.completed_at is not null), 0)
        or o.paid < coalesce((select sum(r.amount) from refunds r where r.order_id = o.id and ${counting}), 0)`);
    expect(over).toEqual([]);
  });

  it('completes no refund after the close of the business day it is counted on', async () => {
    const rows = await query<{ refund_no: string }>(sql`
      select r.refund_no from refunds r
      join z_reports z on z.outlet_id = r.outlet_id and z.business_date = r.business_date
      where r.completed_at is null or r.completed_at > z.closed_at`);
    expect(rows).toEqual([]);
    const closedDays = await query<{ n: number }>(sql`
      select count(*)::int as n from refunds r
      join z_reports z on z.outlet_id = r.outlet_id and z.business_date = r.business_date`);
    // The past days' refunds are there, inside their closed days.
    expect(closedDays[0]!.n).toBeGreaterThan(0);
    // A completed refund counts on the outlet's business day it completed on.
    const dated = await query<{
      refund_no: string;
      completed_at: Date | string;
      business_date: string;
      timezone: string;
      cutoff: number;
    }>(sql`
      select r.refund_no, r.completed_at, r.business_date::text as business_date, ou.timezone,
        te.business_day_cutoff_hour as cutoff
      from refunds r join outlets ou on ou.id = r.outlet_id join tenants te on te.id = r.tenant_id
      where r.completed_at is not null`);
    expect(
      dated.filter(
        (r) => businessDate(new Date(r.completed_at), r.timezone, r.cutoff) !== r.business_date,
      ),
    ).toEqual([]);
  });

  it('earns points only on orders of the same customer, by the tier they held then', async () => {
    const orphans = await query<{ id: string }>(sql`
      select p.id from points_entries p
      where p.kind = 'earn' and not exists (
        select 1 from customer_orders co join orders o on o.id = co.order_id
        where co.order_id = p.order_id and co.customer_id = p.customer_id and o.paid = p.spend)`);
    expect(orphans).toEqual([]);
    const tiers = await query<{ threshold: number; points_per_rm: number }>(
      sql`select threshold, points_per_rm from membership_tiers order by threshold`,
    );
    const entries = await query<{
      customer_id: string;
      kind: string;
      points: number;
      spend: number;
      created_at: Date | string;
    }>(sql`
      select customer_id, kind, points, spend, created_at from points_entries
      order by customer_id, created_at, id`);
    // Replays each customer's ledger: an earn is 1 point per RM 1 times the multiplier of the
    // tier reached by the earned (and reversed) points of the 12 months before it.
    const wrong: unknown[] = [];
    let earns = 0;
    const byCustomer = new Map<string, typeof entries>();
    for (const e of entries)
      byCustomer.set(e.customer_id, [...(byCustomer.get(e.customer_id) ?? []), e]);
    for (const list of byCustomer.values()) {
      const seen: { at: Date; points: number }[] = [];
      let tierRate: number | null = null;
      for (const e of list) {
        const at = new Date(e.created_at);
        if (e.kind === 'earn') {
          earns++;
          const expected = Math.floor((e.spend * (tierRate ?? 100)) / 10_000);
          if (e.points !== expected) wrong.push({ ...e, expected });
        }
        if (e.kind === 'earn' || e.kind === 'reverse') {
          seen.push({ at, points: e.points });
          const yearAgo = new Date(at);
          yearAgo.setMonth(yearAgo.getMonth() - 12);
          const year = seen.filter((s) => s.at >= yearAgo).reduce((sum, s) => sum + s.points, 0);
          tierRate = tiers.filter((x) => x.threshold <= year).at(-1)?.points_per_rm ?? null;
        }
      }
    }
    expect(earns).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
  });

  it('spends from the wallet only as a wallet payment of an order of the customer, that day', async () => {
    const spends = await query<{
      id: string;
      amount: number;
      created_at: Date | string;
      business_date: string | null;
      paid_by_wallet: unknown;
      timezone: string | null;
      cutoff: number;
    }>(sql`
      select w.id, w.amount, w.created_at, o.business_date::text as business_date, ou.timezone,
        te.business_day_cutoff_hour as cutoff,
        (select sum(op.amount) from order_payments op
          where op.order_id = o.id and op.method = 'wallet') as paid_by_wallet
      from wallet_entries w
      join tenants te on te.id = w.tenant_id
      left join customer_orders co on co.order_id = w.order_id and co.customer_id = w.customer_id
      left join orders o on o.id = co.order_id
      left join outlets ou on ou.id = o.outlet_id
      where w.kind = 'spend'`);
    expect(spends.length).toBeGreaterThan(100);
    const unexplained = spends.filter(
      (s) =>
        s.business_date === null ||
        n(s.paid_by_wallet) !== -s.amount ||
        businessDate(new Date(s.created_at), s.timezone!, s.cutoff) !== s.business_date,
    );
    expect(unexplained).toEqual([]);
    // And every wallet payment line was taken from the wallet of the order's customer.
    const unpaid = await query<{ order_no: string }>(sql`
      select o.order_no from order_payments op join orders o on o.id = op.order_id
      where op.method = 'wallet' and not exists (
        select 1 from wallet_entries w join customer_orders co
          on co.order_id = w.order_id and co.customer_id = w.customer_id
        where w.order_id = o.id and w.kind = 'spend')`);
    expect(unpaid).toEqual([]);
  });

  it('tops wallets up only through paid top-ups, and every other credit has its reason', async () => {
    const topups = await query<{ id: string }>(sql`
      select w.id from wallet_entries w
      where w.kind = 'topup' and not exists (
        select 1 from payment_intents pi
        where pi.id = w.payment_id and pi.purpose = 'topup' and pi.status = 'paid'
          and pi.customer_id = w.customer_id and pi.amount = w.amount
          and w.idempotency_key = 'topup:' || pi.id)`);
    expect(topups).toEqual([]);
    const [count] = await query<{ n: number }>(
      sql`select count(*)::int as n from wallet_entries where kind = 'topup'`,
    );
    expect(count!.n).toBeGreaterThan(50);
    const rewards = await query<{ id: string }>(sql`
      select w.id from wallet_entries w
      where w.kind = 'reward' and not exists (
        select 1 from referrals r where r.status in ('rewarded', 'reversed')
          and r.referrer_id = w.customer_id and r.order_id = w.order_id
          and w.idempotency_key = 'referral:' || r.id || ':referrer:reward')`);
    expect(rewards).toEqual([]);
    const refundsToWallet = await query<{ id: string }>(sql`
      select w.id from wallet_entries w
      where w.kind = 'refund' and not exists (
        select 1 from refunds r where r.id = w.refund_id and r.amount = w.amount
          and r.completed_at is not null)`);
    expect(refundsToWallet).toEqual([]);
    const adjustments = await query<{ id: string }>(sql`
      select w.id from wallet_entries w
      where w.kind = 'adjustment' and (w.reason is null or w.actor_kind = 'customer')`);
    expect(adjustments).toEqual([]);
  });

  it("keeps every customer's wallet and points at the sums of their ledgers", async () => {
    const rows = await query<{ id: string }>(sql`
      select c.id from customers c
      where c.wallet_balance <> coalesce((select sum(w.amount) from wallet_entries w
          where w.customer_id = c.id), 0)
        or c.points <> coalesce((select sum(p.points) from points_entries p
          where p.customer_id = c.id), 0)`);
    expect(rows).toEqual([]);
    const [withPoints] = await query<{ n: number; orphans: number }>(sql`
      select count(*)::int as n,
        count(*) filter (where not exists (select 1 from customer_orders co
          where co.customer_id = c.id))::int as orphans
      from customers c where c.points > 0`);
    expect(withPoints!.n).toBeGreaterThan(200);
    expect(withPoints!.orphans).toBe(0);
  });

  it('has no order of a customer from before they joined', async () => {
    const early = await query<{ order_no: string }>(sql`
      select o.order_no from customer_orders co join orders o on o.id = co.order_id
        join customers c on c.id = co.customer_id
      where o.created_at < c.created_at`);
    expect(early).toEqual([]);
  });

  it("rewards a referral only on the referee's first paid order, completed", async () => {
    // Each one found comes with the referee's paid orders, so a failure says which rule broke.
    const rows = await query<{ id: string }>(sql`
      select r.id, r.status, r.created_at, r.rewarded_at, r.order_id,
        (select json_agg(json_build_object('id', o.id, 'no', o.order_no, 'at', o.created_at,
            'status', o.status, 'paid', o.paid, 'source', o.source,
            'completed', (select min(h.at) from order_status_history h
              where h.order_id = o.id and h.to_status = 'COMPLETED')) order by o.created_at)
          from customer_orders co join orders o on o.id = co.order_id
          where co.customer_id = r.referee_id and o.paid > 0) as orders
      from referrals r
      where r.status in ('rewarded', 'reversed') and not exists (
        select 1 from customer_orders co join orders o on o.id = co.order_id
        where co.customer_id = r.referee_id and o.id = r.order_id and o.paid > 0
          and exists (select 1 from order_status_history h
            where h.order_id = o.id and h.to_status = 'COMPLETED' and h.at <= r.rewarded_at)
          and not exists (select 1 from customer_orders co2 join orders o2 on o2.id = co2.order_id
            where co2.customer_id = r.referee_id and o2.paid > 0 and o2.status <> 'REJECTED'
              and o2.created_at < o.created_at))`);
    expect(rows).toEqual([]);
    // And one still pending has no such order yet (it would have been rewarded).
    const missed = await query<{ id: string }>(sql`
      select r.id from referrals r
      cross join lateral (select o.paid, o.refunded, o.status from customer_orders co
        join orders o on o.id = co.order_id
        where co.customer_id = r.referee_id and o.paid > 0 and o.status <> 'REJECTED'
        order by o.created_at limit 1) first
      join loyalty_settings s on s.tenant_id = r.tenant_id
      where r.status = 'pending' and s.referral_enabled
        and first.status in ('COMPLETED', 'CLOSED')
        and first.paid - first.refunded >= s.referral_min_order`);
    expect(missed).toEqual([]);
    const [c] = await query<{ rewarded: number; pending: number }>(sql`
      select count(*) filter (where status = 'rewarded')::int as rewarded,
        count(*) filter (where status = 'pending')::int as pending from referrals`);
    expect(c!.rewarded).toBeGreaterThan(0);
    expect(c!.pending).toBeGreaterThan(0);
  });

  it('redeems each voucher for what its rules give that order’s cart, priced into the order', async () => {
    const reds = await query<Record<string, unknown> & RedemptionRow>(sql`
      select r.id, r.voucher_id, r.code_id, r.customer_id, r.source, r.discount, r.status,
        r.redeemed_at, r.returned_at, r.outlet_id, ou.timezone, r.order_id, o.serving_method,
        o.subtotal, o.discount as order_discount, o.manual_discount, o.service_charge,
        o.service_tax, o.delivery_fee, o.rounding, o.total, o.status as order_status,
        te.service_tax_rate_bp, te.service_charge_rate_bp, te.service_charge_methods,
        te.service_tax_on_service_charge, c.customer_id as issued_to
      from voucher_redemptions r join orders o on o.id = r.order_id
        join outlets ou on ou.id = r.outlet_id join tenants te on te.id = r.tenant_id
        left join voucher_codes c on c.id = r.code_id
      order by r.redeemed_at, r.id`);
    const lines = await query<{
      order_id: string;
      product_id: string;
      category_id: string;
      quantity: number;
      line_total: number;
    }>(sql`
      select oi.order_id, oi.product_id, p.category_id, oi.quantity, oi.line_total
      from order_items oi join products p on p.id = oi.product_id
      where oi.order_id in (select order_id from voucher_redemptions)`);
    const vouchers = new Map(
      (await query<Record<string, unknown>>(sql`select * from vouchers`)).map((v) => [
        v.id as string,
        rulesOfRow(v),
      ]),
    );
    const at = (d: unknown) => new Date(d as string).getTime();
    const wrong: unknown[] = [];
    for (const r of reds) {
      // What stood when it was redeemed: the earlier redemptions not given back by then.
      const before = reds.filter(
        (x) =>
          x.voucher_id === r.voucher_id &&
          at(x.redeemed_at) < at(r.redeemed_at) &&
          (x.status === 'redeemed' || at(x.returned_at) > at(r.redeemed_at)),
      );
      const rules = vouchers.get(r.voucher_id)!;
      const result = evaluateVoucher(
        { ...rules, ...(r.issued_to ? { requires_customer: true } : {}) },
        {
          serving_method: r.serving_method as never,
          lines: lines
            .filter((l) => l.order_id === r.order_id)
            .map((l) => ({
              product_id: l.product_id,
              category_id: l.category_id,
              unit_price: l.line_total / l.quantity,
              quantity: l.quantity,
            })),
        },
        {
          at: new Date(r.redeemed_at as string),
          timezone: r.timezone,
          outlet_id: r.outlet_id,
          source: r.source as never,
          customer_id: r.customer_id,
          redeemed_total: before.length,
          redeemed_by_customer: before.filter(
            (x) => r.customer_id && x.customer_id === r.customer_id,
          ).length,
        },
      );
      // The order's money from the rules (DESIGN §3): the voucher off the subtotal, the service
      // charge on what is left, SST on that plus a taxable service charge, half-up to the sen.
      const halfUp = (sen: number, bp: number) => Math.floor((sen * bp + 5_000) / 10_000);
      const after = r.subtotal - r.discount;
      const charge = (r.service_charge_methods as string[]).includes(r.serving_method)
        ? halfUp(after, r.service_charge_rate_bp)
        : 0;
      const sst = halfUp(
        after + (r.service_tax_on_service_charge ? charge : 0),
        r.service_tax_rate_bp,
      );
      const ok =
        result.ok &&
        result.discount === r.discount &&
        r.manual_discount === null &&
        r.order_discount === r.discount &&
        r.service_charge === charge &&
        r.service_tax === sst &&
        r.total === after + charge + sst + r.delivery_fee + r.rounding &&
        Math.abs(r.rounding) <= 2;
      if (!ok) wrong.push({ ...r, result, charge, sst });
    }
    expect(wrong).toEqual([]);
    expect(reds.length).toBeGreaterThan(40);
    // Given back exactly when its order was rejected.
    expect(
      reds.filter((r) => (r.status === 'returned') !== (r.order_status === 'REJECTED')),
    ).toEqual([]);
    expect(reds.filter((r) => r.status === 'returned').length).toBeGreaterThan(2);
    // Each type was used, at the counter with a customer too.
    const used = new Set(reds.map((r) => vouchers.get(r.voucher_id)!.type));
    expect([...used].sort()).toEqual(['fixed', 'free_item', 'percent']);
    expect(reds.filter((r) => r.customer_id !== null).length).toBeGreaterThan(2);
  });

  it('counts on each voucher and code the redemptions standing, and has every state', async () => {
    const counts = await query<{ name_en: string }>(sql`
      select v.name_en from vouchers v where v.redeemed_count <> (select count(*) from
        voucher_redemptions r where r.voucher_id = v.id and r.status = 'redeemed')`);
    expect(counts).toEqual([]);
    const codes = await query<{ code: string }>(sql`
      select c.code from voucher_codes c where (c.redeemed_at is not null) <> exists (select 1
        from voucher_redemptions r where r.code_id = c.id and r.status = 'redeemed')`);
    expect(codes).toEqual([]);
    const [s] = await query<Record<string, number>>(sql`
      select count(*) filter (where status = 'inactive')::int as inactive,
        count(*) filter (where status = 'active' and valid_until <= now())::int as expired,
        count(*) filter (where status = 'active' and valid_from > now())::int as scheduled,
        count(*) filter (where status = 'active' and valid_from <= now()
          and (valid_until is null or valid_until > now()))::int as active,
        count(*) filter (where array_length(days_of_week, 1) > 0 and hours_from is not null)::int as timed,
        count(*) filter (where array_length(outlet_ids, 1) > 0)::int as outlet,
        count(*) filter (where sources = '{app}')::int as app_only,
        count(*) filter (where requires_customer and per_customer_limit is not null)::int as member,
        (select count(*)::int from voucher_codes where customer_id is not null) as issued
      from vouchers`);
    for (const [state, n] of Object.entries(s!)) expect([state, n > 0]).toEqual([state, true]);
  });
  voucherDemoChecks(query);
});

interface RedemptionRow {
  voucher_id: string;
  customer_id: string | null;
  outlet_id: string;
  order_id: string;
  timezone: string;
  serving_method: string;
  discount: number;
  subtotal: number;
  total: number;
  rounding: number;
  delivery_fee: number;
  service_charge: number;
  service_tax: number;
  service_tax_rate_bp: number;
  service_charge_rate_bp: number;
}

/** A voucher row as evaluateVoucher reads it, field by field. */
function rulesOfRow(v: Record<string, unknown>): VoucherRules {
  const iso = (d: unknown) => (d == null ? null : new Date(d as string).toISOString());
  return {
    status: v.status as VoucherRules['status'],
    type: v.type as VoucherRules['type'],
    value: v.value as number,
    max_discount: v.max_discount as number | null,
    free_item_kind: v.free_item_kind as VoucherRules['free_item_kind'],
    free_item_id: v.free_item_id as string | null,
    min_spend: v.min_spend as number,
    valid_from: iso(v.valid_from)!,
    valid_until: iso(v.valid_until),
    days_of_week: (v.days_of_week as number[]).map(Number),
    hours_from: v.hours_from as string | null,
    hours_until: v.hours_until as string | null,
    total_limit: v.total_limit as number | null,
    per_customer_limit: v.per_customer_limit as number | null,
    outlet_ids: v.outlet_ids as string[],
    sources: v.sources as VoucherRules['sources'],
    serving_methods: v.serving_methods as VoucherRules['serving_methods'],
    product_ids: v.product_ids as string[],
    category_ids: v.category_ids as string[],
    requires_customer: v.requires_customer as boolean,
  };
}
