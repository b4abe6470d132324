import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffUser, UserFormOptions } from '@kopi/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { UserDrawer } from './user-drawer';
import { retype } from '../../../test/user-steps';

const roleId = '5b569caa-3064-4618-909c-1d9b0c3d6cc9';
const adminRoleId = '1770fc79-390b-4c9e-b638-dde6b2d7d57c';
const outletId = 'aa92445d-79d4-418d-8d59-30a472fbcdba';

const options: UserFormOptions = {
  roles: [
    { id: roleId, name: 'cashier', assignable: true },
    { id: adminRoleId, name: 'admin', assignable: false },
  ],
  outlets: [{ id: outletId, code: 'KL01', name: 'Kuala Lumpur' }],
};

const existing: StaffUser = {
  id: 'u1',
  username: 'siti',
  fullname: 'Siti Nurhaliza',
  email: null,
  avatar: null,
  role_id: roleId,
  role_name: 'cashier',
  id_outlet: outletId,
  outlet_name: 'Kuala Lumpur',
  tenant_id: 't1',
  tenant_name: 'Kopi Demo',
  status: 'active',
  language: 'en',
  last_sign_in_at: null,
  must_change_password: false,
  two_step_enabled: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function renderDrawer(user: StaffUser | null = null) {
  const onSubmit = vi.fn((_values: unknown) => Promise.resolve());
  renderWithProviders(
    <UserDrawer open user={user} options={options} onClose={() => undefined} onSubmit={onSubmit} />,
  );
  const drawer = within(screen.getByTestId('user-drawer'));
  const save = () => userEvent.click(drawer.getByTestId('user-save'));
  return { drawer, save, onSubmit };
}

async function chooseRole(name: string) {
  await userEvent.click(screen.getByTestId('user-role'));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('user drawer: validation with the contract schema', () => {
  it('says what is missing before anything is sent', async () => {
    const { drawer, save, onSubmit } = renderDrawer();
    await save();
    // Username, full name and role are required; an e-mailed link needs an e-mail address.
    expect(await drawer.findAllByText('This field is required')).toHaveLength(4);
    expect(drawer.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(drawer.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the username pattern, the e-mail and a typed temporary password', async () => {
    const { drawer, save, onSubmit } = renderDrawer();
    await userEvent.type(drawer.getByLabelText('Username'), 'no spaces');
    await userEvent.type(drawer.getByLabelText('Full name'), 'Nur Aisyah');
    await userEvent.type(drawer.getByLabelText('E-mail'), 'not-an-email');
    await chooseRole('cashier');
    await userEvent.click(drawer.getByLabelText('Set a temporary password'));
    await userEvent.type(drawer.getByLabelText('Temporary password'), 'short');
    await save();
    expect(await drawer.findByText('The pattern is A-Z a-z 0-9 . _ -')).toBeInTheDocument();
    expect(drawer.getByText('The Email field must be a valid email')).toBeInTheDocument();
    expect(
      drawer.getByText(
        'Field must contain at least one uppercase, lowercase, special character and digit with min 8 chars',
      ),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a new user with all outlets as null and a generated temporary password', async () => {
    const { drawer, save, onSubmit } = renderDrawer();
    await userEvent.type(drawer.getByLabelText('Username'), 'barista.1');
    await userEvent.type(drawer.getByLabelText('Full name'), 'Nur Aisyah');
    await chooseRole('cashier');
    await userEvent.click(drawer.getByLabelText('Set a temporary password'));
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      username: 'barista.1',
      fullname: 'Nur Aisyah',
      email: '',
      role_id: roleId,
      id_outlet: null,
      status: 'active',
      language: 'en',
      password_setup: { method: 'temporary' },
    });
  });

  it('lists a role the caller may not give but does not let it be chosen', async () => {
    renderDrawer();
    await userEvent.click(screen.getByTestId('user-role'));
    const admin = await screen.findByRole('option', {
      name: 'admin (holds permissions you do not have)',
    });
    expect(admin).toHaveAttribute('aria-disabled', 'true');
  });

  it('edits without a password set-up and keeps the outlet', async () => {
    const { drawer, save, onSubmit } = renderDrawer(existing);
    expect(drawer.queryByText('First password')).not.toBeInTheDocument();
    await retype(drawer.getByLabelText('Full name'), 'Siti N.');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    expect(sent).toMatchObject({ fullname: 'Siti N.', id_outlet: outletId, role_id: roleId });
    expect(sent).not.toHaveProperty('password_setup');
  });
});
