import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { CounterCustomer } from '@kopi/contract';
import { sampleOrder } from '../../components/receipt/order-fixture';
import type { Call } from '../../test/fetch-mock';
import { context, ids, menu } from './test-menu';

/** The POS API a page test talks to: one outlet, its context and menu, and a recorded sale. */
export function posApiAnswer(call: Call): { status?: number; body?: unknown } | undefined {
  if (call.url === '/api/pos/outlets')
    return { body: { data: [{ id: ids.outlet, code: 'KL01', name: 'KLCC', status: 'active' }] } };
  if (call.url.startsWith('/api/pos/context')) return { body: { data: context } };
  if (call.url.startsWith('/api/pos/menu')) return { body: { data: menu } };
  if (call.url === '/api/orders' && call.method === 'POST')
    return { status: 201, body: { data: sampleOrder({ order_no: 'KL01-0001' }) } };
  return undefined;
}

/** Page tests render the whole POS: its first screen may take a while on a busy machine. */
export const slow = { timeout: 10_000 };
export const findSlowly = (testId: string) => screen.findByTestId(testId, {}, slow);

/** Pays the cart in exact cash up to Confirm; answers the payment dialog. */
export async function payExactCash() {
  await userEvent.click(screen.getByTestId('pos-pay'));
  const payment = await findSlowly('pos-payment');
  await userEvent.click(within(payment).getByTestId('pos-cash-exact'));
  await userEvent.click(within(payment).getByTestId('pos-confirm-payment'));
  return payment;
}

/** A toast (RM 4.50) in the cart with RM 0.50 off for a staff meal, the totals showing it. */
export async function toastWithStaffMealDiscount() {
  await userEvent.click(await findSlowly('pos-product-FOD-001'));
  await userEvent.click(screen.getByTestId('pos-discount'));
  const dialog = await findSlowly('pos-discount-dialog');
  await userEvent.type(within(dialog).getByTestId('pos-discount-value'), '0.50');
  await userEvent.click(within(dialog).getByLabelText('Staff meal'));
  await userEvent.click(within(dialog).getByTestId('pos-discount-apply'));
  await waitFor(() => expect(screen.getByTestId('pos-discount-total')).toHaveTextContent('0.50'));
}

/** A customer as the counter's lookup answers: Gold, 1,250 points, RM 2.00 in the wallet. */
export const counterCustomer = (overrides: Partial<CounterCustomer> = {}): CounterCustomer => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Siti Aminah',
  phone: '+60123456789',
  email: null,
  status: 'active',
  tier: { id: 't-gold', name_en: 'Gold', name_my: 'Emas', colour: '#D4AF37' },
  points: 1250,
  wallet_balance: 200,
  orders: 4,
  last_order_at: null,
  app_account: true,
  anonymised: false,
  created_at: '2026-01-01T00:00:00Z',
  notes: [],
  ...overrides,
});
