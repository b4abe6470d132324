import { addDays, businessDate, campaignStatuses } from '@kopi/contract';
import { type SQL, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';

// The demo's campaigns, rewards and voucher figures (demo-consistency.test.ts registers these):
// every count kept on a row is the count of the rows it stands for, every exchange took its
// price from the points ledger, and voucher_rollups are the sums of the redemptions, their
// orders and refunds, each worked out here from the rows as decision 053 states it.

type Query = <T>(statement: SQL) => Promise<T[]>;

/** Sen and counts as they come back from SQL (bigint or numeric as text on some drivers). */
const n = (v: unknown) => Number(v ?? 0);

export function voucherDemoChecks(query: Query) {
  it('counts on each campaign the codes it issued, and has a campaign in every state', async () => {
    const campaigns = await query<{ name_en: string; status: string; issued_count: number }>(
      sql`select name_en, status, issued_count from voucher_campaigns`,
    );
    const codes = await query<{ campaign_id: string; name_en: string; n: unknown }>(sql`
      select c.campaign_id, vc.name_en, count(*) as n
      from voucher_codes c join voucher_campaigns vc on vc.id = c.campaign_id
      group by c.campaign_id, vc.name_en`);
    const counted = new Map(codes.map((c) => [c.name_en, n(c.n)]));
    expect(
      campaigns
        .map((c) => [c.name_en, c.issued_count, counted.get(c.name_en) ?? 0])
        .filter(([, kept, real]) => kept !== real),
    ).toEqual([]);
    // Stored as the tick leaves them: every state of the status rule, once or more.
    expect([...new Set(campaigns.map((c) => c.status))].sort()).toEqual(
      [...campaignStatuses].sort(),
    );
    // The live and the past ones issued codes; codes of both were redeemed, naming the campaign.
    const [live] = await query<Record<string, number>>(sql`
      select
        (select count(*)::int from voucher_campaigns where status in ('ongoing', 'ended')
          and issued_count = 0) as live_without_codes,
        (select count(*)::int from voucher_redemptions r join voucher_codes c on c.id = r.code_id
          where r.campaign_id is distinct from c.campaign_id) as misnamed`);
    expect(live).toEqual({ live_without_codes: 0, misnamed: 0 });
    const used = await query<{ status: string }>(sql`
      select distinct vc.status from voucher_redemptions r
      join voucher_campaigns vc on vc.id = r.campaign_id`);
    expect(used.map((u) => u.status).sort()).toEqual(expect.arrayContaining(['ended', 'ongoing']));
  });

  const rewardsAndCodes = async () => ({
    rewards: await query<{
      id: string;
      name_en: string;
      issued_count: number;
      points_price: number;
      stock: number | null;
      status: string;
      ends_at: unknown;
    }>(
      sql`select id, name_en, issued_count, points_price, stock, status, ends_at from voucher_rewards`,
    ),
    codes: await query<{ reward_id: string; customer_id: string }>(
      sql`select reward_id, customer_id from voucher_codes where reward_id is not null`,
    ),
  });

  it('counts on each reward the codes exchanged for it, and has every kind of reward', async () => {
    const { rewards, codes } = await rewardsAndCodes();
    expect(
      rewards
        .map((r) => [r.name_en, r.issued_count, codes.filter((c) => c.reward_id === r.id).length])
        .filter(([, kept, real]) => kept !== real),
    ).toEqual([]);
    // Out of stock, switched off after exchanges and ending are all there.
    expect(rewards.some((r) => r.stock !== null && r.issued_count === r.stock)).toBe(true);
    expect(rewards.some((r) => r.status === 'inactive' && r.issued_count > 0)).toBe(true);
    expect(rewards.some((r) => r.status === 'active' && r.ends_at !== null)).toBe(true);
    expect(codes.length).toBeGreaterThan(4);
  });

  it("takes each exchange's reward price from the customer's points, as a voucher entry", async () => {
    const { rewards, codes } = await rewardsAndCodes();
    const entries = await query<{ customer_id: string; points: number }>(
      sql`select customer_id, points from points_entries where kind = 'voucher'`,
    );
    const price = new Map(rewards.map((r) => [r.id, r.points_price]));
    // Per customer: the voucher entries of the ledger are exactly minus the prices of their codes.
    const spentBy = (list: { customer_id: string; points: number }[], who: string) =>
      list
        .filter((e) => e.customer_id === who)
        .map((e) => e.points)
        .sort((a, b) => a - b);
    const bought = codes.map((c) => ({
      customer_id: c.customer_id,
      points: -price.get(c.reward_id)!,
    }));
    const customers = new Set([...codes, ...entries].map((x) => x.customer_id));
    expect(
      [...customers]
        .map((who) => ({ who, bought: spentBy(bought, who), ledger: spentBy(entries, who) }))
        .filter((x) => JSON.stringify(x.bought) !== JSON.stringify(x.ledger)),
    ).toEqual([]);
    expect(entries.length).toBe(codes.length);
  });

  it('keeps voucher_rollups at the sums of the redemptions, their orders and refunds', async () => {
    const reds = await query<{
      voucher_id: string;
      campaign_id: string | null;
      outlet_id: string;
      business_date: string;
      discount: number;
      status: string;
      returned_at: Date | string | null;
      order_status: string;
      order_date: string;
      order_outlet: string;
      total: number;
      order_id: string;
      timezone: string;
      cutoff: number;
    }>(sql`
      select r.voucher_id, r.campaign_id, r.outlet_id, r.business_date::text as business_date,
        r.discount, r.status, r.returned_at, o.status as order_status,
        o.business_date::text as order_date, o.outlet_id as order_outlet, o.total, o.id as order_id,
        ou.timezone, te.business_day_cutoff_hour as cutoff
      from voucher_redemptions r join orders o on o.id = r.order_id
        join outlets ou on ou.id = r.outlet_id join tenants te on te.id = r.tenant_id`);
    const refunds = await query<{
      order_id: string;
      amount: number;
      status: string;
      business_date: string | null;
      outlet_id: string;
    }>(sql`
      select order_id, amount, status, business_date::text as business_date, outlet_id from refunds
      where order_id in (select order_id from voucher_redemptions)`);
    const closes = await query<{ outlet_id: string; business_date: string; closed_at: unknown }>(
      sql`select outlet_id, business_date::text as business_date, closed_at from order_counters
        where closed_at is not null`,
    );
    const isSale = (s: string) => ['PENDING', 'APPROVED', 'COMPLETED', 'CLOSED'].includes(s);
    /** The outlet's business day at `at`, or the first after it not yet closed at `at`. */
    const bookedDay = (outlet: string, at: Date, timezone: string, cutoff: number) => {
      let day = businessDate(at, timezone, cutoff);
      const closedBy = (d: string) =>
        closes.some(
          (c) =>
            c.outlet_id === outlet &&
            c.business_date === d &&
            new Date(c.closed_at as string) <= at,
        );
      while (closedBy(day)) day = addDays(day, 1);
      return day;
    };
    const expected = new Map<string, number[]>();
    // [redemptions, discount, sales, returned, returned_discount, refunds]
    const add = (key: (string | null)[], i: number, value: number) => {
      const k = key.join('|');
      const row = expected.get(k) ?? [0, 0, 0, 0, 0, 0];
      row[i]! += value;
      expected.set(k, row);
    };
    for (const r of reds) {
      add([r.business_date, r.outlet_id, r.voucher_id, r.campaign_id], 0, 1);
      add([r.business_date, r.outlet_id, r.voucher_id, r.campaign_id], 1, r.discount);
      if (isSale(r.order_status)) {
        add([r.order_date, r.order_outlet, r.voucher_id, r.campaign_id], 2, r.total);
      }
      if (r.status === 'returned' && r.returned_at !== null) {
        const day = bookedDay(r.outlet_id, new Date(r.returned_at), r.timezone, r.cutoff);
        add([day, r.outlet_id, r.voucher_id, r.campaign_id], 3, 1);
        add([day, r.outlet_id, r.voucher_id, r.campaign_id], 4, r.discount);
      }
      for (const f of refunds.filter((x) => x.order_id === r.order_id)) {
        const counts = ['COMPLETED', 'CLOSED'].includes(f.status) && f.business_date !== null;
        if (counts && isSale(r.order_status)) {
          add([f.business_date, f.outlet_id, r.voucher_id, r.campaign_id], 5, f.amount);
        }
      }
    }
    const rollups = await query<Record<string, unknown>>(sql`
      select business_date::text as business_date, outlet_id, voucher_id, campaign_id,
        redemptions, discount, sales, returned, returned_discount, refunds from voucher_rollups`);
    const kept = new Map(
      rollups.map((r) => [
        [r.business_date, r.outlet_id, r.voucher_id, r.campaign_id].join('|'),
        ['redemptions', 'discount', 'sales', 'returned', 'returned_discount', 'refunds'].map((c) =>
          n(r[c]),
        ),
      ]),
    );
    const zero = (v: number[]) => v.every((x) => x === 0);
    const keys = new Set([...expected.keys(), ...kept.keys()]);
    const wrong = [...keys]
      .map((k) => ({ k, expected: expected.get(k) ?? [0, 0, 0, 0, 0, 0], kept: kept.get(k) }))
      .filter((x) => JSON.stringify(x.expected) !== JSON.stringify(x.kept ?? [0, 0, 0, 0, 0, 0]))
      .filter((x) => !(zero(x.expected) && x.kept === undefined));
    expect(wrong).toEqual([]);
    // Campaign figures are among them, on more than one day.
    const campaignDays = new Set(
      reds.filter((r) => r.campaign_id !== null).map((r) => r.business_date),
    );
    expect(campaignDays.size).toBeGreaterThan(5);
  });
}
