import type { SalesFigures, SalesReport } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { paymentMethodHeader } from '../../test/report-fixtures';
import { reportCsv, reportTable } from './report-export';

// The report file's refund columns, from a report answer: net after refunds beside the refunds
// (net − refunds, negative on a day of refunds only), and by payment method what went back by
// each method, a bank transfer on a row of its own, and a total that is the report's.

const figures = (net: number, refunds: number): SalesFigures => ({
  orders: 1,
  gross: net,
  discount: 0,
  service_charge: 0,
  service_tax: 0,
  delivery_fee: 0,
  rounding: 0,
  net,
  refunds,
  rejected: 0,
  rejected_total: 0,
});

const base = {
  from: '2026-06-10',
  to: '2026-06-11',
  days: 2,
  outlet_id: null,
  previous: { from: '2026-06-08', to: '2026-06-09' },
  totals: { current: figures(5000, 3500), previous: figures(2000, 0) },
};

const byDay: SalesReport = {
  ...base,
  group_by: 'day',
  rows: [
    {
      key: '2026-06-10',
      label: null,
      previous_key: '2026-06-08',
      current: figures(5000, 500),
      previous: figures(2000, 0),
    },
    {
      key: '2026-06-11',
      label: null,
      previous_key: '2026-06-09',
      current: figures(0, 3000),
      previous: figures(0, 0),
    },
  ],
};

const byMethod: SalesReport = {
  ...base,
  group_by: 'payment_method',
  rows: [
    {
      key: 'card',
      label: null,
      previous_key: 'card',
      current: { payments: 2, amount: 4000 },
      previous: { payments: 1, amount: 2000 },
    },
    {
      key: 'cash',
      label: null,
      previous_key: 'cash',
      current: { payments: 1, amount: 1000 },
      previous: { payments: 0, amount: 0 },
    },
  ],
  refunds_by_method: [
    { key: 'bank_transfer', current: { refunds: 1, amount: 3000 }, previous: null },
    { key: 'cash', current: { refunds: 1, amount: 500 }, previous: { refunds: 0, amount: 0 } },
  ],
};

const column = (table: ReturnType<typeof reportTable>, code: string) => {
  const i = table.columns.indexOf(code as never);
  expect(i, code).toBeGreaterThan(-1);
  return table.rows.map((r) => r[i]);
};

describe('report file refunds', () => {
  it('carry net after refunds right after the refunds, for the range and the previous period', () => {
    const table = reportTable(byDay, 'en');
    const refunds = table.columns.indexOf('refunds');
    expect(table.columns.slice(refunds, refunds + 2)).toEqual(['refunds', 'net_after_refunds']);
    expect(table.header[refunds + 1]).toBe('Net after refunds (RM)');
    expect(column(table, 'net_after_refunds')).toEqual([45, -30, 15]);
    expect(column(table, 'previous_net_after_refunds')).toEqual([20, 0, 20]);
    expect(table.money[refunds + 1]).toBe(true);
    expect(reportTable(byDay, 'my').header[refunds + 1]).toBe('Bersih selepas bayaran balik (RM)');
    // Two decimals in the CSV, a minus sign for a day that gave back more than it sold.
    const csv = reportCsv(byDay, 'en').replace('\uFEFF', '').trim().split(/\r?\n/);
    expect(csv[2]).toContain(',0.00,30.00,-30.00,');
  });

  it('list by payment method what went back by each method, a bank transfer included', () => {
    const table = reportTable(byMethod, 'en');
    expect(table.header).toEqual(paymentMethodHeader);
    expect(table.rows).toEqual([
      ['Card', 2, 40, 0, 0, 40, 1, 20, 0, 0, 20],
      ['Cash', 1, 10, 1, 5, 5, 0, 0, 0, 0, 0],
      ['Bank transfer', 0, 0, 1, 30, -30, 0, 0, 0, 0, 0],
      // Σ amount is net (50.00); its net after refunds is the report's (50.00 − 35.00).
      ['Total', 3, 50, 2, 35, 15, 1, 20, 0, 0, 20],
    ]);
    expect(table.money).toEqual([
      false,
      false,
      true,
      false,
      true,
      true,
      false,
      true,
      false,
      true,
      true,
    ]);
    const malay = reportTable(byMethod, 'my');
    expect(malay.rows.map((r) => r[0])).toEqual(['Kad', 'Tunai', 'Pindahan bank', 'Jumlah']);
    expect(malay.header[3]).toBe('Bilangan bayaran balik');
  });

  it('leave the previous columns out without a compared period', () => {
    const table = reportTable({ ...byMethod, previous: null }, 'en');
    expect(table.columns).toEqual([
      'payment_method',
      'payments',
      'amount',
      'refund_count',
      'refunds',
      'net_after_refunds',
    ]);
    expect(table.rows.at(-1)).toEqual(['Total', 3, 50, 2, 35, 15]);
  });
});
