import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerOrders, customers } from '../../db/schema/customers';
import { referrals } from '../../db/schema/loyalty';
import { membershipTiers } from '../../db/schema/membership-tiers';
import { rowsOf } from '../../db/database';
import { seededRandom } from '@kopi/contract';
import { demoPeople } from './customers-demo-people';
import { useDemoOrdersApp } from '../../test/use-test-app';

// The demo seed's customers: a few hundred with Malaysian names and phones, tiers, referrals,
// staff notes and the demo orders in their names, and two ledgers that read exactly as the
// ledger service would have written them.

const { t, api, as } = useDemoOrdersApp({ signIn: ['admin'] });

describe('demo customers', () => {
  it('are a few hundred, in three tiers, some blocked, some counter-only, two anonymised', async () => {
    const db = t.database.db;
    const rows = await db.select().from(customers);
    expect(rows.length).toBe(302);
    const tiers = await db.select().from(membershipTiers);
    expect(tiers.map((x) => x.nameEn).sort()).toEqual(['Gold', 'Platinum', 'Silver']);
    const perTier = new Map(tiers.map((x) => [x.id, rows.filter((c) => c.tierId === x.id).length]));
    for (const n of perTier.values()) expect(n).toBeGreaterThan(0);
    expect(rows.filter((c) => c.status === 'disabled').length).toBeGreaterThan(0);
    expect(rows.filter((c) => c.passwordHash === null && !c.anonymisedAt).length).toBeGreaterThan(
      30,
    );
    expect(rows.filter((c) => c.anonymisedAt !== null).map((c) => c.name)).toEqual([
      'Anonymised customer',
      'Anonymised customer',
    ]);
    const real = rows.filter((c) => !c.anonymisedAt);
    for (const c of real) expect(c.phone).toMatch(/^\+601\d{8,9}$/);
    expect(new Set(real.map((c) => c.name)).size).toBeGreaterThan(200);
    // The app's demo customers keep their sign-in, with room left in the wallet to top up.
    const aina = rows.find((c) => c.referralCode === 'AINA2026')!;
    expect(aina).toMatchObject({ status: 'active', name: 'Nur Aina' });
    expect(aina.walletBalance).toBeLessThan(100_000 - 10_000);
  });

  it('keep every ledger consistent: each balance after follows the one before, and ends on the row', async () => {
    const db = t.database.db;
    for (const [table, amount, balance] of [
      ['wallet_entries', 'amount', 'wallet_balance'],
      ['points_entries', 'points', 'points'],
    ] as const) {
      const broken = rowsOf(
        await db.execute(
          sql.raw(`select e.id from (
          select id, customer_id, balance_after, ${amount} as moved,
            lag(balance_after, 1, 0) over (partition by customer_id order by created_at, id) as before
          from ${table}) e
        where e.before + e.moved <> e.balance_after or e.balance_after < 0`),
        ),
      );
      expect(broken, table).toEqual([]);
      const ends = rowsOf(
        await db.execute(
          sql.raw(`select c.id from customers c where c.${balance} <> coalesce((
          select e.balance_after from ${table} e where e.customer_id = c.id
          order by e.created_at desc, e.id desc limit 1), 0)`),
        ),
      );
      expect(ends, table).toEqual([]);
    }
    const [counts] = rowsOf<{ wallet: number; points: number; adjustments: number }>(
      await db.execute(
        sql.raw(`select (select count(*)::int from wallet_entries) as wallet,
          (select count(*)::int from points_entries) as points,
          (select count(*)::int from wallet_entries where kind = 'adjustment') as adjustments`),
      ),
    );
    expect(counts!.wallet).toBeGreaterThan(500);
    expect(counts!.points).toBeGreaterThan(1000);
    expect(counts!.adjustments).toBeGreaterThan(0);
  });

  it('keep the system’s reasons as codes; only what staff typed is free text', async () => {
    const db = t.database.db;
    const typed = rowsOf(
      await db.execute(
        sql.raw(`select 'wallet' as ledger, kind, actor_kind from wallet_entries
            where reason is not null
          union select 'points', kind, actor_kind from points_entries where reason is not null`),
      ),
    );
    expect(typed).toEqual([{ ledger: 'wallet', kind: 'adjustment', actor_kind: 'staff' }]);
    const coded = rowsOf(
      await db.execute(
        sql.raw(`select distinct 'wallet' as ledger, kind, reason_code from wallet_entries
            where reason_code is not null
          union select distinct 'points', kind, reason_code from points_entries
            where reason_code is not null`),
      ),
    );
    expect(coded).toEqual(
      expect.arrayContaining([
        { ledger: 'wallet', kind: 'spend', reason_code: 'order' },
        { ledger: 'wallet', kind: 'reward', reason_code: 'referral_reward' },
        { ledger: 'points', kind: 'reward', reason_code: 'referral_reward' },
      ]),
    );
    const [history] = rowsOf<{ english: number; counter: number }>(
      await db.execute(
        sql.raw(`select count(*) filter (where reason in ('Paid at the counter', 'Day closed',
            'Not paid by the day close'))::int as english,
          count(*) filter (where reason_code = 'paid_at_counter')::int as counter
          from order_status_history`),
      ),
    );
    expect(history!.english).toBe(0);
    expect(history!.counter).toBeGreaterThan(100);
  });

  it('have referrals pending and rewarded, each reward in both ledgers', async () => {
    const db = t.database.db;
    const rows = await db.select().from(referrals);
    expect(rows.filter((r) => r.status === 'pending').length).toBeGreaterThan(0);
    const rewarded = rows.filter((r) => r.status === 'rewarded');
    expect(rewarded.length).toBeGreaterThan(0);
    for (const r of rewarded.slice(0, 5)) {
      const keys = rowsOf(
        await db.execute(
          sql`select (select count(*)::int from wallet_entries where idempotency_key = ${`referral:${r.id}:referrer:reward`} and customer_id = ${r.referrerId}) as wallet,
          (select count(*)::int from points_entries where idempotency_key = ${`referral:${r.id}:referee:reward`} and customer_id = ${r.refereeId}) as points`,
        ),
      );
      expect(keys[0]).toEqual({ wallet: 1, points: 1 });
      const [referee] = await db.select().from(customers).where(eq(customers.id, r.refereeId));
      expect(referee!.referredBy).toBe(r.referrerId);
    }
  });

  it('own the demo orders taken in their names, shown on their details', async () => {
    const db = t.database.db;
    const links = await db.select().from(customerOrders);
    expect(links.length).toBeGreaterThan(10);
    const res = await api.get('/api/customers?sort=-last_order&page_size=5', as.admin);
    const first = res.json().data[0];
    expect(first.orders).toBeGreaterThan(0);
    const orders = await api.get(`/api/customers/${first.id}/orders`, as.admin);
    expect(orders.json().meta.total).toBe(first.orders);
    const details = (await api.get(`/api/customers/${first.id}`, as.admin)).json().data;
    expect(details.total_spend).toBeGreaterThan(0);
  });

  it('are the same people on every run (seeded random)', () => {
    const now = new Date('2026-06-10T04:00:00Z');
    const people = () =>
      demoPeople(
        seededRandom(7),
        now,
        [],
        [{ name: 'Nurul Aina', phone: '+60123456701' }],
        null,
        new Date('2026-06-06T04:00:00Z'),
      ).map((p) => [
        p.row.name,
        p.row.phone.startsWith('anon:') ? 'anon' : p.row.phone,
        p.visits.map((v) => v.toISOString()).join(','),
        p.walletHabit,
      ]);
    expect(people()).toEqual(people());
  });
});
