import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerDetails } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { sampleWalletEntry } from '../../../test/wallet-entry';
import { aishahId, danId, sampleCustomer } from '../customer-fixture';
import { CustomerDetailsPage } from './customer-details-page';
import { retype } from '../../../test/user-steps';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const admin = () => true;
const manager = (action: string, subject: string) =>
  (action === 'read' && subject === 'customer') || (action === 'read' && subject === 'order');

const page = (rows: unknown[]) => ({
  body: { data: rows, meta: { page: 1, page_size: 10, total: rows.length } },
});

function renderDetails({
  customer = sampleCustomer(),
  can = admin,
  status = 200,
  tab = '',
}: {
  customer?: CustomerDetails;
  can?: (a: string, s: string) => boolean;
  status?: number;
  tab?: string;
} = {}) {
  let current = customer;
  let notes: unknown[] = [];
  const calls = mockFetch((call) => {
    const base = `/api/customers/${customer.id}`;
    if (call.url === base && call.method === 'GET')
      return status === 200
        ? { body: { data: current } }
        : { status, body: { code_message: 'not_found' } };
    if (call.url === base && call.method === 'PUT') {
      current = { ...current, ...(call.body as object) };
      return { body: { data: current } };
    }
    if (call.url === `${base}/block`) {
      current = { ...current, status: 'disabled' };
      return { body: { data: current } };
    }
    if (call.url.startsWith(`${base}/orders`))
      return page([
        {
          id: 'o1',
          order_no: 'KL01-20260314-0007',
          outlet_name: 'Kuala Lumpur',
          source: 'mobile-apps',
          status: 'COMPLETED',
          total: 2350,
          refunded: 0,
          created_at: '2026-03-14T02:30:00.000Z',
        },
      ]);
    if (call.url.startsWith(`${base}/wallet`))
      return page([
        sampleWalletEntry({
          id: 'we-2',
          kind: 'spend',
          amount: -450,
          balance_after: 4550,
          order_id: 'o1',
          order_no: 'KL01-20260314-0007',
          actor_kind: 'staff',
          actor_name: 'Siti Cashier',
          reason_code: 'order',
          reason_params: { order_no: 'KL01-20260314-0007' },
        }),
        sampleWalletEntry(),
      ]);
    if (call.url.startsWith(`${base}/points`))
      return page([
        {
          id: 'pe-1',
          customer_id: customer.id,
          kind: 'earn',
          points: 21,
          balance_after: 1250,
          order_id: 'o1',
          order_no: 'KL01-20260314-0007',
          reason: null,
          reason_code: null,
          reason_params: null,
          actor_kind: 'system',
          actor_name: 'System',
          created_at: '2026-03-14T02:30:00.000Z',
        },
        {
          id: 'pe-0',
          customer_id: customer.id,
          kind: 'expiry',
          points: -40,
          balance_after: 1229,
          order_id: null,
          order_no: null,
          reason: null,
          reason_code: 'points_expired',
          reason_params: { before: '2025-03-01' },
          actor_kind: 'system',
          actor_name: 'System',
          created_at: '2026-03-01T00:00:00.000Z',
        },
      ]);
    if (call.url.startsWith(`${base}/vouchers`))
      return page([
        {
          id: 'vc-1',
          code: 'K7Q2M9XD',
          voucher_id: 'v1',
          voucher_name_en: 'Free latte',
          voucher_name_my: 'Latte percuma',
          source: 'reward',
          source_name_en: 'Latte for 500 points',
          source_name_my: null,
          status: 'available',
          issued_at: '2026-03-14T02:30:00.000Z',
          redeemed_at: null,
          valid_until: null,
        },
        {
          id: 'vc-2',
          code: 'RAYA-8HJ3',
          voucher_id: 'v2',
          voucher_name_en: 'Raya RM 5',
          voucher_name_my: null,
          source: 'campaign',
          source_name_en: 'Raya blast',
          source_name_my: null,
          status: 'expired',
          issued_at: '2026-03-01T02:30:00.000Z',
          redeemed_at: null,
          valid_until: '2026-03-10T16:00:00.000Z',
        },
      ]);
    if (call.url === `${base}/personal-data`)
      return {
        body: { data: { exported_at: '2026-03-15T03:00:00.000Z', profile: { id: customer.id } } },
      };
    if (call.url.startsWith('/api/referrals?')) return page([]);
    if (call.url.startsWith(`${base}/notes`) && call.method === 'GET')
      return { body: { data: notes } };
    if (call.url === `${base}/notes` && call.method === 'POST') {
      const note = {
        id: `n${notes.length + 1}`,
        body: (call.body as { body: string }).body,
        author: 'Aisyah Rahman',
        created_at: '2026-03-15T03:00:00.000Z',
      };
      notes = [note, ...notes];
      return { status: 201, body: { data: note } };
    }
    return undefined;
  });
  renderWithProviders(<CustomerDetailsPage />, {
    route: `/customer/details/${customer.id}${tab}`,
    path: '/customer/details/:id',
    can,
  });
  return { calls, posts: () => calls.filter((c) => c.method !== 'GET') };
}

describe('customer details', { timeout: 20_000 }, () => {
  it('shows a not-found state for an unknown customer', async () => {
    renderDetails({ status: 404 });
    expect(await screen.findByTestId('customer-not-found')).toHaveTextContent('Customer not found');
  });

  it('shows the profile, tier progress, points and wallet', async () => {
    renderDetails();
    await screen.findByTestId('customer-details');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Nur Aishah');
    expect(screen.getByTestId('customer-phone')).toHaveTextContent('+60123456789');
    expect(screen.getByTestId('customer-referral-code')).toHaveTextContent('AISHAH26');
    expect(screen.getByTestId('customer-account')).toHaveTextContent('App account');
    expect(screen.getByTestId('customer-profile')).toHaveTextContent('1994/07/21');
    expect(
      within(screen.getByTestId('customer-profile')).getByRole('link', { name: 'Dan Lim' }),
    ).toHaveAttribute('href', `/customer/details/${danId}`);
    expect(screen.getByTestId('tier-chip')).toHaveTextContent('Gold');
    // What the tier counts, beside what is left: 1,250 of Platinum's 2,000 earned points.
    expect(screen.getByTestId('customer-next-tier')).toHaveTextContent(
      '1,250 of 2,000 earned points count · 750 points to Platinum',
    );
    expect(screen.getByRole('progressbar', { name: 'Progress to Platinum' })).toHaveAttribute(
      'aria-valuenow',
      '63',
    );
    expect(screen.getByTestId('customer-points')).toHaveTextContent('1,250');
    expect(screen.getByTestId('customer-wallet-balance')).toHaveTextContent('45.50');
  });

  it('says counter-only, blocked and anonymised', async () => {
    renderDetails({
      customer: sampleCustomer({
        app_account: false,
        status: 'disabled',
        anonymised: true,
        // As the server answers an anonymised customer: no number, code or way to a next tier.
        phone: '',
        referral_code: '',
        next_tier: null,
      }),
    });
    await screen.findByTestId('customer-details');
    expect(screen.getByTestId('customer-phone')).toHaveTextContent(/^—$/);
    expect(screen.getByTestId('customer-referral-code')).toHaveTextContent(/—$/);
    expect(screen.getByTestId('customer-balances')).not.toHaveTextContent('Top tier reached');
    expect(screen.getByTestId('customer-account')).toHaveTextContent('Counter only');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Blocked');
    expect(screen.getByTestId('customer-anonymised')).toBeVisible();
    // An anonymised customer can no longer change.
    expect(screen.queryByTestId('customer-edit')).toBeNull();
    expect(screen.queryByTestId('customer-anonymise')).toBeNull();
  });

  it('lists the orders with links to them', async () => {
    renderDetails();
    const table = await screen.findByTestId('customer-orders-table');
    const link = await within(table).findByRole(
      'link',
      { name: 'Open order KL01-20260314-0007' },
      { timeout: 4000 },
    );
    expect(link).toHaveAttribute('href', '/order/details/o1');
    expect(table).toHaveTextContent('App');
    expect(table).toHaveTextContent('23.50');
  });

  it('shows the wallet ledger: kind, signed amount, balance after, order, by whom', async () => {
    const { calls } = renderDetails();
    await screen.findByTestId('customer-details');
    await userEvent.click(screen.getByTestId('customer-tab-wallet'));
    const table = await screen.findByTestId('customer-wallet-table');
    await waitFor(() => expect(table).toHaveTextContent('Spend'), { timeout: 4000 });
    expect(calls.some((c) => c.url.startsWith(`/api/customers/${aishahId}/wallet?`))).toBe(true);
    const amounts = within(table).getAllByTestId('wallet-entry-amount');
    expect(amounts.map((a) => a.textContent)).toEqual(['-4.50', '+50.00']);
    expect(table).toHaveTextContent('Siti Cashier');
    expect(table).toHaveTextContent('Order KL01-20260314-0007');
    expect(table).toHaveTextContent('Customer (app)');
    expect(currentLocation()).toContain('tab=wallet');
  });

  it('shows the points ledger: kind, signed points, balance after, order, by whom', async () => {
    const { calls } = renderDetails({ tab: '?tab=points' });
    const table = await screen.findByTestId('customer-points-table');
    await waitFor(() => expect(table).toHaveTextContent('Earned'), { timeout: 4000 });
    expect(calls.some((c) => c.url.startsWith(`/api/customers/${aishahId}/points?`))).toBe(true);
    expect(table).toHaveTextContent('+21');
    expect(table).toHaveTextContent('1,250');
    expect(within(table).getByRole('link', { name: /KL01-20260314-0007/ })).toHaveAttribute(
      'href',
      '/order/details/o1',
    );
    expect(table).toHaveTextContent('System');
    expect(table).toHaveTextContent('Points earned before 2025/03/01 expired');
  });

  it('lists the vouchers issued: code, voucher, where from and whether still available', async () => {
    const { calls } = renderDetails({ tab: '?tab=vouchers' });
    const table = await screen.findByTestId('customer-vouchers-table');
    await waitFor(() => expect(table).toHaveTextContent('K7Q2M9XD'), { timeout: 4000 });
    expect(calls.some((c) => c.url.startsWith(`/api/customers/${aishahId}/vouchers?`))).toBe(true);
    expect(
      within(table)
        .getAllByTestId('customer-voucher-status')
        .map((n) => n.textContent),
    ).toEqual(['Available', 'Expired']);
    expect(table).toHaveTextContent('Reward');
    expect(table).toHaveTextContent('Latte for 500 points');
    expect(table).toHaveTextContent('Campaign');
    expect(table).toHaveTextContent('Raya blast');
    expect(table).toHaveTextContent('No end date');
  });

  it('asks for referrals of this customer only', async () => {
    const { calls } = renderDetails({ tab: '?tab=referrals' });
    await screen.findByTestId('customer-referrals-table');
    await waitFor(() =>
      expect(calls.find((c) => c.url.startsWith('/api/referrals?'))?.url).toContain(
        `customer_id=${aishahId}`,
      ),
    );
  });

  it('shows only the tabs and actions the permissions allow', async () => {
    renderDetails({ can: manager });
    await screen.findByTestId('customer-details');
    expect(screen.getByTestId('customer-tab-orders')).toBeVisible();
    expect(screen.getByTestId('customer-tab-notes')).toBeVisible();
    // Issued vouchers need only read customer, like the orders.
    expect(screen.getByTestId('customer-tab-vouchers')).toBeVisible();
    expect(screen.queryByTestId('customer-tab-wallet')).toBeNull();
    expect(screen.queryByTestId('customer-tab-points')).toBeNull();
    expect(screen.queryByTestId('customer-tab-referrals')).toBeNull();
    expect(screen.queryByTestId('customer-edit')).toBeNull();
    expect(screen.queryByTestId('customer-adjust-wallet')).toBeNull();
    expect(screen.queryByTestId('customer-block')).toBeNull();
  });

  it('asks before blocking, then blocks', async () => {
    const { posts } = renderDetails();
    await screen.findByTestId('customer-details');
    await userEvent.click(screen.getByTestId('customer-block'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('cannot sign in to the app');
    expect(posts()).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() =>
      expect(posts().map((c) => c.url)).toEqual([`/api/customers/${aishahId}/block`]),
    );
    expect(posts()[0]?.body).toEqual({});
    await waitFor(() => expect(screen.getByTestId('customer-unblock')).toBeVisible(), {
      timeout: 4000,
    });
  });

  it('edits the name, e-mail and birthday', async () => {
    const { posts } = renderDetails();
    await screen.findByTestId('customer-details');
    await userEvent.click(screen.getByTestId('customer-edit'));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await retype(name, 'Nur Aishah Rahman');
    await userEvent.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    await userEvent.click(screen.getByTestId('customer-edit-save'));
    await waitFor(() => expect(posts()[0]?.method).toBe('PUT'));
    expect(posts()[0]?.body).toEqual({
      name: 'Nur Aishah Rahman',
      email: null,
      birthday: '1994-07-21',
    });
  });

  it('adds a staff note', async () => {
    const { posts } = renderDetails({ tab: '?tab=notes' });
    // The customer, then their notes: two answers before the list shows.
    const empty = await screen.findByTestId('customer-notes-empty', {}, { timeout: 4000 });
    expect(empty).toHaveTextContent('No notes yet.');
    await userEvent.click(screen.getByTestId('customer-note-add'));
    expect(screen.getByTestId('customer-notes')).toHaveTextContent('This field is required');
    expect(posts()).toHaveLength(0);
    await userEvent.type(screen.getByTestId('customer-note-input'), 'Prefers oat milk');
    await userEvent.click(screen.getByTestId('customer-note-add'));
    expect(await screen.findByTestId('customer-note', {}, { timeout: 4000 })).toHaveTextContent(
      'Prefers oat milk',
    );
    expect(posts()[0]?.body).toEqual({ body: 'Prefers oat milk' });
  });

  it('exports the personal data as a JSON file', async () => {
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return 'blob:json';
      },
      revokeObjectURL: () => undefined,
    });
    const { calls } = renderDetails();
    await screen.findByTestId('customer-details');
    await userEvent.click(screen.getByTestId('customer-export-data'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.some((c) => c.url === `/api/customers/${aishahId}/personal-data`)).toBe(true);
    expect(saved[0]?.type).toBe('application/json');
    expect(JSON.parse(await saved[0]!.text())).toMatchObject({ profile: { id: aishahId } });
  });
});
