import type { PosMenu } from '@kopi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { setTestSession } from '../../../test/session';
import { ids, latte, menu } from '../test-menu';
import {
  findSlowly,
  payExactCash,
  posApiAnswer,
  slow,
  toastWithStaffMealDiscount,
} from '../test-pos-api';
import { PosPage } from './pos-page';

// The counter's quick paths: a standard drink in one tap, its choices changed from the cart,
// quick cash that adds up, and a manual discount for whoever may give one.

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

// The latte's size defaults to Regular; milk and toppings are optional.
const withDefaults: PosMenu = {
  ...menu,
  products: menu.products.map((p) =>
    p.id !== latte.id
      ? p
      : {
          ...p,
          variant_groups: p.variant_groups.map((g) => ({
            ...g,
            options: g.options.map((o) => ({ ...o, is_default: o.id === ids.regular })),
          })),
        },
  ),
};

function renderPos(can: (action: string, subject: string) => boolean = () => false) {
  const calls = mockFetch((call) =>
    call.url.startsWith('/api/pos/menu') ? { body: { data: withDefaults } } : posApiAnswer(call),
  );
  renderWithProviders(<PosPage />, { can });
  return calls;
}

describe('POS at the counter', () => {
  it(
    'adds a standard drink in one tap, changes its choices from the cart, and quick cash adds up',
    { timeout: 40_000 },
    async () => {
      const calls = renderPos();
      await userEvent.click(await findSlowly('pos-product-ESP-002'));
      expect(screen.queryByTestId('pos-options-dialog')).toBeNull();
      const line = screen.getByTestId('pos-cart-line');
      expect(line).toHaveTextContent('Regular');
      // No discount button without the permission.
      expect(screen.queryByTestId('pos-discount')).toBeNull();

      await userEvent.click(within(line).getByTestId('pos-line-options'));
      const dialog = await findSlowly('pos-options-dialog');
      await userEvent.click(within(dialog).getByLabelText(/Large/));
      await userEvent.click(within(dialog).getByTestId('pos-option-add'));
      await waitFor(() => expect(screen.getAllByTestId('pos-cart-line')).toHaveLength(1), slow);
      expect(screen.getByTestId('pos-cart-line')).toHaveTextContent('Large');

      await userEvent.click(screen.getByTestId('pos-pay'));
      const payment = await findSlowly('pos-payment');
      await userEvent.click(within(payment).getByTestId('pos-cash-500'));
      await userEvent.click(within(payment).getByTestId('pos-cash-500'));
      expect(within(payment).getByTestId('pos-tendered')).toHaveValue('10.00');
      await userEvent.click(within(payment).getByTestId('pos-cash-clear'));
      expect(within(payment).getByTestId('pos-tendered')).toHaveValue('');
      await userEvent.click(within(payment).getByTestId('pos-cash-1000'));
      await userEvent.click(within(payment).getByTestId('pos-cash-500'));
      await userEvent.click(within(payment).getByTestId('pos-confirm-payment'));
      await findSlowly('pos-receipt-dialog');
      const sale = calls.find((c) => c.url === '/api/orders' && c.method === 'POST');
      expect(sale?.body).toMatchObject({
        items: [{ product_id: ids.latte, option_ids: [ids.large] }],
        payments: [{ method: 'cash', tendered: 1500 }],
      });
    },
  );

  it('sends a manual discount the totals already show', { timeout: 40_000 }, async () => {
    // Whoever holds discount-order gives it alone (pos-discount-approval.test.tsx: with a PIN).
    setTestSession({ id: 'm' }, { permissions: ['create-pos', 'discount-order'] });
    const calls = renderPos((action, subject) => action === 'discount' && subject === 'order');
    await toastWithStaffMealDiscount();
    // RM 4.50 less RM 0.50 = RM 4.00, SST 6% = RM 0.24 (pick-up: no service charge).
    expect(screen.getByTestId('pos-sst')).toHaveTextContent('0.24');

    await payExactCash();
    await findSlowly('pos-receipt-dialog');
    const sale = calls.find((c) => c.url === '/api/orders' && c.method === 'POST');
    expect(sale?.body).toMatchObject({
      manual_discount: { kind: 'amount', value: 50, reason: 'staff_meal' },
      payments: [{ method: 'cash', amount: 425 }],
    });
  });
});
