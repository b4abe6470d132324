import type { OrderSummary } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { captureStatements } from '../../test/capture-statements';
import { demoTenantId, testClock } from '../../test/order-fixtures';
import { engine } from '../../test/test-app';
import { useDemoOrdersApp } from '../../test/use-test-app';
import { exactSearchOf } from './order-search';

// The order list's search over the demo orders: text matches anywhere in the order number, the
// customer's name or phone (case aside); a whole order number or a full phone is looked up in its
// own column's btree and finds the same orders; a phone typed any way a customer's phone may be
// (`019-556 6103`) finds the orders of that phone.

const clock = testClock('2026-06-10T06:00:00Z');
const { t, api } = useDemoOrdersApp({
  now: clock.now,
  signIn: ['admin'],
  api: 'admin',
});
let tenantId: string;
let phone: string; // a demo customer's phone, as stored (E.164)

beforeAll(async () => {
  tenantId = await demoTenantId(t);
  const [row] = rowsOf<{ phone: string }>(
    await t.database.db.execute(sql`
      select customer_phone as phone from orders
      where tenant_id = ${tenantId}::uuid and customer_phone like '+601%'
      order by customer_phone limit 1`),
  );
  phone = row!.phone;
});

/** Every order the list finds for `q`, page by page. */
async function foundIds(q: string) {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const res = await api.get(`/api/orders?q=${encodeURIComponent(q)}&page_size=100&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: OrderSummary[]; meta: { total: number } };
    ids.push(...body.data.map((o) => o.id));
    if (body.data.length === 0 || ids.length >= body.meta.total) {
      expect(ids.length, q).toBe(body.meta.total);
      return ids.sort();
    }
  }
}

/** The rule: the text anywhere in number, name or phone, case aside. */
async function idsWithTextAnywhere(text: string) {
  const rows = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      select id::text as id from orders where tenant_id = ${tenantId}::uuid
        and (strpos(upper(order_no), upper(${text})) > 0
          or strpos(upper(coalesce(customer_name, '')), upper(${text})) > 0
          or strpos(coalesce(customer_phone, ''), ${text}) > 0)`),
  );
  return rows.map((r) => r.id).sort();
}

describe('searching orders', () => {
  it('tells a whole order number and a full phone from partial text', () => {
    expect(exactSearchOf('kl01-0003')).toEqual({
      column: 'order_no',
      text: 'KL01-0003',
      code: 'KL01',
    });
    expect(exactSearchOf('019-556 6103')).toEqual({
      column: 'customer_phone',
      text: '+60195566103',
    });
    for (const partial of ['KL01-00', 'KL01-', '0195566', 'nurul', ' KL01-0003', '50%']) {
      expect(exactSearchOf(partial), partial).toBeNull();
    }
  });

  it('finds by a whole order number or a full phone what the text anywhere finds', async () => {
    const local = `0${phone.slice(3)}`; // +60195566103 → 0195566103
    for (const q of ['KL01-0003', 'kl01-0003', 'PG01-0001', phone, phone.slice(1), local]) {
      const expected = await idsWithTextAnywhere(q);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(await foundIds(q), q).toEqual(expected);
    }
  });

  it('finds by a phone typed with spaces and hyphens the orders of that phone', async () => {
    const typed = `0${phone.slice(3, 5)}-${phone.slice(5, 8)} ${phone.slice(8)}`; // 019-556 6103
    const expected = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        select id::text as id from orders
        where tenant_id = ${tenantId}::uuid and customer_phone = ${phone}`),
    )
      .map((r) => r.id)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(await foundIds(typed)).toEqual(expected);
  });

  it('still finds partial text anywhere', async () => {
    for (const q of ['KL01-000', 'kl01-00', phone.slice(4, 10), 'nurul', 'Aina']) {
      const expected = await idsWithTextAnywhere(q);
      expect(expected.length, q).toBeGreaterThan(0);
      const res = await api.get(`/api/orders?q=${encodeURIComponent(q)}&page_size=100`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.total, q).toBe(expected.length);
    }
  });
});

// The statement the list runs for a whole order number, planned with sequential scans priced
// out: it enters the btree of order numbers, not the trigram index nor the whole table.
describe.runIf(engine === 'postgres')('the exact search on PostgreSQL', () => {
  type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
  /** Each scan of the plan: its node type, its index or table, and how it enters the index. */
  const scansOf = (node: PlanNode): string[] => [
    ...(String(node['Node Type']).includes('Scan')
      ? [
          [node['Node Type'], node['Index Name'] ?? node['Relation Name'], node['Index Cond'] ?? '']
            .map(String)
            .join(' '),
        ]
      : []),
    ...(node.Plans ?? []).flatMap(scansOf),
  ];

  /** A scan of the orders table or one of its indexes, other than a bitmap's visit of the table. */
  const enteringOrders = (scan: string) =>
    /^(Seq|Index|Index Only|Bitmap Index) Scan orders(_| |$)/.test(scan);

  async function plansOfSearch(q: string) {
    const captured = await captureStatements(() => foundIds(q));
    const client = new pg.Client({ connectionString: t.target.databaseUrl });
    await client.connect();
    try {
      // Fresh statistics, as autovacuum keeps them, and no sequential scan to fall back on.
      await client.query('analyze orders');
      await client.query('set enable_seqscan = off');
      const plans: string[][] = [];
      for (const c of captured.filter((s) => /from "orders"/.test(s.text))) {
        const res = await client.query(`explain (format json) ${c.text}`, c.values);
        const [explained] = (res.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'];
        plans.push(scansOf(explained!.Plan));
      }
      return plans;
    } finally {
      await client.end();
    }
  }

  it('looks a whole order number up in the btree of order numbers', async () => {
    const plans = await plansOfSearch('KL01-0003');
    expect(plans.length).toBeGreaterThanOrEqual(2); // each page and its count
    for (const scans of plans) {
      const ofOrders = scans.filter(enteringOrders);
      expect(ofOrders.length).toBeGreaterThan(0);
      // Entered at the number: not the whole tenant's entries of some index.
      for (const scan of ofOrders) {
        expect(scan).toMatch(/ orders_tenant_order_no_pattern_idx .*order_no ~>=~ 'KL01-0003'/);
      }
    }
  });

  it('looks a full phone up in the btree of phones', async () => {
    for (const scans of await plansOfSearch(phone)) {
      const ofOrders = scans.filter(enteringOrders);
      expect(ofOrders.length).toBeGreaterThan(0);
      for (const scan of ofOrders) {
        expect(scan).toMatch(/ orders_tenant_customer_phone_idx .*customer_phone ~>=~/);
      }
    }
  });
});
