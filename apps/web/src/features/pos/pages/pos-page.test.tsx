import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ids } from '../test-menu';
import { findSlowly, payExactCash, posApiAnswer, slow } from '../test-pos-api';
import { PosPage } from './pos-page';
import { retype } from '../../../test/user-steps';

// The counter screen put together: outlet, catalogue, cart checks, payment and receipt.

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

// The page loads its outlets, context and menu before anything shows; on a busy machine that and
// each dialog take longer than Testing Library's default second.

function renderPos() {
  const calls = mockFetch(posApiAnswer);
  renderWithProviders(<PosPage />);
  return calls;
}

describe('POS page', () => {
  it(
    'rings up a dine-in sale: the table is asked for, then paid in cash and the receipt shows',
    { timeout: 30_000 },
    async () => {
      const calls = renderPos();
      await userEvent.click(await findSlowly('pos-product-KOP-001'));
      expect(screen.getAllByTestId('pos-cart-line')).toHaveLength(1);

      await userEvent.click(screen.getByTestId('pos-serving-dine_in'));
      await userEvent.click(screen.getByTestId('pos-pay'));
      expect(screen.queryByTestId('pos-payment')).toBeNull();
      expect(screen.getByTestId('pos-table-no')).toHaveFocus();
      expect(screen.getByTestId('pos-pay-problem')).toHaveTextContent(/table/i);

      await userEvent.type(screen.getByTestId('pos-table-no'), 'T5');
      await payExactCash();

      expect(await findSlowly('pos-receipt-dialog')).toBeInTheDocument();
      const sale = calls.find((c) => c.url === '/api/orders' && c.method === 'POST');
      expect(sale?.headers.get('idempotency-key')).toBeTruthy();
      expect(sale?.body).toMatchObject({
        outlet_id: ids.outlet,
        serving_method: 'dine_in',
        table_no: 'T5',
        items: [{ product_id: ids.kopi, quantity: 1 }],
      });
      await waitFor(() => expect(screen.queryAllByTestId('pos-cart-line')).toHaveLength(0), slow);
    },
  );

  it(
    'F4 holds the order under a label and Recall brings it back',
    { timeout: 30_000 },
    async () => {
      renderPos();
      await userEvent.click(await findSlowly('pos-product-FOD-001'));
      await userEvent.keyboard('{F4}');
      const hold = await findSlowly('pos-hold-dialog');
      await retype(within(hold).getByTestId('pos-hold-label'), 'Aminah');
      await userEvent.click(within(hold).getByTestId('pos-hold-confirm'));
      await waitFor(() => expect(screen.queryAllByTestId('pos-cart-line')).toHaveLength(0), slow);

      await userEvent.click(screen.getByTestId('pos-recall'));
      const recall = await findSlowly('pos-recall-dialog');
      expect(within(recall).getByTestId('pos-held-cart')).toHaveTextContent('Aminah');
      await userEvent.click(within(recall).getByTestId('pos-recall-cart'));
      await waitFor(() => expect(screen.getAllByTestId('pos-cart-line')).toHaveLength(1), slow);
    },
  );
});
