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
