import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MoneyWorking, ZReport } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import {
  closeWorking,
  expectEveryFigureAddsUp,
  openWorking,
  workingCounts,
  workingRows,
} from '../../../test/working';
import { ZReportView } from './z-report-view';

// The Z-report's figures follow decision 049, and each opens to the rows of the day's working it
// is summed from, whose sum reads exactly as the figure does.

afterEach(() => vi.unstubAllGlobals());

// Bukit Bintang's 2026-03-16, row by row:
//   KL01-0001  sale      1000 − 100 + 54 SST + 1 rounding = 955, paid 955 cash
//   KL01-0002  sale      2000 + 200 SC + 132 SST + 500 delivery = 2832, paid 2000 card + 832 cash
//   KL01-0003  void      1060 paid in cash, then rejected
//   KL01-0004  rejected  500, never paid
//   R-0001  300 cash back, of KL01-0001 of the 15th (numbers start again each day): a sale's
//   R-0002  1060 cash back, of the void KL01-0003
//   R-0003  500 by bank transfer, of KL01-0002
const order = (
  id: string,
  no: string,
  countsAs: 'sale' | 'void' | 'rejected',
  m: { subtotal: number; discount?: number; sc?: number; sst: number; fee?: number; r?: number },
  paid: number,
) => {
  const [discount, sc, fee, r] = [m.discount ?? 0, m.sc ?? 0, m.fee ?? 0, m.r ?? 0];
  return {
    id,
    order_no: no,
    business_date: '2026-03-16',
    status: countsAs === 'sale' ? ('CLOSED' as const) : ('REJECTED' as const),
    source: 'pos-apps' as const,
    serving_method: 'pick_up' as const,
    created_at: '2026-03-16T02:00:00.000Z',
    counts_as: countsAs,
    subtotal: m.subtotal,
    discount,
    service_charge: sc,
    service_tax: m.sst,
    delivery_fee: fee,
    rounding: r,
    total: m.subtotal - discount + sc + m.sst + fee + r,
    paid,
  };
};
const payment = (
  orderId: string,
  no: string,
  countsAs: 'sale' | 'void',
  method: 'cash' | 'card',
  amount: number,
) => ({
  order_id: orderId,
  order_no: no,
  business_date: '2026-03-16',
  counts_as: countsAs,
  method,
  amount,
  at: '2026-03-16T02:00:00.000Z',
});
const refund = (
  id: string,
  no: string,
  of: { id: string; no: string; date: string },
  countsAs: 'sale' | 'void',
  paidBy: 'cash' | 'bank_transfer',
  amount: number,
) => ({
  id,
  refund_no: no,
  order_id: of.id,
  order_no: of.no,
  order_business_date: of.date,
  counts_as: countsAs,
  paid_by: paidBy,
  amount,
  completed_at: '2026-03-16T05:00:00.000Z',
  business_date: '2026-03-16',
});

const working: MoneyWorking = {
  orders: [
    order('o1', 'KL01-0001', 'sale', { subtotal: 1000, discount: 100, sst: 54, r: 1 }, 955),
    order('o2', 'KL01-0002', 'sale', { subtotal: 2000, sc: 200, sst: 132, fee: 500 }, 2832),
    order('o3', 'KL01-0003', 'void', { subtotal: 1000, sst: 60 }, 1060),
    order('o4', 'KL01-0004', 'rejected', { subtotal: 500, sst: 0 }, 0),
  ],
  payments: [
    payment('o1', 'KL01-0001', 'sale', 'cash', 955),
    payment('o2', 'KL01-0002', 'sale', 'card', 2000),
    payment('o2', 'KL01-0002', 'sale', 'cash', 832),
    payment('o3', 'KL01-0003', 'void', 'cash', 1060),
  ],
  refunds: [
    refund('r1', 'R-0001', { id: 'o0', no: 'KL01-0001', date: '2026-03-15' }, 'sale', 'cash', 300),
    refund('r2', 'R-0002', { id: 'o3', no: 'KL01-0003', date: '2026-03-16' }, 'void', 'cash', 1060),
    refund(
      'r3',
      'R-0003',
      { id: 'o2', no: 'KL01-0002', date: '2026-03-16' },
      'sale',
      'bank_transfer',
      500,
    ),
  ],
  movements: [],
};

// The report the close kept, each figure worked out by decision 049 from the rows above.
const report: ZReport = {
  id: 'z2',
  outlet_id: 'o-kl',
  outlet_name: 'Bukit Bintang',
  business_date: '2026-03-16',
  closed_at: '2026-03-16T14:00:00.000Z',
  closed_by: 'Tan Wei Ming',
  orders: 2, // the sales: 0001 and 0002
  rejected: 2, // 0003 (paid, a void) and 0004 (never paid)
  subtotal: 3000,
  discount: 100,
  service_charge: 200,
  service_tax: 186,
  delivery_fees: 500,
  rounding: 1,
  total: 3787, // 3000 − 100 + 200 + 186 + 500 + 1 = 955 + 2832
  by_payment_method: [
    { method: 'cash', count: 2, amount: 1787 }, // 955 + 832: the void's cash is not a sale's
    { method: 'card', count: 1, amount: 2000 },
  ],
  refunds_by_method: [
    { method: 'cash', count: 1, amount: 300 }, // R-0002 gave back a void: not a refund of a sale
    { method: 'bank_transfer', count: 1, amount: 500 },
  ],
  refunds: 800,
  voided: 1,
  voided_paid: 1060,
  void_refunds: 1060,
  cash_taken: 2847, // 955 + 832 + 1060: the void's cash came into the drawer
  cash_refunds: 1360, // 300 + 1060
  expected_cash: 1487, // 2847 − 1360
  shifts: [],
};

function renderReport(w: MoneyWorking = working, r: ZReport = report) {
  const calls = mockFetch((call) =>
    call.url.startsWith('/api/orders/z-reports/working?') ? { body: { data: w } } : undefined,
  );
  renderWithProviders(<ZReportView report={r} />, { can: () => true });
  return calls;
}

describe('Z-report view', () => {
  it('shows the figures of decision 049: sales apart from voids, the drawer with both', () => {
    renderReport();
    const line = (id: string) => screen.getByTestId(`z-report-${id}`);
    expect(line('orders')).toHaveTextContent('Orders2');
    expect(line('rejected')).toHaveTextContent('Rejected orders2');
    expect(line('discount')).toHaveTextContent('Discount-1.00');
    expect(line('delivery-fees')).toHaveTextContent('Delivery fees5.00');
    expect(line('total')).toHaveTextContent('TOTALRM 37.87');
    expect(line('method-cash')).toHaveTextContent('Cash (2)17.87');
    expect(line('refund-cash')).toHaveTextContent('Cash (1)-3.00');
    expect(line('refund-bank_transfer')).toHaveTextContent('Bank transfer (1)-5.00');
    expect(line('refunds')).toHaveTextContent('Refunds-8.00');
    // 37.87 sold, 8.00 of it given back: the void's refund is not a refund of a sale.
    expect(line('net-after-refunds')).toHaveTextContent('NET AFTER REFUNDSRM 29.87');
    expect(line('voids')).toHaveTextContent('Voids (1)10.60');
    expect(line('void-refunds')).toHaveTextContent('Refunds of voids-10.60');
    expect(line('cash-taken')).toHaveTextContent('Cash taken28.47');
    expect(line('cash-refunds')).toHaveTextContent('Cash refunds-13.60');
    expect(line('expected-cash')).toHaveTextContent('Expected cashRM 14.87');
    expect(screen.getByTestId('z-report')).toHaveTextContent(
      "Cash taken net of change (voided orders' too), less the cash refunds of sales and voids.",
    );
    expect(screen.getByTestId('z-report')).toHaveTextContent('No shifts');
  });

  it('opens every figure to rows whose sum reads as the figure does', async () => {
    const calls = renderReport();
    const figures = await expectEveryFigureAddsUp(screen.getByTestId('z-report'));
    // Orders, rejected, six sales figures, total, two methods, two refund methods, refunds, net
    // after refunds, voids, their refunds, cash taken, cash refunds, expected cash.
    expect(figures).toHaveLength(20);
    // The day's working, read for the report's outlet and day.
    expect(calls[0]!.url).toBe(
      '/api/orders/z-reports/working?outlet_id=o-kl&business_date=2026-03-16',
    );
    // Twenty dialogs opened and closed, each with its transitions, on a busy machine.
  }, 120_000);

  it('marks the void among the cash taken, and lists no void among the sales', async () => {
    renderReport();
    let dialog = await openWorking('z-report-cash-taken');
    expect(workingRows(dialog).map((r) => [r.record, r.countsAs, r.amount])).toEqual([
      ['payment', 'Sale', '9.55'],
      ['payment', 'Sale', '8.32'],
      ['payment', 'Void', '10.60'],
    ]);
    expect(workingRows(dialog)[2]!.text).toContain('KL01-0003');
    await closeWorking();

    expect(await workingCounts('z-report-total')).toEqual([
      ['Sale', '9.55'],
      ['Sale', '28.32'],
    ]);
    expect(await workingCounts('z-report-voids')).toEqual([['Void', '10.60']]);

    dialog = await openWorking('z-report-rejected');
    expect(workingRows(dialog).map((r) => r.countsAs)).toEqual(['Void', 'Rejected unpaid']);
  });

  it("lists the refunds of sales with their orders' days and links, not the void's", async () => {
    renderReport();
    const dialog = await openWorking('z-report-refunds');
    const rows = within(dialog).getAllByTestId('working-row');
    expect(rows).toHaveLength(2);
    // R-0001 gave back KL01-0001 of the 15th and counts on the 16th.
    expect(rows[0]).toHaveTextContent('R-0001');
    expect(rows[0]).toHaveTextContent('2026/03/15');
    expect(rows[0]).toHaveTextContent('2026/03/16');
    expect(rows[0]).toHaveTextContent('Cash');
    expect(within(rows[0]!).getByRole('link', { name: 'Open refund R-0001' })).toHaveAttribute(
      'href',
      '/refund/details/r1',
    );
    expect(
      within(rows[0]!).getByRole('link', { name: 'Open order KL01-0001 of 2026/03/15' }),
    ).toHaveAttribute('href', '/order/details/o0');
    expect(rows[1]).toHaveTextContent('Bank transfer');
    expect(dialog).not.toHaveTextContent('R-0002');
  });

  it('opens a payment method to its payment lines, by keyboard', async () => {
    renderReport();
    screen.getByTestId('z-report-method-cash').focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByTestId('working-dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('working-row')).toHaveLength(2));
    expect(within(dialog).getByRole('heading')).toHaveTextContent(
      'The working: By payment method: Cash',
    );
    const link = within(dialog).getAllByRole('link')[0]!;
    expect(link).toHaveAccessibleName('Open order KL01-0001 of 2026/03/16');
    expect(link).toHaveAttribute('href', '/order/details/o1');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('working-dialog')).toBeNull());
  });

  it('says so when nothing is behind a figure', async () => {
    renderReport(
      { orders: [], payments: [], refunds: [], movements: [] },
      { ...report, void_refunds: 0 },
    );
    const dialog = await openWorking('z-report-void-refunds');
    expect(within(dialog).getByTestId('working-empty')).toHaveTextContent(
      'No orders, payments or refunds behind this figure.',
    );
  });

  it('exports the working as CSV in the screen language', async () => {
    const calls = renderReport();
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
    const dialog = await openWorking('z-report-total');
    await userEvent.click(within(dialog).getByTestId('working-export'));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        '/api/orders/z-reports/working/export?outlet_id=o-kl&business_date=2026-03-16&lang=en',
      ),
    );
  });

  it("lists the day's shifts with their variances", () => {
    renderReport(working, {
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
    });
    const lines = screen.getAllByTestId('z-report-shift');
    expect(lines[0]).toHaveTextContent('Till 1 · Aminahvariance -0.50');
    expect(lines[1]).toHaveTextContent('Till 2 · Benstill open');
  });

  it('says so when no refund completed on the day', () => {
    renderReport(working, { ...report, refunds_by_method: [], refunds: 0 });
    expect(screen.getByTestId('z-report')).toHaveTextContent('No refunds');
    expect(screen.getByTestId('z-report-net-after-refunds')).toHaveTextContent('RM 37.87');
  });
});
