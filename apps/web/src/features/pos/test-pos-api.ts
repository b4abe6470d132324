import { screen } from '@testing-library/react';
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
