import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RefundSummary } from '@kopi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptySession, sessionStore } from '../../../lib/session/session-store';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch, testOutlets } from '../../../test/fetch-mock';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { sampleRefund } from '../refund-fixture';
import { RefundListPage } from './refund-list-page';

const { kl } = testOutlets;
const { history: _h, items: _i, allowed_statuses: _a, order: _o, ...first } = sampleRefund();
const rows: RefundSummary[] = [
  first,
  { ...first, id: 'r2', refund_no: 'RF-KL01-000124', status: 'COMPLETED', method: 'cash' },
];

beforeEach(() => sessionStore.setState(emptySession));
afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

function renderList(route = '/refund/list', total = 2) {
  const calls = mockFetch((call) => {
    if (call.url.startsWith('/api/refunds?'))
      return {
        body: { data: total ? rows : [], meta: { page: 1, page_size: 10, total } },
      };
    if (call.url.startsWith('/api/refunds/status-counts'))
      return { body: { data: total ? { PENDING: 1, COMPLETED: 1 } : {} } };
    if (call.url === '/api/orders/outlets')
      return { body: { data: [{ id: kl, name: 'Bukit Bintang', code: 'KL01' }] } };
    return undefined;
  });
  renderWithProviders(<RefundListPage />, {
    route,
    path: '/refund/list',
    can: () => true,
  });
  const lists = () => calls.filter((c) => c.url.startsWith('/api/refunds?')).map((c) => c.url);
  const counts = () => calls.filter((c) => c.url.startsWith('/api/refunds/status-counts'));
  return { calls, lists, counts };
}

describe('refund list', () => {
  it('lists refunds with status tabs counting each status', async () => {
    renderList();
    const row = await screen.findByTestId('refund-row-RF-KL01-000123');
    // The order's number with its business day: numbers start again each day at each outlet.
    expect(within(row).getByRole('link', { name: 'KL01-0042' })).toHaveAttribute(
      'href',
      '/order/details/7d0e4c1a-5b7e-4d8e-9a51-0b8c2f1e3a10',
    );
    expect(row).toHaveTextContent('KL01-00422026/03/15');
    expect(row).toHaveTextContent('Original payment method');
    expect(row).toHaveTextContent('15.00');
    expect(screen.getByTestId('refund-row-RF-KL01-000124')).toHaveTextContent('Cash');
    await waitFor(() => expect(screen.getByTestId('refund-tab-all')).toHaveTextContent('All (2)'));
    expect(screen.getByTestId('refund-tab-PENDING')).toHaveTextContent('Pending (1)');
    expect(screen.getByTestId('refund-tab-WAITING_TRANSFER')).toHaveTextContent(
      'Waiting transfer (0)',
    );
  });

  it('a tab filters the list by status; the counts keep every status', async () => {
    const { lists, counts } = renderList();
    await screen.findByTestId('refund-row-RF-KL01-000123');
    await userEvent.click(screen.getByTestId('refund-tab-WAITING_TRANSFER'));
    await waitFor(() => expect(lists().at(-1)).toContain('status=WAITING+TRANSFER'));
    expect(currentLocation()).toContain('status=WAITING+TRANSFER');
    expect(counts().every((c) => !c.url.includes('status='))).toBe(true);
  });

  it('searches by refund or order number and filters by method, in the URL', async () => {
    const { lists, counts } = renderList();
    await screen.findByTestId('refund-row-RF-KL01-000123');
    await userEvent.type(screen.getByTestId('refund-search'), 'KL01-0042');
    await waitFor(() => expect(lists().at(-1)).toContain('q=KL01-0042'));
    await userEvent.click(screen.getByTestId('refund-filter-method'));
    await userEvent.click(await screen.findByRole('option', { name: 'Bank transfer' }));
    await waitFor(() => expect(lists().at(-1)).toContain('method=bank_transfer'));
    expect(counts().at(-1)?.url).toContain('method=bank_transfer');
    expect(currentLocation()).toContain('q=KL01-0042');
  });

  it('opens a refund from its row', async () => {
    renderList();
    await userEvent.click(await screen.findByTestId('refund-row-RF-KL01-000124'));
    expect(currentLocation()).toBe('/refund/details/r2');
  });

  it('says when there are no refunds', async () => {
    renderList('/refund/list', 0);
    expect(await screen.findByTestId('refund-list-table')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByTestId('refund-list-table')).getByText('No refunds yet.'),
      ).toBeVisible(),
    );
  });
});
