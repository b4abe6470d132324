import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { sampleOrder } from './order-fixture';
import { OrderReceipt } from './order-receipt';

// A receipt names the items as sold: in Malay on a Malay screen (the order's own Malay names,
// kept when the product is renamed), in English where an item had none.

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('OrderReceipt names', () => {
  it('prints the Malay names sold, the English where there was none', async () => {
    await i18n.changeLanguage('my');
    render(<OrderReceipt order={sampleOrder()} />);
    const [first, second] = screen.getAllByTestId('receipt-item');
    expect(first).toHaveTextContent('Saiz: Besar');
    expect(first).toHaveTextContent('+ Syot tambahan');
    expect(first).toHaveTextContent('Kopi O');
    expect(second).toHaveTextContent('Roti Bakar');
  });

  it('prints the English names on an English screen', () => {
    render(<OrderReceipt order={sampleOrder()} />);
    const [first] = screen.getAllByTestId('receipt-item');
    expect(first).toHaveTextContent('Size: Large');
    expect(first).toHaveTextContent('+ Extra shot');
  });
});
