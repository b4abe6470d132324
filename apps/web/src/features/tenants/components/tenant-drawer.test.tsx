import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tenant } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { TenantDrawer } from './tenant-drawer';
import { retype } from '../../../test/user-steps';

const existing: Tenant = {
  id: 't1',
  name: 'Kopi Demo',
  slug: 'kopi-demo',
  plan: 'basic',
  status: 'active',
  legal_name: 'Kopi Demo Sdn Bhd',
  sst_registration_no: null,
  tin: null,
  brn: null,
  service_tax_rate_bp: 600,
  service_charge_rate_bp: 1000,
  service_charge_methods: ['dine_in'],
  service_charge_taxable: true,
  cash_rounding: true,
  timezone: 'Asia/Kuala_Lumpur',
  business_day_cutoff_hour: 4,
  refund_manager_limit: 5000,
  manual_discount_max_bp: 2000,
  shifts_required: true,
  shift_variance_tolerance: 500,
  outlet_count: 3,
  user_count: 5,
  created_at: '2026-01-01T00:00:00Z',
};

function renderDrawer(tenant: Tenant | null = null) {
  const onSubmit = vi.fn((_values: unknown) => Promise.resolve());
  renderWithProviders(
    <TenantDrawer open tenant={tenant} onClose={() => undefined} onSubmit={onSubmit} />,
  );
  const drawer = within(screen.getByTestId('tenant-drawer'));
  const save = () => userEvent.click(drawer.getByTestId('tenant-save'));
  return { drawer, save, onSubmit };
}

async function fillBusiness(drawer: ReturnType<typeof within>) {
  await userEvent.type(drawer.getByLabelText('Name'), 'Kopi Baru');
  await userEvent.type(drawer.getByLabelText('Legal name'), 'Kopi Baru Sdn Bhd');
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('tenant drawer: the first admin', { timeout: 30_000 }, () => {
  it('asks for the first admin of a new tenant before anything is sent', async () => {
    const { drawer, save, onSubmit } = renderDrawer();
    await fillBusiness(drawer);
    await save();
    // Username and full name are required; an e-mailed link needs an e-mail address.
    expect(await drawer.findAllByText('This field is required')).toHaveLength(3);
    expect(drawer.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(drawer.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the tenant with its first admin, by e-mailed link or a typed temporary password', async () => {
    const { drawer, save, onSubmit } = renderDrawer();
    await fillBusiness(drawer);
    await userEvent.type(drawer.getByLabelText('Username'), 'kopibaru.admin');
    await userEvent.type(drawer.getByLabelText('Full name'), 'Nurul Huda');
    await userEvent.type(drawer.getByLabelText('E-mail'), 'owner@kopibaru.my');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: 'Kopi Baru',
      slug: 'kopi-baru',
      first_admin: {
        username: 'kopibaru.admin',
        fullname: 'Nurul Huda',
        email: 'owner@kopibaru.my',
        language: 'en',
        password_setup: { method: 'email' },
      },
    });

    await userEvent.click(drawer.getByLabelText('Set a temporary password'));
    await userEvent.type(drawer.getByLabelText('Temporary password'), 'short');
    await save();
    expect(
      await drawer.findByText(
        'Field must contain at least one uppercase, lowercase, special character and digit with min 8 chars',
      ),
    ).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await retype(drawer.getByLabelText('Temporary password'), 'Pertama@2026');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({
      first_admin: { password_setup: { method: 'temporary', password: 'Pertama@2026' } },
    });
  });

  it('edits a tenant without a first admin, and sends none', async () => {
    const { drawer, save, onSubmit } = renderDrawer(existing);
    expect(drawer.queryByText('First admin')).not.toBeInTheDocument();
    expect(drawer.queryByLabelText('Username')).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Kopi Demo', slug: 'kopi-demo' });
    expect(sent).not.toHaveProperty('first_admin');
  });

  it('speaks Malay', async () => {
    await i18n.changeLanguage('my');
    const { drawer } = renderDrawer();
    expect(drawer.getByText('Pentadbir pertama')).toBeInTheDocument();
    expect(drawer.getByLabelText('Nama pengguna')).toBeInTheDocument();
    expect(drawer.getByLabelText('Tetapkan kata laluan sementara')).toBeInTheDocument();
  });
});
