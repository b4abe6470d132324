import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Referral, ReferralSettings } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ReferralPage } from './referral-page';
import { retype } from '../../../test/user-steps';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const settings: ReferralSettings = {
  enabled: true,
  referrer_reward_kind: 'wallet',
  referrer_reward_amount: 500,
  referee_reward_kind: 'points',
  referee_reward_amount: 200,
  min_order: 1500,
};

const referral = (n: number, status: Referral['status']): Referral => ({
  id: `r${n}`,
  referrer: { id: `c-ali-${n}`, name: 'Ali Hassan', phone: '+60123456789' },
  referee: { id: `c-mei-${n}`, name: `Mei Ling ${n}`, phone: '+60198765432' },
  status,
  order_id: status === 'pending' ? null : `o${n}`,
  order_no: status === 'pending' ? null : `KL01-0${n}`,
  order_date: status === 'pending' ? null : '2026-03-02',
  rewarded_at: status === 'pending' ? null : '2026-03-02T04:00:00Z',
  reversed_at: status === 'reversed' ? '2026-03-03T04:00:00Z' : null,
  created_at: '2026-03-01T04:00:00Z',
});

const manager = (action: string, subject: string) => subject === 'referral';
const reader = (action: string, subject: string) => action === 'read' && subject === 'referral';

function setup(can: (action: string, subject: string) => boolean = manager) {
  const calls = mockFetch((call) => {
    if (call.url === '/api/referral-settings' && call.method === 'GET')
      return { body: { data: settings } };
    if (call.url === '/api/referral-settings' && call.method === 'PUT')
      return { body: { data: call.body } };
    if (call.url.startsWith('/api/referrals')) {
      const status = new URL(call.url, 'http://x').searchParams.get('status');
      const rows = [referral(1, 'rewarded'), referral(2, 'pending'), referral(3, 'reversed')];
      const shown = status ? rows.filter((r) => r.status === status) : rows;
      return { body: { data: shown, meta: { page: 1, page_size: 10, total: shown.length } } };
    }
    return undefined;
  });
  renderWithProviders(<ReferralPage />, { can });
  return calls;
}

describe('referral page', { timeout: 30_000 }, () => {
  it('lists referrals with status chips and links to both customers', async () => {
    setup();
    const row = await screen.findByTestId('referral-row-r1');
    expect(within(row).getByRole('link', { name: 'Ali Hassan' })).toHaveAttribute(
      'href',
      '/customer/details/c-ali-1',
    );
    expect(within(row).getByRole('link', { name: 'Mei Ling 1' })).toHaveAttribute(
      'href',
      '/customer/details/c-mei-1',
    );
    expect(within(row).getByText('Rewarded').closest('[data-status]')).toHaveAttribute(
      'data-status',
      'rewarded',
    );
    expect(within(screen.getByTestId('referral-row-r3')).getByText('Reversed')).toBeInTheDocument();
  });

  it('filters by status through the API', async () => {
    const calls = setup();
    await screen.findByTestId('referral-row-r1');
    await userEvent.click(screen.getByTestId('referral-filter-status'));
    await userEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(screen.queryByTestId('referral-row-r1')).toBeNull());
    expect(screen.getByTestId('referral-row-r2')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('status=pending'))).toBe(true);
  });

  it('shows the wallet reward in RM and the points reward in points, and saves sen', async () => {
    const calls = setup();
    const referrer = await screen.findByTestId('referral-referrer-amount');
    expect(referrer).toHaveValue('5.00');
    expect(screen.getByLabelText('Points')).toHaveValue(200);
    expect(screen.getByTestId('referral-min-order')).toHaveValue('15.00');
    await retype(referrer, '8');
    await retype(screen.getByTestId('referral-min-order'), '20.50');
    await userEvent.click(screen.getByTestId('referral-enabled'));
    await userEvent.click(screen.getByTestId('referral-settings-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...settings,
      enabled: false,
      referrer_reward_amount: 800,
      min_order: 2050,
    });
  });

  it('says the minimum first order range in ringgit, not in sen', async () => {
    const calls = setup();
    const minOrder = await screen.findByTestId('referral-min-order');
    await retype(minOrder, '10000.01');
    await userEvent.click(screen.getByTestId('referral-settings-save'));
    expect(await screen.findByText('The maximum amount is RM 10,000.00')).toBeInTheDocument();
    expect(screen.queryByText(/Maximal value/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the rules without a way to change them to read-referral only', async () => {
    setup(reader);
    await screen.findByTestId('referral-referrer-amount');
    expect(screen.queryByTestId('referral-settings-save')).toBeNull();
    expect(screen.queryByTestId('referral-enabled')).toBeNull();
    expect(screen.getByTestId('referral-referrer-amount')).toBeDisabled();
  });
});
