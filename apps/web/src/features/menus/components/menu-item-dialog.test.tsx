import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MenuItem } from '@kopi/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MenuItemDialog } from './menu-item-dialog';
import { retype } from '../../../test/user-steps';

const item = (patch: Partial<MenuItem>): MenuItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  parent_id: null,
  title: 'menu.pos',
  title_en: 'POS',
  title_my: 'POS',
  icon: 'PointOfSale',
  path: '/pos',
  action: 'read',
  subject: 'pos',
  sort_order: 1,
  hidden: false,
  builtin: true,
  updated_at: '2026-11-24T00:00:00.000Z',
  ...patch,
});

function renderDialog(menuItem: MenuItem) {
  const onSubmit = vi.fn(async () => {});
  renderWithProviders(
    <MenuItemDialog open item={menuItem} parents={[]} onClose={() => {}} onSubmit={onSubmit} />,
  );
  return onSubmit;
}

describe('menu item dialog', () => {
  it('locks a built-in item’s title key (the seed finds it by key) but lets its titles change', async () => {
    const onSubmit = renderDialog(item({}));
    const key = screen.getByLabelText(/Title key/);
    expect(key).toBeDisabled();
    expect(key).toHaveValue('menu.pos');
    expect(
      screen.getByText('Built-in items keep their key; edit the titles instead.'),
    ).toBeVisible();

    const english = screen.getByLabelText(/Title \(English\)/);
    expect(english).toBeEnabled();
    await retype(english, 'Counter');
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'menu.pos', title_en: 'Counter' }),
    );
  });

  it('leaves the title key of an item someone added editable', () => {
    renderDialog(item({ builtin: false, title: 'menu.kitchen_board', path: null }));
    expect(screen.getByLabelText(/Title key/)).toBeEnabled();
    expect(screen.getByText('A unique key such as menu.kitchen_board.')).toBeVisible();
  });
});
