import { AbilityProvider } from '@casl/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard } from '@kopi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppAbility } from '../../../lib/abilities';
import { businessClockStore } from '../../../lib/business-clock';
import { emptySession, sessionStore } from '../../../lib/session/session-store';
import { mockFetch, outletFilterAnswer, testOutlets, type Call } from '../../../test/fetch-mock';
import { fakeLive } from '../../../test/live-socket';
import { renderWithProviders } from '../../../test/render';
import { setTestSession } from '../../../test/session';
import { DashboardPage } from './dashboard-page';

// The page listens to the session's live socket; the test stands in for it.
vi.mock('../../../lib/session/session-runtime', () =>
  import('../../../test/live-socket').then((m) => m.fakeSessionRuntime),
);
vi.mock('../components/hourly-chart', () => ({
  HourlyChart: ({ hours }: { hours: Dashboard['by_hour'] }) => (
    <div data-testid="dashboard-hourly-chart" data-hours={hours.length} />
  ),
}));
const emit = (outlet: string | null) =>
  fakeLive.emit({
    event_id: 1,
    type: 'order.created',
    message: { id_order: 'x', outlet_id: outlet },
  });

const { kl, pg } = testOutlets;
const zero = {
  orders: 0,
  gross: 0,
  discount: 0,
  service_charge: 0,
  service_tax: 0,
  delivery_fee: 0,
  rounding: 0,
  net: 0,
  refunds: 0,
  rejected: 0,
  rejected_total: 0,
};

let openTotal = 3;
function dashboard(outletId: string | null): Dashboard {
  return {
    outlet_id: outletId,
    business_date: '2026-03-15',
    compare_date: '2026-03-08',
    timezone: 'Asia/Kuching',
    cutoff_hour: 5,
    generated_at: '2026-03-15T04:00:00.000Z',
    today: { ...zero, orders: 12, net: outletId ? 20_000 : 60_000, refunds: 5_000 },
    compare: { ...zero, orders: 20, net: 80_000, refunds: 10_000 },
    compare_until_now: { orders: 8, net: 40_000, refunds: 2_000 },
    customers: { new: 3, returning: 5, compare_new: 3, compare_returning: 4 },
    by_hour: Array.from({ length: 24 }, (_, i) => ({
      hour: (5 + i) % 24,
      orders: 0,
      net: 0,
      compare_orders: 0,
      compare_net: 0,
    })),
    top_products: [
      {
        product_id: 'p1',
        name: 'Kopi O',
        name_my: null,
        sku: 'KOP-002',
        quantity: 7,
        gross: 2_100,
      },
      { product_id: 'p2', name: 'Kek Batik', name_my: null, sku: 'BAK-003', quantity: 0, gross: 0 },
    ],
    outlets: [
      {
        outlet_id: kl,
        code: 'KL01',
        name: 'Kuala Lumpur',
        orders: 8,
        net: 40_000,
        compare_orders: 0,
        compare_net: 0,
      },
      {
        outlet_id: pg,
        code: 'PG01',
        name: 'Penang',
        orders: 4,
        net: 20_000,
        compare_orders: 2,
        compare_net: 9_000,
      },
    ],
    by_source: [
      { source: 'pos-apps', orders: 12_345, net: 45_000 },
      { source: 'mobile-apps', orders: 3, net: 15_000 },
    ],
    by_serving_method: [
      { serving_method: 'dine_in', orders: 6, net: 30_000 },
      { serving_method: 'pick_up', orders: 6, net: 30_000 },
      { serving_method: 'delivery', orders: 0, net: 0 },
    ],
    open_orders: {
      total: openTotal,
      created: 1,
      pending: openTotal - 1,
      approved: 0,
      by_outlet: [
        { outlet_id: kl, created: 1, pending: openTotal - 2, approved: 0 },
        { outlet_id: pg, created: 0, pending: 1, approved: 0 },
      ],
    },
  };
}

beforeEach(() => {
  openTotal = 3;
  fakeLive.status.setState('open');
  businessClockStore.setState({});
});
afterEach(() => {
  freshness = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.setState(emptySession);
  businessClockStore.setState({});
});

/** What the server says of a replica that lags (none unless a test sets it). */
let freshness: { as_of: string; lag_seconds: number } | undefined;

function renderDashboard({
  route = '/dashboard',
  tenant = 't1' as string | null,
  outlet = null as string | null,
  can = (() => true) as (a: string, s: string) => boolean,
} = {}) {
  setTestSession(
    {
      id: 'u1',
      fullname: 'Aisyah Rahman',
      tenant_id: tenant,
      tenant_name: tenant ? 'Kopi Demo' : null,
      id_outlet: outlet,
      outlet_name: outlet ? 'Kuala Lumpur' : null,
    },
    { token: 'tok', roleName: 'admin' },
  );
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/dashboard')
      return {
        body: {
          data: {
            ...dashboard(url.searchParams.get('outlet_id')),
            ...(freshness ? { freshness } : {}),
          },
        },
      };
    if (url.pathname === '/api/dashboard/outlets') return outletFilterAnswer();
    return undefined;
  });
  renderWithProviders(
    // The welcome view's shortcuts read the CASL ability, as in the shell.
    <AbilityProvider value={createAppAbility()}>
      <DashboardPage />
    </AbilityProvider>,
    { route, path: '/dashboard', can },
  );
  return calls;
}

const dashboardCalls = (calls: Call[]) =>
  calls
    .map((c) => new URL(c.url, 'http://x'))
    .filter((u) => u.pathname === '/api/dashboard')
    .map((u) => Object.fromEntries(u.searchParams));

describe('dashboard', () => {
  it('keeps the welcome view for a platform user outside any tenant', async () => {
    const calls = renderDashboard({ tenant: null });
    expect(screen.getByTestId('dashboard-welcome')).toHaveTextContent(
      'Welcome back, Aisyah Rahman',
    );
    expect(screen.getByText('Your pages')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-figures')).not.toBeInTheDocument();
    expect(dashboardCalls(calls)).toEqual([]);
  });

  it('keeps the welcome view without read dashboard', () => {
    const calls = renderDashboard({ can: (a, s) => !(a === 'read' && s === 'dashboard') });
    expect(screen.getByTestId('dashboard-welcome')).toBeInTheDocument();
    expect(dashboardCalls(calls)).toEqual([]);
  });

  it('shows today against the same weekday last week, so far and for the whole day', async () => {
    renderDashboard();
    expect(screen.getByTestId('dashboard-welcome')).toBeInTheDocument();
    const net = await screen.findByTestId('dashboard-kpi-net');
    await waitFor(() =>
      expect(within(net).getByTestId('dashboard-kpi-net-value')).toHaveTextContent('RM 600.00'),
    );
    // RM 600 today against RM 400 by this time last Sunday.
    expect(within(net).getByTestId('dashboard-kpi-net-change')).toHaveTextContent('+50.0%');
    expect(net).toHaveTextContent('2026/03/08 by this time: RM 400.00');
    expect(net).toHaveTextContent('Whole of 2026/03/08: RM 800.00');
    expect(screen.getByTestId('dashboard-kpi-orders-change')).toHaveTextContent('+50.0%');
    expect(screen.getByTestId('dashboard-kpi-returning-customers-change')).toHaveTextContent(
      '+25.0%',
    );
    expect(screen.getByTestId('dashboard-business-date')).toHaveTextContent(
      'Business day 2026/03/15, compared with 2026/03/08',
    );
    expect(await screen.findByTestId('dashboard-hourly-chart')).toHaveAttribute('data-hours', '24');
    // Nothing sold of a product is not a top product.
    expect(screen.getAllByTestId('dashboard-top-product')).toHaveLength(1);
    const outlets = screen.getAllByTestId('dashboard-outlet-row');
    expect(outlets.map((r) => r.getAttribute('data-code'))).toEqual(['KL01', 'PG01']);
    expect(outlets[1]).toHaveTextContent('Last week 90.00');
    expect(screen.getByTestId('dashboard-source-mobile-apps')).toHaveTextContent('3 orders');
    // SPEC §9: counts above 9999 in thousands with one decimal.
    expect(screen.getByTestId('dashboard-source-pos-apps')).toHaveTextContent('12.3k orders');
    expect(screen.getByTestId('dashboard-serving-dine_in')).toHaveTextContent('Dine in');
    expect(screen.getByTestId('dashboard-open-total')).toHaveTextContent('3');
    expect(screen.getByTestId('dashboard-open-PENDING')).toHaveAttribute('data-count', '2');
    expect(screen.getByRole('link', { name: 'Open the status board' })).toHaveAttribute(
      'href',
      '/app/status-order',
    );
  });

  it("says how old last week's figures are when they come from a lagging read replica", async () => {
    freshness = { as_of: '2026-03-15T04:00:00.000Z', lag_seconds: 9 };
    renderDashboard();
    // 04:00 UTC is 12:00 in Kuching (UTC+8), the dashboard's zone.
    expect(await screen.findByTestId('dashboard-freshness')).toHaveTextContent(
      'Figures for 2026/03/08 as of 2026/03/15 12:00:00 (the reporting copy is 9 s behind)',
    );
  });

  it("shows today's refunds and net after refunds against last week's", async () => {
    renderDashboard();
    const refunds = await screen.findByTestId('dashboard-kpi-refunds');
    await waitFor(() =>
      expect(within(refunds).getByTestId('dashboard-kpi-refunds-value')).toHaveTextContent(
        'RM 50.00',
      ),
    );
    // RM 50 today against RM 20 by this time last Sunday.
    expect(within(refunds).getByTestId('dashboard-kpi-refunds-change')).toHaveTextContent(
      '+150.0%',
    );
    expect(refunds).toHaveTextContent('2026/03/08 by this time: RM 20.00');
    expect(refunds).toHaveTextContent('Whole of 2026/03/08: RM 100.00');
    // Net after refunds: 600 − 50 today, 400 − 20 by this time, 800 − 100 for the whole day.
    const net = screen.getByTestId('dashboard-kpi-net-after-refunds');
    expect(within(net).getByTestId('dashboard-kpi-net-after-refunds-value')).toHaveTextContent(
      'RM 550.00',
    );
    expect(net).toHaveTextContent('2026/03/08 by this time: RM 380.00');
    expect(net).toHaveTextContent('Whole of 2026/03/08: RM 700.00');
    expect(within(net).getByTestId('dashboard-kpi-net-after-refunds-change')).toHaveTextContent(
      '+44.7%',
    );
  });

  it('remembers the tenant clock for the report presets', async () => {
    renderDashboard();
    await screen.findByTestId('dashboard-kpi-net-value');
    await waitFor(() =>
      expect(businessClockStore.getState()['t1:']).toEqual({
        timeZone: 'Asia/Kuching',
        cutoffHour: 5,
      }),
    );
  });

  it('refetches once for a burst of live order events', async () => {
    const calls = renderDashboard();
    await waitFor(() => expect(screen.getByTestId('dashboard-open-total')).toHaveTextContent('3'));
    const before = dashboardCalls(calls).length;
    openTotal = 5;
    emit(kl);
    emit(pg);
    emit(kl);
    await waitFor(() => expect(screen.getByTestId('dashboard-open-total')).toHaveTextContent('5'), {
      timeout: 3000,
    });
    expect(dashboardCalls(calls).length).toBe(before + 1);
  });

  it('filters by outlet through the URL, and only listens to that outlet', async () => {
    const calls = renderDashboard();
    await screen.findByTestId('dashboard-kpi-net-value');
    await userEvent.click(await screen.findByTestId('dashboard-outlet-filter'));
    await userEvent.click(await screen.findByRole('option', { name: 'Penang' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`outlet=${pg}`));
    await waitFor(() => expect(dashboardCalls(calls).at(-1)).toEqual({ outlet_id: pg }));
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-kpi-net-value')).toHaveTextContent('RM 200.00'),
    );
    const before = dashboardCalls(calls).length;
    emit(kl);
    await new Promise((r) => setTimeout(r, 1300));
    expect(dashboardCalls(calls).length).toBe(before);
    // An outlet's clock is not the tenant's: not remembered from a filtered answer.
    expect(Object.keys(businessClockStore.getState())).toEqual(['t1:']);
  });

  it('has no outlet filter for staff bound to an outlet', async () => {
    const calls = renderDashboard({ outlet: kl, route: `/dashboard?outlet=${pg}` });
    await screen.findByTestId('dashboard-kpi-net-value');
    expect(screen.queryByTestId('dashboard-outlet-filter')).not.toBeInTheDocument();
    expect(dashboardCalls(calls)[0]).toEqual({});
    expect(calls.some((c) => c.url.includes('outlets'))).toBe(false);
  });

  it('offers the outlets of the dashboard to a user without read outlet (finance)', async () => {
    const calls = renderDashboard({
      can: (action, subject) =>
        action === 'read' && ['dashboard', 'report', 'order'].includes(subject),
    });
    await screen.findByTestId('dashboard-kpi-net-value');
    await userEvent.click(await screen.findByTestId('dashboard-outlet-filter'));
    await userEvent.click(await screen.findByRole('option', { name: 'Penang' }));
    await waitFor(() => expect(dashboardCalls(calls).at(-1)).toEqual({ outlet_id: pg }));
    expect(calls.some((c) => c.url.startsWith('/api/outlets'))).toBe(false);
  });
});
