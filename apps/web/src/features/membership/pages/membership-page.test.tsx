import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoyaltySettings, MembershipTier } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { MembershipPage } from './membership-page';
import { retype } from '../../../test/user-steps';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const tiers: MembershipTier[] = [
  {
    id: 't-gold',
    name_en: 'Gold',
    name_my: 'Emas',
    threshold: 2000,
    points_per_rm: 150,
    colour: '#D4AF37',
    benefits_en: 'Free upsize',
    benefits_my: 'Saiz besar percuma',
    members: 12,
  },
  {
    id: 't-silver',
    name_en: 'Silver',
    name_my: 'Perak',
    threshold: 0,
    points_per_rm: 100,
    colour: '#C0C0C0',
    benefits_en: '',
    benefits_my: '',
    members: 340,
  },
];

const settings: LoyaltySettings = {
  wallet_max_balance: 50_000,
  topup_presets: [1000, 2000, 5000],
  adjustment_limit: 10_000,
  tier_basis: 'points',
  points_expiry_months: 12,
  redeem_points: 100,
  redeem_value: 100,
};

const editor = (action: string, subject: string) => subject === 'membership';
const reader = (action: string, subject: string) => action === 'read' && subject === 'membership';

function setup(can: (action: string, subject: string) => boolean = editor) {
  const calls = mockFetch((call) => {
    if (call.url === '/api/membership-tiers') return { body: { data: tiers } };
    if (call.url === '/api/loyalty-settings' && call.method === 'GET')
      return { body: { data: settings } };
    if (call.url === '/api/loyalty-settings' && call.method === 'PUT')
      return { body: { data: call.body } };
    if (call.url === '/api/membership-tiers/t-gold' && call.method === 'DELETE')
      return { body: { data: { id: 't-gold' } } };
    return undefined;
  });
  renderWithProviders(<MembershipPage />, { can });
  return calls;
}

describe('membership page', { timeout: 30_000 }, () => {
  it('lists the tiers from the lowest: colour chip, names, points threshold, multiplier, members', async () => {
    setup();
    const rows = await screen.findAllByTestId('tier-row');
    expect(rows.map((r) => r.dataset.id)).toEqual(['t-silver', 't-gold']);
    const gold = within(rows[1]!);
    expect(gold.getByText('Gold')).toBeInTheDocument();
    expect(gold.getByText('Emas')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('2,000 points');
    expect(rows[1]).toHaveTextContent('1.5× points');
    expect(gold.getByTestId('tier-members')).toHaveTextContent('12');
    expect(rows[0]).toHaveTextContent('1× points');
  });

  it('saves the rules with RM typed and sen sent', async () => {
    const calls = setup();
    const max = await screen.findByTestId('loyalty-wallet-max');
    expect(max).toHaveValue('500.00');
    expect(screen.getByTestId('loyalty-presets')).toHaveValue('10, 20, 50');
    expect(screen.getByTestId('loyalty-redeem-rate')).toHaveTextContent('100 points = RM 1.00');
    await retype(max, '1000');
    await retype(screen.getByTestId('loyalty-presets'), '10, 25.50, RM 100');
    await retype(screen.getByTestId('loyalty-adjustment-limit'), '250');
    await retype(screen.getByTestId('loyalty-redeem-value'), '0.50');
    expect(screen.getByTestId('loyalty-redeem-rate')).toHaveTextContent('100 points = RM 0.50');
    await userEvent.click(screen.getByTestId('loyalty-settings-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...settings,
      wallet_max_balance: 100_000,
      topup_presets: [1000, 2550, 10_000],
      adjustment_limit: 25_000,
      redeem_value: 50,
    });
  });

  it('does not save presets it cannot read', async () => {
    const calls = setup();
    const presets = await screen.findByTestId('loyalty-presets');
    await retype(presets, '10, ten');
    await userEvent.click(screen.getByTestId('loyalty-settings-save'));
    expect(
      await screen.findByText('Enter RM amounts separated by commas, e.g. 10, 20, 50'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('asks before deleting a tier', async () => {
    const calls = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Gold' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Its 12 members move');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Gold' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/t-gold'))).toBe(true),
    );
  });

  it('offers no edits with read-membership only', async () => {
    setup(reader);
    await screen.findAllByTestId('tier-row');
    await screen.findByTestId('loyalty-wallet-max');
    expect(screen.queryByTestId('tier-add')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Gold' })).toBeNull();
    expect(screen.queryByTestId('loyalty-settings-save')).toBeNull();
    expect(screen.getByTestId('loyalty-wallet-max')).toBeDisabled();
  });
});
