import { randomUUID } from 'node:crypto';
import { orderCreateSchema } from '@kopi/contract';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { cashMovements } from '../../db/schema/shifts';
import { userByUsername } from '../../test/fixtures';
import { cardSale, ensureShift, sell } from '../../test/order-fixtures';
import { amountRefund, askRefund, cardOrder } from '../../test/refund-fixtures';
import { engine, requestAs, type RequestHeaders, withIdempotencyKey } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { createOrderService } from './orders.service';
import { standaloneOrderDeps } from '../../test/standalone-services';
import type { AuthedContext } from '../../lib/request-context';

// An Idempotency-Key belongs to the user who sent it, on every route that stores it (decision
// 050): two tills that happen to generate the same key each get their own sale, refund or cash
// movement, while the same user's retry still gets what their first request made.

const { t, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'manager', 'cashier'],
  product: { sku: 'IDEM-1', price: 1000 },
});
const { admin, manager, cashier } = as;

const sale = () => cardSale(refs.kl, refs.product, 1060);
const ordersWithKey = async (key: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(sql`${orders.idempotencyKey} like ${`%:${key}`}`)
  )[0]!.n;

describe('POST /api/orders', () => {
  it('gives two cashiers sending the same key a sale each, and each their own replay', async () => {
    const key = randomUUID();
    const first = await sell(t, admin, sale(), key);
    const second = await sell(t, cashier, sale(), key);
    expect([first.statusCode, second.statusCode], second.body).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().data.id).not.toBe(first.json().data.id);
    expect(await ordersWithKey(key)).toBe(2);

    for (const [who, answer] of [
      [admin, first],
      [cashier, second],
    ] as const) {
      const retry = await sell(t, who, sale(), key);
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json().data.id).toBe(answer.json().data.id);
    }
    expect(await ordersWithKey(key)).toBe(2);
  });

  it('answers a cashier’s retry with their sale when the key store lost it, not anyone else’s', async () => {
    const key = randomUUID();
    const mine = await sell(t, cashier, sale(), key);
    const theirs = await sell(t, admin, sale(), key);
    await t.database.db.execute(sql`delete from idempotency_keys where key = ${key}`);
    const retry = await sell(t, cashier, sale(), key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().data.id).toBe(mine.json().data.id);
    expect(retry.json().data.id).not.toBe(theirs.json().data.id);
    expect(await ordersWithKey(key)).toBe(2);
  });
});

describe('POST /api/refunds', () => {
  it('gives two users sending the same key a refund each', async () => {
    const order = await cardOrder(t, admin, refs.kl, refs.product, 1060);
    const key = `rf-${randomUUID()}`;
    const body = amountRefund(order.id, 100);
    const first = await askRefund(t, cashier, body, key);
    const second = await askRefund(t, admin, body, key);
    expect([first.statusCode, second.statusCode], second.body).toEqual([201, 201]);
    expect(second.json().data.id).not.toBe(first.json().data.id);
    const again = await askRefund(t, cashier, body, key);
    expect(again.json().data.id).toBe(first.json().data.id);
  });
});

describe('POST /api/shifts', () => {
  it('opens a shift for each of two users sending the same key at two tills', async () => {
    const newTill = async () => {
      const res = await requestAs(t, admin).post('/api/tills', {
        outlet_id: refs.kl,
        name: `T-${randomUUID().slice(0, 6)}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const [a, b] = [await newTill(), await newTill()];
    const key = randomUUID();
    const open = (who: RequestHeaders, tillId: string) =>
      requestAs(t).post(
        '/api/shifts',
        { till_id: tillId, float: { note_10: 5 } },
        withIdempotencyKey(who, key),
      );
    const first = await open(manager, a);
    const second = await open(cashier, b);
    expect([first.statusCode, second.statusCode], second.body).toEqual([201, 201]);
    expect([first.json().data.till_id, second.json().data.till_id]).toEqual([a, b]);
  });
});

describe('POST /api/shifts/{id}/movements', () => {
  it('records two users’ cash outs with the same key as two movements', async () => {
    const till = await ensureShift(t, refs.kl);
    const open = (
      await requestAs(t, admin).get(`/api/shifts?status=open&till_id=${till!.id}`)
    ).json().data[0] as { id: string };
    const key = randomUUID();
    const body = { kind: 'cash_in', reason: 'other', amount: 500, note: 'float top-up' };
    const post = (who: RequestHeaders) =>
      requestAs(t).post(`/api/shifts/${open.id}/movements`, body, withIdempotencyKey(who, key));
    const first = await post(manager);
    const second = await post(admin);
    expect([first.statusCode, second.statusCode], second.body).toEqual([201, 201]);
    expect(second.json().data.id).not.toBe(first.json().data.id);
    const [n] = await t.database.db
      .select({ n: count() })
      .from(cashMovements)
      .where(eq(cashMovements.shiftId, open.id));
    expect(n!.n).toBeGreaterThanOrEqual(2);
    const mine = await post(manager);
    expect(mine.json().data.id).toBe(first.json().data.id);
  });
});

// PGlite runs one request at a time: these races are real on PostgreSQL only.
describe.runIf(engine === 'postgres')('the same key at once, on PostgreSQL', () => {
  it('makes one order of one cashier’s key sent twice at once, and one each for two cashiers', async () => {
    const key = randomUUID();
    const answers = await Promise.all([
      sell(t, cashier, sale(), key),
      sell(t, cashier, sale(), key),
      sell(t, admin, sale(), key),
      sell(t, admin, sale(), key),
    ]);
    for (const r of answers) {
      if (r.statusCode !== 201) expect(r.json().code_message).toBe('idempotency_in_flight');
    }
    expect(await ordersWithKey(key)).toBe(2);
  });

  it('makes one order when the key store is out of the way: the order’s own key is the last line', async () => {
    // The service itself, as a retry after a lost answer reaches it: no reservation in front.
    const service = createOrderService(await standaloneOrderDeps(t, clock.now));
    const user = await userByUsername(t, 'cashier');
    const ctx: AuthedContext = {
      principal: {
        userId: user.id,
        sessionId: randomUUID(),
        tenantId: user.tenantId,
        username: user.username,
        outletId: user.idOutlet,
        roleId: user.roleId,
        roleName: 'cashier',
        permissions: [],
      },
      ip: '203.0.113.9',
      userAgent: 'vitest',
      requestId: 'race',
    };
    const input = orderCreateSchema.parse({ serving_method: 'pick_up', ...sale() });
    const key = `user:${user.id}:${randomUUID()}`;
    const placed = await Promise.all(
      Array.from({ length: 4 }, () => service.create(ctx, input, key)),
    );
    expect(new Set(placed.map((o) => o.id)).size).toBe(1);
    const [n] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.idempotencyKey, key));
    expect(n!.n).toBe(1);
  });
});
