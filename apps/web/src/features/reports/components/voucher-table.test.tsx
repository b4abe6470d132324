import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  reportFileColumns,
  type SalesFigures,
  type SalesReport,
  type VoucherFigures,
} from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ReportTable } from './report-table';

// The by-voucher table (decision 053): discount given is the discount less what give-backs handed
// back, sales with a voucher are the sales less their refunds; a voucher's campaigns open under
// it. Every expected amount is worked out here from the figures sent.

const sales: SalesFigures = {
  orders: 9,
  gross: 9_000,
  discount: 900,
  service_charge: 0,
  service_tax: 486,
  delivery_fee: 0,
  rounding: 0,
  net: 8_586,
  refunds: 954,
  rejected: 0,
  rejected_total: 0,
};
const figures = (
  redemptions: number,
  returned: number,
  off: number,
  sales: number,
  refunds: number,
): VoucherFigures => ({
  redemptions,
  discount: redemptions * off,
  sales,
  returned,
  returned_discount: returned * off,
  refunds,
});
// "Three off" (RM 3.00): 2 redemptions of a campaign's codes, 1 of its shared code given back.
const june = figures(2, 0, 300, 2 * 742, 0);
const plain = figures(1, 1, 300, 742, 742);
const threeOff = figures(3, 1, 300, 3 * 742, 742);
// "One off" (RM 1.00), no campaign: 2 redemptions, a partial refund of RM 2.00.
const oneOff = figures(2, 0, 100, 2 * 954, 200);

const voucherReport = (previous: VoucherFigures | null): SalesReport => ({
  group_by: 'voucher',
  from: '2026-06-08',
  to: '2026-06-14',
  days: 7,
  outlet_id: null,
  previous: previous ? { from: '2026-06-01', to: '2026-06-07' } : null,
  totals: { current: sales, previous: previous ? sales : null },
  rows: [
    {
      key: 'v-three',
      label: 'Three off',
      label_my: 'Tiga',
      previous_key: 'v-three',
      current: threeOff,
      previous,
      campaigns: [
        { key: 'c-june', label: 'June push', label_my: null, current: june, previous: null },
        { key: null, label: null, label_my: null, current: plain, previous },
      ],
    },
    {
      key: 'v-one',
      label: 'One off',
      label_my: null,
      previous_key: 'v-one',
      current: oneOff,
      previous: previous ? oneOff : null,
      campaigns: [{ key: null, label: null, label_my: null, current: oneOff, previous: null }],
    },
  ],
});

const cellText = (row: Element, col: string) =>
  row.querySelector(`[data-col="${col}"]`)?.textContent;
const render = (report: SalesReport) =>
  renderWithProviders(
    <ReportTable report={report} view="by-voucher" labelOf={(r) => r.label ?? r.key} />,
  );

describe('report table by voucher', () => {
  it("shows each voucher's figures in the export's order, and their total", () => {
    render(voucherReport(null));
    const shown = within(screen.getByTestId('report-table'))
      .getAllByRole('columnheader')
      .map((h) => h.getAttribute('data-col')!);
    expect(shown).toEqual([
      'voucher',
      'redemptions',
      'returned',
      'discount_given',
      'voucher_sales',
      'refunds',
    ]);
    // The file's voucher columns (voucher-report-export.ts) in its order; refunds follow the
    // sales they were taken from.
    const fileOrder = reportFileColumns.filter((c) => (shown as string[]).includes(c));
    expect(shown.filter((c) => c !== 'refunds')).toEqual(fileOrder.filter((c) => c !== 'refunds'));
    expect(screen.getByRole('columnheader', { name: 'Discount given (RM)' })).toBeInTheDocument();
    expect(
      screen.getByRole('columnheader', { name: 'Sales with a voucher after refunds (RM)' }),
    ).toBeInTheDocument();

    const [three, one] = screen.getAllByTestId('report-row');
    // 3 × 3.00 off, 3.00 given back: 6.00 given; 3 × 7.42 of sales less 7.42 refunded.
    expect(cellText(three!, 'redemptions')).toBe('3');
    expect(cellText(three!, 'returned')).toBe('1');
    expect(cellText(three!, 'discount_given')).toBe('6.00');
    expect(cellText(three!, 'voucher_sales')).toBe('14.84');
    expect(cellText(three!, 'refunds')).toBe('7.42');
    expect(cellText(one!, 'discount_given')).toBe('2.00');
    expect(cellText(one!, 'voucher_sales')).toBe('17.08');
    const total = screen.getByTestId('report-total-row');
    expect(cellText(total, 'voucher')).toBe('Total');
    expect(cellText(total, 'redemptions')).toBe('5');
    expect(cellText(total, 'returned')).toBe('1');
    expect(cellText(total, 'discount_given')).toBe('8.00');
    expect(cellText(total, 'voucher_sales')).toBe('31.92');
    expect(cellText(total, 'refunds')).toBe('9.42');
  });

  it('opens a voucher’s campaigns under it; a voucher no campaign issued has none', async () => {
    const user = userEvent.setup();
    render(voucherReport(null));
    const toggles = screen.getAllByTestId('report-row-toggle');
    expect(toggles).toHaveLength(1);
    expect(screen.queryAllByTestId('report-sub-row')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Show the campaigns of Three off' }));
    const subs = screen.getAllByTestId('report-sub-row');
    expect(subs.map((r) => [r.getAttribute('data-parent'), cellText(r, 'voucher')])).toEqual([
      ['v-three', 'June push'],
      ['v-three', 'No campaign'],
    ]);
    expect(cellText(subs[0]!, 'redemptions')).toBe('2');
    expect(cellText(subs[0]!, 'discount_given')).toBe('6.00');
    expect(cellText(subs[1]!, 'discount_given')).toBe('0.00');
    expect(cellText(subs[1]!, 'voucher_sales')).toBe('0.00');
    expect(toggles[0]).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Hide the campaigns of Three off' }));
    expect(screen.queryAllByTestId('report-sub-row')).toHaveLength(0);
  });

  it('compares the discount given with the previous period', () => {
    // Previously 4 redemptions, 1 given back: 9.00 given; now 6.00, a third less.
    render(voucherReport(figures(4, 1, 300, 0, 0)));
    const shown = within(screen.getByTestId('report-table'))
      .getAllByRole('columnheader')
      .map((h) => h.getAttribute('data-col'));
    expect(shown.slice(-2)).toEqual(['previous_discount_given', 'change']);
    const [three] = screen.getAllByTestId('report-row');
    expect(cellText(three!, 'previous_discount_given')).toBe('9.00');
    expect(three!.querySelector('[data-col="change"] [data-direction]')).toHaveAttribute(
      'data-direction',
      'down',
    );
    expect(cellText(three!, 'change')).toMatch(/33\.3/);
    // Total: 9.00 + 2.00 before, 6.00 + 2.00 now.
    expect(cellText(screen.getByTestId('report-total-row'), 'previous_discount_given')).toBe(
      '11.00',
    );
  });

  it('says when no voucher was used in the range', () => {
    render({ ...voucherReport(null), rows: [] });
    expect(screen.getByTestId('report-empty')).toHaveTextContent(
      'No voucher was used, given back or refunded in this range.',
    );
    expect(screen.queryByTestId('report-total-row')).toBeNull();
  });
});
