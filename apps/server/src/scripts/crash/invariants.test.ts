import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { demoOutlet } from '../../test/catalogue-fixtures';
import { addProduct, cardSale, demoTenantId, sell, testClock } from '../../test/order-fixtures';
import { useTestApp } from '../../test/use-test-app';
import type { Verdict } from '../verdicts';
import { ledgerInvariant, liveInvariant, orderInvariants, rollupInvariant } from './invariants';
import type { Ledger } from './load-kit';
import { LiveObserver } from './live-observer';

// The crash test's checks hold on what the server writes, and each one fails on the damage it
// is there to find: a check that cannot fail would let the crash test pass whatever happened.

const RUN = 'crashunit';
const clock = testClock('2026-06-10T04:00:00Z'); // Wednesday noon in Kuala Lumpur: open
const { t, as } = useTestApp({ now: clock.now, signIn: ['admin'] });
const sold: { key: string; id: string; total: number }[] = [];
let tenantId: string;

beforeAll(async () => {
  tenantId = await demoTenantId(t);
  const outlet = await demoOutlet(t, 'KL01');
  const product = await addProduct(t, { sku: 'CRASH-1', price: 1000 });
  for (let i = 1; i <= 3; i++) {
    const key = `${RUN}-pos-${i}`;
    const res = await sell(t, as.admin, cardSale(outlet.id, product.id, 1060), key);
    expect(res.statusCode, res.body).toBe(201);
    sold.push({ key, id: res.json().data.id, total: res.json().data.total });
  }
});

const ledgerOfSales = (): Ledger => ({
  orders: sold.map((s) => ({
    key: s.key,
    source: 'pos',
    outcome: 'created',
    orderId: s.id,
    total: s.total,
  })),
  paid: [],
});

const failing = (verdicts: Verdict[]) => verdicts.filter((v) => !v.ok).map((v) => v.title);

/** A client that got the given live event ids after its first head (0). */
function observerWith(ids: number[]) {
  const observer = new LiveObserver(new URL('http://127.0.0.1:9'), 'unused');
  observer.baseline = 0;
  observer.last = Math.max(0, ...ids);
  for (const id of ids) observer.received.add(id);
  return observer;
}

const liveIds = async () =>
  rowsOf<{ id: number }>(
    await t.database.db.execute(sql`
      select id::int from live_events where tenant_id = ${tenantId}::uuid
        and type <> 'session.ended' order by id`),
  ).map((r) => r.id);

describe('the crash test invariants', () => {
  it('hold on orders, rollups, a ledger and live events as the server writes them', async () => {
    const db = t.database.db;
    expect(failing(await orderInvariants(db))).toEqual([]);
    expect((await rollupInvariant(db)).ok).toBe(true);
    const ledger = await ledgerInvariant(db, ledgerOfSales(), RUN);
    expect(ledger).toMatchObject({ ok: true, detail: '3 orders, 0 payments' });
    const ids = await liveIds();
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect((await liveInvariant(db, observerWith(ids), tenantId)).ok).toBe(true);
  });

  it('hold beside a voided sale (its rollup rows left at 0) and a paid wallet top-up', async () => {
    const db = t.database.db;
    const outlet = await demoOutlet(t, 'KL01');
    const product = await addProduct(t, { sku: 'CRASH-VOID', price: 500 });
    // A product of its own, so voiding its only sale leaves that product's rollup rows at 0.
    const sale = await sell(t, as.admin, cardSale(outlet.id, product.id, 530), 'voidcheck-1');
    expect(sale.statusCode, sale.body).toBe(201);
    const voided = await t.inject({
      method: 'POST',
      url: `/api/orders/${sale.json().data.id}/status`,
      headers: as.admin,
      payload: { status: 'REJECTED', reason: 'Customer left' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const zeroRows = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from product_sales_rollups
        where product_id = ${product.id}::uuid and quantity = 0 and gross = 0`),
    );
    expect(zeroRows[0]!.n).toBeGreaterThan(0);
    const [customer] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from customers where tenant_id = ${tenantId}::uuid limit 1`),
    );
    await db.execute(sql`insert into payment_intents
        (id, tenant_id, purpose, customer_id, provider, method, amount, status, completed_at)
      values (gen_random_uuid(), ${tenantId}::uuid, 'topup', ${customer!.id}::uuid, 'sandbox',
        'fpx', 5000, 'paid', now())`);
    expect(failing(await orderInvariants(db))).toEqual([]);
    expect((await rollupInvariant(db)).ok).toBe(true);
    await db.execute(sql`delete from payment_intents where purpose = 'topup'
      and tenant_id = ${tenantId}::uuid and amount = 5000 and provider = 'sandbox'
      and customer_id = ${customer!.id}::uuid and completed_at > now() - interval '1 hour'`);
  });

  it('find an event the reconnecting client never got', async () => {
    const ids = await liveIds();
    const verdict = await liveInvariant(t.database.db, observerWith(ids.slice(1)), tenantId);
    expect(verdict.ok).toBe(false);
    expect(verdict.detail).toContain(`1 of ${ids.length} events never reached the client`);
  });

  it('find an acknowledged order that is not stored, and a stored one no client sent', async () => {
    const ledger = ledgerOfSales();
    const [first, ...rest] = ledger.orders;
    ledger.orders = [...rest, { ...first!, key: `${RUN}-pos-lost` }];
    const verdict = await ledgerInvariant(t.database.db, ledger, RUN);
    expect(verdict.ok).toBe(false);
    expect(verdict.detail).toContain(`${RUN}-pos-lost: acknowledged (created) but not stored`);
    expect(verdict.detail).toContain(`${first!.key}: stored, but no client sent it`);
  });

  it('find an order without items, a payment that does not add up and a rollup off by a sen', async () => {
    const db = t.database.db;
    await db.execute(sql`delete from order_items where order_id = ${sold[0]!.id}::uuid`);
    await db.execute(sql`update orders set paid = paid + 1 where id = ${sold[1]!.id}::uuid`);
    await db.execute(
      sql`update sales_rollups set net = net + 1 where tenant_id = ${tenantId}::uuid`,
    );
    expect(failing(await orderInvariants(db))).toEqual([
      'no order without its items',
      "an order's paid amount is the sum of its payments",
      'every sale is paid exactly its total (less what is owed back)',
    ]);
    const rollups = await rollupInvariant(db);
    expect(rollups.ok).toBe(false);
    expect(rollups.detail).toContain('kopi-demo sales_rollups:');
  });
});
