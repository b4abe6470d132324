import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { sampleOrder } from './order-fixture';
import { OrderReceipt } from './order-receipt';

// An order sold with a voucher prints the voucher's line (code, name, what it took off); the
// order's discount is the voucher's and the manual one's together, so "Discount" prints the rest.

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const voucher = {
  id: 'v-1',
  code: 'KOPI20',
  name_en: '20% off coffee',
  name_my: '20% potongan kopi',
  discount: 300,
};

describe('OrderReceipt voucher', () => {
  it('prints the voucher apart from the manual discount', () => {
    // RM 3.00 from the voucher and RM 1.50 given at the counter: RM 4.50 off in all.
    render(<OrderReceipt order={{ ...sampleOrder({ discount: 450 }), voucher }} />);
    const line = screen.getByTestId('receipt-voucher');
    expect(line).toHaveTextContent('Voucher KOPI20');
    expect(line).toHaveTextContent('-3.00');
    expect(line).toHaveTextContent('20% off coffee');
    const receipt = screen.getByTestId('order-receipt');
    expect(receipt).toHaveTextContent('Discount-1.50');
    expect(receipt).not.toHaveTextContent('-4.50');
  });

  it('prints no voucher line without one, and the whole discount as "Discount"', () => {
    render(<OrderReceipt order={{ ...sampleOrder({ discount: 450 }), voucher: null }} />);
    expect(screen.queryByTestId('receipt-voucher')).toBeNull();
    expect(screen.getByTestId('order-receipt')).toHaveTextContent('Discount-4.50');
  });

  it('names the voucher in Malay on a Malay screen', async () => {
    await i18n.changeLanguage('my');
    render(<OrderReceipt order={{ ...sampleOrder({ discount: 300 }), voucher }} />);
    const line = screen.getByTestId('receipt-voucher');
    expect(line).toHaveTextContent('Baucar KOPI20');
    expect(line).toHaveTextContent('20% potongan kopi');
  });
});
