import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  VoucherUsageDaily,
  VoucherUsageOngoing,
  VoucherUsageRedemption,
} from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptySession, sessionStore } from '../../../lib/session/session-store';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch, outletFilterAnswer, testOutlets, type Call } from '../../../test/fetch-mock';
import { fakeLive } from '../../../test/live-socket';
import { renderWithProviders } from '../../../test/render';
import { setTestSession } from '../../../test/session';
import { VoucherCampaignPage } from './voucher-campaign-page';

vi.mock('../../../lib/session/session-runtime', () =>
  import('../../../test/live-socket').then((m) => m.fakeSessionRuntime),
);
// The chart draws with @mui/x-charts (SVG measured in a real browser); here it only has to say
// what it was given.
vi.mock('../components/daily-usage-chart', () => ({
  DailyUsageChart: ({ data }: { data: VoucherUsageDaily }) => (
    <div data-testid="usage-daily-chart" data-days={data.days.length} />
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
  sessionStore.setState(emptySession);
});

const { kl, pg } = testOutlets;
const zero = {
  redemptions: 0,
  discount: 0,
  sales: 0,
  returned: 0,
  returned_discount: 0,
  refunds: 0,
};

const daily = (from: string, to: string, used: boolean): VoucherUsageDaily => {
  const day1 = used
    ? {
        redemptions: 3,
        discount: 450,
        sales: 5000,
        returned: 1,
        returned_discount: 150,
        refunds: 700,
      }
    : zero;
  return {
    from,
    to,
    outlet_id: null,
    days: [
      { date: from, ...day1 },
      { date: to, ...zero },
    ],
    totals: day1,
  };
};

const redemption = (
  id: string,
  patch: Partial<VoucherUsageRedemption> = {},
): VoucherUsageRedemption => ({
  id,
  order_id: `o-${id}`,
  order_no: `KL01-0${id}`,
  order_date: '2026-06-10',
  customer_name: 'Tan Mei Ling',
  customer_masked: false,
  outlet: { id: kl, code: 'KL01', name: 'Kuala Lumpur' },
  voucher: { id: 'v1', name_en: 'June treat', name_my: 'Hadiah Jun' },
  code: 'JUNE',
  campaign: null,
  source: 'pos',
  discount: 150,
  status: 'redeemed',
  redeemed_at: '2026-06-10T04:00:00.000Z',
  returned_at: null,
  ...patch,
});

const campaign: VoucherUsageOngoing = {
  id: 'c1',
  name_en: 'June campaign',
  name_my: 'Kempen Jun',
  voucher: { id: 'v1', name_en: 'June treat', name_my: null },
  starts_at: '2026-06-01T00:00:00.000Z',
  ends_at: '2026-07-01T00:00:00.000Z',
  issued: 3,
  redeemed: 1,
  redemption_rate_bp: 3333,
  discount_given: 150,
  sales: 901,
  days_left: 21,
};

interface Answers {
  used?: boolean;
  latest?: VoucherUsageRedemption[];
  ongoing?: VoucherUsageOngoing[];
  failDaily?: boolean;
}

function renderPage(route: string, answers: Answers = {}, extraTabs = false) {
  setTestSession({ id: 'u1', username: 'marketing', id_outlet: null });
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/outlets') return outletFilterAnswer();
    if (url.pathname === '/api/voucher-campaigns/usage/daily') {
      if (answers.failDaily) return { status: 500, body: { code_message: 'internal_error' } };
      const q = url.searchParams;
      return { body: { data: daily(q.get('from')!, q.get('to')!, answers.used ?? true) } };
    }
    if (url.pathname === '/api/voucher-campaigns/usage/latest')
      return { body: { data: answers.latest ?? [] } };
    if (url.pathname === '/api/voucher-campaigns/usage/ongoing')
      return { body: { data: answers.ongoing ?? [] } };
    if (url.pathname.endsWith('/export')) return { body: 'file' };
    return undefined;
  });
  renderWithProviders(
    <VoucherCampaignPage
      extraTabs={
        extraTabs
          ? [{ id: 'campaigns', label: 'Campaigns', render: () => <p>campaign list</p> }]
          : []
      }
    />,
    { route, can: () => true },
  );
  return calls;
}

const requests = (calls: Call[], path: string) =>
  calls
    .map((c) => new URL(c.url, 'http://localhost'))
    .filter((u) => u.pathname === path)
    .map((u) => Object.fromEntries(u.searchParams));

const cell = (row: HTMLElement, col: string) =>
  row.querySelector(`[data-col="${col}"]`)?.textContent?.replace(/\s/g, ' ');

describe('/voucher-campaign daily usage', () => {
  it('shows the last seven days with discount given and sales after give-backs and refunds', async () => {
    const calls = renderPage('/voucher-campaign');
    const table = await screen.findByTestId('usage-daily-table');
    expect(screen.getByTestId('usage-daily-chart')).toHaveAttribute('data-days', '2');
    const [request] = requests(calls, '/api/voucher-campaigns/usage/daily');
    const days = (Date.parse(request!.to!) - Date.parse(request!.from!)) / 86_400_000;
    expect(days).toBe(6);
    const total = table.querySelector<HTMLElement>('[data-key="total"]')!;
    // 450 − 150 given back; 5000 − 700 refunded.
    expect(cell(total, 'discount_given')).toMatch(/3\.00/);
    expect(cell(total, 'sales')).toMatch(/43\.00/);
    expect(cell(total, 'redemptions')).toBe('3');
    expect(cell(total, 'returned')).toBe('1');
  });

  it('filters by outlet and exports what is shown', async () => {
    const calls = renderPage('/voucher-campaign');
    await screen.findByTestId('usage-daily-table');
    await userEvent.click(screen.getByLabelText('Outlet'));
    await userEvent.click(await screen.findByRole('option', { name: 'Penang' }));
    await waitFor(() =>
      expect(requests(calls, '/api/voucher-campaigns/usage/daily').at(-1)).toMatchObject({
        outlet_id: pg,
      }),
    );
    await userEvent.click(screen.getByTestId('usage-daily-export-xlsx'));
    await waitFor(() =>
      expect(requests(calls, '/api/voucher-campaigns/usage/daily/export')).toEqual([
        expect.objectContaining({ outlet_id: pg, format: 'xlsx', lang: 'en' }),
      ]),
    );
  });

  it('says so when no voucher was used', async () => {
    renderPage('/voucher-campaign', { used: false });
    expect(await screen.findByTestId('usage-daily-empty')).toHaveTextContent(
      'No voucher was used in this period.',
    );
  });

  it('offers a retry when loading fails', async () => {
    renderPage('/voucher-campaign', { failDaily: true });
    expect(await screen.findByText('The daily usage could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/voucher-campaign latest usage', () => {
  it('lists the newest redemptions and refreshes on an order event', async () => {
    const latest = [
      redemption('2', {
        customer_name: 'T••• M••• L•••',
        customer_masked: true,
        status: 'returned',
      }),
      redemption('1', {
        customer_name: null,
        campaign: { id: 'c1', name_en: 'June campaign', name_my: null },
      }),
    ];
    const calls = renderPage('/voucher-campaign?view=latest', { latest });
    const table = await screen.findByTestId('usage-latest-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => cell(r, 'customer'))).toEqual(['T••• M••• L•••', 'Walk-in']);
    expect(cell(rows[0]!, 'voucher')).toContain('Given back');
    expect(cell(rows[1]!, 'campaign')).toBe('June campaign');
    const before = requests(calls, '/api/voucher-campaigns/usage/latest').length;
    fakeLive.emit({ event_id: 9, type: 'order.created', message: { outlet_id: kl } });
    await waitFor(() =>
      expect(requests(calls, '/api/voucher-campaigns/usage/latest').length).toBe(before + 1),
    );
    // Events about something else do not.
    fakeLive.emit({ event_id: 10, type: 'product.updated', message: {} });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(requests(calls, '/api/voucher-campaigns/usage/latest').length).toBe(before + 1);
  });

  it('says so when nothing was redeemed yet', async () => {
    renderPage('/voucher-campaign?view=latest', { latest: [] });
    expect(await screen.findByTestId('usage-latest-table-empty')).toHaveTextContent(
      'No voucher has been redeemed yet.',
    );
  });
});

describe('/voucher-campaign ongoing campaign', () => {
  it('lists the running campaigns with their rate and days left, and exports them', async () => {
    const calls = renderPage('/voucher-campaign?view=ongoing', { ongoing: [campaign] });
    const table = await screen.findByTestId('usage-ongoing-table');
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(cell(row!, 'campaign')).toContain('June campaign');
    expect(cell(row!, 'rate')).toBe('33.33%');
    expect(cell(row!, 'days_left')).toBe('21 days');
    expect(cell(row!, 'issued')).toBe('3');
    await userEvent.click(screen.getByTestId('usage-ongoing-export-csv'));
    await waitFor(() =>
      expect(requests(calls, '/api/voucher-campaigns/usage/ongoing/export')).toEqual([
        { format: 'csv', lang: 'en' },
      ]),
    );
  });

  it('says so when no campaign is running', async () => {
    renderPage('/voucher-campaign?view=ongoing', { ongoing: [] });
    expect(await screen.findByTestId('usage-ongoing-table-empty')).toHaveTextContent(
      'No campaign is running now.',
    );
  });
});

describe('/voucher-campaign tabs', () => {
  it('adds the tabs the app gives after the usage views', async () => {
    renderPage('/voucher-campaign?view=campaigns', {}, true);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Daily usage', 'Latest usage', 'Ongoing campaign', 'Campaigns']);
    expect(screen.getByText('campaign list')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Ongoing campaign' }));
    expect(await screen.findByTestId('usage-ongoing')).toBeInTheDocument();
  });
});
