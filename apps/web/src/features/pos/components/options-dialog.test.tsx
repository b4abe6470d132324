import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { formatMoney } from '../../../lib/formatters';
import { renderWithProviders } from '../../../test/render';
import { ids, latte } from '../test-menu';
import { chosen } from '../../../test/cart-lines';
import { OptionsDialog } from './options-dialog';

// toHaveTextContent collapses the no-break space Intl puts after "RM".
const money = (sen: number) => formatMoney(sen).replace(/\s/g, ' ');

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('option dialog', () => {
  it('says "Tidak dipilih" in Malay for nothing chosen in an optional group', async () => {
    renderWithProviders(<OptionsDialog product={latte} onAdd={vi.fn()} onClose={() => {}} />);
    await act(() => i18n.changeLanguage('my'));
    const milk = within(screen.getByRole('dialog')).getByRole('radiogroup', { name: 'Milk' });
    expect(within(milk).getByRole('radio', { name: 'Tidak dipilih' })).toBeChecked();
  });

  it('starts from the defaults, keeps group limits, prices live and adds the line', () => {
    const onAdd = vi.fn();
    renderWithProviders(<OptionsDialog product={latte} onAdd={onAdd} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: /Cafe Latte/ });
    const add = within(dialog).getByRole('button', { name: 'Add to cart' });
    // Size is required and has no marked default: its first option, Regular, starts chosen.
    const size = within(dialog).getByRole('radiogroup', { name: 'Size' });
    expect(within(size).getByRole('radio', { name: 'Regular' })).toBeChecked();
    expect(add).toBeEnabled();
    expect(screen.queryByTestId('pos-option-reason')).toBeNull();
    expect(screen.getByTestId('pos-option-price')).toHaveTextContent(money(1090));

    fireEvent.click(within(size).getByRole('radio', { name: 'Large' }));
    expect(add).toBeEnabled();

    // Optional single choice: "None" is chosen until an option is.
    const milk = within(dialog).getByRole('radiogroup', { name: 'Milk' });
    expect(within(milk).getByRole('radio', { name: 'None' })).toBeChecked();
    fireEvent.click(within(milk).getByRole('radio', { name: 'Oat' }));
    fireEvent.click(within(milk).getByRole('radio', { name: 'Soy' }));
    expect(within(milk).getByRole('radio', { name: 'Oat' })).not.toBeChecked();

    // Up to two toppings: the third is refused until one is unticked.
    const toppings = within(dialog).getByRole('group', { name: 'Toppings' });
    fireEvent.click(within(toppings).getByRole('checkbox', { name: 'Honey' }));
    fireEvent.click(within(toppings).getByRole('checkbox', { name: 'Nuts' }));
    expect(within(toppings).getByRole('checkbox', { name: 'Seeds' })).toBeDisabled();
    fireEvent.click(within(toppings).getByRole('checkbox', { name: 'Honey' }));
    expect(within(toppings).getByRole('checkbox', { name: 'Seeds' })).toBeEnabled();

    const addons = within(dialog).getByRole('group', { name: 'Add-ons' });
    const shot = within(addons).getByRole('checkbox', { name: 'Extra shot' });
    expect(shot).toHaveAccessibleDescription(`+${formatMoney(200)}`);
    fireEvent.click(shot);

    // 10.90 + Large 1.50 + Soy 1.00 + Nuts 0.80 + shot 2.00 = 16.20, twice.
    expect(screen.getByTestId('pos-option-price')).toHaveTextContent(money(1620));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByTestId('pos-option-price')).toHaveTextContent(money(3240));
    fireEvent.change(screen.getByTestId('pos-option-note'), { target: { value: 'extra hot ' } });

    fireEvent.click(add);
    expect(onAdd).toHaveBeenCalledWith({
      product_id: ids.latte,
      name: 'Cafe Latte',
      name_my: 'Latte Kafe',
      sku: 'ESP-002',
      unit_price: 1090,
      quantity: 2,
      notes: 'extra hot',
      options: [chosen.large, chosen.soy, chosen.nuts],
      addons: [chosen.shot],
    });
  });

  it('does not add on Enter while a required choice is missing', () => {
    const onAdd = vi.fn();
    // A required group without options cannot start chosen: the dialog says so.
    const noSizes = {
      ...latte,
      variant_groups: latte.variant_groups.map((g) =>
        g.id === ids.size ? { ...g, options: [] } : g,
      ),
    };
    renderWithProviders(<OptionsDialog product={noSizes} onAdd={onAdd} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: /Cafe Latte/ });
    expect(within(dialog).getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(screen.getByTestId('pos-option-reason')).toHaveTextContent('Choose Size');
    fireEvent.submit(screen.getByTestId('pos-option-note').closest('form')!);
    expect(onAdd).not.toHaveBeenCalled();
  });
});
