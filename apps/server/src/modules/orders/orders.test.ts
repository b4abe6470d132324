import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema/live';
import { LIVE_CHANNEL } from '../../lib/live-events';
import { products } from '../../db/schema/catalogue';
import { orderCounters, orders } from '../../db/schema/orders';
import { auditLog, notifications } from '../../db/schema/platform';
import { outlets } from '../../db/schema/tenancy';
import { otherTenant } from '../../test/catalogue-fixtures';
import {
  addProduct,
  cardSale,
  groupsOf,
  optionNamed,
  productBySku,
  requiredChoices,
  sell,
} from '../../test/order-fixtures';
import { expectCode, expectCodeWithDetails } from '../../test/expect-code';
import { useSaleApp } from '../../test/use-sale-app';
import { auditsOf, liveEventsAbout } from '../../test/fixtures';

// POST /api/orders: what may be sold where and when, one order per Idempotency-Key, order
// numbers per outlet and business day, and a sale that fails leaving nothing behind.

const NOON_KL = '2026-06-10T04:00:00Z'; // Wednesday 12:00 in Kuala Lumpur
// refs.product: a product without choices, RM 10.00 → RM 10.60 for pick up

const { t, api, as, sessions, clock, refs } = useSaleApp({
  signIn: ['admin', 'cashier'],
  product: { sku: 'PLAIN-1', price: 1000 },
});
// cashier: bound to KL01
const { admin, cashier } = as;
/** An Idempotency-Key of the admin's as orders store it: within its sender (decision 050). */
const adminKey = (key: string) => `user:${sessions.admin.id}:${key}`;
beforeEach(() => clock.set(NOON_KL));

const plainSale = (outletId = refs.kl) => cardSale(outletId, refs.product, 1060);

describe('POST /api/orders access', () => {
  it('answers 401 without a token, 403 without create-pos, 400 without a key or a valid body', async () => {
    const noToken = await api.post('/api/orders', plainSale());
    expect(noToken.statusCode).toBe(401);
    const finance = t.bearer((await t.login('finance')).token);
    expectCode(await sell(t, finance, plainSale()), 403, 'forbidden');

    const noKey = await api.post(
      '/api/orders',
      { ...plainSale(), serving_method: 'pick_up' },
      admin,
    );
    expectCode(noKey, 400, 'idempotency_key_required');

    expectCodeWithDetails(
      await sell(t, admin, { ...plainSale(), serving_method: 'dine_in', items: [] }),
      400,
      'validation_failed',
      [
        { path: 'items', message: 'validation.min_items?minCount=1' },
        { path: 'table_no', message: 'validation.required' },
      ],
    );

    // FPX online banking is paid online only, through a gateway: never at the counter.
    const sale = plainSale();
    expectCodeWithDetails(
      await sell(t, admin, { ...sale, payments: [{ ...sale.payments[0]!, method: 'fpx' }] }),
      400,
      'validation_failed',
      [expect.objectContaining({ path: 'payments.0.method' })],
    );
  });

  it('lets outlet-bound staff sell only at their own outlet', async () => {
    expectCode(await sell(t, cashier, plainSale(refs.pg)), 404, 'not_found');
    const ok = await sell(t, cashier, plainSale(refs.kl));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.staff_name).toBe('Siti Nurhaliza');
  });

  it('never sells at another tenant’s outlet or its products', async () => {
    const other = await otherTenant(t, 'rival');
    expectCode(await sell(t, admin, plainSale(other.outlet.id)), 404, 'not_found');
    const [theirs] = await t.database.db
      .insert(products)
      .values({
        tenantId: other.tenant.id,
        categoryId: other.category.id,
        name: 'Rival latte',
        sku: 'RIV-1',
        basePrice: 100,
      })
      .returning();
    expectCode(
      await sell(t, admin, cardSale(refs.kl, theirs!.id, 106)),
      400,
      'product_unavailable',
    );
  });
});

describe('POST /api/orders outlet rules', () => {
  it('refuses a closed outlet unless the cashier confirms a sale outside hours', async () => {
    clock.set('2026-06-10T15:30:00Z'); // 23:30, KL01 closes at 22:00
    const closed = expectCode(await sell(t, admin, plainSale()), 400, 'outlet_closed');
    expect(closed.message).toContain('Kuala Lumpur is closed now');

    clock.set('2026-06-10T13:45:00Z'); // 21:45, past last orders (30 minutes before 22:00)
    const late = expectCode(await sell(t, admin, plainSale()), 400, 'outlet_closed');
    expect(late.message).toContain('stopped taking orders');

    clock.set('2026-06-10T15:30:00Z');
    const res = await sell(t, admin, { ...plainSale(), allow_outside_hours: true });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order.outside_hours).toBe(true);
    expect(order.history[0]).toMatchObject({
      reason: null,
      reason_code: 'paid_at_counter_outside_hours',
      reason_params: {},
    });
    const [entry] = await auditsOf(t, 'order.create', order.id);
    expect(entry!.after).toMatchObject({ outside_hours: true, order_no: order.order_no });
  });

  it('refuses an outlet that is not taking orders or does not offer the serving method', async () => {
    const db = t.database.db;
    await db.update(outlets).set({ acceptingOrders: false }).where(eq(outlets.id, refs.kl));
    try {
      expectCode(await sell(t, admin, plainSale()), 400, 'outlet_not_accepting_orders');
    } finally {
      await db.update(outlets).set({ acceptingOrders: true }).where(eq(outlets.id, refs.kl));
    }
    const delivery = expectCode(
      await sell(t, admin, {
        ...plainSale(refs.jb),
        serving_method: 'delivery',
        delivery_address: '1 Jalan Wong Ah Fook',
      }),
      400,
      'serving_method_unavailable',
    );
    expect(delivery.message).toBe('Johor Bahru does not offer delivery');
  });
});

describe('POST /api/orders catalogue rules', () => {
  it('refuses a product sold out today, and sells it again the next business day', async () => {
    const cake = await addProduct(t, { sku: 'CAKE-SO', price: 500, name: 'Sold Out Cake' });
    const mark = await api.put(
      `/api/products/${cake.id}/outlets/${refs.kl}/sold-out`,
      { sold_out: true },
      cashier,
    );
    expect(mark.statusCode, mark.body).toBe(200);
    const res = expectCode(
      await sell(t, admin, cardSale(refs.kl, cake.id, 530)),
      400,
      'product_sold_out',
    );
    expect(res.message).toBe('Sold Out Cake is sold out today');
    expect(res.details).toEqual([{ path: 'items.0.product_id', message: 'validation.invalid' }]);
    // Only at that outlet…
    expect((await sell(t, admin, cardSale(refs.pg, cake.id, 530))).statusCode).toBe(201);
    // …and only that business day.
    clock.set('2026-06-11T04:00:00Z');
    expect((await sell(t, admin, cardSale(refs.kl, cake.id, 530))).statusCode).toBe(201);
  });

  it('refuses products not sold at the outlet, disabled or unknown', async () => {
    const nasi = await productBySku(t, 'FOD-007'); // not sold in Johor Bahru
    const notHere = expectCode(
      await sell(t, admin, cardSale(refs.jb, nasi.id, 1367)),
      400,
      'product_unavailable',
    );
    expect(notHere.message).toBe('Nasi Goreng Kampung is not sold at this outlet');
    const disabled = await addProduct(t, { sku: 'OFF-1', price: 500, status: 'disabled' });
    expectCode(
      await sell(t, admin, cardSale(refs.kl, disabled.id, 530)),
      400,
      'product_unavailable',
    );
    expectCode(
      await sell(t, admin, cardSale(refs.kl, randomUUID(), 530)),
      400,
      'product_unavailable',
    );
  });

  it('checks options and add-ons against the product', async () => {
    const kopi = await productBySku(t, 'KOP-001'); // Size and Sugar level, both required
    const latte = await productBySku(t, 'ESP-003');
    const choices = await requiredChoices(t, kopi.id);
    const sale = (line: Record<string, unknown>) =>
      sell(t, admin, {
        outlet_id: refs.kl,
        items: [{ product_id: kopi.id, quantity: 1, ...line }],
        payments: [{ method: 'card', amount: 297, reference: 'C' }],
      });
    expect((await sale({ option_ids: choices })).statusCode).toBe(201);

    // An option of another product's group (Milk is not a Kopi choice).
    const oat = (await groupsOf(t, latte.id))
      .find((g) => g.name === 'Milk')!
      .options.find((o) => o.name === 'Oat')!;
    const foreign = expectCode(
      await sale({ option_ids: [...choices, oat.id] }),
      400,
      'invalid_product_options',
    );
    expect(foreign.details).toEqual([
      { path: 'items.0.option_ids.2', message: 'validation.invalid' },
    ]);
    // A required choice left out.
    const missing = expectCode(
      await sale({ option_ids: [choices[0]] }),
      400,
      'invalid_product_options',
    );
    expect(missing.message).toBe('Choose Sugar level for Kopi');
    expect(missing.details).toEqual([
      { path: 'items.0.option_ids', message: 'validation.required' },
    ]);
    // Two sizes where one may be chosen.
    const large = await optionNamed(t, kopi.id, 'Size', 'Large');
    const two = expectCode(
      await sale({ option_ids: [...choices, large.id] }),
      400,
      'invalid_product_options',
    );
    expect(two.message).toBe('Choose at most 1 of Size for Kopi');
    // An add-on that is not attached to Kopi (Extra shot belongs to the coffee bar drinks).
    const shot = await t.database.db.execute(
      sql`select addon_id as id from product_addons where product_id = ${latte.id} limit 1`,
    );
    const shotId = (shot as unknown as { rows: { id: string }[] }).rows[0]!.id;
    expectCode(
      await sale({ option_ids: choices, addon_ids: [shotId] }),
      400,
      'invalid_product_options',
    );
  });

  it('marks the products it sells as sold, so they can only be archived', async () => {
    const fresh = await addProduct(t, { sku: 'FRESH-1', price: 1000 });
    expect(fresh.hasSales).toBe(false);
    expect((await sell(t, admin, cardSale(refs.kl, fresh.id, 1060))).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, fresh.id));
    expect(row!.hasSales).toBe(true);
    const del = await api.del(`/api/products/${fresh.id}`, undefined, admin);
    expect(del.statusCode).toBe(409);
  });
});

describe('POST /api/orders numbers, idempotency and atomicity', () => {
  it('numbers orders per outlet per business day and restarts the next day', async () => {
    clock.set('2026-06-12T02:00:00Z'); // Friday 10:00: a day no other test sells on
    const first = (await sell(t, admin, plainSale(refs.kl))).json().data;
    const second = (await sell(t, admin, plainSale(refs.kl))).json().data;
    const penang = (await sell(t, admin, plainSale(refs.pg))).json().data;
    expect(first.order_no).toBe('KL01-0001');
    expect(second.order_no).toBe('KL01-0002');
    expect(penang.order_no).toBe('PG01-0001');
    expect(first.business_date).toBe('2026-06-12');

    // 01:30 on Saturday still belongs to Friday (cut-off 04:00).
    clock.set('2026-06-12T17:30:00Z');
    const late = (await sell(t, admin, { ...plainSale(refs.kl), allow_outside_hours: true })).json()
      .data;
    expect(late).toMatchObject({ order_no: 'KL01-0003', business_date: '2026-06-12' });

    clock.set('2026-06-13T01:00:00Z'); // Saturday 09:00
    const next = (await sell(t, admin, plainSale(refs.kl))).json().data;
    expect(next).toMatchObject({ order_no: 'KL01-0001', business_date: '2026-06-13' });
  });

  it('makes exactly one order from ten parallel submits with one key', async () => {
    const key = randomUUID();
    const body = plainSale(refs.kl);
    const answers = await Promise.all(Array.from({ length: 10 }, () => sell(t, admin, body, key)));
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.json().data.id)).size).toBe(1);
    for (const r of answers.filter((a) => a.statusCode !== 201)) {
      expectCode(r, 409, 'idempotency_in_flight');
    }
    const [n] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.idempotencyKey, adminKey(key)));
    expect(n!.n).toBe(1);

    // A retry after the first answered replays it; the same key with another body is refused.
    const retry = await sell(t, admin, body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data.id).toBe(created[0]!.json().data.id);
    const other = await sell(t, admin, plainSale(refs.pg), key);
    expect(other.statusCode).toBe(422);
  });

  it('answers the same cashier’s retry with its sale when the key store has lost the answer', async () => {
    const key = randomUUID();
    const first = await sell(t, admin, plainSale(refs.kl), key);
    expect(first.statusCode).toBe(201);
    // A crash between the sale and storing its answer, or the key store's 24 hours passing: the
    // order keeps its key for good.
    await t.database.db.execute(sql`delete from idempotency_keys where key = ${key}`);
    const retry = await sell(t, admin, plainSale(refs.kl), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data).toMatchObject({
      id: first.json().data.id,
      order_no: first.json().data.order_no,
      total: first.json().data.total,
    });
    const [n] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.idempotencyKey, adminKey(key)));
    expect(n!.n).toBe(1);
    // Anyone else's key is their own (decision 050): the same key is another sale.
    const other = await sell(t, cashier, plainSale(refs.kl), key);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().data.id).not.toBe(first.json().data.id);
  });

  it('writes the notification, audit entry and live event with the order', async () => {
    const heard: string[] = [];
    const stop = await t.database.listen(LIVE_CHANNEL, (payload) => heard.push(payload));
    const res = await sell(t, admin, plainSale(refs.kl));
    const order = res.json().data;
    const db = t.database.db;
    // Every server instance hears the committed event on the channel (decision 008).
    for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await stop();
    const record = heard.map((h) => JSON.parse(h)).find((r) => r.message.id_order === order.id);
    expect(record).toMatchObject({
      tenantId: expect.any(String),
      outletId: refs.kl,
      type: 'order.created',
      eventId: expect.any(Number),
      message: {
        id_order: order.id,
        status: 'PENDING',
        outlet_id: refs.kl,
        order_no: order.order_no,
      },
    });
    const [event] = await liveEventsAbout(t, 'id_order', order.id);
    expect(event!.id).toBe(record.eventId);
    expect(event).toMatchObject({
      type: 'order.created',
      outletId: refs.kl,
      message: {
        id_order: order.id,
        status: 'PENDING',
        outlet_id: refs.kl,
        order_no: order.order_no,
      },
    });
    const [note] = await db.select().from(notifications).where(eq(notifications.idOrder, order.id));
    expect(note).toMatchObject({
      outletId: refs.kl,
      title: `New order ${order.order_no}`,
      // What the web translates the bell's line by (en, my).
      titleKey: 'posSale',
      params: { order_no: order.order_no, serving_method: 'pick_up', table_no: null, total: 1060 },
    });
    const [entry] = await auditsOf(t, 'order.create', order.id);
    expect(entry!.after).toMatchObject({ total: 1060, status: 'PENDING' });

    // The cashier of the outlet sees it in the bell.
    const bell = await api.get('/api/notification', cashier);
    expect(bell.json().data.list_notify_order[0]).toMatchObject({
      id_order: order.id,
      title: `New order ${order.order_no}`,
      title_key: 'posSale',
      params: { order_no: order.order_no, total: 1060 },
    });
    // The admin who sold it is not told of their own sale.
    const own = (await api.get('/api/notification', admin)).json().data.list_notify_order;
    expect(own.map((n: { id_order: string }) => n.id_order)).not.toContain(order.id);
  });

  it('leaves nothing behind when the sale fails at its last step', async () => {
    const db = t.database.db;
    clock.set('2026-06-15T04:00:00Z'); // Monday: a fresh day at KL01
    const before = (await sell(t, admin, plainSale(refs.kl))).json().data;
    expect(before.order_no).toBe('KL01-0001');
    const counts = async () => {
      const [o] = await db.select({ n: count() }).from(orders);
      const [a] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.action, 'order.create'));
      const [n] = await db.select({ n: count() }).from(notifications);
      const [e] = await db.select({ n: count() }).from(liveEvents);
      return { orders: o!.n, audit: a!.n, notifications: n!.n, events: e!.n };
    };
    const start = await counts();
    // The live event is the last write of a sale: make it fail there.
    await db.execute(sql`create function kopi_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'live events are down'; end $$`);
    await db.execute(sql`create trigger kopi_test_fail before insert on live_events
      for each row execute function kopi_test_fail()`);
    try {
      const res = await sell(t, admin, plainSale(refs.kl));
      expect(res.statusCode).toBe(500);
      expect(await counts()).toEqual(start);
    } finally {
      await db.execute(sql`drop trigger kopi_test_fail on live_events`);
      await db.execute(sql`drop function kopi_test_fail()`);
    }
    // The number was not used up either.
    const [counter] = await db
      .select()
      .from(orderCounters)
      .where(
        and(eq(orderCounters.outletId, refs.kl), eq(orderCounters.businessDate, '2026-06-15')),
      );
    expect(counter!.lastNo).toBe(1);
    const after = (await sell(t, admin, plainSale(refs.kl))).json().data;
    expect(after.order_no).toBe('KL01-0002');
  });
});

describe('receipt header on orders', () => {
  const klReceipt = {
    business_name: 'Kopi Demo Sdn Bhd',
    legal_name: 'Kopi Demo Sdn Bhd',
    sst_registration_no: 'W10-1808-32000123',
    tin: 'C2584563200',
    brn: '202301012345',
    outlet_code: 'KL01',
    outlet_address: '12 Jalan Bukit Bintang, 55100 Kuala Lumpur',
    outlet_phone: '+60 3-2141 0001',
    header: null,
    footer: null,
    header_my: null,
    footer_my: null,
    logo_url: null,
  };

  it('comes with the sale, its replay, the details and a status move, as tenant and outlet are now', async () => {
    const key = randomUUID();
    const sale = await sell(t, cashier, plainSale(refs.kl), key);
    expect(sale.statusCode, sale.body).toBe(201);
    const order = sale.json().data;
    expect(order.receipt).toEqual(klReceipt);
    const replay = await sell(t, cashier, plainSale(refs.kl), key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.receipt).toEqual(klReceipt);

    const db = t.database.db;
    await db.update(outlets).set({ phone: '+60 3-2141 9999' }).where(eq(outlets.id, refs.kl));
    try {
      const read = await api.get(`/api/orders/${order.id}`, cashier);
      expect(read.json().data.receipt).toEqual({ ...klReceipt, outlet_phone: '+60 3-2141 9999' });
      const moved = await api.post(
        `/api/orders/${order.id}/status`,
        { status: 'APPROVED' },
        cashier,
      );
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data.receipt).toEqual({ ...klReceipt, outlet_phone: '+60 3-2141 9999' });
    } finally {
      await db
        .update(outlets)
        .set({ phone: klReceipt.outlet_phone })
        .where(eq(outlets.id, refs.kl));
    }
  });
});

describe('GET /api/pos/context', () => {
  const context = (headers: Record<string, string> | undefined, outletId: string) =>
    api.get(`/api/pos/context?outlet_id=${outletId}`, headers);

  it('gives the POS the outlet, the pricing settings and the receipt header', async () => {
    const res = await context(cashier, refs.kl);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      outlet: expect.objectContaining({
        id: refs.kl,
        code: 'KL01',
        serving_methods: ['dine_in', 'pick_up', 'delivery'],
        delivery_fee: 500,
        open_now: true,
        taking_orders_now: true,
        business_date: '2026-06-10',
        day_closed: false,
      }),
      pricing: {
        service_charge_rate_bp: 1000,
        service_charge_methods: ['dine_in'],
        service_tax_rate_bp: 600,
        service_charge_taxable: true,
        cash_rounding: true,
        manual_discount_max_bp: 2000,
      },
      receipt: {
        business_name: 'Kopi Demo Sdn Bhd',
        legal_name: 'Kopi Demo Sdn Bhd',
        sst_registration_no: 'W10-1808-32000123',
        tin: 'C2584563200',
        brn: '202301012345',
        header: null,
        footer: null,
        header_my: null,
        footer_my: null,
        logo_url: null,
      },
    });
    clock.set('2026-06-10T15:30:00Z');
    expect((await context(admin, refs.kl)).json().data.outlet).toMatchObject({
      open_now: false,
      taking_orders_now: false,
    });
  });

  it('answers 401, 403, 400 and 404 as it should', async () => {
    expect((await context(undefined, refs.kl)).statusCode).toBe(401);
    const finance = t.bearer((await t.login('finance')).token);
    expect((await context(finance, refs.kl)).statusCode).toBe(403);
    expect((await context(admin, 'KL01')).statusCode).toBe(400);
    expect((await context(cashier, refs.pg)).statusCode).toBe(404);
  });
});
