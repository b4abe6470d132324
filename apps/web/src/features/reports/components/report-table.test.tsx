import { screen, within } from '@testing-library/react';
import { reportFileColumns, type SalesFigures, type SalesReport } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ReportTable } from './report-table';

// A dine-in day: RM 20.00 of drinks, RM 2.00 off, 10% service charge and 6% SST on both.
const day: SalesFigures = {
  orders: 1,
  gross: 2000,
  discount: 200,
  service_charge: 180,
  service_tax: 119,
  delivery_fee: 0,
  rounding: 1,
  net: 2100,
  refunds: 0,
  rejected: 0,
  rejected_total: 0,
};

const report: SalesReport = {
  group_by: 'day',
  from: '2026-06-08',
  to: '2026-06-08',
  days: 1,
  outlet_id: null,
  previous: null,
  totals: { current: day, previous: null },
  rows: [{ key: '2026-06-08', label: null, previous_key: null, current: day, previous: null }],
};

// Two outlets' figures, each total the sum of its terms, with delivery fees, rounding both ways
// and refunds (one outlet gave back more than it kept).
const kl: SalesFigures = {
  orders: 12,
  gross: 48_000,
  discount: 1_500,
  service_charge: 2_400,
  service_tax: 2_934,
  delivery_fee: 1_000,
  rounding: -3,
  net: 48_000 - 1_500 + 2_400 + 2_934 + 1_000 - 3,
  refunds: 2_050,
  rejected: 1,
  rejected_total: 900,
};
const pg: SalesFigures = {
  orders: 1,
  gross: 800,
  discount: 0,
  service_charge: 0,
  service_tax: 48,
  delivery_fee: 500,
  rounding: 2,
  net: 800 + 48 + 500 + 2,
  refunds: 1_500,
  rejected: 0,
  rejected_total: 0,
};
const sum = (a: SalesFigures, b: SalesFigures) =>
  Object.fromEntries(
    Object.keys(a).map((k) => [k, a[k as keyof SalesFigures] + b[k as keyof SalesFigures]]),
  ) as unknown as SalesFigures;
const byOutlet: SalesReport = {
  group_by: 'outlet',
  from: '2026-06-08',
  to: '2026-06-08',
  days: 1,
  outlet_id: null,
  previous: null,
  totals: { current: sum(kl, pg), previous: null },
  rows: [
    { key: 'o-kl', label: 'Kuala Lumpur', previous_key: null, current: kl, previous: null },
    { key: 'o-pg', label: 'Penang', previous_key: null, current: pg, previous: null },
  ],
};

/** A cell's amount as shown ("1,234.50", "-0.03"), in sen. */
const senOf = (row: Element, col: string) => {
  const text = row.querySelector(`[data-col="${col}"]`)?.textContent;
  expect(text, col).toBeDefined();
  return Math.round(Number(text!.replaceAll(',', '')) * 100);
};

describe('report table money columns', () => {
  it('go gross, discounts, net sales, service charge, SST, tax total, total: net below gross', () => {
    renderWithProviders(<ReportTable report={report} view="total-sales" labelOf={(r) => r.key} />);
    const [row] = screen.getAllByTestId('report-row');
    const cell = (col: string) => row!.querySelector(`[data-col="${col}"]`);
    expect(cell('gross')).toHaveTextContent('20.00');
    expect(cell('net_sales')).toHaveTextContent('18.00');
    expect(cell('service_charge')).toHaveTextContent('1.80');
    expect(cell('service_tax')).toHaveTextContent('1.19');
    expect(cell('tax_total')).toHaveTextContent('2.99');
    expect(cell('net')).toHaveTextContent('21.00');
    const total = screen.getByTestId('report-total-row');
    expect(total.querySelector('[data-col="tax_total"]')).toHaveTextContent('2.99');
    // On screens below 1920 px (jsdom's is 1024 px wide) net sales gives way; it is in the page.
    const netSales = screen.getByTestId('report-table').querySelector('th[data-col="net_sales"]');
    expect(netSales).toHaveTextContent('Net sales (RM)');
    expect(netSales).not.toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Tax and charges (RM)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Total (RM)' })).toBeInTheDocument();
  });

  it("holds the export's sales columns in the export's order; below 1920 px the parts of two sums give way on screen", () => {
    // jsdom's useMediaQuery matches no breakpoint, but its CSS is that of a 1024 px screen.
    renderWithProviders(
      <ReportTable report={byOutlet} view="by-outlet" labelOf={(r) => r.label ?? r.key} />,
    );
    const headers = within(screen.getByTestId('report-table')).getAllByRole('columnheader', {
      hidden: true,
    });
    // Each row still adds up with what shows: tax and charges is the sum of its parts.
    const hidden = headers.filter((h) => getComputedStyle(h).display === 'none');
    expect(hidden.map((h) => h.getAttribute('data-col'))).toEqual([
      'net_sales',
      'service_charge',
      'service_tax',
    ]);
    const inPage = headers.map((h) => h.getAttribute('data-col')!);
    expect(inPage).toEqual([
      'outlet',
      'orders',
      'gross',
      'discount',
      'net_sales',
      'service_charge',
      'service_tax',
      'tax_total',
      'delivery_fee',
      'rounding',
      'net',
      'refunds',
      'net_after_refunds',
    ]);
    expect(reportFileColumns.filter((c) => (inPage as string[]).includes(c))).toEqual(inPage);
    expect(screen.getByRole('columnheader', { name: 'Delivery fees (RM)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Rounding (RM)' })).toBeInTheDocument();
  });

  it('adds up on every row and the total: gross − discounts + tax and charges + delivery fees + rounding = total', () => {
    renderWithProviders(
      <ReportTable report={byOutlet} view="by-outlet" labelOf={(r) => r.label ?? r.key} />,
    );
    const rows = [...screen.getAllByTestId('report-row'), screen.getByTestId('report-total-row')];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const at = (col: string) => senOf(row, col);
      const name = row.textContent!.slice(0, 12);
      expect(at('net_sales'), name).toBe(at('gross') - at('discount'));
      expect(at('tax_total'), name).toBe(at('service_charge') + at('service_tax'));
      expect(at('net'), name).toBe(
        at('gross') - at('discount') + at('tax_total') + at('delivery_fee') + at('rounding'),
      );
      expect(at('net_after_refunds'), name).toBe(at('net') - at('refunds'));
    }
    // The figures as sent, not just a sum that holds: Penang kept 13.50 and gave back 15.00.
    const penang = screen.getAllByTestId('report-row')[1]!;
    expect(senOf(penang, 'delivery_fee')).toBe(500);
    expect(senOf(penang, 'rounding')).toBe(2);
    expect(senOf(penang, 'net')).toBe(1_350);
    expect(senOf(penang, 'net_after_refunds')).toBe(-150);
    expect(senOf(screen.getByTestId('report-total-row'), 'rounding')).toBe(-1);
  });
});
