import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TenantAppFeature } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { captureToasts } from '../../../test/toasts';
import { EnableDisablePage } from './enable-disable-page';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const outlets = (values: Record<string, boolean | null>, business: boolean) =>
  Object.entries(values).map(([code, own]) => ({
    outlet_id: `id-${code}`,
    outlet_code: code,
    outlet_name: { JB01: 'Johor Bahru', KL01: 'Kuala Lumpur', PG01: 'Penang' }[code]!,
    switch: own,
    enabled: own ?? business,
    source: own === null ? ('tenant' as const) : ('outlet' as const),
    offered: code !== 'JB01',
  }));

const base = {
  description_en: '',
  description_my: '',
  locked: false,
  per_outlet: false,
  outlets: [],
};
const delivery: TenantAppFeature = {
  ...base,
  code: 'delivery',
  name_en: 'Delivery',
  name_my: 'Penghantaran',
  description_en: 'Customers order for delivery.',
  default_enabled: false,
  per_outlet: true,
  tenant_switch: true,
  enabled: true,
  source: 'tenant',
  outlets: outlets({ JB01: null, KL01: null, PG01: null }, true),
};
const topUp: TenantAppFeature = {
  ...base,
  code: 'wallet_top_up',
  name_en: 'Wallet Top-Up',
  name_my: 'Tambah Nilai Dompet',
  default_enabled: true,
  tenant_switch: null,
  enabled: true,
  source: 'platform',
};
const referral: TenantAppFeature = {
  ...base,
  code: 'referral',
  name_en: 'Referral',
  name_my: 'Rujukan',
  default_enabled: false,
  locked: true,
  tenant_switch: true,
  enabled: false,
  source: 'platform',
};

const marketing = (_action: string, subject: string): boolean => subject === 'enable-disable';
const reader = (action: string, subject: string): boolean =>
  action === 'read' && subject === 'enable-disable';

function setup(can = marketing) {
  const calls = mockFetch((call) => {
    if (call.url === '/api/app-features' && call.method === 'GET')
      return { body: { data: [delivery, topUp, referral] } };
    const enabled = (call.body as { enabled: boolean | null } | undefined)?.enabled ?? null;
    if (call.url === '/api/app-features/wallet_top_up' && call.method === 'PUT') {
      return {
        body: {
          data: {
            ...topUp,
            tenant_switch: enabled,
            enabled: enabled ?? true,
            source: enabled === null ? 'platform' : 'tenant',
          },
        },
      };
    }
    if (call.url === '/api/app-features/delivery/outlets/id-PG01' && call.method === 'PUT') {
      return {
        body: {
          data: { ...delivery, outlets: outlets({ JB01: null, KL01: null, PG01: enabled }, true) },
        },
      };
    }
    return undefined;
  });
  renderWithProviders(<EnableDisablePage />, { can });
  return calls;
}

const row = (code: string) => screen.getByTestId(`app-feature-${code}`);
const writes = (calls: ReturnType<typeof mockFetch>) =>
  calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body]);

describe('enable/disable feature page', { timeout: 30_000 }, () => {
  it('shows each feature’s value in the app with where it comes from', async () => {
    setup();
    await screen.findByTestId('app-feature-delivery');
    const effective = within(row('delivery')).getByTestId('feature-effective');
    expect(effective).toHaveAttribute('data-enabled', 'on');
    expect(effective).toHaveTextContent('Whole business');
    expect(within(row('wallet_top_up')).getByTestId('feature-effective')).toHaveTextContent(
      'Platform default',
    );
    expect(within(row('delivery')).getByTestId('business-switch')).toHaveAttribute(
      'data-choice',
      'on',
    );
    expect(within(row('wallet_top_up')).getByTestId('business-switch')).toHaveAttribute(
      'data-choice',
      'inherit',
    );
    // A business-wide feature has no outlet settings; a per-outlet one says all follow.
    expect(row('wallet_top_up')).toHaveTextContent('Whole business only');
    expect(row('delivery')).toHaveTextContent('Every outlet follows the business');
  });

  it('switches a feature for the whole business and back to the platform default', async () => {
    const toasts = captureToasts();
    const calls = setup();
    await screen.findByTestId('app-feature-wallet_top_up');
    const group = within(row('wallet_top_up')).getByRole('group', {
      name: 'Wallet Top-Up for the whole business',
    });
    await userEvent.click(within(group).getByRole('button', { name: 'Off' }));
    await waitFor(() =>
      expect(within(row('wallet_top_up')).getByTestId('feature-effective')).toHaveAttribute(
        'data-enabled',
        'off',
      ),
    );
    expect(toasts.shown()).toEqual(['success:Wallet Top-Up saved']);
    await userEvent.click(within(group).getByRole('button', { name: 'Default' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)).toEqual([
      ['/api/app-features/wallet_top_up', { enabled: false }],
      ['/api/app-features/wallet_top_up', { enabled: null }],
    ]);
  });

  it('shows a feature the platform locked without a switch', async () => {
    setup();
    await screen.findByTestId('app-feature-referral');
    expect(within(row('referral')).getByTestId('feature-locked')).toHaveTextContent(
      'Fixed by the platform',
    );
    expect(within(row('referral')).queryByTestId('business-switch')).not.toBeInTheDocument();
    expect(within(row('referral')).getByTestId('feature-effective')).toHaveAttribute(
      'data-enabled',
      'off',
    );
  });

  it('sets a per-outlet feature at one outlet and puts it back to the business’s value', async () => {
    const calls = setup();
    await screen.findByTestId('app-feature-delivery');
    await userEvent.click(within(row('delivery')).getByTestId('open-outlet-switches'));
    const dialog = await screen.findByTestId('outlet-switches-dialog');
    expect(dialog).toHaveTextContent('Delivery at each outlet');
    // Johor Bahru does not deliver at all: the dialog says so beside its switch.
    expect(within(dialog).getAllByTestId('outlet-not-offered')).toHaveLength(1);
    expect(
      within(dialog)
        .getAllByTestId('outlet-switch-row')
        .find((r) => r.dataset.outlet === 'JB01'),
    ).toHaveTextContent('This outlet does not offer Delivery');
    const penang = () => within(dialog).getByRole('group', { name: 'Delivery at Penang' });
    await userEvent.click(within(penang()).getByRole('button', { name: 'Off' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('outlet-switch-row')
          .find((r) => r.dataset.outlet === 'PG01')!,
      ).toHaveTextContent('Outlet’s own'),
    );
    // The list counts the outlet with its own setting.
    expect(row('delivery')).toHaveTextContent('1 outlet has its own setting');
    await userEvent.click(within(penang()).getByRole('button', { name: 'Business' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)).toEqual([
      ['/api/app-features/delivery/outlets/id-PG01', { enabled: false }],
      ['/api/app-features/delivery/outlets/id-PG01', { enabled: null }],
    ]);
  });

  it('filters by scope and searches in Malay too', async () => {
    setup();
    await screen.findByTestId('app-feature-delivery');
    await userEvent.click(screen.getByTestId('filter-scope'));
    await userEvent.click(await screen.findByRole('option', { name: 'Per outlet' }));
    expect(screen.getAllByTestId(/^app-feature-/).map((r) => r.dataset.testid)).toEqual([
      'app-feature-delivery',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await userEvent.type(screen.getByTestId('app-features-search'), 'dompet');
    await waitFor(() =>
      expect(screen.getAllByTestId(/^app-feature-/).map((r) => r.dataset.testid)).toEqual([
        'app-feature-wallet_top_up',
      ]),
    );
  });

  it('lets a reader look but not switch', async () => {
    setup(reader);
    await screen.findByTestId('app-feature-delivery');
    const group = within(row('delivery')).getByTestId('business-switch');
    for (const button of within(group).getAllByRole('button')) expect(button).toBeDisabled();
    await userEvent.click(within(row('delivery')).getByTestId('open-outlet-switches'));
    const dialog = await screen.findByTestId('outlet-switches-dialog');
    for (const button of within(dialog).getAllByTestId('outlet-switch')) {
      for (const choice of within(button).getAllByRole('button')) expect(choice).toBeDisabled();
    }
  });
});
