import { orderStatuses, refundStatuses, salesStatuses } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { expectCode } from '../../test/expect-code';
import {
  payWithSandbox,
  placeOrder,
  postCallback,
  verifiedCustomer,
} from '../../test/mobile-fixtures';
import { addProduct, sell } from '../../test/order-fixtures';
import { movedRefund, moveRefund, refundOf } from '../../test/refund-fixtures';
import { requestAs, type RequestHeaders, withIdempotencyKey } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { withDemoTenant } from '../../test/fixtures';

// The money rules of decision 049 where they were broken: a voided sale's money in and out
// (neither a sale nor a refund of a sale) on the Z-report, the shift and the report; a refund
// completed after its day closed counting on the next open day; a cash refund paid from its
// completer's shift; cash out never more than the drawer holds; the day close waiting for its
// shifts; and the one list of what counts as a sale, the same in SQL and in the contract.

const callbacks: { url: string; headers: Record<string, string>; body: string }[] = [];
const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'finance'],
  api: 'admin',
  sandboxDelivery: (cb) => callbacks.push(cb),
  product: { sku: 'RULES-10', price: 1000 },
  at: '2026-06-02T02:00:00Z',
});
const { admin, finance } = as;
// refs.product: RM 10.00 → RM 10.60 picked up
let eleven: string; // RM 11.18 → RM 11.85 picked up

beforeAll(async () => {
  eleven = (await addProduct(t, { sku: 'RULES-11', price: 1118 })).id;
});

const post = (url: string, body: object, headers: RequestHeaders = admin) =>
  requestAs(t).post(url, body, withIdempotencyKey(headers));

/** A till of its own at the outlet with the admin's shift open on it (float RM 100.00). */
async function adminShift(outletId: string) {
  const till = await api.post('/api/tills', { outlet_id: outletId, name: `T-${Date.now()}` });
  expect(till.statusCode, till.body).toBe(201);
  const shift = await post('/api/shifts', { till_id: till.json().data.id, float: { note_10: 10 } });
  expect(shift.statusCode, shift.body).toBe(201);
  return { tillId: till.json().data.id as string, shiftId: shift.json().data.id as string };
}

async function cashSale(outletId: string, tillId: string, product: string, total: number) {
  const res = await sell(t, admin, {
    outlet_id: outletId,
    till_id: tillId,
    items: [{ product_id: product, quantity: 1 }],
    payments: [{ method: 'cash', amount: total, tendered: 2000 }],
    allow_outside_hours: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; order_no: string; total: number };
}

const moveOrder = async (id: string, status: string, reason?: string) => {
  const res = await api.post(`/api/orders/${id}/status`, { status, ...(reason ? { reason } : {}) });
  expect(res.statusCode, res.body).toBe(200);
};

async function closeShift(shiftId: string) {
  const report = (await api.get(`/api/shifts/${shiftId}`)).json().data;
  const expected = report.figures.expected as number;
  const res = await post(`/api/shifts/${shiftId}/close`, {
    counted: { note_100: Math.floor(expected / 10_000), coin_5: (expected % 10_000) / 5 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function dayReport(outletId: string, day: string) {
  const q = `from=${day}&to=${day}&outlet_id=${outletId}&compare=none`;
  const byDay = (await api.get(`/api/reports/sales?group_by=day&${q}`)).json().data;
  const byMethod = (await api.get(`/api/reports/sales?group_by=payment_method&${q}`)).json().data;
  return { totals: byDay.totals.current, refundsByMethod: byMethod.refunds_by_method };
}

describe('a voided sale', () => {
  it('is money in and the same money out: in the drawer, never a sale nor a refund of one', async () => {
    const DAY = '2026-06-02';
    const { tillId, shiftId } = await adminShift(refs.pg);
    const kept = await cashSale(refs.pg, tillId, refs.product, 1060);
    await moveOrder(kept.id, 'APPROVED');
    await moveOrder(kept.id, 'COMPLETED');
    const voided = await cashSale(refs.pg, tillId, eleven, 1185);
    await moveOrder(voided.id, 'REJECTED', 'Customer left');
    // Its refund was asked for on the reject: approved by finance, paid from the admin's drawer.
    const [owed] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        select id::text from refunds where order_id = ${voided.id}::uuid`),
    );
    await movedRefund(t, finance, owed!.id, { status: 'APPROVED' });
    await movedRefund(t, admin, owed!.id, { status: 'COMPLETED' });

    // The shift: both cash lines came in, the refund went out: float + 10.60.
    const shift = await closeShift(shiftId);
    expect(shift).toMatchObject({
      orders: 1,
      sales_total: 1060,
      voids: { count: 1, amount: 1185 },
      refunds: 1185,
      figures: { cash_taken: 1060 + 1185, cash_refunds: 1185, expected: 10_000 + 1060 },
    });
    // The day: the same drawer; its sales and refunds of sales without the void.
    const z = await api.post('/api/orders/close-day', { outlet_id: refs.pg, business_date: DAY });
    expect(z.statusCode, z.body).toBe(200);
    expect(z.json().data).toMatchObject({
      orders: 1,
      total: 1060,
      rejected: 1,
      refunds: 0,
      refunds_by_method: [],
      voided: 1,
      voided_paid: 1185,
      void_refunds: 1185,
      cash_taken: 1060 + 1185,
      cash_refunds: 1185,
      expected_cash: 1060,
    });
    // The report agrees with the Z-report: no refund, net after refunds the net.
    const report = await dayReport(refs.pg, DAY);
    expect(report.totals).toMatchObject({
      net: 1060,
      refunds: 0,
      rejected: 1,
      rejected_total: 1185,
    });
    expect(report.refundsByMethod).toEqual([]);
    // The rows behind the day: the sale and the void, both cash lines, the void's refund.
    const working = (
      await api.get(`/api/orders/z-reports/working?outlet_id=${refs.pg}&business_date=${DAY}`)
    ).json().data;
    expect(
      working.orders.map((o: { order_no: string; counts_as: string }) => [o.order_no, o.counts_as]),
    ).toEqual([
      [kept.order_no, 'sale'],
      [voided.order_no, 'void'],
    ]);
    expect(working.refunds).toMatchObject([{ counts_as: 'void', paid_by: 'cash', amount: 1185 }]);
    const file = await api.get(
      `/api/orders/z-reports/working/export?outlet_id=${refs.pg}&business_date=${DAY}&lang=my`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(`Bayaran balik,Batal,`);
  });

  it('cancelled in the app after paying online: its refund is not a refund of a sale', async () => {
    clock.set('2026-06-03T03:00:00Z'); // Wednesday 11:00
    const customer = await verifiedCustomer(t);
    const placed = await placeOrder(t, customer.headers, {
      outlet_id: refs.kl,
      items: [{ product_id: refs.product, quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().data.id as string;
    await payWithSandbox(t, customer.headers, id, { method: 'card' });
    const cancel = await requestAs(t).post(
      `/api/mobile/orders/${id}/cancel`,
      { reason: 'Changed my mind' },
      withIdempotencyKey(customer.headers),
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    for (let cb = callbacks.shift(); cb; cb = callbacks.shift()) {
      expect((await postCallback(t, cb)).statusCode).toBe(200);
    }
    const [refund] = rowsOf<{ status: string }>(
      await t.database.db.execute(sql`select status from refunds where order_id = ${id}::uuid`),
    );
    expect(refund!.status).toBe('COMPLETED');
    const report = await dayReport(refs.kl, '2026-06-03');
    expect(report.totals).toMatchObject({ net: 0, refunds: 0, rejected: 1 });
    expect(report.refundsByMethod).toEqual([]);
  });
});

describe('a refund completed after its day closed', () => {
  it('counts on the next open day: the closed day and its Z-report stay as they were', async () => {
    const DAY = '2026-06-04'; // Thursday
    clock.set(`${DAY}T02:00:00Z`);
    const { tillId, shiftId } = await adminShift(refs.kl);
    const sale = await cashSale(refs.kl, tillId, refs.product, 1060);
    await moveOrder(sale.id, 'APPROVED');
    await moveOrder(sale.id, 'COMPLETED');
    const refund = await refundOf(t, admin, {
      order_id: sale.id,
      kind: 'amount',
      amount: 400,
      method: 'cash',
      reason: 'quality_issue',
    });
    await movedRefund(t, finance, refund.id, { status: 'APPROVED' });
    await closeShift(shiftId);
    const closed = await api.post('/api/orders/close-day', {
      outlet_id: refs.kl,
      business_date: DAY,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ refunds: 0, cash_refunds: 0, expected_cash: 1060 });

    // 22:00 the same business day: the day is closed, so the refund and the shift paying it
    // belong to the next one.
    clock.set(`${DAY}T14:00:00Z`);
    const late = await adminShift(refs.kl);
    const done = await movedRefund(t, admin, refund.id, { status: 'COMPLETED' });
    expect(done.business_date).toBe('2026-06-05');
    const shift = (await api.get(`/api/shifts/${late.shiftId}`)).json().data;
    expect(shift).toMatchObject({ business_date: '2026-06-05', figures: { cash_refunds: 400 } });
    expect((await dayReport(refs.kl, DAY)).totals).toMatchObject({ net: 1060, refunds: 0 });
    expect(
      (await api.get(`/api/orders/z-reports?outlet_id=${refs.kl}&business_date=${DAY}`)).json()
        .data,
    ).toEqual(closed.json().data);
    expect((await dayReport(refs.kl, '2026-06-05')).totals).toMatchObject({ net: 0, refunds: 400 });

    // The next day's Z-report carries it, in its drawer too.
    clock.set('2026-06-05T14:00:00Z');
    await closeShift(late.shiftId);
    const next = await api.post('/api/orders/close-day', {
      outlet_id: refs.kl,
      business_date: '2026-06-05',
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data).toMatchObject({
      refunds: 400,
      refunds_by_method: [{ method: 'cash', count: 1, amount: 400 }],
      cash_refunds: 400,
      expected_cash: -400,
    });
  });
});

describe('the drawer', () => {
  it('pays a cash refund from its completer’s shift, refused without one when shifts are required', async () => {
    clock.set('2026-06-08T02:00:00Z'); // Monday
    const { tillId, shiftId } = await adminShift(refs.kl);
    const sale = await cashSale(refs.kl, tillId, refs.product, 1060);
    const refund = await refundOf(t, admin, {
      order_id: sale.id,
      kind: 'amount',
      amount: 100,
      method: 'cash',
      reason: 'quality_issue',
    });
    await movedRefund(t, finance, refund.id, { status: 'APPROVED' });
    // Finance has no drawer at the outlet: cash is handed back at a till.
    expectCode(
      await moveRefund(t, finance, refund.id, { status: 'COMPLETED' }),
      409,
      'refund_needs_shift',
    );
    expect((await api.get(`/api/refunds/${refund.id}`)).json().data.status).toBe('APPROVED');
    // Without the shift rule the same completion goes through, from no shift.
    await withDemoTenant(t, { shiftsRequired: false }, { shiftsRequired: true }, async () => {
      const done = await movedRefund(t, finance, refund.id, { status: 'COMPLETED' });
      expect(done.status).toBe('COMPLETED');
    });
    const [row] = rowsOf<{ shift_id: string | null }>(
      await t.database.db.execute(
        sql`select shift_id::text from refunds where id = ${refund.id}::uuid`,
      ),
    );
    expect(row!.shift_id).toBeNull();
    // The admin's own completion is paid from the admin's shift.
    const second = await refundOf(t, admin, {
      order_id: sale.id,
      kind: 'amount',
      amount: 200,
      method: 'cash',
      reason: 'quality_issue',
    });
    await movedRefund(t, finance, second.id, { status: 'APPROVED' });
    await movedRefund(t, admin, second.id, { status: 'COMPLETED' });
    const shift = (await api.get(`/api/shifts/${shiftId}`)).json().data;
    expect(shift.figures).toMatchObject({ cash_taken: 1060, cash_refunds: 200 });
  });

  it('gives out cash up to what it holds, not one sen more', async () => {
    const { tillId, shiftId } = await adminShift(refs.kl);
    await cashSale(refs.kl, tillId, refs.product, 1060);
    const holds = 10_000 + 1060;
    const out = (amount: number) =>
      post(`/api/shifts/${shiftId}/movements`, { kind: 'cash_out', reason: 'bank_drop', amount });
    expectCode(await out(holds + 1), 409, 'cash_out_exceeds_drawer');
    expect((await api.get(`/api/shifts/${shiftId}`)).json().data.movements).toEqual([]);
    expect((await out(holds)).statusCode).toBe(201);
    expect((await api.get(`/api/shifts/${shiftId}`)).json().data.figures.expected).toBe(0);
    expectCode(await out(1), 409, 'cash_out_exceeds_drawer');
  });

  it('keeps its day open: the day closes once the day’s shifts are closed', async () => {
    clock.set('2026-06-09T02:00:00Z'); // Tuesday
    const { shiftId } = await adminShift(refs.pg);
    const held = await api.post('/api/orders/close-day', {
      outlet_id: refs.pg,
      business_date: '2026-06-09',
    });
    expectCode(held, 409, 'shifts_still_open');
    expect(held.json().details).toHaveLength(1);
    await closeShift(shiftId);
    const closed = await api.post('/api/orders/close-day', {
      outlet_id: refs.pg,
      business_date: '2026-06-09',
    });
    expect(closed.statusCode, closed.body).toBe(200);
  });
});

describe('what counts', () => {
  it('is one list: kopi_is_sale and the contract’s salesStatuses agree on every status', async () => {
    const [row] = rowsOf<{ sales: string[]; counted: string[] }>(
      await t.database.db.execute(sql`
        select
          array(select s from unnest(${`{${orderStatuses.join(',')}}`}::text[]) s
            where kopi_is_sale(s) order by s) as sales,
          array(select s from unnest(${`{${refundStatuses.map((s) => `"${s}"`).join(',')}}`}::text[]) s
            where kopi_refund_counts(s, current_date) order by s) as counted`),
    );
    expect(row!.sales).toEqual([...salesStatuses].sort());
    // Written out: a refund counts once it paid money back.
    expect(row!.counted).toEqual(['CLOSED', 'COMPLETED']);
  });
});
