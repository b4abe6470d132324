import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CounterTopup } from '@kopi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch, type Call } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ids } from '../test-menu';
import { counterCustomer, findSlowly, posApiAnswer, slow } from '../test-pos-api';
import { PosPage } from './pos-page';
import { retype } from '../../../test/user-steps';

// The customer at the counter: the staff's notes shown when found and attached, and the wallet
// topped up by cash with its receipt printing the balances after it.

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const farah = counterCustomer({
  name: 'Farah Idris',
  tier: null,
  points: 120,
  wallet_balance: 1500,
  notes: ['Peanut allergy', 'Likes her kopi kurang manis'],
});
const customerId = farah.id;
const options = { topup_presets: [1000, 2000, 5000], max_balance: 10_000 };
const topupPath = `/api/customers/${customerId}/wallet/counter-topups`;

function topupAnswer(body: { amount: number; tendered?: number }): CounterTopup {
  return {
    id: 'tu-1',
    receipt_no: 'KL01-T0001',
    business_date: '2026-11-29',
    outlet_id: ids.outlet,
    outlet_code: 'KL01',
    till_id: null,
    shift_id: null,
    customer: { id: customerId, name: farah.name, phone: farah.phone },
    method: 'cash',
    amount: body.amount,
    tendered: body.tendered ?? null,
    change: body.tendered === undefined ? 0 : body.tendered - body.amount,
    reference: null,
    wallet_balance: farah.wallet_balance + body.amount,
    points_balance: farah.points,
    by_name: 'Siti Nurhaliza',
    created_at: '2026-11-29T03:00:00Z',
  };
}

function renderPos(topup: (call: Call) => { status?: number; body?: unknown }) {
  const calls = mockFetch((call) => {
    if (call.url.startsWith('/api/customers/lookup')) return { body: { data: farah } };
    if (call.url === '/api/counter-topups/options') return { body: { data: options } };
    if (call.url === topupPath && call.method === 'POST') return topup(call);
    return posApiAnswer(call);
  });
  renderWithProviders(<PosPage />, {
    can: (action, subject) => action === 'create' && subject === 'pos',
  });
  return { topups: () => calls.filter((c) => c.url === topupPath && c.method === 'POST') };
}

async function attachFarah() {
  await userEvent.click(await findSlowly('pos-customer'));
  const dialog = await findSlowly('pos-customer-dialog');
  await userEvent.type(within(dialog).getByTestId('pos-customer-phone'), '0123456789{Enter}');
  const found = await within(dialog).findByTestId('pos-customer-found', {}, slow);
  expect(within(found).getByTestId('pos-customer-notes')).toHaveTextContent('Peanut allergy');
  await userEvent.click(within(dialog).getByTestId('pos-customer-attach'));
  return findSlowly('pos-cart-customer');
}

describe('POS: the customer at the counter', { timeout: 60_000 }, () => {
  it("shows the customer's notes on the order once attached", async () => {
    renderPos(() => ({ status: 500 }));
    const attached = await attachFarah();
    const notes = within(attached).getByTestId('pos-customer-notes');
    expect([...notes.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Peanut allergy',
      'Likes her kopi kurang manis',
    ]);
  });

  it('tops up by cash with a key, prints the receipt with the balances after, and updates the order’s customer', async () => {
    const { topups } = renderPos((call) => ({
      status: 201,
      body: { data: topupAnswer(call.body as { amount: number; tendered?: number }) },
    }));
    await attachFarah();
    await userEvent.click(screen.getByTestId('pos-customer-topup'));
    const dialog = await findSlowly('pos-topup-dialog');
    await userEvent.click(await within(dialog).findByTestId('pos-topup-preset-5000', {}, slow));
    await userEvent.type(within(dialog).getByTestId('pos-topup-tendered'), '100');
    // RM 15.00 + RM 50.00 = RM 65.00 after; RM 100.00 handed over gives RM 50.00 change.
    expect(within(dialog).getByTestId('pos-topup-after')).toHaveTextContent('RM 65.00');
    expect(dialog).toHaveTextContent('Change RM 50.00');
    await userEvent.click(within(dialog).getByTestId('pos-topup-submit'));

    const receipt = await within(dialog).findByTestId('topup-receipt', {}, slow);
    expect(within(receipt).getByTestId('topup-receipt-amount')).toHaveTextContent('RM 50.00');
    expect(within(receipt).getByTestId('receipt-wallet-balance')).toHaveTextContent('RM 65.00');
    expect(receipt).toHaveTextContent('Points balance120');
    const [sent] = topups();
    expect(sent?.body).toEqual({
      outlet_id: ids.outlet,
      method: 'cash',
      amount: 5000,
      tendered: 10_000,
    });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    await userEvent.click(within(dialog).getByTestId('pos-topup-done'));
    expect(screen.getByTestId('pos-cart-customer')).toHaveTextContent('Wallet RM 65.00');
  });

  it('refuses locally what the server would (over the wallet maximum), and shows a server refusal', async () => {
    const { topups } = renderPos(() => ({
      status: 409,
      body: { code_message: 'shift_required', message: 'Open a shift first' },
    }));
    await attachFarah();
    await userEvent.click(screen.getByTestId('pos-customer-topup'));
    const dialog = await findSlowly('pos-topup-dialog');
    // RM 15.00 held, RM 100.00 at most: RM 85.01 is one sen too many, RM 85.00 goes.
    const amount = await within(dialog).findByTestId('pos-topup-amount', {}, slow);
    await userEvent.type(amount, '85.01');
    await userEvent.click(within(dialog).getByTestId('pos-topup-submit'));
    expect(within(dialog).getByTestId('pos-topup-problem')).toHaveTextContent(
      'The wallet holds at most RM 100.00: top up at most RM 85.00',
    );
    expect(topups()).toHaveLength(0);
    await retype(amount, '85');
    await userEvent.click(within(dialog).getByTestId('pos-topup-submit'));
    // The server's refusal in the client's words for its code.
    await expect
      .poll(() => within(dialog).queryByTestId('pos-topup-problem')?.textContent)
      .toBe('Open a shift on this till before selling');
    expect(topups().map((c) => (c.body as { amount: number }).amount)).toEqual([8500]);
  });
});
