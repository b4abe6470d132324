import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../db/database';
import { type Books, moneyModel, readBooks } from './money-model';
import { requestAs, type RequestHeaders, type TestApp } from './test-app';

// Every money figure of every screen's API, held to the plain model of the money rules
// (money-model.ts) over the tenant's raw rows: the sales report in every grouping, each kept
// Z-report and each shift report with the rows behind their figures, today's dashboard and the
// wallet's liability. Answers how many Z-reports and shifts it checked.

interface OracleCounts {
  days: number;
  zReports: number;
  shifts: number;
}

type Json = Record<string, unknown>;

const pickFigures = (f: Json) => ({
  orders: f.orders,
  gross: f.gross,
  discount: f.discount,
  service_charge: f.service_charge,
  service_tax: f.service_tax,
  delivery_fee: f.delivery_fee,
  rounding: f.rounding,
  net: f.net,
  refunds: f.refunds,
  rejected: f.rejected,
  rejected_total: f.rejected_total,
});
const zero = {
  orders: 0,
  gross: 0,
  discount: 0,
  service_charge: 0,
  service_tax: 0,
  delivery_fee: 0,
  rounding: 0,
  net: 0,
  refunds: 0,
  rejected: 0,
  rejected_total: 0,
};
const isZero = (f: Json) => Object.values(f).every((v) => v === 0);

export async function expectScreensMatchModel(
  t: TestApp,
  headers: RequestHeaders,
  tenantId: string,
  note: string,
): Promise<OracleCounts> {
  const books = await readBooks(t.database.db, tenantId);
  const m = moneyModel(books);
  const api = requestAs(t);
  const get = async (url: string) => {
    const res = await api.get(url, headers);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as Json;
  };

  // Every order's total is its parts (DESIGN §3): the model builds net from the parts.
  for (const o of books.orders) {
    expect(
      o.subtotal - o.discount + o.service_charge + o.service_tax + o.delivery_fee + o.rounding,
      `${o.order_no} total from its parts ${note}`,
    ).toBe(o.total);
  }

  const days = [
    ...books.orders.map((o) => o.business_date),
    ...m.paidBack.map((r) => r.business_date!),
  ].sort();
  if (days.length === 0) return { days: 0, zReports: 0, shifts: 0 };
  const range = { from: days[0]!, to: days.at(-1)! };
  if (Date.parse(range.to) - Date.parse(range.from) > 365 * 86_400_000) {
    throw new Error(`the books span more than a report's range ${note}`);
  }
  const q = `from=${range.from}&to=${range.to}&compare=none`;

  // The report, every grouping: each row and the totals.
  for (const group of ['day', 'outlet', 'source', 'serving_method'] as const) {
    const report = await get(`/api/reports/sales?group_by=${group}&${q}`);
    const expected = m.reportBy(group, range);
    const shown = new Map(
      (report.rows as { key: string; current: Json }[])
        .map((r) => [r.key, pickFigures(r.current)] as const)
        .filter(([, f]) => !isZero(f)),
    );
    const wanted = new Map([...expected].filter(([, f]) => !isZero(f)));
    expect(Object.fromEntries(shown), `report by ${group} ${note}`).toEqual(
      Object.fromEntries(wanted),
    );
    const totals: Record<string, number> = { ...zero };
    for (const f of expected.values()) {
      for (const [k, v] of Object.entries(f)) totals[k] = (totals[k] ?? 0) + v;
    }
    expect(pickFigures((report.totals as { current: Json }).current), `totals ${note}`).toEqual(
      totals,
    );
  }
  const byMethod = await get(`/api/reports/sales?group_by=payment_method&${q}`);
  const payments = m.paymentsBy(range);
  expect(
    Object.fromEntries(
      (byMethod.rows as { key: string; current: Json }[])
        .filter((r) => r.current.payments !== 0 || r.current.amount !== 0)
        .map((r) => [r.key, r.current]),
    ),
    `report by payment method ${note}`,
  ).toEqual(Object.fromEntries(payments.methods));
  expect(
    Object.fromEntries(
      ((byMethod.refunds_by_method ?? []) as { key: string; current: Json }[])
        .filter((r) => r.current.refunds !== 0 || r.current.amount !== 0)
        .map((r) => [r.key, r.current]),
    ),
    `refunds by method ${note}`,
  ).toEqual(Object.fromEntries(payments.refunds));
  const byProduct = await get(`/api/reports/sales?group_by=product&limit=1000&${q}`);
  expect(
    Object.fromEntries(
      (byProduct.rows as { key: string; current: Json }[])
        .filter((r) => Object.values(r.current).some((v) => v !== 0))
        .map((r) => [r.key, r.current]),
    ),
    `report by product ${note}`,
  ).toEqual(Object.fromEntries(m.productsBy(range)));

  const zReports = await expectZReports(t, tenantId, books, get, note);
  const shifts = await expectShifts(books, get, note);

  // The wallets: the liability is the ledger summed, and every customer's balance its own entries.
  const liability = await get(`/api/wallet-liability?from=${range.to}&to=${range.to}`);
  expect(liability.outstanding, `wallet liability ${note}`).toBe(m.walletLiability());
  const balances = rowsOf<{ id: string; wallet_balance: number }>(
    await t.database.db.execute(sql`
      select id::text, wallet_balance from customers where tenant_id = ${tenantId}::uuid`),
  );
  for (const c of balances) {
    expect(c.wallet_balance, `wallet of ${c.id} ${note}`).toBe(
      m.sum(
        books.wallet.filter((w) => w.customer_id === c.id),
        (w) => w.amount,
      ),
    );
  }
  return { days: new Set(days).size, zReports, shifts };
}

type Get = (url: string) => Promise<Json>;

/** Each kept Z-report, and the rows behind it, against the model's day. */
async function expectZReports(t: TestApp, tenantId: string, books: Books, get: Get, note: string) {
  const m = moneyModel(books);
  const kept = rowsOf<{ outlet_id: string; business_date: string }>(
    await t.database.db.execute(sql`
      select outlet_id::text, business_date::text from z_reports
      where tenant_id = ${tenantId}::uuid order by business_date, outlet_id`),
  );
  for (const z of kept) {
    const where = `outlet_id=${z.outlet_id}&business_date=${z.business_date}`;
    const report = await get(`/api/orders/z-reports?${where}`);
    const day = m.day(z.outlet_id, z.business_date);
    const label = `Z-report ${z.business_date} ${note}`;
    expect(
      {
        orders: report.orders,
        gross: report.subtotal,
        discount: report.discount,
        service_charge: report.service_charge,
        service_tax: report.service_tax,
        delivery_fee: report.delivery_fees,
        rounding: report.rounding,
        net: report.total,
        refunds: report.refunds,
        rejected: report.rejected,
        rejected_total: day.sales.rejected_total,
      },
      label,
    ).toEqual(day.sales);
    expect(
      {
        voided: report.voided,
        voided_paid: report.voided_paid,
        void_refunds: report.void_refunds,
        cash_taken: report.cash_taken,
        cash_refunds: report.cash_refunds,
        expected_cash: report.expected_cash,
      },
      label,
    ).toEqual({
      voided: day.voided,
      voided_paid: day.voided_paid,
      void_refunds: day.void_refunds,
      cash_taken: day.drawer.cash_taken,
      cash_refunds: day.drawer.cash_refunds,
      expected_cash: day.drawer.expected,
    });
    // The rows behind the figures are the model's rows, and add up to them.
    const working = await get(`/api/orders/z-reports/working?${where}`);
    expectWorking(
      working,
      day,
      {
        net: report.total as number,
        refunds: report.refunds as number,
        cash_taken: report.cash_taken as number,
        cash_refunds: report.cash_refunds as number,
      },
      `${label} working`,
    );
  }
  return kept.length;
}

/** Each shift report, and the rows behind it, against the model's shift. */
async function expectShifts(books: Books, get: Get, note: string) {
  const m = moneyModel(books);
  for (const s of books.shifts) {
    const report = await get(`/api/shifts/${s.id}`);
    const shift = m.shift(s.id);
    const label = `shift ${s.id} ${note}`;
    expect(
      {
        orders: report.orders,
        sales_total: report.sales_total,
        discounts: report.discounts,
        voids: report.voids,
        refunds: report.refunds,
      },
      label,
    ).toEqual({
      orders: shift.sales,
      sales_total: shift.sales_total,
      discounts: shift.discounts,
      voids: shift.voids,
      refunds: shift.refunds_total,
    });
    // A closed shift keeps the expected cash it was closed against: nothing may move it since.
    expect(report.figures, label).toEqual(shift.drawer);
    if (s.status === 'closed') expect(s.expected, `${label} kept`).toBe(shift.drawer.expected);
    const working = await get(`/api/shifts/${s.id}/working`);
    const figures = report.figures as Json;
    expectWorking(
      working,
      shift,
      {
        net: report.sales_total as number,
        cash_taken: figures.cash_taken as number,
        cash_refunds: figures.cash_refunds as number,
      },
      `${label} working`,
    );
  }
  return books.shifts.length;
}

/**
 * The working lists exactly the model's orders and refunds, and its rows add up to the screen's
 * figures: the sales' totals to net, the cash lines and cash refunds to the drawer's, the sales'
 * refunds to refunds (a Z-report's; a shift's refunds are every one paid from it).
 */
function expectWorking(
  w: Json,
  model: { orders: { id: string }[]; refunds: { id: string }[] },
  figures: { net: number; refunds?: number; cash_taken: number; cash_refunds: number },
  label: string,
) {
  type Row = { id: string; counts_as: string; amount: number; total: number };
  const orders = w.orders as (Row & { total: number })[];
  const refunds = w.refunds as (Row & { paid_by: string })[];
  const payments = w.payments as { order_id: string; method: string; amount: number }[];
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
  expect(ids(orders), `${label}: orders`).toEqual(ids(model.orders));
  expect(ids(refunds), `${label}: refunds`).toEqual(ids(model.refunds));
  const orderIds = new Set(orders.map((o) => o.id));
  expect(
    payments.every((p) => orderIds.has(p.order_id)),
    `${label}: payments of its orders`,
  ).toBe(true);
  let net = 0;
  for (const o of orders) if (o.counts_as === 'sale') net += o.total;
  let cashTaken = 0;
  for (const p of payments) if (p.method === 'cash') cashTaken += p.amount;
  let cashRefunds = 0;
  let saleRefunds = 0;
  for (const r of refunds) {
    if (r.paid_by === 'cash') cashRefunds += r.amount;
    if (r.counts_as === 'sale') saleRefunds += r.amount;
  }
  expect(
    { net, cash_taken: cashTaken, cash_refunds: cashRefunds },
    `${label}: sums of the rows`,
  ).toEqual({
    net: figures.net,
    cash_taken: figures.cash_taken,
    cash_refunds: figures.cash_refunds,
  });
  if (figures.refunds !== undefined) expect(saleRefunds, `${label}: refunds`).toBe(figures.refunds);
}
