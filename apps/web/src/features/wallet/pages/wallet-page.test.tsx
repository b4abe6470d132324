import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, type ToastRequest } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { captureToasts } from '../../../test/toasts';
import { sampleWalletEntry } from '../../../test/wallet-entry';
import { WalletPage } from './wallet-page';

// The chart is drawn by @mui/x-charts, which needs a real layout; the table beside it holds the
// same numbers.
vi.mock('../components/liability-chart', () => ({ LiabilityChart: () => null }));

const customerId = '5b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

const entry = sampleWalletEntry({ customer_name: 'Nur Aishah' });

// As GET /api/wallet-adjustments lists it (left untyped: the list may carry more fields).
const adjustment = {
  id: 'adj-1',
  customer_id: customerId,
  customer_name: 'Nur Aishah',
  amount: 20000,
  reason: 'Compensation for a lost delivery',
  status: 'pending',
  requested_by: 'Farah Finance',
  decided_by: null,
  decided_at: null,
  created_at: '2026-03-15T03:00:00.000Z',
  can_decide: true,
};

let toasts: ToastRequest[];
beforeEach(() => {
  toasts = captureToasts().toasts;
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const finance = (action: string, subject: string) =>
  subject === 'wallet' && (action === 'read' || action === 'adjust');
const readOnly = (action: string, subject: string) => action === 'read' && subject === 'wallet';

function renderWallet({
  can = finance,
  approve = {
    body: {
      data: {
        status: 'posted',
        entry: { ...entry, id: 'we-2', kind: 'adjustment', amount: 20000, balance_after: 25000 },
        adjustment: { ...adjustment, status: 'approved' },
        balance: 25000,
      },
    },
  } as {
    status?: number;
    body?: unknown;
  },
  route = '/customer/wallet',
  pending = adjustment,
} = {}) {
  const calls = mockFetch((call) => {
    if (call.url.startsWith('/api/wallet-entries?'))
      return { body: { data: [entry], meta: { page: 1, page_size: 10, total: 1 } } };
    if (call.url.startsWith('/api/wallet-liability'))
      return {
        body: {
          data: {
            outstanding: 1_234_500,
            days: [
              { date: '2026-03-14', topups: 50_000, spend: 12_000, outstanding: 1_200_000 },
              { date: '2026-03-15', topups: 40_000, spend: 5_500, outstanding: 1_234_500 },
            ],
          },
        },
      };
    if (call.url.startsWith('/api/wallet-adjustments?'))
      return { body: { data: [pending], meta: { page: 1, page_size: 10, total: 1 } } };
    if (call.url === '/api/wallet-adjustments/adj-1/approve') return approve;
    if (call.url === '/api/wallet-adjustments/adj-1/reject')
      return { body: { data: { ...adjustment, status: 'rejected' } } };
    return undefined;
  });
  renderWithProviders(<WalletPage />, { route, path: '/customer/wallet', can });
  const entryLists = () =>
    calls.filter((c) => c.url.startsWith('/api/wallet-entries?')).map((c) => c.url);
  // The search settles 300 ms after typing stops; a busy machine needs more than waitFor's 1 s.
  const entriesAsk = (part: string) =>
    waitFor(() => expect(entryLists().at(-1)).toContain(part), { timeout: 4000 });
  return { calls, entriesAsk };
}

describe('the wallet page', { timeout: 20_000 }, () => {
  it('shows the outstanding balance now and by day', async () => {
    renderWallet();
    await waitFor(() =>
      expect(screen.getByTestId('wallet-outstanding')).toHaveTextContent('12,345.00'),
    );
    const rows = within(screen.getByTestId('wallet-liability-table')).getAllByRole('row');
    // Newest day first, after the header.
    expect(rows[1]).toHaveTextContent('2026/03/15');
    expect(rows[1]).toHaveTextContent('400.00');
    expect(rows[1]).toHaveTextContent('12,345.00');
    expect(rows[2]).toHaveTextContent('2026/03/14');
  });

  it('lists every customer’s entries, filtered in the URL', async () => {
    const { entriesAsk } = renderWallet();
    const table = await screen.findByTestId('wallet-entries-table');
    await waitFor(() => expect(table).toHaveTextContent('Nur Aishah'));
    expect(table).toHaveTextContent('Top-up');
    expect(table).toHaveTextContent('+50.00');
    await userEvent.click(screen.getByTestId('wallet-filter-kind'));
    await userEvent.click(await screen.findByRole('option', { name: 'Adjustment' }));
    await entriesAsk('kind=adjustment');
    await userEvent.type(screen.getByTestId('wallet-search'), 'aishah');
    await entriesAsk('q=aishah');
    expect(currentLocation()).toContain('kind=adjustment');
  });

  it('sorts the entries by amount', async () => {
    const { entriesAsk } = renderWallet();
    await screen.findByTestId('wallet-entries-table');
    await userEvent.click(screen.getByRole('button', { name: 'Amount (RM)' }));
    await entriesAsk('sort=amount');
    expect(currentLocation()).toContain('sort=amount');
  });

  it('asks for the adjustments still waiting', async () => {
    const { calls } = renderWallet();
    await screen.findByTestId('adjustment-approve-adj-1');
    expect(calls.find((c) => c.url.startsWith('/api/wallet-adjustments?'))?.url).toContain(
      'status=pending',
    );
  });

  it('approves a pending adjustment after asking', async () => {
    const { calls } = renderWallet();
    await userEvent.click(await screen.findByTestId('adjustment-approve-adj-1'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Nur Aishah');
    await userEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/wallet-adjustments/adj-1/approve')).toBe(true),
    );
    await waitFor(() =>
      expect(toasts.map((t) => t.message)[0]).toMatch(/^Adjustment approved: RM\s?200\.00/),
    );
  });

  it('shows the server’s reason when the requester tries to approve their own', async () => {
    renderWallet({
      approve: {
        status: 403,
        body: { code_message: 'wallet_adjustment_same_approver', message: 'same approver' },
      },
    });
    await userEvent.click(await screen.findByTestId('adjustment-approve-adj-1'));
    await userEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    expect(await screen.findByTestId('wallet-pending-refusal')).toHaveTextContent(
      'Another staff member must approve an adjustment you asked for',
    );
    expect(toasts).toHaveLength(0);
  });

  it("offers no decision on one's own request: it waits for another staff member", async () => {
    renderWallet({ pending: { ...adjustment, can_decide: false } });
    const table = await screen.findByTestId('wallet-pending-table');
    await waitFor(() => expect(table).toHaveTextContent('Needs another staff member'));
    expect(screen.queryByTestId('adjustment-approve-adj-1')).toBeNull();
    expect(screen.queryByTestId('adjustment-reject-adj-1')).toBeNull();
  });

  it('rejects after asking', async () => {
    const { calls } = renderWallet();
    await userEvent.click(await screen.findByTestId('adjustment-reject-adj-1'));
    await userEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/wallet-adjustments/adj-1/reject')).toBe(true),
    );
  });

  it('offers no decisions without adjust-wallet', async () => {
    renderWallet({ can: readOnly });
    const table = await screen.findByTestId('wallet-pending-table');
    await waitFor(() => expect(table).toHaveTextContent('Compensation for a lost delivery'));
    expect(screen.queryByTestId('adjustment-approve-adj-1')).toBeNull();
  });

  it('exports the filtered entries in the screen’s language', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
    const { calls } = renderWallet({ route: '/customer/wallet?kind=topup&from=2026-03-01' });
    await screen.findByTestId('wallet-entries-table');
    await userEvent.click(screen.getByTestId('wallet-export'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.startsWith('/api/wallet-entries/export'))?.url).toBe(
        '/api/wallet-entries/export?kind=topup&from=2026-03-01&lang=en',
      ),
    );
  });
});
