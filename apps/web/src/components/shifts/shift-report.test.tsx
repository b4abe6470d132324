import { screen, within } from '@testing-library/react';
import type { MoneyWorking, ShiftView } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { testShift } from '../../test/shift';
import {
  expectEveryFigureAddsUp,
  openWorking,
  workingCounts,
  workingRows,
} from '../../test/working';
import { ShiftReport } from './shift-report';

// The shift report's figures follow decision 049 and each opens to the rows of the shift's
// working it is summed from, whose sum reads as the figure does.

afterEach(() => vi.unstubAllGlobals());

// Till 1's shift, float RM 100.00. Rung up in it:
//   KL01-0007  sale  1500 (100 off), cash       KL01-0008  sale  2000, card
//   KL01-0009  void  800 paid in cash, then rejected
// Paid from its drawer: R-0004 500 cash of KL01-0007 (a sale's), R-0005 800 cash of the void,
// R-0006 300 by card of KL01-0007 of the day before (numbers start again each day).
// Moved: RM 2.00 in ("Change float"), RM 10.00 out to the bank.
const order = (id: string, no: string, countsAs: 'sale' | 'void', total: number, discount = 0) => ({
  id,
  order_no: no,
  business_date: '2026-06-10',
  status: countsAs === 'sale' ? ('COMPLETED' as const) : ('REJECTED' as const),
  source: 'pos-apps' as const,
  serving_method: 'dine_in' as const,
  created_at: '2026-06-10T02:00:00.000Z',
  counts_as: countsAs,
  subtotal: total + discount,
  discount,
  service_charge: 0,
  service_tax: 0,
  delivery_fee: 0,
  rounding: 0,
  total,
  paid: total,
});
const line = (
  id: string,
  no: string,
  countsAs: 'sale' | 'void',
  method: 'cash' | 'card',
  amount: number,
) => ({
  order_id: id,
  order_no: no,
  business_date: '2026-06-10',
  counts_as: countsAs,
  method,
  amount,
  at: '2026-06-10T02:00:00.000Z',
});
const refund = (
  id: string,
  no: string,
  of: [string, string, string],
  countsAs: 'sale' | 'void',
  paidBy: 'cash' | 'card',
  amount: number,
) => ({
  id,
  refund_no: no,
  order_id: of[0],
  order_no: of[1],
  order_business_date: of[2],
  counts_as: countsAs,
  paid_by: paidBy,
  amount,
  completed_at: '2026-06-10T05:00:00.000Z',
  business_date: '2026-06-10',
});

const working: MoneyWorking = {
  orders: [
    order('o7', 'KL01-0007', 'sale', 1500, 100),
    order('o8', 'KL01-0008', 'sale', 2000),
    order('o9', 'KL01-0009', 'void', 800),
  ],
  payments: [
    line('o7', 'KL01-0007', 'sale', 'cash', 1500),
    line('o8', 'KL01-0008', 'sale', 'card', 2000),
    line('o9', 'KL01-0009', 'void', 'cash', 800),
  ],
  refunds: [
    refund('r4', 'R-0004', ['o7', 'KL01-0007', '2026-06-10'], 'sale', 'cash', 500),
    refund('r5', 'R-0005', ['o9', 'KL01-0009', '2026-06-10'], 'void', 'cash', 800),
    refund('r6', 'R-0006', ['o0', 'KL01-0007', '2026-06-09'], 'sale', 'card', 300),
  ],
  movements: [
    {
      id: 'm1',
      kind: 'cash_in',
      reason: 'other',
      amount: 200,
      note: 'Change float',
      by_name: 'Aminah',
      at: '2026-06-10T03:00:00.000Z',
    },
    {
      id: 'm2',
      kind: 'cash_out',
      reason: 'bank_drop',
      amount: 1000,
      note: null,
      by_name: 'Aminah',
      at: '2026-06-10T04:00:00.000Z',
    },
  ],
};

// The report, each figure worked out by decision 049 from the rows above.
const shift = testShift({
  orders: 2, // the sales: 0007 and 0008
  sales_total: 3500,
  sales_by_method: [
    { method: 'cash', count: 1, amount: 1500 }, // the void's 800 is not a sale's
    { method: 'card', count: 1, amount: 2000 },
  ],
  discounts: 100,
  voids: { count: 1, amount: 800 },
  // Every refund paid from the drawer, the void's too: 500 + 800 cash, 300 card.
  refunds_by_method: [
    { method: 'cash', count: 2, amount: 1300 },
    { method: 'card', count: 1, amount: 300 },
  ],
  refunds: 1600,
  movements: working.movements,
  figures: {
    opening_float: 10_000,
    cash_taken: 2300, // 1500 + the void's 800
    cash_refunds: 1300,
    cash_in: 200,
    cash_out: 1000,
    cash_topups: 0,
    expected: 10_200, // 10000 + 2300 − 1300 + 200 − 1000
  },
});

function renderShift(w: MoneyWorking = working) {
  const calls = mockFetch((call) =>
    call.url === '/api/shifts/s1/working' ? { body: { data: w } } : undefined,
  );
  renderWithProviders(<ShiftReport shift={shift} />, { can: () => true });
  return calls;
}

describe('shift report', () => {
  it("calls the drawer's takings cash taken, voids included", () => {
    renderShift();
    const report = screen.getByTestId('shift-report');
    expect(screen.getByTestId('shift-report-cash-taken')).toHaveTextContent('Cash taken23.00');
    expect(report).not.toHaveTextContent('Cash sales');
    expect(screen.getByTestId('shift-report-voids')).toHaveTextContent('Voids (1)8.00');
    expect(screen.getByTestId('shift-report-expected')).toHaveTextContent('Expected102.00');
    // A movement without a note says its reason in words.
    expect(report).toHaveTextContent('Cash out · Bank drop-10.00');
  });

  it('opens every figure to rows whose sum reads as the figure does', async () => {
    renderShift();
    const figures = await expectEveryFigureAddsUp(screen.getByTestId('shift-report'));
    expect(figures).toEqual(
      [
        'orders',
        'sales',
        'method-cash',
        'method-card',
        'discounts',
        'voids',
        'refunds',
        'refund-cash',
        'refund-card',
        'cash-taken',
        'cash-refunds',
        'cash-in',
        'cash-out',
        'expected',
      ].map((id) => `shift-report-${id}`),
    );
  }, 120_000);

  it('marks the void among the cash taken and the refunds, and keeps it out of the sales', async () => {
    renderShift();
    expect(await workingCounts('shift-report-cash-taken')).toEqual([
      ['Sale', '15.00'],
      ['Void', '8.00'],
    ]);
    expect(await workingCounts('shift-report-method-cash')).toEqual([['Sale', '15.00']]);
    const refunds = workingRows(await openWorking('shift-report-refund-cash'));
    expect(refunds.map((r) => r.countsAs)).toEqual(['Sale', 'Void']);
    expect(refunds[0]!.text).toContain('R-0004');
    expect(refunds[1]!.text).toContain('R-0005');
  });

  it('lists the float and every cash move behind the expected cash', async () => {
    renderShift();
    const dialog = await openWorking('shift-report-expected');
    expect(workingRows(dialog).map((r) => [r.record, r.amount])).toEqual([
      ['float', '100.00'],
      ['payment', '15.00'],
      ['payment', '8.00'],
      ['refund', '-5.00'],
      ['refund', '-8.00'],
      ['movement', '2.00'],
      ['movement', '-10.00'],
    ]);
    expect(within(dialog).getByTestId('working-total')).toHaveTextContent('102.00');
    expect(dialog).toHaveTextContent('Change float');
    expect(dialog).toHaveTextContent('Bank drop');
  });

  it('says so when the working is empty', async () => {
    renderShift({ orders: [], payments: [], refunds: [], movements: [] });
    const dialog = await openWorking('shift-report-voids');
    expect(within(dialog).getByTestId('working-empty')).toBeInTheDocument();
  });

  it('exports the shift working as CSV in the screen language', async () => {
    const calls = renderShift();
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
    const dialog = await openWorking('shift-report-sales');
    within(dialog).getByTestId('working-export').click();
    await vi.waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/api/shifts/s1/working/export?lang=en'),
    );
  });
});

describe('shift report of a blind count', () => {
  // The cashier's open shift as the server answers it with the blind count: no drawer figures,
  // no totals holding cash, no cash rows, no movements.
  const hidden: ShiftView = {
    ...shift,
    blind_count: true,
    figures: null,
    sales_total: null,
    refunds: null,
    sales_by_method: [{ method: 'card', count: 1, amount: 2000 }],
    refunds_by_method: [{ method: 'card', count: 1, amount: 300 }],
    movements: [],
  };

  it('prints the cash as hidden until the count, keeps the float, and opens no figure', () => {
    const calls = mockFetch(() => undefined);
    renderWithProviders(<ShiftReport shift={hidden} />, { can: () => true });
    const report = screen.getByTestId('shift-report');
    expect(report).toHaveTextContent(
      'Blind count: the cash shows once the drawer is counted at the close.',
    );
    expect(report).toHaveTextContent('SalesHidden');
    expect(report).toHaveTextContent('RefundsHidden');
    expect(report).toHaveTextContent('Opening float100.00');
    expect(screen.queryByTestId('shift-report-expected')).toBeNull();
    expect(screen.queryByTestId('shift-report-cash-taken')).toBeNull();
    // The working would add up to the expected cash: the server refuses it, no line opens it.
    const card = screen.getByTestId('shift-report-method-card');
    expect(card).toHaveTextContent('20.00');
    expect(card).not.toHaveAttribute('aria-haspopup');
    card.click();
    expect(calls).toEqual([]);
  });
});
