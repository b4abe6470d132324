import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPricingSettings, priceOrder } from '@kopi/contract';
import { i18n } from '../../lib/i18n/i18n';
import { sampleOrder } from './order-fixture';
import { OrderReceipt } from './order-receipt';
import { printSheetClass } from './print-sheet';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('OrderReceipt', () => {
  it('uses totals that priceOrder agrees with (the fixture is a real sale)', () => {
    const order = sampleOrder();
    const priced = priceOrder({
      lines: order.items.map((i) => ({
        unit_price: i.unit_price,
        option_prices: i.options.map((o) => o.price),
        addon_prices: i.addons.map((a) => a.price),
        quantity: i.quantity,
      })),
      discount: order.discount,
      serving_method: order.serving_method,
      delivery_fee: 0,
      paid_in_cash: true,
      settings: defaultPricingSettings,
    });
    expect(priced).toMatchObject({
      subtotal: order.subtotal,
      service_charge: order.service_charge,
      service_tax: order.service_tax,
      rounding: order.rounding,
      total: order.total,
    });
  });

  it("prints the business's own header, footer and logo instead of the standard thanks", () => {
    const order = sampleOrder();
    render(
      <OrderReceipt
        order={{
          ...order,
          receipt: {
            ...order.receipt,
            header: 'Halal certified\nFree Wi-Fi: kopi-guest',
            footer: 'Follow us @kopihq',
            logo_url: '/uploads/logos/logo.webp',
          },
        }}
      />,
    );
    expect(screen.getByTestId('receipt-header')).toHaveTextContent('Halal certified');
    expect(screen.getByTestId('receipt-header')).toHaveTextContent('Free Wi-Fi: kopi-guest');
    expect(screen.getByTestId('receipt-footer')).toHaveTextContent('Follow us @kopihq');
    expect(screen.getByTestId('receipt-logo')).toHaveAttribute('src', '/uploads/logos/logo.webp');
    expect(screen.queryByText('Thank you! Please come again.')).not.toBeInTheDocument();
  });

  it('prints the header and footer in the staff’s language, else in the other one', async () => {
    const order = sampleOrder();
    const both = {
      ...order,
      receipt: {
        ...order.receipt,
        header: 'Halal certified',
        header_my: 'Disahkan halal',
        footer: 'See you again!',
        footer_my: null,
      },
    };
    const { unmount } = render(<OrderReceipt order={both} />);
    expect(screen.getByTestId('receipt-header')).toHaveTextContent('Halal certified');
    expect(screen.getByTestId('receipt-footer')).toHaveTextContent('See you again!');
    unmount();
    await act(() => i18n.changeLanguage('my'));
    render(<OrderReceipt order={both} />);
    expect(screen.getByTestId('receipt-header')).toHaveTextContent('Disahkan halal');
    // No Malay footer: the English one rather than none.
    expect(screen.getByTestId('receipt-footer')).toHaveTextContent('See you again!');
  });

  it('prints the standard thanks without a footer, and no logo or header', () => {
    render(<OrderReceipt order={sampleOrder()} />);
    expect(screen.getByText('Thank you! Please come again.')).toBeInTheDocument();
    expect(screen.queryByTestId('receipt-logo')).not.toBeInTheDocument();
    expect(screen.queryByTestId('receipt-header')).not.toBeInTheDocument();
  });

  it('prints the header, the order, the items and the money', () => {
    render(<OrderReceipt order={sampleOrder()} />);
    const receipt = screen.getByTestId('order-receipt');
    expect(receipt).toHaveClass(printSheetClass);
    expect(receipt).toHaveAccessibleName('Receipt of order KL01-20260315-0042');
    const text = receipt.textContent ?? '';
    for (const expected of [
      'Kopi HQ',
      'Kopi HQ Sdn. Bhd.',
      'SST Reg. No: W10-1808-31000123',
      'TIN: C2581234560',
      'BRN: 202301012345',
      'Outlet: Kopi HQ Bukit Bintang (KL01)',
      '12 Jalan Bukit Bintang, 55100 Kuala Lumpur',
      'Tel: +60321234567',
      'KL01-20260315-0042',
      // 01:30 UTC is 09:30 in Kuala Lumpur
      '2026/03/15 09:30:05',
      'Siti Cashier',
      'Dine in · Table T5',
      '2 x Kopi O',
      '14.00',
      '@ 7.00',
      'Size: Large',
      '+1.00',
      '+ Extra shot',
      'Note: Less sugar',
      '1 x Roti Bakar',
      'Subtotal19.00',
      'Discount-1.00',
      'Service charge1.80',
      'SST1.19',
      'Cash21.00',
      'Tendered50.00',
      'Thank you! Please come again.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Delivery fee');
    expect(screen.getByTestId('receipt-total')).toHaveTextContent('TOTALRM 21.00');
    expect(screen.getByTestId('receipt-rounding')).toHaveTextContent('Rounding+0.01');
    expect(screen.getByTestId('receipt-change')).toHaveTextContent('Change29.00');
    expect(screen.getAllByTestId('receipt-item')).toHaveLength(2);
  });

  it('prints only the receipt at 80 mm while it is shown', () => {
    const { unmount } = render(<OrderReceipt order={sampleOrder()} />);
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toContain('@media print');
    expect(css).toMatch(/@page \{ size: 80mm \d+mm; margin: 0; \}/);
    expect(css).toContain(`.${printSheetClass}`);
    unmount();
    const after = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(after).not.toContain('@page');
  });

  it('shows card references, delivery, no rounding line when there is none, and a rejection', () => {
    render(
      <OrderReceipt
        order={sampleOrder({
          serving_method: 'delivery',
          table_no: null,
          delivery_address: '3 Jalan Ampang',
          delivery_fee: 500,
          service_charge: 0,
          rounding: 0,
          status: 'REJECTED',
          refund_due: 2000,
          payments: [
            {
              id: 'p',
              method: 'card',
              amount: 2000,
              tendered: null,
              change: 0,
              reference: 'SLIP-991',
              status: 'paid',
            },
          ],
          change: 0,
          receipt: { ...sampleOrder().receipt, sst_registration_no: null, tin: null, brn: null },
        })}
      />,
    );
    const receipt = screen.getByTestId('order-receipt');
    const text = receipt.textContent ?? '';
    expect(text).toContain('Delivery fee5.00');
    expect(text).toContain('Deliver to: 3 Jalan Ampang');
    expect(text).toContain('Ref: SLIP-991');
    expect(text).toContain('*** ORDER REJECTED ***');
    expect(text).toContain('Refund due20.00');
    expect(text).not.toContain('SST Reg. No');
    expect(text).not.toContain('Service charge');
    expect(within(receipt).queryByTestId('receipt-rounding')).toBeNull();
    expect(screen.getByTestId('receipt-change')).toHaveTextContent('0.00');
  });

  it("prints the customer's points earned and the points and wallet after the sale, in both languages", async () => {
    const order = sampleOrder({
      customer_id: 'c-1',
      loyalty: { points_earned: 21, points_balance: 1271, wallet_balance: 4550 },
    });
    const { unmount } = render(<OrderReceipt order={order} />);
    const lines = screen.getByTestId('receipt-loyalty');
    expect(lines.textContent).toBe('Points earned21Points balance1,271Wallet balanceRM 45.50');
    unmount();
    await i18n.changeLanguage('my');
    render(<OrderReceipt order={order} />);
    expect(screen.getByTestId('receipt-loyalty').textContent).toBe(
      'Mata diperoleh21Baki mata1,271Baki dompetRM 45.50',
    );
  });

  it('prints no loyalty lines without a customer', () => {
    render(<OrderReceipt order={sampleOrder({ loyalty: null })} />);
    expect(screen.queryByTestId('receipt-loyalty')).toBeNull();
  });

  it('speaks Malay', async () => {
    await i18n.changeLanguage('my');
    render(<OrderReceipt order={sampleOrder()} />);
    const text = screen.getByTestId('order-receipt').textContent ?? '';
    expect(text).toContain('Juruwang');
    expect(text).toContain('Tunai');
    expect(text).toContain('Terima kasih! Sila datang lagi.');
    expect(screen.getByTestId('receipt-total')).toHaveTextContent('JUMLAH');
  });
});
