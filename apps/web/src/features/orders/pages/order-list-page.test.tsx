import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from '@kopi/contract';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { emptySession, sessionStore } from '../../../lib/session/session-store';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch, testOutlets, type Call } from '../../../test/fetch-mock';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { slowPage } from '../../../test/slow-page';
import { setTestSession } from '../../../test/session';
import { OrderListPage } from './order-list-page';

const { kl, pg } = testOutlets;

const summary = (n: number, overrides: Partial<OrderSummary> = {}): OrderSummary => ({
  id: `id-${n}`,
  order_no: `KL01-20260315-000${n}`,
  outlet_id: kl,
  outlet_name: 'Bukit Bintang',
  source: 'pos-apps',
  via: 'POS',
  serving_method: 'dine_in',
  table_no: 'T2',
  customer_name: null,
  customer_phone: null,
  payment_methods: ['cash'],
  status: 'PENDING',
  business_date: '2026-03-15',
  created_at: '2026-03-15T02:00:00.000Z',
  total: 1250,
  paid: 1250,
  refunded: 0,
  ...overrides,
});

const rows = [
  summary(1),
  summary(2, {
    source: 'mobile-apps',
    via: 'MOBILE',
    serving_method: 'delivery',
    table_no: null,
    customer_name: 'Aisyah',
    customer_phone: '+60123456789',
    payment_methods: ['card', 'tng'],
    status: 'COMPLETED',
    total: 123456,
    paid: 123456,
    refunded: 23456,
  }),
  // Rung up at 01:30 on the 16th, before the 04:00 cut-off: it counts on the 15th.
  summary(3, {
    status: 'CLOSED',
    payment_methods: ['card'],
    refunded: 1250,
    created_at: '2026-03-15T17:30:00.000Z',
  }),
];

beforeEach(() => {
  sessionStore.setState(emptySession);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  resetToasts();
  sessionStore.setState(emptySession);
  await i18n.changeLanguage('en');
});

const everything = () => true;

function renderList(route: string, can: (a: string, s: string) => boolean = everything) {
  const calls = mockFetch((call) => {
    if (call.url.startsWith('/api/orders?'))
      return { body: { data: rows, meta: { page: 1, page_size: 10, total: rows.length } } };
    if (call.url.startsWith('/api/orders/export?')) return { status: 200, body: 'a,b' };
    if (call.url === '/api/orders/outlets')
      return {
        body: {
          data: [
            { id: kl, name: 'Bukit Bintang', timezone: 'Asia/Kuala_Lumpur' },
            { id: pg, name: 'Georgetown', timezone: 'Asia/Kuala_Lumpur' },
          ],
        },
      };
    return undefined;
  });
  renderWithProviders(<OrderListPage />, { route, path: '/order/list', can });
  return calls;
}

const listCalls = (calls: Call[]) =>
  calls
    .filter((c) => c.url.startsWith('/api/orders?'))
    .map((c) => new URL(c.url, 'http://x').searchParams);

describe('order list', () => {
  it('asks a platform user outside any tenant to choose one, and asks the server nothing', async () => {
    setTestSession({ id: 'sa', tenant_id: null, acting_tenant_id: null });
    const calls = renderList('/order/list');
    const card = await screen.findByTestId('tenant-required');
    expect(card).toHaveTextContent('Choose a tenant to work in first.');
    expect(within(card).getByRole('link', { name: 'Choose a tenant' })).toHaveAttribute(
      'href',
      '/tenant',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.url.startsWith('/api/orders'))).toEqual([]);
  });

  it('shows each order: number, time in Malaysia, customer, outlet, via, serving, payments, total, status', async () => {
    renderList('/order/list');
    const row = await screen.findByTestId('order-row-KL01-20260315-0002');
    expect(row).toHaveTextContent('KL01-20260315-0002');
    expect(row).toHaveTextContent('2026/03/15 10:00:00');
    expect(row).toHaveTextContent('Aisyah');
    expect(row).toHaveTextContent('+60123456789');
    expect(row).toHaveTextContent('Bukit Bintang');
    expect(row).toHaveTextContent('MOBILE');
    expect(row).toHaveTextContent('Delivery');
    expect(row).toHaveTextContent("Card, Touch 'n Go eWallet");
    expect(row).toHaveTextContent('1,234.56');
    expect(row).toHaveTextContent('Completed');
    const first = screen.getByTestId('order-row-KL01-20260315-0001');
    expect(first).toHaveTextContent('POS');
    expect(first).toHaveTextContent('Walk-in');
    expect(first).toHaveTextContent('Dine in · T2');
  });

  it('shows each number with its business day, which an order after midnight shares with the day before', async () => {
    renderList('/order/list');
    const late = await screen.findByTestId('order-row-KL01-20260315-0003');
    const [numberCell, timeCell] = within(late).getAllByRole('cell');
    expect(numberCell).toHaveTextContent(/^KL01-20260315-00032026\/03\/15$/);
    expect(timeCell).toHaveTextContent('2026/03/16 01:30:00');
  });

  it('labels a partly and a fully refunded order with what went back, as the details do', async () => {
    renderList('/order/list');
    const part = await screen.findByTestId('order-row-KL01-20260315-0002');
    expect(within(part).getByTestId('order-list-refund-state')).toHaveTextContent(
      /^Partly refunded$/,
    );
    expect(within(part).getByTestId('order-list-refunded')).toHaveTextContent('Refunded 234.56');
    const full = screen.getByTestId('order-row-KL01-20260315-0003');
    expect(within(full).getByTestId('order-list-refund-state')).toHaveTextContent(/^Refunded$/);
    expect(within(full).getByTestId('order-list-refunded')).toHaveTextContent('Refunded 12.50');
    // Nothing went back: no label, no amount.
    const kept = screen.getByTestId('order-row-KL01-20260315-0001');
    expect(within(kept).queryByTestId('order-list-refund-state')).toBeNull();
    expect(within(kept).queryByTestId('order-list-refunded')).toBeNull();

    await act(() => i18n.changeLanguage('my'));
    expect(within(part).getByTestId('order-list-refund-state')).toHaveTextContent(
      'Dipulangkan sebahagian',
    );
    expect(within(part).getByTestId('order-list-refunded')).toHaveTextContent('Dipulangkan 234.56');
    expect(within(full).getByTestId('order-list-refund-state')).toHaveTextContent(/^Dipulangkan$/);
  });

  it('asks the server for the list the URL describes, and shows it in the controls', async () => {
    const calls = renderList(
      `/order/list?page=2&page_size=25&sort=-total&q=KL01&status=PENDING&outlet=${kl}`,
    );
    await screen.findByTestId('order-row-KL01-20260315-0001');
    const [first] = listCalls(calls);
    expect(Object.fromEntries(first!)).toEqual({
      page: '2',
      page_size: '25',
      sort: '-total',
      q: 'KL01',
      status: 'PENDING',
      outlet: kl,
    });
    expect(screen.getByTestId('order-search')).toHaveValue('KL01');
    expect(screen.getByTestId('order-filter-status')).toHaveTextContent('Pending');
    await waitFor(() =>
      expect(screen.getByTestId('order-filter-outlet')).toHaveTextContent('Bukit Bintang'),
    );
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('puts a changed filter in the URL and starts again at page 1', async () => {
    const calls = renderList('/order/list?page=3&status=PENDING');
    await screen.findByTestId('order-row-KL01-20260315-0001');
    await userEvent.click(screen.getByTestId('order-filter-source'));
    await userEvent.click(await screen.findByRole('option', { name: 'MOBILE' }));
    await waitFor(() =>
      expect(currentLocation()).toBe('/order/list?status=PENDING&source=mobile-apps'),
    );
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('source')).toBe('mobile-apps'));
    expect(listCalls(calls).at(-1)?.get('page')).toBe('1');

    await userEvent.type(screen.getByTestId('order-filter-from'), '2026/03/01{Enter}');
    await waitFor(() => expect(currentLocation()).toContain('from=2026-03-01'));

    await userEvent.type(screen.getByTestId('order-search'), 'Aisyah');
    await waitFor(() => expect(currentLocation()).toContain('q=Aisyah'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('q')).toBe('Aisyah'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentLocation()).toBe('/order/list'));
    expect(screen.getByTestId('order-search')).toHaveValue('');
  });

  it('exports the filtered list as CSV in the screen’s language, without paging', async () => {
    const calls = renderList(`/order/list?page=2&status=COMPLETED&outlet=${kl}&q=Aisyah`);
    await screen.findByTestId('order-row-KL01-20260315-0001');
    await userEvent.click(screen.getByTestId('order-export'));
    const exports = () =>
      calls
        .filter((c) => c.url.startsWith('/api/orders/export?'))
        .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
    await waitFor(() => expect(exports()).toHaveLength(1));
    expect(exports()[0]).toEqual({ status: 'COMPLETED', outlet: kl, q: 'Aisyah', lang: 'en' });
  });

  it('keeps paging and sorting in the URL', async () => {
    renderList('/order/list');
    await screen.findByTestId('order-row-KL01-20260315-0001');
    await userEvent.click(screen.getByRole('button', { name: 'Total (RM)' }));
    await waitFor(() => expect(currentLocation()).toBe('/order/list?sort=total'));
    await userEvent.click(screen.getByRole('button', { name: 'Total (RM)' }));
    await waitFor(() => expect(currentLocation()).toBe('/order/list?sort=-total'));
  });

  it('opens an order from its row, keeping the list to come back to', async () => {
    renderList('/order/list?status=COMPLETED');
    const row = await screen.findByTestId('order-row-KL01-20260315-0002');
    await userEvent.click(within(row).getByText('Aisyah'));
    expect(currentLocation()).toBe('/order/details/id-2');
  });

  it('opens the order clicked while a search typed just before is still waiting', async () => {
    // As in the app, the details page loads lazily inside a transition: the list stays mounted
    // until it has loaded, and its search (applied 300 ms after typing) must not undo the click.
    const { SlowDetails, release } = slowPage();
    mockFetch((call) =>
      call.url.startsWith('/api/orders?')
        ? { body: { data: rows, meta: { page: 1, page_size: 10, total: 2 } } }
        : { body: { data: [] } },
    );
    renderWithProviders(<OrderListPage />, {
      route: '/order/list',
      path: '/order/list',
      can: everything,
      extraRoutes: <Route path="/order/details/:id" element={<SlowDetails />} />,
    });
    const row = await screen.findByTestId('order-row-KL01-20260315-0002');
    await userEvent.type(screen.getByTestId('order-search'), 'Ais');
    await userEvent.click(within(row).getByText('Aisyah'));
    // The search's moment passes while the page is still loading.
    await new Promise((resolve) => setTimeout(resolve, 400));
    act(() => release());
    expect(await screen.findByText('details')).toBeInTheDocument();
    expect(currentLocation()).toBe('/order/details/id-2');
  });

  it('has no outlet filter for staff bound to an outlet', async () => {
    setTestSession({ tenant_id: 't1', id_outlet: kl, outlet_name: 'Bukit Bintang' });
    // A link shared by someone who may choose (naming another outlet, a 404 for this user).
    const calls = renderList(`/order/list?outlet=${pg}&status=PENDING`);
    await screen.findByTestId('order-row-KL01-20260315-0001');
    expect(screen.queryByTestId('order-filter-outlet')).toBeNull();
    expect(calls.some((c) => c.url.includes('outlets'))).toBe(false);
    const [params] = listCalls(calls);
    expect(params?.get('status')).toBe('PENDING');
    expect(params?.has('outlet')).toBe(false);
  });

  it('offers nothing to clear to bound staff when a shared link only named another outlet', async () => {
    setTestSession({ tenant_id: 't1', id_outlet: kl, outlet_name: 'Bukit Bintang' });
    const calls = renderList(`/order/list?outlet=${pg}`);
    await screen.findByTestId('order-row-KL01-20260315-0001');
    expect(listCalls(calls)[0]?.has('outlet')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    // A filter of their own still can be cleared.
    await userEvent.click(screen.getByTestId('order-filter-status'));
    await userEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('offers the outlets of the orders it reads to a user without read outlet', async () => {
    const calls = renderList(
      '/order/list',
      (action, subject) => action === 'read' && subject === 'order',
    );
    await screen.findByTestId('order-row-KL01-20260315-0001');
    await userEvent.click(screen.getByTestId('order-filter-outlet'));
    await userEvent.click(await screen.findByRole('option', { name: 'Georgetown' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('outlet')).toBe(pg));
    expect(calls.some((c) => c.url.startsWith('/api/outlets'))).toBe(false);
  });

  it('offers Close day only with close-day-order, and the Z-report with read order', async () => {
    renderList('/order/list', (action, subject) => action === 'read' && subject === 'order');
    await screen.findByTestId('order-row-KL01-20260315-0001');
    expect(screen.queryByTestId('order-close-day')).toBeNull();
    expect(screen.getByTestId('order-z-report')).toBeInTheDocument();
  });

  it('says so when no order matches the filters', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/orders?')
        ? { body: { data: [], meta: { page: 1, page_size: 10, total: 0 } } }
        : { body: { data: [] } },
    );
    renderWithProviders(<OrderListPage />, {
      route: '/order/list?status=REJECTED',
      path: '/order/list',
      can: everything,
    });
    expect(await screen.findByTestId('order-list-table-empty')).toHaveTextContent(
      'No orders match these filters.',
    );
  });
});
