import { act, screen, within } from '@testing-library/react';
import type { Role } from '@kopi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { RoleCard } from './role-card';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const role = (name: string, description: string | null, patch: Partial<Role> = {}): Role => ({
  id: name,
  name,
  description,
  tenant_id: 't1',
  tenant_name: null,
  is_builtin: false,
  is_immutable: false,
  user_count: 0,
  users_preview: [],
  permissions: [],
  created_at: '2026-06-01T00:00:00.000Z',
  updated_at: '2026-06-01T00:00:00.000Z',
  ...patch,
});

function renderCards(roles: Role[]) {
  renderWithProviders(
    <>
      {roles.map((r) => (
        <RoleCard
          key={r.id}
          role={r}
          showTenant={false}
          isOwnRole={false}
          mayUpdate
          mayDelete
          onOpen={() => {}}
          onDelete={() => {}}
        />
      ))}
    </>,
  );
  return (name: string) =>
    within(screen.getAllByTestId('role-card').find((c) => c.dataset.role === name)!);
}

describe('role card', () => {
  it('names a built-in role and its shipped description in Malay, a business’s own role as typed', async () => {
    const card = renderCards([
      role('manager', 'POS, status board, orders, refunds up to approval, reports of own outlets', {
        is_builtin: true,
      }),
      role('cashier', 'Our counter staff', { is_builtin: true }),
      role('Barista', 'Makes the drinks'),
    ]);
    expect(card('manager').getByTestId('role-name')).toHaveTextContent('manager');
    await act(() => i18n.changeLanguage('my'));
    expect(card('manager').getByTestId('role-name')).toHaveTextContent('pengurus');
    expect(
      card('manager').getByText(
        'POS, papan status, pesanan, bayaran balik hingga kelulusan, laporan cawangan sendiri',
      ),
    ).toBeInTheDocument();
    // A rewritten description is the business's own words.
    expect(card('cashier').getByTestId('role-name')).toHaveTextContent('juruwang');
    expect(card('cashier').getByText('Our counter staff')).toBeInTheDocument();
    expect(card('Barista').getByTestId('role-name')).toHaveTextContent('Barista');
  });
});
