import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { toCartLine, emptySelection } from '../options';
import { kopi, latte, menu, sizeGroup } from '../test-menu';
import { CartLineItem } from './cart-line-item';
import { OptionsDialog } from './options-dialog';
import { ProductGrid } from './product-grid';

// The counter in Malay: tiles, the options dialog and cart lines show the Malay names, and the
// English name where a product, option or add-on has none.

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const grid = () =>
  renderWithProviders(
    <ProductGrid
      products={menu.products}
      query=""
      onQueryChange={() => {}}
      barcode=""
      onBarcodeChange={() => {}}
      onBarcodeEnter={() => {}}
      scanMessage={null}
      onPick={() => {}}
      searchRef={null}
      barcodeRef={null}
    />,
  );

describe('POS names in Malay', () => {
  it('shows a tile’s Malay name, the English one where there is none', async () => {
    await i18n.changeLanguage('my');
    grid();
    expect(await screen.findByTestId(`pos-product-${latte.sku}`)).toHaveTextContent('Latte Kafe');
    expect(screen.getByTestId(`pos-product-${latte.sku}`)).not.toHaveTextContent('Cafe Latte');
    expect(screen.getByTestId(`pos-product-${kopi.sku}`)).toHaveTextContent('Kopi');
  });

  it('shows the English names on an English screen', async () => {
    grid();
    expect(await screen.findByTestId(`pos-product-${latte.sku}`)).toHaveTextContent('Cafe Latte');
  });

  it('names groups, options and add-ons in Malay in the options dialog', async () => {
    await i18n.changeLanguage('my');
    renderWithProviders(<OptionsDialog product={latte} onAdd={vi.fn()} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: /Latte Kafe/ });
    const size = within(dialog).getByRole('radiogroup', { name: 'Saiz' });
    expect(within(size).getByRole('radio', { name: 'Besar' })).toBeInTheDocument();
    // Milk has no Malay name: the English stands in.
    expect(within(dialog).getByRole('radiogroup', { name: 'Milk' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Syot tambahan' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Whipped cream' })).toBeInTheDocument();
  });

  it('names a cart line and its choices in Malay', async () => {
    await i18n.changeLanguage('my');
    const large = sizeGroup.options[1]!.id;
    const line = {
      key: 'k1',
      ...toCartLine(latte, { ...emptySelection, options: { [sizeGroup.id]: [large] } }, 1, ''),
    };
    renderWithProviders(
      <ul>
        <CartLineItem
          line={line}
          flag={undefined}
          lineTotal={1240}
          dispatch={() => {}}
          onEditNote={() => {}}
        />
      </ul>,
    );
    expect(await screen.findByTestId('pos-cart-line-name')).toHaveTextContent('Latte Kafe');
    expect(screen.getByTestId('pos-cart-line')).toHaveTextContent('Besar');
  });
});
