import {
  defaultPricingSettings,
  type Locale,
  orderFileColumns,
  orderFileLabels,
  orderOutletSchema,
  type OrderSummary,
  orderSchema,
  orderSummarySchema,
  priceOrder,
  type ServingMethod,
} from '@kopi/contract';
import { parse } from 'csv-parse/sync';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '../../db/database';
import { users } from '../../db/schema/access';
import { orderItems, orderPayments, orders, zReports } from '../../db/schema/orders';
import { AppError } from '../../lib/errors';
import type { AuthedContext } from '../../lib/request-context';
import {
  demoOutletIds,
  expectDemoOutletChoices,
  otherTenant,
  whileOutletDisabled,
} from '../../test/catalogue-fixtures';
import { signedInUser } from '../../test/fixtures';
import { demoTenantId, testClock } from '../../test/order-fixtures';
import { anonymous } from '../../test/test-app';
import { useDemoOrdersApp } from '../../test/use-test-app';
import { createOrderService } from './orders.service';
import { standaloneOrderDeps } from '../../test/standalone-services';
import { expectCode } from '../../test/expect-code';

// The demo orders (made through the order services), GET /api/orders with its filters, search,
// sort and paging, the CSV export, GET /api/orders/{id}, and who may see which order.

const clock = testClock('2026-06-10T06:00:00Z'); // Wednesday 14:00 in Kuala Lumpur
let tenantId: string;
let kl: string;
let pg: string;

const { t, api, as } = useDemoOrdersApp({
  now: clock.now,
  signIn: ['admin', 'cashier'],
  api: 'admin',
});
// cashier: KL01
const { admin, cashier } = as;
beforeAll(async () => {
  tenantId = await demoTenantId(t);
  ({ kl, pg } = await demoOutletIds(t));
});

async function list(query: string, headers = admin) {
  const res = await api.get(`/api/orders?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: OrderSummary[]; meta: { total: number; page: number } };
  body.data.forEach((o) => orderSummarySchema.strict().parse(o));
  return body;
}

async function countWhere(condition?: ReturnType<typeof sql>) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), condition));
  return row!.n;
}

describe('demo orders', () => {
  it('fills three past business days at each open outlet, closed with their Z-reports', async () => {
    const db = t.database.db;
    const days = rowsOf<{ code: string; business_date: string; n: number; open: number }>(
      await db.execute(sql`
        select o.code, r.business_date::text, count(*)::int as n,
          count(*) filter (where r.status in ('CREATED', 'PENDING', 'APPROVED'))::int as open
        from orders r join outlets o on o.id = r.outlet_id
        where r.tenant_id = ${tenantId}
        group by 1, 2 order by 1, 2`),
    );
    const past = days.filter(
      (d) => d.business_date >= '2026-06-07' && d.business_date < '2026-06-10',
    );
    // Penang is closed on Mondays (2026-06-08).
    expect(past.map((d) => `${d.code} ${d.business_date}`)).toEqual([
      'JB01 2026-06-07',
      'JB01 2026-06-08',
      'JB01 2026-06-09',
      'KL01 2026-06-07',
      'KL01 2026-06-08',
      'KL01 2026-06-09',
      'PG01 2026-06-07',
      'PG01 2026-06-09',
    ]);
    for (const d of past) {
      expect(d.n).toBeGreaterThanOrEqual(20);
      expect(d.n).toBeLessThanOrEqual(32);
      expect(d.open).toBe(0);
    }
    // Today: a few, the latest still open for the status board.
    const today = days.filter((d) => d.business_date === '2026-06-10');
    expect(today.length).toBe(3);
    expect(today.every((d) => d.open >= 1)).toBe(true);

    // Before them, the demo customers' earlier visits: orders handed over (COMPLETED), each
    // taken for a customer, on days nobody closed. (The demo's voucher sales, walk-ins some of
    // them rejected, are checked with the vouchers in demo-consistency.)
    const earlier = rowsOf<{ n: number; other: number; unlinked: number }>(
      await db.execute(sql`
        select count(*)::int as n,
          count(*) filter (where r.status <> 'COMPLETED')::int as other,
          count(*) filter (where not exists (
            select 1 from customer_orders co where co.order_id = r.id))::int as unlinked
        from orders r where r.tenant_id = ${tenantId} and r.business_date < '2026-06-07'
          and not exists (select 1 from voucher_redemptions vr where vr.order_id = r.id)`),
    );
    expect(earlier[0]!.n).toBeGreaterThan(500);
    expect(earlier[0]).toMatchObject({ other: 0, unlinked: 0 });

    // Every one of the three past days has its Z-report, equal to the sums of its closed orders;
    // no other day was closed.
    const reports = await db.select().from(zReports).where(eq(zReports.tenantId, tenantId));
    expect(reports).toHaveLength(past.length);
    for (const r of reports) {
      const [sums] = rowsOf<{ orders: number; total: number; rounding: number; rejected: number }>(
        await db.execute(sql`
          select count(*) filter (where status = 'CLOSED')::int as orders,
            count(*) filter (where status = 'REJECTED')::int as rejected,
            coalesce(sum(total) filter (where status = 'CLOSED'), 0)::int as total,
            coalesce(sum(rounding) filter (where status = 'CLOSED'), 0)::int as rounding
          from orders where outlet_id = ${r.outletId} and business_date = ${r.businessDate}`),
      );
      expect({
        orders: r.orders,
        total: r.total,
        rounding: r.rounding,
        rejected: r.rejected,
      }).toEqual(sums);
      expect(r.byPaymentMethod.reduce((s, m) => s + m.amount, 0)).toBe(r.total);
    }
  });

  it('prices every demo order exactly as priceOrder does, paid in full', async () => {
    const db = t.database.db;
    const all = await db.select().from(orders).where(eq(orders.tenantId, tenantId));
    const items = await db.select().from(orderItems).where(eq(orderItems.tenantId, tenantId));
    const payments = await db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.tenantId, tenantId));
    expect(all.length).toBeGreaterThan(150);
    const methods = new Set<string>();
    for (const o of all) {
      const mine = payments.filter((p) => p.orderId === o.id);
      mine.forEach((p) => methods.add(p.method));
      const priced = priceOrder({
        lines: items
          .filter((i) => i.orderId === o.id)
          .map((i) => ({
            unit_price: i.unitPrice,
            option_prices: i.options.map((x) => x.price),
            addon_prices: i.addons.map((x) => x.price),
            quantity: i.quantity,
          })),
        discount: o.discount,
        serving_method: o.servingMethod as ServingMethod,
        delivery_fee: o.deliveryFee,
        paid_in_cash: mine.every((p) => p.method === 'cash'),
        settings: defaultPricingSettings,
      });
      expect({
        subtotal: o.subtotal,
        service_charge: o.serviceCharge,
        service_tax: o.serviceTax,
        rounding: o.rounding,
        total: o.total,
      }).toEqual({
        subtotal: priced.subtotal,
        service_charge: priced.service_charge,
        service_tax: priced.service_tax,
        rounding: priced.rounding,
        total: priced.total,
      });
      expect(mine.reduce((s, p) => s + p.amount, 0)).toBe(o.total);
    }
    expect([...methods].sort()).toEqual(
      expect.arrayContaining(['card', 'cash', 'duitnow_qr', 'tng']),
    );
    const statuses = new Set(all.map((o) => o.status));
    expect([...statuses].sort()).toEqual([
      'APPROVED',
      'CLOSED',
      'COMPLETED',
      'PENDING',
      'REJECTED',
    ]);
  });
});

describe('GET /api/orders', () => {
  it('pages the newest first with the total in meta', async () => {
    const first = await list('page_size=20');
    expect(first.meta).toEqual({ page: 1, page_size: 20, total: await countWhere() });
    const times = first.data.map((o) => o.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list('page_size=20&page=2');
    expect(second.data[0]!.created_at <= first.data.at(-1)!.created_at).toBe(true);
    expect(second.data.some((o) => first.data.some((f) => f.id === o.id))).toBe(false);
  });

  it('filters by date range, outlet, status, source, serving method and payment method', async () => {
    const cases: [string, ReturnType<typeof sql>, (o: OrderSummary) => boolean][] = [
      [
        'from=2026-06-08&to=2026-06-09',
        sql`business_date between '2026-06-08' and '2026-06-09'`,
        (o) => o.business_date >= '2026-06-08' && o.business_date <= '2026-06-09',
      ],
      [`outlet=${pg}`, sql`outlet_id = ${pg}`, (o) => o.outlet_id === pg],
      ['status=REJECTED', sql`status = 'REJECTED'`, (o) => o.status === 'REJECTED'],
      ['source=pos-apps', sql`source = 'pos-apps'`, (o) => o.via === 'POS'],
      [
        'serving_method=delivery',
        sql`serving_method = 'delivery'`,
        (o) => o.serving_method === 'delivery',
      ],
      [
        'payment_method=cash',
        sql`'cash' = any(payment_methods)`,
        (o) => o.payment_methods.includes('cash'),
      ],
      [
        `outlet=${kl}&status=CLOSED&payment_method=card&from=2026-06-09`,
        sql`outlet_id = ${kl} and status = 'CLOSED' and 'card' = any(payment_methods) and business_date >= '2026-06-09'`,
        (o) => o.outlet_id === kl && o.status === 'CLOSED' && o.payment_methods.includes('card'),
      ],
    ];
    for (const [query, condition, holds] of cases) {
      const res = await list(`${query}&page_size=100`);
      const expected = await countWhere(condition);
      expect(expected, query).toBeGreaterThan(0);
      expect(res.meta.total, query).toBe(expected);
      expect(res.data.every(holds), query).toBe(true);
    }
    expect((await list('source=mobile-apps')).meta.total).toBe(0);
  });

  it('searches the order number and the customer’s name or phone', async () => {
    const byNumber = await list('q=kl01-0003&page_size=100');
    expect(byNumber.meta.total).toBeGreaterThanOrEqual(3); // one per day at KL01
    expect(byNumber.data.every((o) => o.order_no === 'KL01-0003')).toBe(true);
    const byName = await list('q=nurul%20aina&page_size=100');
    expect(byName.meta.total).toBeGreaterThan(0);
    expect(byName.data.every((o) => o.customer_name === 'Nurul Aina')).toBe(true);
    const byPhone = await list('q=0195566&page_size=100');
    expect(byPhone.data.every((o) => o.customer_phone === '+60195566103')).toBe(true);
    expect((await list('q=50%25')).meta.total).toBe(0);
  });

  it('sorts by total, order number and business date', async () => {
    const totals = (await list('sort=total&page_size=50')).data.map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const desc = (await list('sort=-total&page_size=50')).data.map((o) => o.total);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const nos = (await list('sort=order_no&page_size=50')).data.map((o) => o.order_no);
    expect(nos).toEqual([...nos].sort());
    const dates = (await list('sort=business_date&page_size=50')).data.map((o) => o.business_date);
    expect(dates).toEqual([...dates].sort());
    const [first] = rowsOf<{ day: string }>(
      await t.database.db.execute(
        sql`select min(business_date)::text as day from orders where tenant_id = ${tenantId}`,
      ),
    );
    expect(dates[0]).toBe(first!.day);
  });

  it('shows outlet-bound staff only their outlet, and 404 for any other', async () => {
    const mine = await list('page_size=100', cashier);
    expect(mine.meta.total).toBe(await countWhere(sql`outlet_id = ${kl}`));
    expect(mine.data.every((o) => o.outlet_id === kl)).toBe(true);
    expect((await list(`outlet=${kl}`, cashier)).meta.total).toBe(mine.meta.total);
    expect((await list(`outlet_id=${kl}`, cashier)).meta.total).toBe(mine.meta.total);
    // Either spelling of another outlet is refused, never answered with their own outlet's orders.
    for (const query of [`outlet=${pg}`, `outlet_id=${pg}`]) {
      for (const path of ['/api/orders', '/api/orders/export']) {
        const res = await api.get(`${path}?${query}`, cashier);
        expect(res.statusCode, `${path}?${query}`).toBe(404);
        expect(res.json().code_message).toBe('not_found');
      }
    }

    const penang = (await list(`outlet=${pg}&page_size=5`)).data[0]!;
    const hidden = await api.get(`/api/orders/${penang.id}`, cashier);
    expect(hidden.statusCode).toBe(404);
    const own = await api.get(`/api/orders/${mine.data[0]!.id}`, cashier);
    expect(own.statusCode).toBe(200);
  });

  it('filters by outlet_id as well, the name the other order endpoints use', async () => {
    const penang = await list(`outlet_id=${pg}&page_size=100`);
    expect(penang.meta.total).toBe(await countWhere(sql`outlet_id = ${pg}`));
    expect(penang.data.every((o) => o.outlet_id === pg)).toBe(true);
    expect((await list(`outlet=${pg}&outlet_id=${pg}`)).meta.total).toBe(penang.meta.total);
    const both = await api.get(`/api/orders?outlet=${kl}&outlet_id=${pg}`);
    expectCode(both, 400, 'validation_failed');
  });

  it('never shows another tenant’s orders', async () => {
    const rival = await otherTenant(t, 'rival-list');
    expect((await list('page_size=100', rival.headers)).meta.total).toBe(0);
    // Our outlet is not theirs: 404, as the board and the POS answer.
    for (const path of ['/api/orders', '/api/orders/export']) {
      const res = await api.get(`${path}?outlet=${kl}`, rival.headers);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code_message).toBe('not_found');
    }
    const ours = (await list('page_size=5')).data[0]!;
    const res = await api.get(`/api/orders/${ours.id}`, rival.headers);
    expectCode(res, 404, 'not_found');
  });

  it('answers 401, 403 and 400 as it should', async () => {
    const nobody = await signedInUser(t, {
      username: 'no-orders',
      tenantId,
      permissions: ['read-dashboard'],
    });
    const reads = [
      '/api/orders',
      '/api/orders/export',
      `/api/orders/${tenantId}`,
      `/api/orders/z-reports?outlet_id=${kl}&business_date=2026-06-09`,
    ];
    for (const url of reads) {
      expect((await api.get(url, anonymous)).statusCode, url).toBe(401);
      expect((await api.get(url, nobody)).statusCode, url).toBe(403);
    }
    for (const url of [
      '/api/orders/export?payment_method=bitcoin',
      '/api/orders/export?sort=-price',
      `/api/orders/z-reports?outlet_id=${kl}`,
    ]) {
      expect((await api.get(url)).statusCode, url).toBe(400);
    }
    for (const query of [
      'page_size=7',
      'outlet=KL01',
      'from=10-06-2026',
      'status=DONE',
      'sort=price',
    ]) {
      const res = await api.get(`/api/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code_message).toBe('validation_failed');
    }
  });
});

describe('GET /api/orders/outlets', () => {
  it('gives every outlet of the tenant by code, disabled ones too, and bound staff theirs', async () => {
    const get = (headers?: Record<string, string>) =>
      api.get('/api/orders/outlets', headers ?? anonymous);
    const all = await get(admin);
    expect(all.statusCode).toBe(200);
    const rows = z.array(orderOutletSchema.strict()).parse(all.json().data);
    await expectDemoOutletChoices(t, rows, kl);
    // A disabled outlet keeps its past orders and Z-reports readable.
    await whileOutletDisabled(t, pg, async () => {
      const again = (await get(admin)).json().data as { id: string; status: string }[];
      expect(again.find((o) => o.id === pg)?.status).toBe('disabled');
    });

    const mine = (await get(cashier)).json().data as { id: string }[];
    expect(mine.map((o) => o.id)).toEqual([kl]);
    // Finance reads orders without read-outlet: this is its outlet list.
    const finance = t.bearer((await t.login('finance')).token);
    expect(((await get(finance)).json().data as unknown[]).length).toBe(rows.length);

    const rival = await otherTenant(t, 'rival-outlets');
    const theirs = (await get(rival.headers)).json().data as { id: string }[];
    expect(theirs.map((o) => o.id)).toEqual([rival.outlet.id]);

    expect((await get()).statusCode).toBe(401);
    const nobody = await signedInUser(t, {
      username: 'no-order-outlets',
      tenantId,
      permissions: ['read-outlet'],
    });
    const refused = await get(nobody);
    expectCode(refused, 403, 'forbidden');
  });
});

describe('GET /api/orders/{id}', () => {
  it('answers the order with items, payments, history and the moves allowed', async () => {
    const pending = (await list('status=PENDING&page_size=5')).data[0]!;
    const res = await api.get(`/api/orders/${pending.id}`);
    expect(res.statusCode).toBe(200);
    const order = orderSchema.strict().parse(res.json().data);
    expect(order.items.length).toBeGreaterThan(0);
    expect(order.payments.reduce((s, p) => s + p.amount, 0)).toBe(order.total);
    expect(order.history[0]).toMatchObject({ from: null, to: 'PENDING' });
    expect(order.allowed_statuses).toEqual(['APPROVED', 'REJECTED']);

    const closed = (await list('status=CLOSED&page_size=5')).data[0]!;
    const history = (await api.get(`/api/orders/${closed.id}`)).json().data.history;
    expect(history.map((h: { to: string }) => h.to)).toEqual([
      'PENDING',
      'APPROVED',
      'COMPLETED',
      'CLOSED',
    ]);

    expect((await api.get('/api/orders/nope')).statusCode).toBe(400);
    const unknown = await api.get(`/api/orders/${tenantId}`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/orders/export', () => {
  /** The file's rows keyed by column code, after checking its header row is in `locale`. */
  function csvRows(body: string, locale: Locale) {
    const [header, ...rows] = parse(body, { bom: true }) as string[][];
    expect(header).toEqual(orderFileColumns.map((c) => orderFileLabels[locale].columns[c]));
    return rows.map(
      (r) =>
        Object.fromEntries(orderFileColumns.map((c, i) => [c, r[i]!])) as Record<string, string>,
    );
  }

  it('exports the filtered list as CSV, amounts in ringgit', async () => {
    const query = `outlet=${kl}&from=2026-06-09&to=2026-06-09`;
    const res = await api.get(`/api/orders/export?${query}&lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="orders-\d{8}\.csv"/);
    const rows = csvRows(res.body, 'en');
    const listed = await list(`${query}&page_size=100`);
    expect(rows).toHaveLength(listed.meta.total);
    const sample = listed.data[0]!;
    const row = rows.find((r) => r.order_no === sample.order_no)!;
    expect(row).toMatchObject({
      business_date: '2026/06/09',
      outlet: 'Kuala Lumpur',
      via: 'POS',
      serving_method: orderFileLabels.en.servingMethods[sample.serving_method],
      payment_methods: sample.payment_methods
        .map((m) => orderFileLabels.en.paymentMethods[m])
        .join(' + '),
      status: orderFileLabels.en.statuses[sample.status],
      total: (sample.total / 100).toFixed(2),
    });
    expect(row.created_at).toMatch(/^2026\/06\/(09|10) \d{2}:\d{2}:\d{2}$/);

    const ids = rows.map((r) => r.order_no!);
    const inDb = await t.database.db
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(
        and(
          eq(orders.outletId, kl),
          eq(orders.businessDate, '2026-06-09'),
          inArray(orders.orderNo, ids),
        ),
      );
    expect(inDb).toHaveLength(rows.length);

    // Outlet-bound staff export only their outlet.
    const theirs = await api.get('/api/orders/export', cashier);
    const exported = csvRows(theirs.body, 'en');
    expect(exported.length).toBe(await countWhere(sql`outlet_id = ${kl}`));
    expect(new Set(exported.map((r) => r.outlet))).toEqual(new Set(['Kuala Lumpur']));
    expect((await api.get('/api/orders/export', anonymous)).statusCode).toBe(401);
  });

  it('speaks the language the screen asks for, else the one the user saved', async () => {
    const query = `outlet=${kl}&from=2026-06-09&to=2026-06-09&status=CLOSED&serving_method=dine_in`;
    const exportAs = async (lang: string) => {
      const res = await api.get(`/api/orders/export?${query}${lang ? `&lang=${lang}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const malay = csvRows(await exportAs('my'), 'my');
    expect(malay.length).toBeGreaterThan(0);
    for (const row of malay) {
      expect(row).toMatchObject({ status: 'Ditutup', serving_method: 'Makan di sini' });
      expect(row.business_date).toBe('2026/06/09');
    }
    const methods = new Set(malay.flatMap((r) => r.payment_methods!.split(' + ')));
    const malayMethods = new Set(Object.values(orderFileLabels.my.paymentMethods));
    expect([...methods].every((m) => malayMethods.has(m))).toBe(true);

    // Without lang: the language the user saved in their layout settings.
    csvRows(await exportAs(''), 'en');
    const [me] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.username, 'admin')));
    await t.database.db.update(users).set({ language: 'my' }).where(eq(users.id, me!.id));
    try {
      expect(csvRows(await exportAs(''), 'my')).toEqual(malay);
      csvRows(await exportAs('en'), 'en');
    } finally {
      await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, me!.id));
    }

    const bad = await api.get('/api/orders/export?lang=fr');
    expectCode(bad, 400, 'validation_failed');
  });

  it('refuses more rows than its limit with export_too_large rather than a cut file', async () => {
    const [me] = await t.database.db
      .select({ id: users.id, roleId: users.roleId })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.username, 'admin')));
    const ctx: AuthedContext = {
      principal: {
        userId: me!.id,
        sessionId: '00000000-0000-4000-8000-000000000000',
        tenantId,
        username: 'admin',
        outletId: null,
        roleId: me!.roleId!,
        roleName: 'admin',
        permissions: ['read-order'],
      },
      ip: '127.0.0.1',
      userAgent: 'vitest',
      requestId: 'export-limit',
    };
    const day = { outlet: kl, from: '2026-06-09', to: '2026-06-09' };
    const matching = await countWhere(sql`outlet_id = ${kl} and business_date = '2026-06-09'`);
    const deps = await standaloneOrderDeps(t, clock.now);
    const limited = (max: number) => createOrderService({ ...deps, exportMaxRows: max });
    const whole = await limited(matching).exportCsv(ctx, day);
    expect(csvRows(whole.body, 'en')).toHaveLength(matching);
    const refused = limited(matching - 1).exportCsv(ctx, day);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'export_too_large', status: 400 });
  });
});
