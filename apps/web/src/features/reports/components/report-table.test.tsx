import { screen, within } from '@testing-library/react';
import type { SalesFigures, SalesReport } from '@kopi/contract';
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

describe('report table money columns', () => {
  it('go gross, discounts, net sales, service charge, SST, tax total, total: net below gross', () => {
    renderWithProviders(<ReportTable report={report} view="total-sales" labelOf={(r) => r.key} />);
    const headers = within(screen.getByTestId('report-table'))
      .getAllByRole('columnheader')
      .map((h) => h.getAttribute('data-col'));
    const money = headers.filter((c) =>
      ['gross', 'net_sales', 'service_charge', 'service_tax', 'tax_total', 'net'].includes(c!),
    );
    // Discounts show from 1280 px; the others at every width (jsdom matches no breakpoint).
    expect(money).toEqual([
      'gross',
      'net_sales',
      'service_charge',
      'service_tax',
      'tax_total',
      'net',
    ]);
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
    expect(screen.getByRole('columnheader', { name: 'Net sales (RM)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Tax and charges (RM)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Total (RM)' })).toBeInTheDocument();
  });
});
