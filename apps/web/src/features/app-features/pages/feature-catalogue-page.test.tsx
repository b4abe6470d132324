import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppFeature } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { FeatureCataloguePage } from './feature-catalogue-page';
import { retype } from '../../../test/user-steps';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const delivery: AppFeature = {
  code: 'delivery',
  name_en: 'Delivery',
  name_my: 'Penghantaran',
  description_en: 'Customers order for delivery.',
  description_my: 'Pelanggan memesan untuk dihantar.',
  default_enabled: false,
  locked: false,
  per_outlet: true,
  updated_at: '2026-06-10T04:00:00.000Z',
};
const wallet: AppFeature = {
  ...delivery,
  code: 'wallet',
  name_en: 'Wallet',
  name_my: 'Dompet',
  default_enabled: true,
  locked: true,
  per_outlet: false,
};

const superadmin = (_action: string, subject: string): boolean => subject === 'general-setting';
const reader = (action: string, subject: string): boolean =>
  action === 'read' && subject === 'general-setting';

function setup(can = superadmin, refuse = false) {
  const calls = mockFetch((call) => {
    if (call.url === '/api/general-settings/features' && call.method === 'GET')
      return { body: { data: [delivery, wallet] } };
    if (call.url === '/api/general-settings/features/delivery' && call.method === 'PUT') {
      if (refuse) {
        return {
          status: 400,
          body: {
            code_message: 'validation_failed',
            message: 'This field is required',
            details: [{ path: 'name_my', message: 'validation.required' }],
          },
        };
      }
      return { body: { data: { ...delivery, ...(call.body as object) } } };
    }
    return undefined;
  });
  renderWithProviders(<FeatureCataloguePage />, { can });
  return calls;
}

const row = (code: string) => screen.getByTestId(`catalogue-${code}`);

describe('feature catalogue page', { timeout: 30_000 }, () => {
  it('lists each feature with its default, scope and lock', async () => {
    setup();
    await screen.findByTestId('catalogue-delivery');
    expect(within(row('delivery')).getByTestId('catalogue-default')).toHaveAttribute(
      'data-enabled',
      'off',
    );
    expect(row('delivery')).toHaveTextContent('Per outlet');
    expect(row('delivery')).toHaveTextContent('Changeable');
    expect(within(row('wallet')).getByTestId('catalogue-locked')).toHaveTextContent('Locked');
    expect(row('wallet')).toHaveTextContent('Whole business only');
  });

  it('edits names, the default and the lock in a drawer', async () => {
    const calls = setup();
    await screen.findByTestId('catalogue-delivery');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Delivery' }));
    const drawer = await screen.findByTestId('app-feature-drawer');
    const nameEn = within(drawer).getByLabelText('Name (English)');
    await retype(nameEn, 'Home Delivery');
    await userEvent.click(within(drawer).getByTestId('app-feature-default'));
    await userEvent.click(within(drawer).getByTestId('app-feature-locked'));
    await userEvent.click(within(drawer).getByTestId('app-feature-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      name_en: 'Home Delivery',
      name_my: 'Penghantaran',
      description_en: 'Customers order for delivery.',
      description_my: 'Pelanggan memesan untuk dihantar.',
      default_enabled: true,
      locked: true,
    });
    await waitFor(() => expect(row('delivery')).toHaveTextContent('Home Delivery'));
    expect(within(row('delivery')).getByTestId('catalogue-locked')).toBeInTheDocument();
  });

  it('refuses a blank name on the form, and places the server’s refusal on its field', async () => {
    const calls = setup(superadmin, true);
    await screen.findByTestId('catalogue-delivery');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Delivery' }));
    const drawer = await screen.findByTestId('app-feature-drawer');
    await userEvent.clear(within(drawer).getByLabelText('Name (English)'));
    await userEvent.click(within(drawer).getByTestId('app-feature-save'));
    expect(await within(drawer).findByText('This field is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.type(within(drawer).getByLabelText('Name (English)'), 'Delivery');
    await userEvent.click(within(drawer).getByTestId('app-feature-save'));
    await waitFor(() =>
      expect(within(drawer).getByLabelText('Name (Melayu)')).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
  });

  it('shows no edit action to a reader', async () => {
    setup(reader);
    await screen.findByTestId('catalogue-delivery');
    expect(screen.queryByRole('button', { name: 'Edit Delivery' })).not.toBeInTheDocument();
  });
});
