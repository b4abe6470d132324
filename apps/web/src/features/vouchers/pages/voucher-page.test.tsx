import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Voucher } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { captureToasts } from '../../../test/toasts';
import { errorAnswer, mockFetch, outletFilterAnswer } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { testVoucher } from '../test-vouchers';
import { VoucherPage } from './voucher-page';
import { columnTexts } from '../../../test/user-steps';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const latte = { id: 'p-latte', name: 'Iced Latte', name_my: 'Latte Ais', sku: 'LAT-01' };
const list = [
  testVoucher('v1', 'Dine-in 20%'),
  testVoucher('v2', 'RM 3 off', {
    type: 'fixed',
    value: 300,
    max_discount: null,
    min_spend: 0,
    code: 'THREE',
    total_limit: 50,
    redeemed: 12,
  }),
  testVoucher('v3', 'Free latte', {
    type: 'free_item',
    value: 0,
    max_discount: null,
    free_item_kind: 'product',
    free_item_id: latte.id,
    code_kind: 'unique',
    code: null,
    codes_generated: 500,
    redeemed: 4,
    // Starts in 2099: scheduled whatever day the test runs.
    valid_from: '2099-01-01T00:00:00.000Z',
  }),
];

function renderPage(can: (action: string, subject: string) => boolean = () => true) {
  const created: Voucher[] = [];
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/outlets') return outletFilterAnswer();
    if (url.pathname === '/api/categories') return { body: { data: [] } };
    if (url.pathname === `/api/products/${latte.id}`) return { body: { data: latte } };
    if (url.pathname === '/api/vouchers' && call.method === 'GET') {
      const type = url.searchParams.get('type');
      const q = url.searchParams.get('q');
      const rows = list
        .concat(created)
        .filter((v) => !type || v.type === type)
        .filter((v) => !q || v.name_en.toLowerCase().includes(q.toLowerCase()));
      return { body: { data: rows, meta: { page: 1, page_size: 10, total: rows.length } } };
    }
    if (url.pathname === '/api/vouchers' && call.method === 'POST') {
      const body = call.body as Record<string, unknown>;
      created.push(testVoucher('v9', body.name_en as string, { code: body.code as string }));
      return { status: 201, body: { data: created[0] } };
    }
    if (url.pathname === '/api/vouchers/v2' && call.method === 'DELETE') {
      return errorAnswer(
        409,
        'voucher_in_use',
        'This voucher has been redeemed, so it cannot be deleted; switch it off instead',
      );
    }
    if (url.pathname === '/api/vouchers/v2' && call.method === 'PUT') {
      return { body: { data: { ...list[1], status: 'inactive' } } };
    }
    return undefined;
  });
  renderWithProviders(<VoucherPage />, { can });
  return calls;
}
const table = () => within(screen.getByTestId('vouchers-table'));
const texts = (testId: string) => columnTexts('vouchers-table', testId);
const names = () => texts('voucher-name');

describe('voucher page', { timeout: 30_000 }, () => {
  it('shows each voucher’s value in words, its state and its use', async () => {
    renderPage();
    await waitFor(() => expect(names()).toEqual(['Dine-in 20%', 'RM 3 off', 'Free latte']));
    await waitFor(() =>
      expect(texts('voucher-value')).toEqual(['20% (max RM 5.00)', 'RM 3.00', 'Free: Iced Latte']),
    );
    expect(texts('voucher-state')).toEqual(['Active', 'Active', 'Scheduled']);
    expect(texts('voucher-used')).toEqual(['0 · no limit', '12 of 50', '4 · no limit']);
    // The fixed voucher has none; the other two keep the fixture's RM 15.00.
    expect(table().getAllByText('Minimum spend RM 15.00')).toHaveLength(2);
    expect(table().getByText('Unique codes · 500 made')).toBeInTheDocument();
    // Only the unique-code voucher has codes to open.
    expect(table().queryByRole('button', { name: 'Codes of Dine-in 20%' })).toBeNull();
    expect(table().getByRole('button', { name: 'Codes of Free latte' })).toBeInTheDocument();
  });

  it('filters by type through the API', async () => {
    const calls = renderPage();
    await waitFor(() => expect(names()).toHaveLength(3));
    await userEvent.click(screen.getByTestId('voucher-filter-type'));
    await userEvent.click(await screen.findByRole('option', { name: 'Fixed amount' }));
    await waitFor(() => expect(names()).toEqual(['RM 3 off']));
    expect(
      calls.some((c) => c.url.startsWith('/api/vouchers?') && c.url.includes('type=fixed')),
    ).toBe(true);
  });

  it('says why a redeemed voucher cannot be deleted and switches it off instead', async () => {
    const calls = renderPage();
    await waitFor(() => expect(names()).toHaveLength(3));
    await userEvent.click(table().getByRole('button', { name: 'Delete RM 3 off' }));
    const dialog = within(screen.getByTestId('confirm-dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete RM 3 off' }));
    expect(await dialog.findByTestId('voucher-blocked-reason')).toHaveTextContent(
      'This voucher has been redeemed',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Switch off instead' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      code: 'THREE',
      type: 'fixed',
      value: 300,
      total_limit: 50,
      status: 'inactive',
    });
  });

  it('hides the controls the user may not use', async () => {
    renderPage((action) => action === 'read');
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(screen.queryByTestId('voucher-add')).toBeNull();
    expect(table().queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(table().queryByRole('button', { name: /^Delete / })).toBeNull();
    // Reading a unique voucher's codes needs only read; generating them is hidden.
    await userEvent.click(table().getByRole('button', { name: 'Codes of Free latte' }));
    const dialog = within(await screen.findByTestId('voucher-codes-dialog'));
    expect(dialog.queryByTestId('voucher-code-generate')).toBeNull();
  });

  it('creates a shared-code voucher from the drawer, says so and lists it', async () => {
    const toasts = captureToasts();
    const calls = renderPage();
    await waitFor(() => expect(names()).toHaveLength(3));
    await userEvent.click(screen.getByTestId('voucher-add'));
    const drawer = within(screen.getByTestId('voucher-drawer'));
    await userEvent.type(drawer.getByLabelText(/Name \(English\)/), 'Morning kopi');
    await userEvent.type(drawer.getByTestId('voucher-code'), 'pagi10');
    await userEvent.click(drawer.getByTestId('voucher-save'));
    await waitFor(() => expect(screen.queryByTestId('voucher-drawer')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name_en: 'Morning kopi',
      code: 'PAGI10',
      // The blank form's 20%, in basis points.
      type: 'percent',
      value: 2000,
    });
    expect(toasts.shown()).toContain('success:Voucher created');
    await waitFor(() => expect(names()).toContain('Morning kopi'));
  });

  it('says when a search finds nothing', async () => {
    renderPage();
    await waitFor(() => expect(names()).toHaveLength(3));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or code' }), 'zzz');
    expect(
      await screen.findByText('No vouchers match this search or these filters.'),
    ).toBeInTheDocument();
  });
});
