import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleOrder } from '../../../components/receipt/order-fixture';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch, type Call } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import type { VoucherCheck, VoucherCheckInput } from '../api';
import { ids } from '../test-menu';
import { findSlowly, payExactCash, posApiAnswer, slow } from '../test-pos-api';
import { PosPage } from './pos-page';

// A voucher at the counter: typed or scanned, checked against the cart, priced before SST, sent
// with the sale, checked again as the cart changes, and refused at payment without losing the
// cart. The check answers here stand in for the server: RM 4.00 off two or more items, else
// refused for the minimum spend.

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const voucher: VoucherCheck['voucher'] = {
  id: 'v-1',
  name_en: 'Kopi Raya RM 4 off',
  name_my: 'Kopi Raya RM 4 potongan',
  type: 'fixed',
  value: 400,
  max_discount: null,
  free_item_kind: null,
  min_spend: 900,
  valid_from: '2026-01-01T00:00:00Z',
  valid_until: null,
};
const OFF = 400;
// Toast is RM 4.50; a pick-up sale has no service charge and SST is 6 %.
const TOAST = 450;
const sst = (sen: number) => Math.round((sen * 6) / 100);
const money = (sen: number) => (sen / 100).toFixed(2);
// Paid all in cash, the bill is rounded to the nearest 5 sen.
const cashRounded = (sen: number) => Math.round(sen / 5) * 5;

type Answer = { status?: number; body?: unknown } | undefined;

const itemCount = (input: VoucherCheckInput) => input.items.reduce((n, i) => n + i.quantity, 0);

/** The stand-in server's voucher rules: KOPI20 takes RM 4.00 off two or more items. */
function checkAnswer(call: Call): Answer {
  if (call.url !== '/api/vouchers/check') return undefined;
  const input = call.body as VoucherCheckInput;
  if (input.code !== 'KOPI20') return { status: 409, body: { code_message: 'voucher_unknown' } };
  const ok = itemCount(input) >= 2;
  const data: VoucherCheck = {
    ok,
    discount: ok ? OFF : 0,
    reason: ok ? null : 'min_spend',
    voucher,
  };
  return { body: { data } };
}

function renderPos(sale: (call: Call) => Answer = () => undefined) {
  const calls = mockFetch((call) => {
    if (call.url === '/api/orders' && call.method === 'POST') {
      const answer = sale(call);
      if (answer) return answer;
    }
    return checkAnswer(call) ?? posApiAnswer(call);
  });
  renderWithProviders(<PosPage />);
  return {
    checks: () => calls.filter((c) => c.url === '/api/vouchers/check'),
    sales: () => calls.filter((c) => c.url === '/api/orders' && c.method === 'POST'),
  };
}

async function addToasts(count: number) {
  const tile = await findSlowly('pos-product-FOD-001');
  for (let i = 0; i < count; i++) await userEvent.click(tile);
}

async function enterCode(code: string) {
  await userEvent.click(screen.getByTestId('pos-voucher'));
  const dialog = await findSlowly('pos-voucher-dialog');
  await userEvent.type(within(dialog).getByTestId('pos-voucher-code'), `${code}{Enter}`);
  return dialog;
}

/** Paid in cash, the sale is recorded (its receipt shows) and carries no voucher. */
async function sellWithoutVoucher(sales: () => Call[]) {
  await payExactCash();
  await findSlowly('pos-receipt-dialog');
  expect(sales()[0]?.body).not.toHaveProperty('voucher_code');
}

describe('POS: a voucher on the sale', { timeout: 60_000 }, () => {
  it('applies a scanned code: its line, its discount and SST on what is left', async () => {
    const { checks } = renderPos();
    await addToasts(2);
    expect(screen.getByTestId('pos-sst')).toHaveTextContent(money(sst(2 * TOAST)));

    await enterCode(' kopi20 ');
    const line = await findSlowly('pos-voucher-line');
    expect(line).toHaveTextContent('Voucher KOPI20');
    expect(line).toHaveTextContent('Kopi Raya RM 4 off');
    await waitFor(() =>
      expect(within(line).getByTestId('pos-voucher-discount')).toHaveTextContent(money(OFF)),
    );
    await waitFor(() => expect(screen.queryByTestId('pos-voucher-dialog')).toBeNull());
    // The check carries the cart as the sale would, with the code as codes are kept.
    expect(checks()[0]?.body).toMatchObject({
      code: 'KOPI20',
      outlet_id: ids.outlet,
      serving_method: 'pick_up',
      items: [{ product_id: ids.toast, quantity: 2 }],
    });
    // SST is 6 % of what is left after the voucher; the total is that plus SST.
    const left = 2 * TOAST - OFF;
    expect(screen.getByTestId('pos-sst')).toHaveTextContent(money(sst(left)));
    expect(screen.getByTestId('pos-total')).toHaveTextContent(money(left + sst(left)));
  });

  it('checks again for dine-in, where the service charge and SST come after the voucher', async () => {
    const { checks } = renderPos();
    await addToasts(2);
    await enterCode('KOPI20');
    await findSlowly('pos-voucher-discount');
    const before = checks().length;

    await userEvent.click(screen.getByTestId('pos-serving-dine_in'));
    await waitFor(() => expect(checks().length).toBe(before + 1), slow);
    expect(checks().at(-1)?.body).toMatchObject({ code: 'KOPI20', serving_method: 'dine_in' });
    // Dine-in: 10 % service charge on what is left after the voucher, SST 6 % on that plus it.
    const left = 2 * TOAST - OFF;
    const service = Math.round(left / 10);
    await waitFor(() =>
      expect(screen.getByTestId('pos-voucher-line')).toHaveAttribute('data-state', 'applies'),
    );
    expect(screen.getByTestId('pos-service-charge')).toHaveTextContent(money(service));
    expect(screen.getByTestId('pos-sst')).toHaveTextContent(money(sst(left + service)));
  });

  it('a refused code says why and stays off the sale', async () => {
    const { sales } = renderPos();
    await addToasts(1);
    const dialog = await enterCode('KOPI20');
    const problem = await within(dialog).findByTestId('pos-voucher-problem', {}, slow);
    expect(problem).toHaveTextContent('The order is below this voucher’s minimum spend');
    expect(within(dialog).getByTestId('pos-voucher-name')).toHaveTextContent('Kopi Raya');
    await userEvent.click(within(dialog).getByText('Cancel'));
    expect(screen.queryByTestId('pos-voucher-line')).toBeNull();
    expect(screen.getByTestId('pos-sst')).toHaveTextContent(money(sst(TOAST)));

    await sellWithoutVoucher(sales);
  });

  it('an unknown code says no voucher has it', async () => {
    renderPos();
    await addToasts(2);
    const dialog = await enterCode('NOPE99');
    const problem = await within(dialog).findByTestId('pos-voucher-problem', {}, slow);
    expect(problem).toHaveTextContent('No voucher has this code');
    expect(screen.queryByTestId('pos-voucher-line')).toBeNull();
  });

  it('sends the applied code with the sale and the receipt shows the voucher', async () => {
    const { sales } = renderPos((call) => {
      const body = call.body as { voucher_code?: string };
      const order = sampleOrder({ order_no: 'KL01-0007', subtotal: 900, discount: OFF });
      return {
        status: 201,
        body: {
          data: {
            ...order,
            voucher: body.voucher_code
              ? {
                  id: voucher.id,
                  code: body.voucher_code,
                  name_en: voucher.name_en,
                  name_my: null,
                  discount: OFF,
                }
              : null,
          },
        },
      };
    });
    await addToasts(2);
    await enterCode('KOPI20');
    await waitFor(() =>
      expect(screen.getByTestId('pos-voucher-line')).toHaveAttribute('data-state', 'applies'),
    );
    await payExactCash();
    const receipt = await findSlowly('pos-receipt-dialog');
    const left = 2 * TOAST - OFF;
    expect(sales()[0]?.body).toMatchObject({
      voucher_code: 'KOPI20',
      payments: [{ method: 'cash', amount: cashRounded(left + sst(left)) }],
    });
    const line = within(receipt).getByTestId('receipt-voucher');
    expect(line).toHaveTextContent('Voucher KOPI20');
    expect(line).toHaveTextContent(`-${money(OFF)}`);
  });

  it('removing the voucher puts the totals back and the sale goes without it', async () => {
    const { sales } = renderPos();
    await addToasts(2);
    await enterCode('KOPI20');
    await findSlowly('pos-voucher-discount');
    await userEvent.click(screen.getByTestId('pos-voucher-remove'));
    expect(screen.queryByTestId('pos-voucher-line')).toBeNull();
    expect(screen.getByTestId('pos-sst')).toHaveTextContent(money(sst(2 * TOAST)));

    await sellWithoutVoucher(sales);
    expect(sales()[0]?.body).toMatchObject({
      payments: [{ amount: cashRounded(2 * TOAST + sst(2 * TOAST)) }],
    });
  });

  it('checks again when the cart changes: a voucher that stops applying says why and is not sent', async () => {
    const { checks, sales } = renderPos();
    await addToasts(2);
    await enterCode('KOPI20');
    await findSlowly('pos-voucher-discount');
    const before = checks().length;

    await userEvent.click(screen.getByLabelText('One less Kaya Toast'));
    const reason = await findSlowly('pos-voucher-reason');
    expect(reason).toHaveTextContent('The order is below this voucher’s minimum spend');
    expect(checks().length).toBe(before + 1);
    expect(checks().at(-1)?.body).toMatchObject({ items: [{ quantity: 1 }] });
    expect(screen.queryByTestId('pos-voucher-discount')).toBeNull();
    expect(screen.getByTestId('pos-sst')).toHaveTextContent(money(sst(TOAST)));

    await sellWithoutVoucher(sales);
  });

  it('a check without an answer holds the sale until it is checked again', async () => {
    let serverDown = false;
    const calls = mockFetch((call) =>
      serverDown && call.url === '/api/vouchers/check'
        ? { status: 503, body: { code_message: 'service_unavailable' } }
        : (checkAnswer(call) ?? posApiAnswer(call)),
    );
    renderWithProviders(<PosPage />);
    await addToasts(2);
    await enterCode('KOPI20');
    await findSlowly('pos-voucher-discount');

    serverDown = true;
    await userEvent.click(screen.getByLabelText('One more Kaya Toast'));
    await findSlowly('pos-voucher-retry');
    expect(screen.getByTestId('pos-voucher-line')).toHaveAttribute('data-state', 'failed');
    expect(screen.getByTestId('pos-pay')).toBeDisabled();

    serverDown = false;
    await userEvent.click(screen.getByTestId('pos-voucher-retry'));
    await waitFor(() =>
      expect(screen.getByTestId('pos-voucher-line')).toHaveAttribute('data-state', 'applies'),
    );
    expect(screen.getByTestId('pos-pay')).toBeEnabled();
    const last = calls.filter((c) => c.url === '/api/vouchers/check').at(-1);
    expect(last?.body).toMatchObject({ items: [{ quantity: 3 }] });
  });

  it('a voucher refused at payment says why and keeps the cart', async () => {
    const { sales } = renderPos(() => ({
      status: 409,
      body: { code_message: 'voucher_limit_reached', message: 'limit reached' },
    }));
    await addToasts(2);
    await enterCode('KOPI20');
    await findSlowly('pos-voucher-discount');
    const payment = await payExactCash();
    const error = await within(payment).findByTestId('pos-sale-error', {}, slow);
    expect(error).toHaveTextContent('This voucher has been fully used');
    expect(sales()[0]?.body).toMatchObject({ voucher_code: 'KOPI20' });
    expect(screen.queryByTestId('pos-receipt-dialog')).toBeNull();

    // The cart is still there; the voucher now says why and no longer takes anything off.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('pos-cart-line')).toHaveTextContent('Toast');
    expect(screen.getByTestId('pos-line-quantity')).toHaveTextContent('2');
    expect(await findSlowly('pos-voucher-reason')).toHaveTextContent(
      'This voucher has been fully used',
    );
    expect(screen.getByTestId('pos-sst')).toHaveTextContent(money(sst(2 * TOAST)));
  });
});
