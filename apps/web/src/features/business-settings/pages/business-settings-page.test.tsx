import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BusinessSettings } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { BusinessSettingsPage } from './business-settings-page';
import { retype } from '../../../test/user-steps';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const settings: BusinessSettings = {
  sst_registration_no: 'W10-1808-32000123',
  service_tax_rate_bp: 600,
  service_charge_taxable: true,
  service_charge_rate_bp: 1000,
  service_charge_methods: ['dine_in'],
  cash_rounding: true,
  brn: '202301012345',
  tin: null,
  receipt_header: null,
  receipt_footer: null,
  receipt_header_my: null,
  receipt_footer_my: null,
  shifts_required: true,
  shift_variance_tolerance: 500,
  manual_discount_max_bp: 2000,
  shift_blind_count: false,
  cash_out_approval_over: null,
  business_day_cutoff_hour: 4,
  business_name: 'Kopi Demo Sdn Bhd',
  receipt_logo_url: null,
  updated_at: '2026-06-10T04:00:00.000Z',
};
const { business_name: _n, receipt_logo_url: _l, updated_at: _u, ...input } = settings;

const admin = (_action: string, subject: string): boolean => subject === 'tenant-setting';
const reader = (action: string, subject: string): boolean =>
  action === 'read' && subject === 'tenant-setting';

function setup(can = admin, answer?: (body: unknown) => { status?: number; body: unknown }) {
  const calls = mockFetch((call) => {
    if (call.url === '/api/tenant-settings' && call.method === 'GET')
      return { body: { data: settings } };
    if (call.url === '/api/tenant-settings' && call.method === 'PUT')
      return answer?.(call.body) ?? { body: { data: { ...settings, ...(call.body as object) } } };
    if (call.url === '/api/tenant-settings/logo' && call.method === 'POST')
      return { body: { data: { ...settings, receipt_logo_url: '/uploads/logos/new.webp' } } };
    return undefined;
  });
  renderWithProviders(<BusinessSettingsPage />, { can });
  return calls;
}

const saved = (calls: ReturnType<typeof mockFetch>) => calls.filter((c) => c.method === 'PUT');

describe('business settings page', { timeout: 30_000 }, () => {
  it('shows the settings as percentages and saves what changed in basis points', async () => {
    const calls = setup();
    const sst = await screen.findByLabelText('Service tax (SST)');
    expect(sst).toHaveValue('6');
    expect(screen.getByLabelText('Service charge')).toHaveValue('10');
    await retype(sst, '8');
    await userEvent.click(screen.getByLabelText('Pick up'));
    await userEvent.click(screen.getByLabelText('SST applies to the service charge'));
    await userEvent.type(screen.getByLabelText('Receipt footer'), 'Jumpa lagi!');
    fireEvent.change(screen.getByTestId('cutoff-hour'), { target: { value: '5' } });
    await userEvent.click(screen.getByTestId('business-settings-save'));
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]!.body).toEqual({
      ...input,
      service_tax_rate_bp: 800,
      service_charge_methods: ['dine_in', 'pick_up'],
      service_charge_taxable: false,
      receipt_footer: 'Jumpa lagi!',
      business_day_cutoff_hour: 5,
    });
  });

  it('saves the blind count and the cash-out limit in sen, and an empty limit as none', async () => {
    const calls = setup();
    await userEvent.click(
      await screen.findByLabelText(
        'Blind count: hide the expected cash until the closing count is saved',
      ),
    );
    const limit = screen.getByLabelText('Cash out without a manager’s PIN, up to');
    await userEvent.type(limit, '150');
    await userEvent.click(screen.getByTestId('business-settings-save'));
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]!.body).toEqual({
      ...input,
      shift_blind_count: true,
      cash_out_approval_over: 15_000,
    });
    await userEvent.clear(limit);
    await userEvent.click(screen.getByTestId('business-settings-save'));
    await waitFor(() => expect(saved(calls)).toHaveLength(2));
    expect(saved(calls)[1]!.body).toMatchObject({ cash_out_approval_over: null });
  });

  it('refuses a rate above 100% without calling the server', async () => {
    const calls = setup();
    const charge = await screen.findByLabelText('Service charge');
    await retype(charge, '101');
    await userEvent.click(screen.getByTestId('business-settings-save'));
    expect(await screen.findByText('Maximal value is 100')).toBeInTheDocument();
    expect(saved(calls)).toHaveLength(0);
  });

  it("puts the server's refusal on the field it names", async () => {
    setup(admin, () => ({
      status: 400,
      body: {
        code_message: 'validation_failed',
        message: 'Invalid request',
        details: [{ path: 'brn', message: 'validation.max_length?max=40' }],
      },
    }));
    await screen.findByLabelText('Service tax (SST)');
    await userEvent.click(screen.getByTestId('business-settings-save'));
    expect(await screen.findByText('The maximum length is 40')).toBeInTheDocument();
  });

  it('uploads a receipt logo and shows it', async () => {
    const calls = setup();
    const input = await screen.findByTestId('receipt-logo-input');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
      type: 'image/png',
    });
    await userEvent.upload(input, file);
    const preview = await screen.findByTestId('receipt-logo-preview');
    expect(preview).toHaveAttribute('src', '/uploads/logos/new.webp');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toBeInstanceOf(FormData);
    expect((post!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('shows the settings without Save or upload to read-tenant-setting only', async () => {
    setup(reader);
    expect(await screen.findByLabelText('Service tax (SST)')).toBeDisabled();
    expect(screen.queryByTestId('business-settings-save')).toBeNull();
    expect(screen.queryByTestId('receipt-logo-input')).toBeNull();
    expect(screen.getByText('No logo')).toBeInTheDocument();
  });
});
