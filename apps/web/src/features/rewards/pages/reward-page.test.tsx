import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Reward } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { captureToasts } from '../../../test/toasts';
import { errorAnswer, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { testReward, testUniqueVoucher } from '../test-rewards';
import { RewardPage } from './reward-page';
import { columnTexts, confirmDeleteFromApp, retype } from '../../../test/user-steps';

const LATTE_VOUCHER = '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const list = [
  testReward('r1', 'Latte for points', { voucher_id: LATTE_VOUCHER, stock: 50, issued: 12 }),
  testReward('r2', 'Kaya toast', {
    voucher_id: LATTE_VOUCHER,
    points_price: 1200,
    issued: 3,
    status: 'inactive',
    ends_at: '2026-12-31T16:00:00.000Z',
  }),
];

function renderPage(can: (action: string, subject: string) => boolean = () => true) {
  const created: Reward[] = [];
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/vouchers') {
      const data = [testUniqueVoucher(LATTE_VOUCHER, 'Free latte')];
      return { body: { data, meta: { page: 1, page_size: 100, total: 1 } } };
    }
    if (url.pathname === '/api/voucher-rewards' && call.method === 'GET') {
      const status = url.searchParams.get('status');
      const q = url.searchParams.get('q');
      const rows = list
        .concat(created)
        .filter((r) => !status || r.status === status)
        .filter((r) => !q || r.name_en.toLowerCase().includes(q.toLowerCase()));
      return { body: { data: rows, meta: { page: 1, page_size: 10, total: rows.length } } };
    }
    if (url.pathname === '/api/voucher-rewards' && call.method === 'POST') {
      const body = call.body as Record<string, unknown>;
      created.push(testReward('r9', body.name_en as string));
      return { status: 201, body: { data: created[0] } };
    }
    if (url.pathname === '/api/voucher-rewards/r1' && call.method === 'DELETE') {
      return errorAnswer(
        409,
        'reward_in_use',
        'This reward has been exchanged, so it cannot be deleted; switch it off instead',
      );
    }
    if (url.pathname === '/api/voucher-rewards/r1' && call.method === 'PUT') {
      return { body: { data: { ...list[0], status: 'inactive' } } };
    }
    return undefined;
  });
  renderWithProviders(<RewardPage />, { can });
  return calls;
}
const table = () => within(screen.getByTestId('rewards-table'));
const texts = (testId: string) => columnTexts('rewards-table', testId);
const names = () => texts('reward-name');

describe('reward page', { timeout: 30_000 }, () => {
  it('shows each reward’s voucher, price, stock used and status', async () => {
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Latte for points', 'Kaya toast']));
    expect(texts('reward-stock')).toEqual(['12 of 50', '3 · no limit']);
    expect(texts('reward-status-chip')).toEqual(['Active', 'Switched off']);
    expect(table().getAllByText('Free latte')).toHaveLength(2);
    expect(table().getByText('1,200 pts')).toBeInTheDocument();
    expect(table().getByText('No end date')).toBeInTheDocument();
  });

  it('filters by status through the API', async () => {
    const calls = renderPage();
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('reward-filter-status'));
    await userEvent.click(await screen.findByRole('option', { name: 'Switched off' }));
    await waitFor(() => expect(names()).toEqual(['Kaya toast']));
    expect(
      calls.some(
        (c) => c.url.startsWith('/api/voucher-rewards?') && c.url.includes('status=inactive'),
      ),
    ).toBe(true);
  });

  it('asks before deleting, says why an exchanged reward cannot go and switches it off', async () => {
    const calls = renderPage();
    await waitFor(() => expect(names()).toHaveLength(2));
    const dialog = await confirmDeleteFromApp('rewards-table', 'Latte for points', calls);
    expect(await dialog.findByTestId('reward-blocked-reason')).toHaveTextContent(
      'This reward has been exchanged',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Switch it off instead' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      voucher_id: LATTE_VOUCHER,
      points_price: 500,
      stock: 50,
      status: 'inactive',
    });
  });

  it('hides the controls the user may not use', async () => {
    renderPage((action) => action === 'read');
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(screen.queryByTestId('reward-add')).toBeNull();
    expect(table().queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(table().queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('says why the form is refused, then creates the reward and lists it', async () => {
    const toasts = captureToasts();
    const calls = renderPage();
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('reward-add'));
    const drawer = within(screen.getByTestId('reward-drawer'));
    const price = drawer.getByLabelText(/Points price/);
    await retype(price, '0');
    await userEvent.click(drawer.getByTestId('reward-save'));
    expect(await drawer.findByText(/Minimal value is 1/)).toBeInTheDocument();
    expect(drawer.getByLabelText(/Name \(English\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(drawer.getByTestId('reward-voucher'));
    await userEvent.click(await screen.findByRole('option', { name: 'Free latte' }));
    await userEvent.type(drawer.getByLabelText(/Name \(English\)/), 'Morning latte');
    await retype(price, '300');
    await userEvent.type(drawer.getByLabelText(/^Stock/), '20');
    await userEvent.click(drawer.getByTestId('reward-save'));
    await waitFor(() => expect(screen.queryByTestId('reward-drawer')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      voucher_id: LATTE_VOUCHER,
      name_en: 'Morning latte',
      points_price: 300,
      stock: 20,
      status: 'active',
    });
    expect(toasts.shown()).toContain('success:Reward created');
    await waitFor(() => expect(names()).toContain('Morning latte'));
  });

  it('says when a search finds nothing', async () => {
    renderPage();
    await waitFor(() => expect(names()).toHaveLength(2));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zzz');
    expect(
      await screen.findByText('No rewards match this search or this filter.'),
    ).toBeInTheDocument();
  });
});
