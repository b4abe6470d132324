import { type Board, boardSchema } from '@kopi/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outlets } from '../../db/schema/tenancy';
import { otherTenant } from '../../test/catalogue-fixtures';
import { signedInUser } from '../../test/fixtures';
import { cardSale, demoTenantId, optionNamed, productBySku, sell } from '../../test/order-fixtures';
import { useSaleApp } from '../../test/use-sale-app';
import { expectCode } from '../../test/expect-code';

// GET /api/orders/board: waiting orders and the ready ones not yet handed over or cleared as not
// collected (whatever their age: the day close closes them), oldest first, of the outlets the
// user may see, with the outlets' amber/red thresholds.

let viewer: Record<string, string>; // read-status-order only: sees the board, moves nothing
// refs.product: RM 10.00 → RM 10.60 by card

const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'cashier'],
  product: { sku: 'BOARD-1', price: 1000 },
  at: '2026-06-10T03:00:00Z',
});
// cashier: bound to KL01
const { admin, cashier } = as;
beforeAll(async () => {
  viewer = await signedInUser(t, {
    username: 'board-viewer',
    tenantId: await demoTenantId(t),
    permissions: ['read-status-order'],
  });
});
beforeEach(() => clock.set('2026-06-10T03:00:00Z'));

async function newOrder(
  outletId: string,
  at: string,
  body: Parameters<typeof sell>[2] = cardSale(outletId, refs.product, 1060),
) {
  clock.set(at);
  const res = await sell(t, admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; order_no: string };
}

async function move(id: string, status: string, at: string, reason?: string) {
  clock.set(at);
  const res = await api.post(
    `/api/orders/${id}/status`,
    { status, ...(reason ? { reason } : {}) },
    admin,
  );
  expect(res.statusCode, res.body).toBe(200);
}

async function board(headers: Record<string, string>, query = ''): Promise<Board> {
  const res = await api.get(`/api/orders/board${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return boardSchema.strict().parse(res.json().data);
}
const numbers = (b: Board) => b.orders.map((o) => o.order_no);

async function handOver(id: string) {
  const res = await api.post(`/api/orders/${id}/handed-over`, undefined, admin);
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /api/orders/board', () => {
  it('shows waiting orders and the ready ones, oldest first, with items and moves', async () => {
    const americano = await productBySku(t, 'ESP-002');
    const large = await optionNamed(t, americano.id, 'Size', 'Large');
    const sugar = await optionNamed(t, americano.id, 'Sugar level', 'Normal');
    // 11:00 KL01 pending · 11:05 PG01 → approved · 11:10 KL01 → completed · 11:15 KL01 rejected
    const first = await newOrder(refs.kl, '2026-06-10T03:00:00Z', {
      outlet_id: refs.kl,
      items: [
        {
          product_id: americano.id,
          quantity: 2,
          option_ids: [large.id, sugar.id],
          notes: 'Less ice please',
        },
      ],
      // (9.00 + 1.50 large) × 2 = 21.00 + 6% = 22.26
      payments: [{ method: 'card', amount: 2226, reference: 'CARD-1' }],
    });
    const second = await newOrder(refs.pg, '2026-06-10T03:05:00Z');
    const third = await newOrder(refs.kl, '2026-06-10T03:10:00Z');
    const rejected = await newOrder(refs.kl, '2026-06-10T03:15:00Z');
    await move(second.id, 'APPROVED', '2026-06-10T03:20:00Z');
    await move(third.id, 'APPROVED', '2026-06-10T03:21:00Z');
    await move(third.id, 'COMPLETED', '2026-06-10T03:25:00Z');
    await move(rejected.id, 'REJECTED', '2026-06-10T03:26:00Z', 'Customer left');

    clock.set('2026-06-10T03:30:00Z');
    const all = await board(admin);
    expect(numbers(all)).toEqual([first.order_no, second.order_no, third.order_no]);
    expect(all.orders.map((o) => [o.status, o.status_at, o.allowed_statuses])).toEqual([
      ['PENDING', '2026-06-10T03:00:00.000Z', ['APPROVED', 'REJECTED']],
      ['APPROVED', '2026-06-10T03:20:00.000Z', ['COMPLETED', 'REJECTED']],
      ['COMPLETED', '2026-06-10T03:25:00.000Z', []],
    ]);
    expect(all.orders[0]).toMatchObject({
      id: first.id,
      outlet_id: refs.kl,
      outlet_name: 'Kuala Lumpur',
      via: 'POS',
      serving_method: 'pick_up',
      payment_methods: ['card'],
      total: 2226,
    });
    expect(all.orders[0]!.items).toEqual([
      {
        id: expect.any(String),
        name: 'Americano',
        name_my: null,
        quantity: 2,
        options: [
          { group: 'Size', group_my: 'Saiz', name: 'Large', name_my: 'Besar', price: 150 },
          {
            group: 'Sugar level',
            group_my: 'Tahap gula',
            name: 'Normal',
            name_my: 'Biasa',
            price: 0,
          },
        ],
        addons: [],
        notes: 'Less ice please',
      },
    ]);
    // Thresholds for every outlet in view, by code; defaults 5 and 10 minutes. Each outlet's
    // business date: 11:30 in Kuala Lumpur on the 10th is past the 04:00 cutoff, so the 10th.
    const today = '2026-06-10';
    expect(all.thresholds).toEqual([
      { outlet_id: refs.jb, amber_minutes: 5, red_minutes: 10, business_date: today },
      { outlet_id: refs.kl, amber_minutes: 5, red_minutes: 10, business_date: today },
      { outlet_id: refs.pg, amber_minutes: 5, red_minutes: 10, business_date: today },
    ]);

    // One outlet when asked; its thresholds as the outlet has them now.
    await t.database.db
      .update(outlets)
      .set({ boardAmberMinutes: 3, boardRedMinutes: 8 })
      .where(eq(outlets.id, refs.pg));
    try {
      const penang = await board(admin, `?outlet_id=${refs.pg}`);
      expect(numbers(penang)).toEqual([second.order_no]);
      expect(penang.thresholds).toEqual([
        { outlet_id: refs.pg, amber_minutes: 3, red_minutes: 8, business_date: today },
      ]);
    } finally {
      await t.database.db
        .update(outlets)
        .set({ boardAmberMinutes: 5, boardRedMinutes: 10 })
        .where(eq(outlets.id, refs.pg));
    }

    // A reader without the status permission sees the board but no moves.
    const seen = await board(viewer);
    expect(numbers(seen)).toEqual(numbers(all));
    expect(seen.orders.every((o) => o.allowed_statuses.length === 0)).toBe(true);

    // Completing the rest empties the waiting part; nothing else changes order.
    await move(first.id, 'APPROVED', '2026-06-10T03:31:00Z');
    clock.set('2026-06-10T03:32:00Z');
    expect((await board(admin)).orders.map((o) => o.status)).toEqual([
      'APPROVED',
      'APPROVED',
      'COMPLETED',
    ]);
    await move(first.id, 'COMPLETED', '2026-06-10T03:33:00Z');
    await move(second.id, 'COMPLETED', '2026-06-10T03:34:00Z');
    // Handed over, they leave the board for the next tests.
    for (const o of [first, second, third]) await handOver(o.id);
    expect(await board(admin)).toMatchObject({ orders: [] });
  });

  it('keeps a ready order however long it waits, until handed over, cleared or closed with its day', async () => {
    const late = await newOrder(refs.kl, '2026-06-10T05:00:00Z'); // 13:00
    const collected = await newOrder(refs.kl, '2026-06-10T05:01:00Z');
    const never = await newOrder(refs.kl, '2026-06-10T05:02:00Z');
    for (const [i, o] of [late, collected, never].entries()) {
      await move(o.id, 'APPROVED', `2026-06-10T05:1${i}:00Z`);
      await move(o.id, 'COMPLETED', `2026-06-10T06:3${i}:00Z`); // 14:30 onwards
    }
    const ready = [late.order_no, collected.order_no, never.order_no];
    // Six hours after it became ready, and the next morning, it still waits.
    clock.set('2026-06-10T12:30:00Z');
    expect(numbers(await board(admin))).toEqual(ready);
    // The outlet's business date turns at the 04:00 cutoff, not at midnight; the cards keep
    // theirs, so the board tells them apart from the next day's orders of the same numbers.
    const klDate = (b: Board) => b.thresholds.find((x) => x.outlet_id === refs.kl)?.business_date;
    clock.set('2026-06-10T19:59:59Z'); // 03:59:59 on the 11th
    expect(klDate(await board(admin))).toBe('2026-06-10');
    clock.set('2026-06-10T20:00:00Z'); // 04:00 on the 11th
    const nextMorning = await board(admin);
    expect(klDate(nextMorning)).toBe('2026-06-11');
    expect(nextMorning.orders.map((o) => o.business_date)).toEqual(ready.map(() => '2026-06-10'));
    clock.set('2026-06-11T01:00:00Z'); // 09:00 the next day; the 10th is not closed
    expect(numbers(await board(admin))).toEqual(ready);

    // Handed over, or cleared by a manager as not collected: off the board.
    await handOver(collected.id);
    const cleared = await api.post(
      `/api/orders/${never.id}/not-collected`,
      { reason: 'No show' },
      admin,
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(numbers(await board(admin))).toEqual([late.order_no]);

    // The day close closes the rest (COMPLETED → CLOSED).
    const closed = await api.post(
      '/api/orders/close-day',
      { outlet_id: refs.kl, business_date: '2026-06-10' },
      admin,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(numbers(await board(admin))).toEqual([]);

    // Waiting orders stay however old they are.
    const waiting = await newOrder(refs.kl, '2026-06-11T01:31:00Z');
    clock.set('2026-06-11T07:00:00Z');
    expect(numbers(await board(admin))).toEqual([waiting.order_no]);
    await move(waiting.id, 'REJECTED', '2026-06-11T07:00:00Z', 'Test over');
  });

  it('shows outlet-bound staff only their outlet, and 404 for any other', async () => {
    const atKl = await newOrder(refs.kl, '2026-06-11T03:00:00Z');
    const atPg = await newOrder(refs.pg, '2026-06-11T03:01:00Z');
    clock.set('2026-06-11T03:02:00Z');
    const own = await board(cashier);
    expect(numbers(own)).toEqual([atKl.order_no]);
    expect(own.thresholds).toEqual([
      { outlet_id: refs.kl, amber_minutes: 5, red_minutes: 10, business_date: '2026-06-11' },
    ]);
    expect(numbers(await board(cashier, `?outlet_id=${refs.kl}`))).toEqual([atKl.order_no]);
    const elsewhere = await api.get(`/api/orders/board?outlet_id=${refs.pg}`, cashier);
    expectCode(elsewhere, 404, 'not_found');
    expect(numbers(await board(admin))).toEqual([atKl.order_no, atPg.order_no]);
    await move(atKl.id, 'REJECTED', '2026-06-11T03:03:00Z', 'Test over');
    await move(atPg.id, 'REJECTED', '2026-06-11T03:03:00Z', 'Test over');
  });

  it('never shows another tenant’s orders or outlets', async () => {
    const ours = await newOrder(refs.kl, '2026-06-12T03:00:00Z');
    const other = await otherTenant(t, 'board-rival');
    const theirs = await board(other.headers);
    expect(theirs.orders).toEqual([]);
    expect(theirs.thresholds).toEqual([
      {
        outlet_id: other.outlet.id,
        amber_minutes: 5,
        red_minutes: 10,
        business_date: '2026-06-12',
      },
    ]);
    const ourOutlet = await api.get(`/api/orders/board?outlet_id=${refs.kl}`, other.headers);
    expect(ourOutlet.statusCode).toBe(404);
    const theirOutlet = await api.get(`/api/orders/board?outlet_id=${other.outlet.id}`, admin);
    expect(theirOutlet.statusCode).toBe(404);
    expect(numbers(await board(admin))).toEqual([ours.order_no]);
    await move(ours.id, 'REJECTED', '2026-06-12T03:01:00Z', 'Test over');
  });

  it('stops each column at 200, says how many it left out, and keeps the other columns whole', async () => {
    const done = await newOrder(refs.jb, '2026-06-13T02:00:00Z');
    await move(done.id, 'APPROVED', '2026-06-13T02:01:00Z');
    await move(done.id, 'COMPLETED', '2026-06-13T02:02:00Z');
    const making = await newOrder(refs.jb, '2026-06-13T02:20:00Z');
    await move(making.id, 'APPROVED', '2026-06-13T02:21:00Z');
    const tenantId = await demoTenantId(t);
    // 203 new orders, all older than the one being made (written directly: only the board reads them).
    await t.database.db.execute(sql`
      insert into orders (tenant_id, outlet_id, order_no, seq, business_date, source,
        serving_method, status, subtotal, total, created_at, updated_at)
      select ${tenantId}::uuid, ${refs.jb}::uuid, 'JB01-B' || g, 1000 + g, '2026-06-13', 'pos-apps',
        'pick_up', 'PENDING', 100, 100, '2026-06-13T02:10:00Z'::timestamptz + g * interval '1 second',
        '2026-06-13T02:10:00Z'::timestamptz
      from generate_series(1, 203) g`);
    try {
      clock.set('2026-06-13T02:30:00Z');
      const full = await board(admin, `?outlet_id=${refs.jb}`);
      const pending = full.orders.filter((o) => o.status === 'PENDING');
      // The bar works oldest first: the newest three wait off the board, counted.
      expect(pending).toHaveLength(200);
      expect(pending[0]!.order_no).toBe('JB01-B1');
      expect(pending[199]!.order_no).toBe('JB01-B200');
      expect(full.not_shown).toEqual({ PENDING: 3, APPROVED: 0, COMPLETED: 0 });
      // A full New column does not push the other columns off the board.
      expect(full.orders.filter((o) => o.status !== 'PENDING').map((o) => o.order_no)).toEqual([
        done.order_no,
        making.order_no,
      ]);
      // No history row: the status began when the order was made.
      expect(pending[0]!.status_at).toBe('2026-06-13T02:10:01.000Z');
    } finally {
      await t.database.db.execute(sql`delete from orders where order_no like 'JB01-B%'`);
    }
    const after = await board(admin, `?outlet_id=${refs.jb}`);
    expect(numbers(after)).toEqual([done.order_no, making.order_no]);
    expect(after.not_shown).toEqual({ PENDING: 0, APPROVED: 0, COMPLETED: 0 });
    await move(making.id, 'REJECTED', '2026-06-13T02:31:00Z', 'Test over');
  });

  it('answers 401, 403 and 400 as it should', async () => {
    const noToken = await api.get('/api/orders/board');
    expect(noToken.statusCode).toBe(401);
    const finance = t.bearer((await t.login('finance')).token); // read-order, not the board
    const forbidden = await api.get('/api/orders/board', finance);
    expectCode(forbidden, 403, 'forbidden');
    const bad = await api.get('/api/orders/board?outlet_id=KL01', admin);
    expectCode(bad, 400, 'validation_failed');
  });
});
