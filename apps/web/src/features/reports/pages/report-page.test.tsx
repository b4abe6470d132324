import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesFigures, SalesReport } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { retype } from '../../../test/user-steps';

vi.mock('../components/report-chart', () =>
  import('../components/test-report-chart').then((m) => m.fakeReportChart),
);

const { kl, pg } = testOutlets;

const figures = (net: number, orders: number, refunds = 0): SalesFigures => ({
  orders,
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

function answer(url: URL): SalesReport {
  const q = url.searchParams;
  const from = q.get('from')!;
  const to = q.get('to')!;
  const base = {
    from,
    to,
    days: 1,
    outlet_id: q.get('outlet_id'),
    previous: { from: '2026-01-01', to: '2026-01-07' },
    // Figures that tell the requests apart: one outlet sold less than all of them.
    totals: q.get('outlet_id')
      ? { current: figures(40_000, 10, 500), previous: figures(50_000, 12) }
      : { current: figures(123_450, 30, 1_000), previous: figures(0, 0) },
  };
  if (q.get('group_by') === 'outlet')
    return {
      ...base,
      group_by: 'outlet',
      rows: [
        {
          key: kl,
          label: 'Kuala Lumpur',
          previous_key: kl,
          current: figures(83_450, 20),
          previous: figures(0, 0),
        },
        {
          key: pg,
          label: 'Penang',
          previous_key: pg,
          current: figures(40_000, 10),
          previous: figures(20_000, 5),
        },
      ],
    };
  if (q.get('group_by') === 'payment_method')
    return {
      ...base,
      group_by: 'payment_method',
      rows: [
        {
          key: 'cash',
          label: null,
          previous_key: 'cash',
          current: { payments: 20, amount: 100_000 },
          previous: { payments: 0, amount: 0 },
        },
        {
          key: 'tng',
          label: null,
          previous_key: 'tng',
          current: { payments: 12, amount: 23_450 },
          previous: { payments: 1, amount: 1_000 },
        },
      ],
      refunds_by_method: [
        { key: 'cash', current: { refunds: 2, amount: 700 }, previous: { refunds: 0, amount: 0 } },
        {
          key: 'bank_transfer',
          current: { refunds: 1, amount: 300 },
          previous: { refunds: 1, amount: 250 },
        },
      ],
    };
  return {
    ...base,
    group_by: 'day',
    rows: [
      {
        key: from,
        label: null,
        previous_key: '2026-01-01',
        current: base.totals.current,
        previous: base.totals.previous,
      },
    ],
  };
}

installReportTestHooks();
afterEach(() => {
  freshness = undefined;
});

/** What the server says of a replica that lags (none unless a test sets it). */
let freshness: { as_of: string; lag_seconds: number } | undefined;

function renderReport(
  route: string,
  { bound = false, can = (() => true) as (action: string, subject: string) => boolean } = {},
) {
  setTestSession(
    {
      id: 'u1',
      tenant_id: 't1',
      id_outlet: bound ? kl : null,
      outlet_name: bound ? 'Kuala Lumpur' : null,
    },
    { token: 'tok' },
  );
  return renderReportPage(
    route,
    (url) => ({ ...answer(url), ...(freshness ? { freshness } : {}) }),
    can,
  );
}

const today = () => businessToday(defaultBusinessClock);

describe('report page', () => {
  it('asks for the last 7 business days by day and shows the KPIs against the previous period', async () => {
    const calls = renderReport('/report');
    const net = await screen.findByTestId('report-kpi-net');
    await waitFor(() =>
      expect(within(net).getByTestId('report-kpi-net-value')).toHaveTextContent('RM 1,234.50'),
    );
    const week = presetRange('last-7-days', today());
    expect(reportCalls(calls)[0]).toEqual({ group_by: 'day', ...week, compare: 'previous' });
    // Nothing sold before: no percent to show.
    expect(within(net).getByTestId('report-kpi-net-change')).toHaveTextContent('New');
    expect(screen.getByTestId('report-kpi-orders-value')).toHaveTextContent('30');
    expect(screen.getByTestId('report-kpi-average-ticket-value')).toHaveTextContent('RM 41.15');
    expect(screen.getByTestId('report-kpi-refunds-value')).toHaveTextContent('RM 10.00');
    // Net after refunds: 1,234.50 − 10.00.
    expect(screen.getByTestId('report-kpi-net-after-refunds-value')).toHaveTextContent(
      'RM 1,224.50',
    );
    expect(screen.getByTestId('report-range-last-7-days')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('report-table')).toHaveAttribute('data-group-by', 'day');
    expect(screen.queryByTestId('report-freshness')).toBeNull();
  });

  it('says how old the figures are when they come from a lagging read replica', async () => {
    freshness = { as_of: '2026-03-15T04:00:00.000Z', lag_seconds: 12 };
    renderReport('/report');
    // 04:00 UTC is 12:00 in Kuala Lumpur.
    expect(await screen.findByTestId('report-freshness')).toHaveTextContent(
      'Figures as of 2026/03/15 12:00:00 (the reporting copy is 12 s behind)',
    );
  });

  it('switches view with the tabs and keeps it in the URL', async () => {
    const calls = renderReport('/report?range=yesterday');
    await screen.findByTestId('report-table');
    await userEvent.click(screen.getByRole('tab', { name: 'By outlet' }));
    await waitFor(() => expect(currentLocation()).toBe('/report?view=by-outlet&range=yesterday'));
    await waitFor(() =>
      expect(screen.getByTestId('report-table')).toHaveAttribute('data-group-by', 'outlet'),
    );
    const rows = screen.getAllByTestId('report-row');
    expect(rows.map((r) => r.getAttribute('data-key'))).toEqual([kl, pg]);
    expect(rows[1]).toHaveTextContent('Penang');
    // 400.00 against 200.00.
    expect(within(rows[1]!).getByText('+100.0%')).toBeInTheDocument();
    const yesterday = presetRange('yesterday', today());
    expect(reportCalls(calls).at(-1)).toEqual({
      group_by: 'outlet',
      ...yesterday,
      compare: 'previous',
    });
    expect(screen.getByTestId('report-total-row')).toHaveTextContent('1,234.50');
  });

  it('shows net after refunds beside net sales, row by row and in the total', async () => {
    renderReport(`/report?outlet=${pg}`);
    await waitFor(() =>
      expect(screen.getByTestId('report-kpi-net-after-refunds-value')).toHaveTextContent(
        'RM 395.00',
      ),
    );
    const table = screen.getByTestId('report-table');
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(header).toContain('Net after refunds (RM)');
    const [row] = screen.getAllByTestId('report-row');
    // 400.00 sold, 5.00 refunded.
    expect(row!.querySelector('[data-col="net_after_refunds"]')).toHaveTextContent('395.00');
    expect(
      screen.getByTestId('report-total-row').querySelector('[data-col="net_after_refunds"]'),
    ).toHaveTextContent('395.00');
    // The previous period had no refunds: its net after refunds is its net.
    expect(screen.getByTestId('report-kpi-net-after-refunds')).toHaveTextContent(
      'Previous period: RM 500.00',
    );
  });

  it('names payment methods and shows each one’s share', async () => {
    renderReport('/report?view=by-payment-method');
    const rows = await screen.findAllByTestId('report-row');
    expect(rows[0]).toHaveTextContent('Cash');
    expect(rows[0]).toHaveTextContent('81.0%');
    expect(rows[1]).toHaveTextContent("Touch 'n Go eWallet");
    expect(screen.getByTestId('report-total-row')).toHaveTextContent('100.0%');
  });

  it('lists the refunds by method under the payment methods, and the net after them', async () => {
    renderReport('/report?view=by-payment-method');
    const refunds = await screen.findAllByTestId('report-refund-row');
    expect(refunds.map((r) => r.getAttribute('data-key'))).toEqual(['cash', 'bank_transfer']);
    const cells = (row: HTMLElement) =>
      Array.from(row.querySelectorAll('td')).map((c) => [c.dataset.col, c.textContent]);
    expect(cells(refunds[0]!)).toEqual([
      ['payment_method', 'Cash'],
      ['refund_count', '2'],
      ['refunds', '7.00'],
      ['previous_refund_count', '0'],
      ['previous_refunds', '0.00'],
    ]);
    expect(cells(refunds[1]!)[0]).toEqual(['payment_method', 'Bank transfer']);
    expect(cells(screen.getByTestId('report-refunds-total-row'))).toEqual([
      ['payment_method', 'Total'],
      ['refund_count', '3'],
      ['refunds', '10.00'],
      ['previous_refund_count', '1'],
      ['previous_refunds', '2.50'],
    ]);
    expect(screen.getByTestId('report-net-after-refunds')).toHaveTextContent(
      'Amount paid RM 1,234.50 less refunds RM 10.00: net after refunds RM 1,224.50.',
    );
  });

  it('range presets and the outlet filter change the request', async () => {
    const calls = renderReport('/report');
    await screen.findByTestId('report-table');
    await userEvent.click(screen.getByTestId('report-range-this-month'));
    await waitFor(() => expect(currentLocation()).toBe('/report?range=this-month'));
    await waitFor(() =>
      expect(reportCalls(calls).at(-1)).toMatchObject(presetRange('this-month', today())),
    );
    await userEvent.click(screen.getByTestId('report-outlet'));
    await userEvent.click(await screen.findByRole('option', { name: 'Penang' }));
    await waitFor(() => expect(currentLocation()).toBe(`/report?range=this-month&outlet=${pg}`));
    await waitFor(() => expect(reportCalls(calls).at(-1)?.outlet_id).toBe(pg));
    await waitFor(() =>
      expect(screen.getByTestId('report-kpi-net-value')).toHaveTextContent('RM 400.00'),
    );
    // 400.00 against 500.00.
    expect(screen.getByTestId('report-kpi-net-change')).toHaveTextContent('-20.0%');
  });

  it('a custom range keeps its dates in the URL', async () => {
    const calls = renderReport('/report?range=custom&from=2026-01-05&to=2026-01-20');
    await screen.findByTestId('report-table');
    // SPEC §9 dates in the fields, whatever the browser's own date format.
    expect(screen.getByTestId('report-from')).toHaveValue('2026/01/05');
    expect(reportCalls(calls)[0]).toMatchObject({ from: '2026-01-05', to: '2026-01-20' });
    expect(screen.getByTestId('report-period')).toHaveTextContent(
      '2026/01/05 – 2026/01/20 (16 business days)',
    );
  });

  it('takes a typed YYYY/MM/DD date when the field is left, and refuses a day that does not exist', async () => {
    const calls = renderReport('/report?range=custom&from=2026-01-05&to=2026-01-20');
    await screen.findByTestId('report-table');
    const to = screen.getByTestId('report-to');
    await retype(to, '2026/02/30');
    await userEvent.tab();
    expect(await screen.findByText('The date is invalid')).toBeInTheDocument();
    expect(currentLocation()).toBe('/report?range=custom&from=2026-01-05&to=2026-01-20');
    await retype(to, '2026/2/3{Enter}');
    await waitFor(() =>
      expect(currentLocation()).toBe('/report?range=custom&from=2026-01-05&to=2026-02-03'),
    );
    await waitFor(() => expect(reportCalls(calls).at(-1)).toMatchObject({ to: '2026-02-03' }));
    expect(to).toHaveValue('2026/02/03');
    expect(screen.queryByText('The date is invalid')).not.toBeInTheDocument();
  });

  it('says why a custom range cannot be shown, and does not ask for it', async () => {
    const calls = renderReport('/report?range=custom&from=2026-03-10&to=2026-03-01');
    expect(await screen.findByText('The date is before 2026/03/10')).toBeInTheDocument();
    expect(reportCalls(calls)).toEqual([]);
    expect(screen.getByTestId('report-export-csv')).toBeDisabled();
    expect(screen.queryByTestId('report-kpis')).not.toBeInTheDocument();
  });

  it('hides the outlet filter from staff bound to an outlet and never sends one', async () => {
    const calls = renderReport(`/report?outlet=${pg}`, { bound: true });
    await screen.findByTestId('report-table');
    expect(screen.queryByTestId('report-outlet')).not.toBeInTheDocument();
    expect(reportCalls(calls)[0]).not.toHaveProperty('outlet_id');
    expect(screen.getByTestId('report-period')).toHaveTextContent('Kuala Lumpur');
    expect(calls.some((c) => c.url.includes('outlets'))).toBe(false);
  });

  it('offers the outlets of the report to a user without read outlet (finance)', async () => {
    const finance = (action: string, subject: string) =>
      action === 'read' && ['report', 'order', 'dashboard'].includes(subject);
    const calls = renderReport('/report', { can: finance });
    await screen.findByTestId('report-table');
    await userEvent.click(screen.getByTestId('report-outlet'));
    await userEvent.click(await screen.findByRole('option', { name: 'Penang' }));
    await waitFor(() => expect(reportCalls(calls).at(-1)?.outlet_id).toBe(pg));
    expect(calls.some((c) => c.url.startsWith('/api/outlets'))).toBe(false);
  });

  it('exports the report on screen as CSV and XLSX', async () => {
    const calls = renderReport(`/report?view=by-outlet&outlet=${pg}`);
    await screen.findByTestId('report-table');
    const [csv, xlsx] = await exportCsvAndXlsx(calls);
    expect(csv).toEqual({
      group_by: 'outlet',
      ...presetRange('last-7-days', today()),
      outlet_id: pg,
      compare: 'previous',
      format: 'csv',
      // The file's headers and names in the screen's language.
      lang: 'en',
    });
    expect(xlsx?.format).toBe('xlsx');
  });
});
