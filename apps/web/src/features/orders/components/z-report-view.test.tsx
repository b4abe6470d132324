import { screen } from '@testing-library/react';
import type { ZReport } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ZReportView } from './z-report-view';

// The Z-report lists the refunds that completed on its day by method, and shows that what the
// drawer should hold is the cash takings less the cash refunds.

const report: ZReport = {
  id: 'z2',
  outlet_id: 'o-kl',
  outlet_name: 'Bukit Bintang',
  business_date: '2026-03-16',
  closed_at: '2026-03-16T14:00:00.000Z',
  closed_by: 'Tan Wei Ming',
  orders: 10,
  rejected: 0,
  subtotal: 20000,
  discount: 0,
  service_charge: 0,
  service_tax: 1200,
  delivery_fees: 0,
  rounding: 0,
  total: 21200,
  by_payment_method: [
    { method: 'cash', count: 6, amount: 12000 },
    { method: 'card', count: 4, amount: 9200 },
  ],
  refunds_by_method: [
    { method: 'bank_transfer', count: 1, amount: 2000 },
    { method: 'card', count: 1, amount: 1060 },
    { method: 'cash', count: 2, amount: 500 },
  ],
  refunds: 3560,
  expected_cash: 11500,
  shifts: [],
};

describe('Z-report view', () => {
  it('lists refunds by method and takes the cash ones out of the expected cash', () => {
    renderWithProviders(<ZReportView report={report} />);
    expect(screen.getByTestId('z-report-refund-cash')).toHaveTextContent('Cash (2)-5.00');
    expect(screen.getByTestId('z-report-refund-card')).toHaveTextContent('Card (1)-10.60');
    expect(screen.getByTestId('z-report-refund-bank_transfer')).toHaveTextContent(
      'Bank transfer (1)-20.00',
    );
    expect(screen.getByTestId('z-report-refunds')).toHaveTextContent('Refunds-35.60');
    // 212.00 sold, 35.60 given back.
    expect(screen.getByTestId('z-report-net-after-refunds')).toHaveTextContent('NET AFTER REFUNDS');
    expect(screen.getByTestId('z-report-net-after-refunds')).toHaveTextContent('RM 176.40');
    // 120.00 taken in cash, 5.00 of it given back in cash: 115.00 in the drawer.
    expect(screen.getByTestId('z-report-cash-takings')).toHaveTextContent('Cash takings120.00');
    expect(screen.getByTestId('z-report-cash-refunds')).toHaveTextContent('Less cash refunds-5.00');
    expect(screen.getByTestId('z-report-expected-cash')).toHaveTextContent('RM 115.00');
    expect(screen.getByTestId('z-report')).toHaveTextContent(
      "Cash takings net of change, less cash refunds. Each till's float and cash in and out are in its shift.",
    );
    expect(screen.getByTestId('z-report')).not.toHaveTextContent('before any float');
    expect(screen.getByTestId('z-report')).toHaveTextContent('No shifts');
  });

  it("lists the day's shifts with their variances", () => {
    renderWithProviders(
      <ZReportView
        report={{
          ...report,
          shifts: [
            {
              id: 's1',
              till_name: 'Till 1',
              cashier_name: 'Aminah',
              status: 'closed',
              opened_at: '2026-06-10T00:00:00Z',
              closed_at: '2026-06-10T08:00:00Z',
              expected: 20000,
              counted: 19950,
              variance: -50,
            },
            {
              id: 's2',
              till_name: 'Till 2',
              cashier_name: 'Ben',
              status: 'open',
              opened_at: '2026-06-10T09:00:00Z',
              closed_at: null,
              expected: null,
              counted: null,
              variance: null,
            },
          ],
        }}
      />,
    );
    const lines = screen.getAllByTestId('z-report-shift');
    expect(lines[0]).toHaveTextContent('Till 1 · Aminahvariance -0.50');
    expect(lines[1]).toHaveTextContent('Till 2 · Benstill open');
  });

  it('says so when no refund completed on the day', () => {
    renderWithProviders(
      <ZReportView
        report={{ ...report, refunds_by_method: [], refunds: 0, expected_cash: 12000 }}
      />,
    );
    expect(screen.getByTestId('z-report')).toHaveTextContent('No refunds');
    expect(screen.getByTestId('z-report-net-after-refunds')).toHaveTextContent('RM 212.00');
    expect(screen.getByTestId('z-report-cash-refunds')).toHaveTextContent('0.00');
    expect(screen.getByTestId('z-report-expected-cash')).toHaveTextContent('RM 120.00');
  });
});
