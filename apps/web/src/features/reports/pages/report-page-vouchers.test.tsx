import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesFigures, SalesReport, VoucherFigures } from '@kopi/contract';
import { describe, expect, it, vi } from 'vitest';
import { businessToday, defaultBusinessClock } from '../../../lib/business-clock';
import { testOutlets } from '../../../test/fetch-mock';
import { currentLocation } from '../../../test/render';
import { setTestSession } from '../../../test/session';
import { presetRange } from '../range';
import {
  exportCsvAndXlsx,
  installReportTestHooks,
  renderReportPage,
  reportCalls,
} from './report-page-test-kit';

// The "By voucher" tab of /report: the API's group_by=voucher with the range, outlet and
// comparison of the other views, the vouchers' names in the screen's language, and the export.

vi.mock('../components/report-chart', () =>
  import('../components/test-report-chart').then((m) => m.fakeReportChart),
);

const { pg } = testOutlets;
const sales: SalesFigures = {
  orders: 4,
  gross: 4_000,
  discount: 400,
  service_charge: 0,
  service_tax: 216,
  delivery_fee: 0,
  rounding: 0,
  net: 3_816,
  refunds: 0,
  rejected: 0,
  rejected_total: 0,
};
// Two RM 2.00 redemptions of sales of RM 9.54, none given back or refunded.
const used: VoucherFigures = {
  redemptions: 2,
  discount: 400,
  sales: 1_908,
  returned: 0,
  returned_discount: 0,
  refunds: 0,
};

function answer(url: URL): SalesReport {
  const q = url.searchParams;
  const outlet = q.get('outlet_id');
  return {
    group_by: 'voucher',
    from: q.get('from')!,
    to: q.get('to')!,
    days: 7,
    outlet_id: outlet,
    previous: { from: '2026-01-01', to: '2026-01-07' },
    totals: { current: sales, previous: sales },
    // Penang used no voucher.
    rows:
      outlet === pg
        ? []
        : [
            {
              key: 'v-two',
              label: 'Two off',
              label_my: 'Dua ringgit',
              previous_key: 'v-two',
              current: used,
              previous: { ...used, redemptions: 1, discount: 200 },
              campaigns: [
                {
                  key: 'c-june',
                  label: 'June push',
                  label_my: 'Kempen Jun',
                  current: used,
                  previous: null,
                },
              ],
            },
          ],
  };
}

installReportTestHooks();

function renderReport(route: string) {
  setTestSession({ id: 'u1', tenant_id: 't1', id_outlet: null, outlet_name: null }, { token: 'tok' });
  return renderReportPage(route, answer);
}
const week = () => presetRange('last-7-days', businessToday(defaultBusinessClock));

describe('report page by voucher', () => {
  it('asks for the vouchers of the range when its tab is chosen, compared with before', async () => {
    const calls = renderReport('/report');
    await userEvent.click(await screen.findByRole('tab', { name: 'By voucher' }));
    await waitFor(() => expect(currentLocation()).toBe('/report?view=by-voucher'));
    await waitFor(() =>
      expect(screen.getByTestId('report-table')).toHaveAttribute('data-group-by', 'voucher'),
    );
    expect(reportCalls(calls).at(-1)).toEqual({
      group_by: 'voucher',
      ...week(),
      compare: 'previous',
    });
    const [row] = screen.getAllByTestId('report-row');
    expect(row).toHaveAttribute('data-key', 'v-two');
    expect(within(row!).getByText('Two off')).toBeInTheDocument();
    // 4.00 given against 2.00 before.
    expect(within(row!).getByText('+100.0%')).toBeInTheDocument();
    expect(screen.getByText(/Discount given is what redemptions took off/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show the campaigns of Two off' }));
    expect(screen.getByTestId('report-sub-row')).toHaveTextContent('June push');
  });

  it('narrows to an outlet, and says when it used no voucher', async () => {
    const calls = renderReport(`/report?view=by-voucher&outlet=${pg}`);
    expect(await screen.findByTestId('report-empty')).toHaveTextContent(
      'No voucher was used, given back or refunded in this range.',
    );
    expect(reportCalls(calls).at(-1)).toMatchObject({ group_by: 'voucher', outlet_id: pg });
  });

  it('exports the vouchers on screen as CSV and XLSX', async () => {
    const calls = renderReport('/report?view=by-voucher');
    await screen.findByTestId('report-row');
    const [csv, xlsx] = await exportCsvAndXlsx(calls);
    expect(csv).toEqual({
      group_by: 'voucher',
      ...week(),
      compare: 'previous',
      format: 'csv',
      lang: 'en',
    });
    expect(xlsx).toMatchObject({ group_by: 'voucher', format: 'xlsx' });
  });
});
