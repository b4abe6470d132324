import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ZReport } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { CloseDayDialog } from './close-day-dialog';
import { retype } from '../../../test/user-steps';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetToasts();
});

const outlets = [
  { id: 'o-kl', code: 'KL01', name: 'Bukit Bintang', timezone: 'Asia/Kuala_Lumpur' },
  { id: 'o-pg', code: 'PG01', name: 'Georgetown', timezone: 'Asia/Kuala_Lumpur' },
];

const report: ZReport = {
  id: 'z1',
  outlet_id: 'o-kl',
  outlet_name: 'Bukit Bintang',
  business_date: '2026-03-15',
  closed_at: '2026-03-15T14:00:00.000Z',
  closed_by: 'Tan Wei Ming',
  orders: 42,
  rejected: 2,
  subtotal: 50000,
  discount: 1000,
  service_charge: 2500,
  service_tax: 3090,
  delivery_fees: 500,
  rounding: -3,
  total: 55087,
  by_payment_method: [
    { method: 'cash', count: 30, amount: 35087 },
    { method: 'duitnow_qr', count: 12, amount: 20000 },
  ],
  refunds_by_method: [],
  refunds: 0,
  voided: 0,
  voided_paid: 0,
  void_refunds: 0,
  cash_taken: 35087,
  cash_refunds: 0,
  expected_cash: 35087,
  shifts: [],
};

function renderDialog(handler: Parameters<typeof mockFetch>[0]) {
  const calls = mockFetch(handler);
  const onClosed = vi.fn();
  renderWithProviders(
    <CloseDayDialog
      open
      onClose={() => undefined}
      outlets={outlets}
      choosable
      onClosed={onClosed}
    />,
  );
  return { calls, onClosed };
}

async function chooseOutlet(name: string) {
  await userEvent.click(screen.getByTestId('close-day-outlet'));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('close day', () => {
  it('starts at the current business day in Malaysia (before 04:00 it is still yesterday)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 02:30 on 16 March in Kuala Lumpur
    vi.setSystemTime(new Date('2026-03-15T18:30:00Z'));
    renderDialog(() => undefined);
    expect(screen.getByTestId('close-day-date')).toHaveValue('2026/03/15');
  });

  it('lists the open orders the server names, each linking to its details', async () => {
    const { calls, onClosed } = renderDialog((call) => {
      if (call.url === '/api/orders/close-day')
        return {
          status: 409,
          body: {
            code_message: 'orders_still_open',
            message: '2 orders are still open: KL01-20260315-0007, KL01-20260315-0009.',
            details: [
              { path: 'KL01-20260315-0007', message: 'PENDING' },
              { path: 'KL01-20260315-0009', message: 'APPROVED' },
              // An earlier day's order still open holds the day too, named with its day.
              { path: 'KL01-0003 (2026/03/14)', message: 'PENDING' },
            ],
          },
        };
      if (call.url.startsWith('/api/orders?')) {
        const status = new URL(call.url, 'http://x').searchParams.get('status');
        const rows =
          status === 'PENDING'
            ? [
                { id: 'id-7', order_no: 'KL01-20260315-0007', business_date: '2026-03-15' },
                { id: 'id-3', order_no: 'KL01-0003', business_date: '2026-03-14' },
              ]
            : status === 'APPROVED'
              ? [{ id: 'id-9', order_no: 'KL01-20260315-0009', business_date: '2026-03-15' }]
              : [];
        return { body: { data: rows, meta: { page: 1, page_size: 100, total: rows.length } } };
      }
      return undefined;
    });
    await chooseOutlet('Bukit Bintang');
    await retype(screen.getByTestId('close-day-date'), '2026-03-15');
    await userEvent.click(screen.getByTestId('close-day-submit'));

    const open = await screen.findByTestId('close-day-open-orders');
    expect(open).toHaveTextContent('3 orders are still open');
    const links = within(open).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/order/details/id-7',
      '/order/details/id-9',
      '/order/details/id-3',
    ]);
    expect(links[0]).toHaveAccessibleName('Open order KL01-20260315-0007');
    expect(within(open).getByText('Approved')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/orders/close-day')?.body).toEqual({
      outlet_id: 'o-kl',
      business_date: '2026-03-15',
    });
    // The open orders were looked up at that outlet, up to that day.
    const lookups = calls.filter((c) => c.url.startsWith('/api/orders?'));
    expect(lookups).toHaveLength(3);
    for (const lookup of lookups) {
      const params = new URL(lookup.url, 'http://x').searchParams;
      expect(params.get('outlet')).toBe('o-kl');
      expect(params.get('from')).toBeNull();
      expect(params.get('to')).toBe('2026-03-15');
    }
    expect(onClosed).not.toHaveBeenCalled();
    expect(screen.queryByTestId('z-report')).toBeNull();
  });

  it('lists the shifts still open, each till with its cashier', async () => {
    renderDialog((call) =>
      call.url === '/api/orders/close-day'
        ? {
            status: 409,
            body: {
              code_message: 'shifts_still_open',
              message: '1 shift is still open: Till 1 (Aisyah Rahman). Close them first.',
              details: [
                { path: 'Till 1', message: 'Aisyah Rahman', at: '2026-03-15T01:05:00.000Z' },
              ],
            },
          }
        : undefined,
    );
    await chooseOutlet('Bukit Bintang');
    await userEvent.click(screen.getByTestId('close-day-submit'));
    const open = await screen.findByTestId('close-day-open-shifts');
    expect(open).toHaveTextContent('1 shift is still open');
    // 01:05 UTC is 09:05 in Kuala Lumpur.
    expect(within(open).getByTestId('close-day-open-shift')).toHaveTextContent(
      'Till 1: Aisyah Rahman, open since 09:05',
    );
    expect(screen.queryByTestId('close-day-error')).toBeNull();
  });

  it('shows the day’s open shifts before the close is tried', async () => {
    const { calls } = renderDialog((call) =>
      call.url.startsWith('/api/shifts?')
        ? {
            body: {
              data: [
                {
                  id: 's1',
                  outlet_id: 'o-kl',
                  outlet_name: 'Bukit Bintang',
                  till_id: 't1',
                  till_name: 'Bar counter',
                  cashier_id: 'u1',
                  cashier_name: 'Aisyah Rahman',
                  business_date: '2026-03-15',
                  status: 'open',
                  opened_at: '2026-03-15T00:30:00.000Z',
                  closed_at: null,
                  opening_float: 10000,
                  expected: null,
                  counted: null,
                  variance: null,
                },
              ],
              meta: { page: 1, page_size: 100, total: 1 },
            },
          }
        : undefined,
    );
    await chooseOutlet('Bukit Bintang');
    const before = await screen.findByTestId('close-day-shifts-before');
    expect(before).toHaveTextContent('1 shift of this day is open');
    // 00:30 UTC is 08:30 in Kuala Lumpur.
    expect(within(before).getByTestId('close-day-shift-before')).toHaveTextContent(
      'Bar counter: Aisyah Rahman, open since 08:30',
    );
    const lookup = calls.find((c) => c.url.startsWith('/api/shifts?'))!;
    const params = new URL(lookup.url, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toMatchObject({ outlet_id: 'o-kl', status: 'open' });
    // The chosen business day only.
    expect(params.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(params.get('to')).toBe(params.get('from'));
  });

  it('shows the Z-report once the day is closed', async () => {
    const { onClosed } = renderDialog((call) =>
      call.url === '/api/orders/close-day' ? { body: { data: report } } : undefined,
    );
    await chooseOutlet('Bukit Bintang');
    await userEvent.click(screen.getByTestId('close-day-submit'));
    const view = await screen.findByTestId('z-report');
    expect(view).toHaveTextContent('Bukit Bintang');
    expect(view).toHaveTextContent('2026/03/15');
    expect(view).toHaveTextContent('Cash (30)350.87');
    expect(view).toHaveTextContent('DuitNow QR (12)200.00');
    expect(screen.getByTestId('z-report-total')).toHaveTextContent('RM 550.87');
    expect(screen.getByTestId('z-report-expected-cash')).toHaveTextContent('RM 350.87');
    expect(onClosed).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('cannot close without an outlet', () => {
    renderDialog(() => undefined);
    expect(screen.getByTestId('close-day-submit')).toBeDisabled();
  });
});
