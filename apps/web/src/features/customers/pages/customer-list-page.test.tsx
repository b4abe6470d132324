import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { aishahId, danId, goldTierId, sampleSummary, walkIn } from '../customer-fixture';
import { CustomerListPage } from './customer-list-page';
import { chooseOption } from '../../../test/user-steps';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const everything = (_action: string, _subject: string) => true;
const readCustomerOnly = (action: string, subject: string) =>
  action === 'read' && subject === 'customer';

function renderList({ route = '/customer/list', total = 2, can = everything } = {}) {
  const calls = mockFetch((call) => {
    if (call.url.startsWith('/api/customers?'))
      return {
        body: {
          data: total ? [sampleSummary(), walkIn()] : [],
          meta: { page: 1, page_size: 10, total },
        },
      };
    if (call.url.startsWith('/api/membership-tiers'))
      return {
        body: {
          data: [
            {
              id: goldTierId,
              name_en: 'Gold',
              name_my: 'Emas',
              colour: '#C9A227',
              threshold: 1000,
              points_per_rm: 150,
              benefits_en: '',
              benefits_my: '',
              members: 40,
            },
          ],
        },
      };
    if (call.url.startsWith('/api/customers/export')) return { body: 'name,phone\n' };
    return undefined;
  });
  renderWithProviders(<CustomerListPage />, { route, path: '/customer/list', can });
  const lists = () => calls.filter((c) => c.url.startsWith('/api/customers?')).map((c) => c.url);
  // The search settles 300 ms after typing stops; a busy machine needs more than waitFor's 1 s.
  const listAsks = (part: string) =>
    waitFor(() => expect(lists().at(-1)).toContain(part), { timeout: 4000 });
  return { calls, lists, listAsks };
}

describe('customer list', { timeout: 30_000 }, () => {
  it('shows each customer’s tier, points, wallet, orders and status', async () => {
    renderList();
    const row = await screen.findByTestId(`customer-row-${aishahId}`);
    expect(row).toHaveTextContent('Nur Aishah');
    expect(row).toHaveTextContent('+60123456789');
    expect(within(row).getByTestId('tier-chip')).toHaveTextContent('Gold');
    expect(row).toHaveTextContent('1,250');
    expect(row).toHaveTextContent('45.50');
    expect(row).toHaveTextContent('2026/03/14');
    expect(row).toHaveTextContent('2025/11/02');
    expect(row).toHaveTextContent('Active');
    const blocked = screen.getByTestId(`customer-row-${danId}`);
    expect(blocked).toHaveTextContent('Blocked');
    expect(blocked).toHaveTextContent('Never');
  });

  it('puts the search and each filter in the query string and the URL', async () => {
    const { listAsks } = renderList();
    await screen.findByTestId(`customer-row-${aishahId}`);
    await userEvent.type(screen.getByTestId('customer-search'), 'aishah');
    await listAsks('q=aishah');
    await chooseOption('customer-filter-status', 'Blocked');
    await listAsks('status=disabled');
    await chooseOption('customer-filter-wallet', 'Has a balance');
    await listAsks('has_wallet=true');
    await chooseOption('customer-filter-tier', 'No tier');
    await listAsks('tier_id=none');
    await chooseOption('customer-filter-tier', 'Gold');
    await listAsks(`tier_id=${goldTierId}`);
    const joinedFrom = screen.getByTestId('customer-filter-joined-from');
    await userEvent.type(joinedFrom, '2026/01/01');
    fireEvent.blur(joinedFrom);
    await listAsks('joined_from=2026-01-01');
    const lastTo = screen.getByTestId('customer-filter-last-order-to');
    await userEvent.type(lastTo, '2026/03/15{Enter}');
    await listAsks('last_order_to=2026-03-15');
    const url = currentLocation();
    for (const part of [
      'q=aishah',
      'status=disabled',
      'has_wallet=true',
      `tier_id=${goldTierId}`,
      'joined_from=2026-01-01',
      'last_order_to=2026-03-15',
    ])
      expect(url).toContain(part);
  });

  it('reads the filters of a shared link and clears them', async () => {
    const { lists } = renderList({ route: '/customer/list?status=active&sort=-points' });
    await screen.findByTestId(`customer-row-${aishahId}`);
    expect(lists()[0]).toContain('status=active');
    expect(lists()[0]).toContain('sort=-points');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentLocation()).toBe('/customer/list?sort=-points'));
  });

  it('sorts by a column', async () => {
    const { listAsks } = renderList();
    await screen.findByTestId(`customer-row-${aishahId}`);
    await userEvent.click(screen.getByRole('button', { name: 'Wallet (RM)' }));
    await listAsks('sort=wallet');
  });

  it('offers no tier filter without read-membership', async () => {
    const { calls } = renderList({ can: readCustomerOnly });
    await screen.findByTestId(`customer-row-${aishahId}`);
    expect(screen.queryByTestId('customer-filter-tier')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/membership-tiers'))).toBe(false);
  });

  it('exports the filtered list in the screen’s language', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
    const { calls } = renderList({ route: '/customer/list?status=disabled&page=2' });
    await screen.findByTestId(`customer-row-${aishahId}`);
    await userEvent.click(screen.getByTestId('customer-export'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.startsWith('/api/customers/export'))?.url).toBe(
        '/api/customers/export?status=disabled&lang=en',
      ),
    );
  });

  it('opens a customer from their row', async () => {
    renderList();
    await userEvent.click(await screen.findByTestId(`customer-row-${danId}`));
    expect(currentLocation()).toBe(`/customer/details/${danId}`);
  });

  it('says when there are no customers', async () => {
    renderList({ total: 0 });
    expect(await screen.findByTestId('customer-list-table-empty')).toHaveTextContent(
      'No customers yet.',
    );
  });
});
