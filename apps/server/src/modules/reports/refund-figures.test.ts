import { dashboardSchema, salesReportSchema, zReportSchema } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { openDrawer } from '../../test/order-fixtures';
import { movedRefund, paidOrder, refundOf } from '../../test/refund-fixtures';
import { expectScreensMatchModel } from '../../test/money-oracle';
import { useSaleApp } from '../../test/use-sale-app';
import { rebuildRollups } from '../books/books.service';

// Refunds count on the business day they complete, in the report, the dashboard and that day's
// Z-report, never on their order's day: a refund of a sale of a closed day leaves that day's
// figures and its Z-report as they were.

const DAY1 = '2026-06-10';
const DAY2 = '2026-06-11';
// refs.product: RM 10.00 → 10.60 with SST

const { t, api, as, clock, refs } = useSaleApp({ signIn: ['admin', 'cashier', 'finance'],
  api: 'admin', product: { sku: 'RF-FIG', price: 1000 }, at: `${DAY1}T04:00:00Z` });
const { admin, cashier, finance } = as;

/** Asked for by the cashier, approved by finance, paid back by the admin from their drawer. */
async function completedRefund(body: Record<string, unknown>) {
  const refund = await refundOf(t, cashier, { reason: 'quality_issue', ...body });
  await movedRefund(t, finance, refund.id, { status: 'APPROVED' });
  await openDrawer(t, 'admin', refs.kl);
  return movedRefund(t, admin, refund.id, { status: 'COMPLETED' });
}

async function finish(orderId: string) {
  for (const status of ['APPROVED', 'COMPLETED']) {
    const res = await api.post(`/api/orders/${orderId}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function report(groupBy: string, from = DAY1, to = DAY2) {
  const res = await api.get(
    `/api/reports/sales?group_by=${groupBy}&from=${from}&to=${to}&compare=none`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return salesReportSchema.parse(res.json().data);
}

/** The lines of the report file of DAY1–DAY2 in English, without the byte order mark. */
async function fileLines(groupBy: string) {
  const res = await api.get(
    `/api/reports/sales/export?group_by=${groupBy}&from=${DAY1}&to=${DAY2}&compare=none&lang=en`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.body.replace('\uFEFF', '').trim().split(/\r?\n/);
}

async function closeDay(date: string) {
  const res = await api.post('/api/orders/close-day', { outlet_id: refs.kl, business_date: date });
  expect(res.statusCode, res.body).toBe(200);
  return zReportSchema.parse(res.json().data);
}

describe('refunds in the figures', () => {
  it('count on the day they complete, never on the closed day of their order', async () => {
    const card = await paidOrder(t, admin, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 2 }],
      payments: [{ method: 'card', amount: 2120, reference: 'CARD-1' }],
    });
    const cash = await paidOrder(t, admin, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 1 }],
      payments: [{ method: 'cash', amount: 1060, tendered: 2000 }],
    });
    await finish(card.id);
    await finish(cash.id);
    const day1 = await closeDay(DAY1);
    expect(day1).toMatchObject({
      total: 3180,
      refunds: 0,
      refunds_by_method: [],
      expected_cash: 1060,
    });
    const day1Report = await report('day', DAY1, DAY1);

    clock.set(`${DAY2}T02:00:00Z`); // the next business day, 10:00 in Kuala Lumpur
    const itemRefund = await completedRefund({
      order_id: card.id,
      kind: 'items',
      items: [{ order_item_id: card.items[0]!.id, quantity: 1 }],
      method: 'original',
    });
    expect(itemRefund).toMatchObject({ business_date: DAY2, amount: 1060 });
    await completedRefund({ order_id: cash.id, kind: 'amount', amount: 500, method: 'cash' });

    // The sales day and its Z-report stay as they were.
    expect(await report('day', DAY1, DAY1)).toEqual(day1Report);
    const kept = await api.get(`/api/orders/z-reports?outlet_id=${refs.kl}&business_date=${DAY1}`);
    expect(zReportSchema.parse(kept.json().data)).toEqual(day1);

    const byDay = await report('day');
    if (byDay.group_by !== 'day') throw new Error('a report by day');
    expect(byDay.rows.map((r) => [r.key, r.current.net, r.current.refunds])).toEqual([
      [DAY1, 3180, 0],
      [DAY2, 0, 1560],
    ]);
    expect(byDay.totals.current).toMatchObject({ net: 3180, refunds: 1560 });
    for (const group of ['outlet', 'source', 'serving_method']) {
      const rows = (await report(group)).rows as { current: { refunds: number } }[];
      expect(
        rows.reduce((sum, r) => sum + r.current.refunds, 0),
        group,
      ).toBe(1560);
    }

    const byMethod = await report('payment_method', DAY2, DAY2);
    expect(byMethod.group_by === 'payment_method' && byMethod.refunds_by_method).toEqual([
      { key: 'card', current: { refunds: 1, amount: 1060 }, previous: null },
      { key: 'cash', current: { refunds: 1, amount: 500 }, previous: null },
    ]);
    const byProduct = await report('product', DAY2, DAY2);
    expect(byProduct.rows).toEqual([
      expect.objectContaining({
        key: refs.product,
        current: { quantity: 0, gross: 0, refunded_quantity: 1, refunded: 1060 },
      }),
    ]);

    const file = await api.get(
      `/api/reports/sales/export?group_by=product&from=${DAY2}&to=${DAY2}&compare=none&lang=en`,
    );
    const [header, row] = file.body.replace('\uFEFF', '').trim().split(/\r?\n/);
    expect(header).toBe('Product,SKU,Quantity,Gross sales (RM),Refunded qty,Refunded (RM)');
    expect(row).toBe('Test RF-FIG,RF-FIG,0,0.00,1,10.60');

    // The files carry net after refunds, and by payment method what went back by each method.
    expect(await fileLines('day')).toEqual([
      expect.stringContaining(',Total (RM),Refunds (RM),Net after refunds (RM),'),
      expect.stringMatching(/^2026\/06\/10,2,.*,31\.80,0\.00,31\.80,0,0\.00$/),
      expect.stringMatching(/^2026\/06\/11,0,.*,0\.00,15\.60,-15\.60,0,0\.00$/),
      expect.stringMatching(/^Total,2,.*,31\.80,15\.60,16\.20,0,0\.00$/),
    ]);
    expect(await fileLines('payment_method')).toEqual([
      'Payment method,Payments,Amount (RM),Refund count,Refunds (RM),Net after refunds (RM)',
      'Card,1,21.20,1,10.60,10.60',
      'Cash,1,10.60,1,5.00,5.60',
      'Total,2,31.80,2,15.60,16.20',
    ]);

    const dashboard = await api.get(`/api/dashboard?outlet_id=${refs.kl}`);
    expect(dashboard.json().data).toMatchObject({
      business_date: DAY2,
      today: { net: 0, refunds: 1560 },
    });

    // The completing day's Z-report lists them and takes the cash refund out of the drawer.
    const day2 = await closeDay(DAY2);
    expect(day2).toMatchObject({
      orders: 0,
      total: 0,
      refunds: 1560,
      refunds_by_method: [
        { method: 'cash', count: 1, amount: 500 },
        { method: 'card', count: 1, amount: 1060 },
      ],
      expected_cash: -500,
    });

    // Every screen agrees with the plain model of the rules, before and after a rebuild.
    await expectScreensMatchModel(t, admin, refs.tenantId, 'after the refunds');
    await rebuildRollups(t.database.db, refs.tenantId, DAY1, DAY2);
    await expectScreensMatchModel(t, admin, refs.tenantId, 'after a rebuild');
  });

  it('on the dashboard, are compared with last week’s up to the same time of day', async () => {
    const DAY3 = '2026-06-12';
    clock.set(`${DAY3}T02:00:00Z`); // Friday 10:00 in Kuala Lumpur
    const sale = await paidOrder(t, admin, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 1 }],
      payments: [{ method: 'card', amount: 1060, reference: 'CARD-3' }],
    });
    await finish(sale.id);
    await completedRefund({ order_id: sale.id, kind: 'amount', amount: 300, method: 'original' });

    const dashboardAt = async (iso: string) => {
      clock.set(iso);
      const res = await api.get(`/api/dashboard?outlet_id=${refs.kl}`);
      expect(res.statusCode, res.body).toBe(200);
      return dashboardSchema.parse(res.json().data);
    };
    // A week later at 09:00 the refund had not completed yet on the compared day; at 11:00 it had.
    const before = await dashboardAt('2026-06-19T01:00:00Z');
    expect(before).toMatchObject({
      compare_date: DAY3,
      today: { net: 0, refunds: 0 },
      compare: { net: 1060, refunds: 300 },
      compare_until_now: { orders: 0, net: 0, refunds: 0 },
    });
    const after = await dashboardAt('2026-06-19T03:00:00Z');
    expect(after.compare_until_now).toEqual({ orders: 1, net: 1060, refunds: 300 });
  });
});
