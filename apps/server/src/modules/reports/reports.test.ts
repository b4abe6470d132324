import { reportOutletSchema, type SalesReport, salesReportSchema } from '@kopi/contract';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../../db/schema/access';
import {
  demoOutlet,
  expectDemoOutletChoices,
  otherTenant,
  whileOutletDisabled,
} from '../../test/catalogue-fixtures';
import { addProduct, sell } from '../../test/order-fixtures';
import { expectCode } from '../../test/expect-code';
import { documentedAnswer } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { splitByMonth } from './report-periods';
import { withDemoTenant } from '../../test/fixtures';
import { paymentMethodHeader } from '../../test/report-fixtures';

// GET /api/reports/sales and its export: access, scope, every group_by, the previous period, and
// the business day (DESIGN §3: a sale at 01:30 belongs to the previous day with a 04:00 cut-off);
// and the report's outlet filter, GET /api/reports/outlets.

// refs.product: RM 10.00
let cake: string; // RM 5.00

/** A sale at a Kuala Lumpur wall time (UTC+8). */
async function saleAt(localIso: string, body: Parameters<typeof sell>[2]) {
  clock.set(new Date(`${localIso}+08:00`).toISOString());
  const res = await sell(t, admin, { allow_outside_hours: true, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; total: number; business_date: string };
}
const card = (outlet: string, product: string, quantity: number, amount: number) => ({
  outlet_id: outlet,
  items: [{ product_id: product, quantity }],
  payments: [{ method: 'card', amount, reference: 'C1' }],
});

const report = (headers: Record<string, string>, query: string) =>
  api.get(`/api/reports/sales?${query}`, headers);
async function ok(headers: Record<string, string>, query: string): Promise<SalesReport> {
  const res = await report(headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return salesReportSchema.parse(res.json().data);
}
type SalesRows = Extract<SalesReport, { group_by: 'day' | 'outlet' | 'serving_method' | 'source' }>;
async function sales(headers: Record<string, string>, query: string): Promise<SalesRows> {
  const r = await ok(headers, query);
  if (r.group_by === 'payment_method' || r.group_by === 'product' || r.group_by === 'voucher')
    throw new Error(r.group_by);
  return r;
}
/** Each row's key with its number of orders. */
const ordersPerRow = (r: SalesRows) => r.rows.map((x) => [x.key, x.current.orders]);
async function byPayment(headers: Record<string, string>, query: string) {
  const r = await ok(headers, query);
  if (r.group_by !== 'payment_method') throw new Error(r.group_by);
  return r;
}
async function byProduct(headers: Record<string, string>, query: string) {
  const r = await ok(headers, query);
  if (r.group_by !== 'product') throw new Error(r.group_by);
  return r;
}
const RANGE = 'from=2026-06-08&to=2026-06-10';

let rejectedTotal = 0;
const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'manager', 'cashier'],
  product: { sku: 'REP-COFFEE', price: 1000 },
});
// manager: bound to KL01; cashier: no read-report
const { admin, manager, cashier } = as;
beforeAll(async () => {
  cake = (await addProduct(t, { sku: 'REP-CAKE', price: 500 })).id;

  // Previous period (06-05 … 06-07): one card sale at KL01.
  await saleAt('2026-06-06T10:00:00', card(refs.kl, refs.product, 1, 1060));
  // 06-08: KL01 cash, dine in (10% service charge, SST on both, rounded to 5 sen).
  await saleAt('2026-06-08T09:00:00', {
    outlet_id: refs.kl,
    serving_method: 'dine_in',
    table_no: 'T1',
    items: [{ product_id: refs.product, quantity: 2 }],
    payments: [{ method: 'cash', amount: 2330, tendered: 5000 }],
  });
  // 06-09: PG01 split between cash and card.
  await saleAt('2026-06-09T15:00:00', {
    outlet_id: refs.pg,
    items: [
      { product_id: refs.product, quantity: 1 },
      { product_id: cake, quantity: 2 },
    ],
    payments: [
      { method: 'cash', amount: 1000 },
      { method: 'card', amount: 1120, reference: 'C2' },
    ],
  });
  // 06-10 01:30 in Kuala Lumpur: before the 04:00 cut-off, so business day 06-09.
  const late = await saleAt('2026-06-10T01:30:00', card(refs.kl, cake, 1, 530));
  expect(late.business_date).toBe('2026-06-09');
  // 06-10: a TNG sale, and one rejected.
  await saleAt('2026-06-10T11:00:00', {
    outlet_id: refs.kl,
    items: [{ product_id: cake, quantity: 3 }],
    payments: [{ method: 'tng', amount: 1590, reference: 'TNG1' }],
  });
  const rejected = await saleAt('2026-06-10T11:30:00', card(refs.kl, refs.product, 1, 1060));
  rejectedTotal = rejected.total;
  const res = await api.post(
    `/api/orders/${rejected.id}/status`,
    { status: 'REJECTED', reason: 'Wrong order' },
    admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  clock.set('2026-06-10T04:00:00Z');
});

describe('GET /api/reports/sales', () => {
  it('groups by day with every day of the range beside the same day of the previous period', async () => {
    const r = await sales(admin, `group_by=day&${RANGE}`);
    expect(r.group_by).toBe('day');
    expect(r.previous).toEqual({ from: '2026-06-05', to: '2026-06-07' });
    expect(r.days).toBe(3);
    expect(r.rows.map((x) => [x.key, x.previous_key, x.current.orders, x.current.net])).toEqual([
      ['2026-06-08', '2026-06-05', 1, 2330],
      // The split sale and the 01:30 sale (business day 06-09).
      ['2026-06-09', '2026-06-06', 2, 2120 + 530],
      ['2026-06-10', '2026-06-07', 1, 1590],
    ]);
    expect(r.rows[1]!.previous?.net).toBe(1060);
    const day8 = r.rows[0]!.current;
    // Dine in RM 20.00: service charge 2.00, SST 6% of 22.00 = 1.32, 23.32 rounds to 23.30.
    expect(day8).toMatchObject({
      gross: 2000,
      discount: 0,
      service_charge: 200,
      service_tax: 132,
      rounding: -2,
      net: 2330,
    });
    expect(r.rows[2]!.current).toMatchObject({ rejected: 1, rejected_total: rejectedTotal });
    expect(r.totals.current).toMatchObject({ orders: 4, net: 2330 + 2650 + 1590, rejected: 1 });
    expect(r.totals.previous).toMatchObject({ orders: 1, net: 1060 });
    const sum = r.rows.reduce((s, x) => s + x.current.gross, 0);
    expect(sum).toBe(r.totals.current.gross);
  });

  it('groups by outlet, serving method and source, largest net first', async () => {
    const byOutlet = await sales(admin, `group_by=outlet&${RANGE}`);
    expect(byOutlet.rows.map((x) => [x.key, x.label, x.current.orders, x.current.net])).toEqual([
      [refs.kl, 'Kuala Lumpur', 3, 2330 + 530 + 1590],
      [refs.pg, expect.any(String), 1, 2120],
    ]);
    expect(byOutlet.rows[0]!.previous).toMatchObject({ orders: 1, net: 1060 });
    const serving = await sales(admin, `group_by=serving_method&${RANGE}`);
    expect(ordersPerRow(serving)).toEqual([
      ['pick_up', 3],
      ['dine_in', 1],
    ]);
    const source = await sales(admin, `group_by=source&${RANGE}&compare=none`);
    expect(source.previous).toBeNull();
    expect(source.rows).toEqual([
      {
        key: 'pos-apps',
        label: null,
        previous_key: null,
        current: source.totals.current,
        previous: null,
      },
    ]);
  });

  it('groups by payment method: each part of a split bill under its method, adding up to net', async () => {
    const r = await byPayment(admin, `group_by=payment_method&${RANGE}`);
    expect(r.rows.map((x) => [x.key, x.current.payments, x.current.amount])).toEqual([
      ['cash', 2, 2330 + 1000],
      ['card', 2, 1120 + 530],
      ['tng', 1, 1590],
    ]);
    expect(r.rows.reduce((s, x) => s + x.current.amount, 0)).toBe(r.totals.current.net);
    expect(r.rows.find((x) => x.key === 'card')!.previous).toEqual({ payments: 1, amount: 1060 });
  });

  it('groups by product with quantities and line totals, best sellers first', async () => {
    const r = await byProduct(admin, `group_by=product&${RANGE}`);
    expect(r.rows.map((x) => [x.label, x.sku, x.current.quantity, x.current.gross])).toEqual([
      // Equal gross: the larger quantity first.
      ['Test REP-CAKE', 'REP-CAKE', 6, 3000],
      ['Test REP-COFFEE', 'REP-COFFEE', 3, 3000],
    ]);
    expect(r.rows[1]!.previous).toEqual({
      quantity: 1,
      gross: 1000,
      refunded_quantity: 0,
      refunded: 0,
    });
    expect(r.rows[0]!.previous).toEqual({
      quantity: 0,
      gross: 0,
      refunded_quantity: 0,
      refunded: 0,
    });
    const top = await byProduct(admin, `group_by=product&${RANGE}&limit=1`);
    expect(top.rows).toHaveLength(1);
  });

  it('reads long ranges from month rollups and the days at either end, to the same figures', async () => {
    const r = await byProduct(admin, 'group_by=product&from=2026-05-20&to=2026-07-10&compare=none');
    expect(r.rows.reduce((s, x) => s + x.current.gross, 0)).toBe(r.totals.current.gross);
    expect(r.rows.reduce((s, x) => s + x.current.quantity, 0)).toBe(10);
    const kl = await byProduct(
      admin,
      `group_by=product&from=2026-05-20&to=2026-07-10&outlet_id=${(await demoOutlet(t, 'KL01')).id}`,
    );
    // 06-06 and 06-08 (the rejected one of 06-10 is not a sale).
    expect(kl.rows.find((x) => x.label === 'Test REP-COFFEE')?.current.quantity).toBe(3);
    expect(splitByMonth('2026-05-20', '2026-07-10')).toEqual({
      months: ['2026-06-01'],
      days: [
        ['2026-05-20', '2026-05-31'],
        ['2026-07-01', '2026-07-10'],
      ],
    });
    expect(splitByMonth('2026-06-01', '2026-06-30')).toEqual({ months: ['2026-06-01'], days: [] });
    expect(splitByMonth('2026-06-03', '2026-06-20')).toEqual({
      months: [],
      days: [['2026-06-03', '2026-06-20']],
    });
    expect(splitByMonth('2025-12-01', '2026-02-28').months).toEqual([
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    const year = splitByMonth('2025-11-22', '2026-11-21');
    expect(year.months).toHaveLength(11);
    expect(year.days).toEqual([
      ['2025-11-22', '2025-11-30'],
      ['2026-11-01', '2026-11-21'],
    ]);
  });

  it('limits an outlet-bound user to their outlet', async () => {
    const mine = await sales(manager, `group_by=outlet&${RANGE}`);
    expect(mine.outlet_id).toBe(refs.kl);
    expect(mine.rows.map((x) => x.key)).toEqual([refs.kl]);
    expect(mine.totals.current.orders).toBe(3);
    expect((await report(manager, `${RANGE}&outlet_id=${refs.pg}`)).statusCode).toBe(404);
    const asked = await sales(admin, `group_by=day&${RANGE}&outlet_id=${refs.pg}`);
    expect(asked.totals.current).toMatchObject({ orders: 1, net: 2120 });
  });

  it('keeps tenants apart', async () => {
    const rival = await otherTenant(t, 'rival-reports');
    const theirs = await sales(rival.headers, `group_by=outlet&${RANGE}`);
    expect(theirs.rows).toEqual([]);
    expect(theirs.totals.current.orders).toBe(0);
    expect((await report(rival.headers, `${RANGE}&outlet_id=${refs.kl}`)).statusCode).toBe(404);
  });

  it('answers 401 without a token, 403 without read-report, 400 for a bad range', async () => {
    const anonymous = await api.get(`/api/reports/sales?${RANGE}`);
    expect(anonymous.statusCode).toBe(401);
    expect((await report(cashier, RANGE)).statusCode).toBe(403);
    const backwards = await report(admin, 'from=2026-06-10&to=2026-06-01');
    expect(expectCode(backwards, 400, 'validation_failed')).toMatchObject({
      details: [{ path: 'to', message: 'validation.date_before?minDate=2026-06-10' }],
    });
    const tooLong = await report(admin, 'from=2025-01-01&to=2026-01-02');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details).toEqual([
      { path: 'to', message: 'validation.date_after?maxDate=2026-01-01' },
    ]);
    expect((await report(admin, 'from=2026-06-01')).statusCode).toBe(400);
    expect((await report(admin, `${RANGE}&group_by=customer`)).statusCode).toBe(400);
    expect((await report(admin, `${RANGE}&outlet_id=nope`)).statusCode).toBe(400);
  });

  const exportOf = (headers: Record<string, string> | undefined, query: string) =>
    api.get(`/api/reports/sales/export?${query}`, headers);

  it('exports the report as CSV and XLSX with the table’s words in the requested language', async () => {
    const csv = await exportOf(admin, `group_by=day&${RANGE}&format=csv&lang=en`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="sales-by-day-2026-06-08-2026-06-10.csv"',
    );
    // A byte order mark first, so Excel reads UTF-8.
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(
      /^Business date,Previous business date,Orders,Gross sales \(RM\),Discounts \(RM\),/,
    );
    expect(lines[0]).toContain(
      ',Total (RM),Refunds (RM),Net after refunds (RM),Rejected orders,Rejected total (RM),Previous orders,',
    );
    expect(lines[0]).toContain(
      ',Previous refunds (RM),Previous net after refunds (RM),Previous rejected orders,',
    );
    expect(lines[1]).toMatch(
      /^2026\/06\/08,2026\/06\/05,1,20\.00,0\.00,20\.00,2\.00,1\.32,3\.32,0\.00,-0\.02,23\.30,0\.00,23\.30,/,
    );
    expect(lines.at(-1)).toMatch(/^Total,,4,/);

    const xlsx = await exportOf(admin, `group_by=payment_method&${RANGE}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Sales')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...paymentMethodHeader]);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Cash', 2, 33.3, 0, 0, 33.3, 0, 0, 0, 0, 0]);
  });

  it('lists money in DESIGN §3 order: gross, discounts, net sales, service charge, SST, tax total, total', async () => {
    const csv = await exportOf(admin, `group_by=day&${RANGE}&format=csv&lang=en`);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    const at = (name: string) => header!.indexOf(name);
    const order = [
      'Gross sales (RM)',
      'Discounts (RM)',
      'Net sales (RM)',
      'Service charge (RM)',
      'SST (RM)',
      'Tax and charges (RM)',
      'Delivery fees (RM)',
      'Rounding (RM)',
      'Total (RM)',
    ];
    expect(order.map(at)).toEqual(order.map((_, i) => at('Gross sales (RM)') + i));
    expect(header).toContain('Previous net sales (RM)');
    expect(header).toContain('Previous tax and charges (RM)');
    const sen = (row: string[], name: string) => Math.round(Number(row[at(name)]) * 100);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(sen(row, 'Net sales (RM)')).toBe(
        sen(row, 'Gross sales (RM)') - sen(row, 'Discounts (RM)'),
      );
      expect(sen(row, 'Tax and charges (RM)')).toBe(
        sen(row, 'Service charge (RM)') + sen(row, 'SST (RM)'),
      );
      expect(sen(row, 'Total (RM)')).toBe(
        sen(row, 'Net sales (RM)') +
          sen(row, 'Tax and charges (RM)') +
          sen(row, 'Delivery fees (RM)') +
          sen(row, 'Rounding (RM)'),
      );
    }
    // The dine-in day: net sales RM 20.00 below its total RM 23.30, the difference its taxes.
    const dineIn = rows.find((r) => r[0] === '2026/06/08')!;
    expect(sen(dineIn, 'Net sales (RM)')).toBe(2000);
    expect(sen(dineIn, 'Tax and charges (RM)')).toBe(332);
    expect(sen(dineIn, 'Total (RM)')).toBe(2330);
    // The API sends the figures these are worked out from.
    const r = await sales(admin, `group_by=day&${RANGE}`);
    const day = r.rows.find((x) => x.key === '2026-06-08')!.current;
    expect([day.gross, day.discount, day.service_charge, day.service_tax, day.net]).toEqual([
      2000, 0, 200, 132, 2330,
    ]);
  });

  it('exports in Malay when asked, or when that is the user’s saved language', async () => {
    const source = await exportOf(admin, `group_by=source&${RANGE}&lang=my`);
    expect(source.statusCode, source.body).toBe(200);
    const lines = source.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^Sumber,Pesanan,Jualan kasar \(RM\),/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['POS', 'Jumlah']);

    await t.database.db.update(users).set({ language: 'my' }).where(eq(users.username, 'admin'));
    try {
      const serving = await exportOf(admin, `group_by=serving_method&${RANGE}&format=xlsx`);
      expect(serving.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(serving.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Jualan')!;
      expect(sheet.getRow(1).getCell(1).value).toBe('Kaedah hidangan');
      const names: unknown[] = [];
      sheet.eachRow((row, n) => n > 1 && names.push(row.getCell(1).value));
      expect(names.at(-1)).toBe('Jumlah');
      expect(names).toContain('Makan di sini');
      // The screen's language wins over the saved one.
      const english = await exportOf(admin, `group_by=serving_method&${RANGE}&lang=en`);
      expect(english.body).toContain('Dine in');
    } finally {
      await t.database.db.update(users).set({ language: 'en' }).where(eq(users.username, 'admin'));
    }
  });

  it('guards the export like the report: 401, 403, 400, another tenant’s outlet 404', async () => {
    expect((await exportOf(undefined, RANGE)).statusCode).toBe(401);
    expect((await exportOf(cashier, RANGE)).statusCode).toBe(403);
    for (const bad of [
      `${RANGE}&format=pdf`,
      `${RANGE}&lang=fr`,
      'from=2026-06-10&to=2026-06-01',
      `${RANGE}&outlet_id=nope`,
    ]) {
      const res = await exportOf(admin, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code_message, bad).toBe('validation_failed');
    }
    const rival = await otherTenant(t, 'rival-report-export');
    const theirs = await exportOf(rival.headers, `${RANGE}&outlet_id=${refs.kl}`);
    expectCode(theirs, 404, 'not_found');
    expect((await exportOf(manager, `${RANGE}&outlet_id=${refs.pg}`)).statusCode).toBe(404);
    const mine = await exportOf(manager, `group_by=outlet&${RANGE}&lang=en`);
    expect(
      mine.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n')
        .map((l) => l.split(',')[0]),
    ).toEqual(['Outlet', expect.stringMatching(/Kuala Lumpur/), 'Total']);
  });
});

describe('GET /api/reports/outlets', () => {
  const outletsOf = (headers?: Record<string, string>) => api.get('/api/reports/outlets', headers);
  const idsOf = async (headers: Record<string, string>) => {
    const res = await outletsOf(headers);
    expect(res.statusCode, res.body).toBe(200);
    return z
      .array(reportOutletSchema.strict())
      .parse(res.json().data)
      .map((o) => o.id);
  };

  it('gives the outlets the report covers: every one by code, disabled too, to finance as well', async () => {
    const res = await outletsOf(admin);
    expect(res.statusCode).toBe(200);
    const rows = z.array(reportOutletSchema.strict()).parse(res.json().data);
    await expectDemoOutletChoices(t, rows, refs.kl);
    // A disabled outlet's past sales stay in the report, so it stays a choice.
    await whileOutletDisabled(t, refs.pg, async () => {
      const again = z.array(reportOutletSchema).parse((await outletsOf(admin)).json().data);
      expect(again.find((o) => o.id === refs.pg)?.status).toBe('disabled');
    });
    // Finance reads reports without read-outlet: this is its outlet filter.
    const finance = t.bearer((await t.login('finance')).token);
    expect(await idsOf(finance)).toEqual(rows.map((o) => o.id));
  });

  it('gives an outlet-bound user only theirs, and another tenant only its own', async () => {
    expect(await idsOf(manager)).toEqual([refs.kl]);
    const rival = await otherTenant(t, 'rival-report-outlets');
    expect(await idsOf(rival.headers)).toEqual([rival.outlet.id]);
  });

  it('answers 401 without a token, 403 without read-report, 400 outside any tenant', async () => {
    expect((await outletsOf()).statusCode).toBe(401);
    expectCode(await outletsOf(cashier), 403, 'forbidden');
    const superadmin = t.bearer((await t.login('superadmin')).token);
    expectCode(await outletsOf(superadmin), 400, 'tenant_required');
  });

  it('is documented in the OpenAPI document with its answer schema', async () => {
    expect(await documentedAnswer(api, '/api/reports/outlets')).toContain('timezone');
  });
});

describe('business day', () => {
  it('puts a 01:30 sale on the previous day with a 04:00 cut-off, on its own day with 00:00', async () => {
    const twoDays = () => sales(admin, 'group_by=day&from=2026-06-14&to=2026-06-15&compare=none');
    const before = await twoDays();
    expect(before.totals.current.orders).toBe(0);
    // Monday 15 June, 01:30 in Kuala Lumpur; the demo tenant's cut-off is 04:00.
    const late = await saleAt('2026-06-15T01:30:00', card(refs.kl, refs.product, 1, 1060));
    expect(late.business_date).toBe('2026-06-14');
    const r = await twoDays();
    expect(ordersPerRow(r)).toEqual([
      ['2026-06-14', 1],
      ['2026-06-15', 0],
    ]);
    await withDemoTenant(
      t,
      { businessDayCutoffHour: 0 },
      { businessDayCutoffHour: 4 },
      async () => {
        const sameDay = await saleAt('2026-06-15T01:40:00', card(refs.kl, refs.product, 1, 1060));
        expect(sameDay.business_date).toBe('2026-06-15');
        const after = await twoDays();
        expect(ordersPerRow(after)).toEqual([
          ['2026-06-14', 1],
          ['2026-06-15', 1],
        ]);
      },
    );
  });
});
