import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';
import { walletCustomer } from './wallet-fixtures';
import type { Headers, ScenarioSend } from './tenant-isolation-send';

// The tenant-isolation scenario's part for wallet top-ups at the counter, as tenant A's admin:
// the buttons, a card and a cash top-up into the outlet's open shift, a retry answered from the
// stored row, and the shift's report that counts the cash.

export async function counterTopupsPart(
  t: TestApp,
  send: ScenarioSend,
  admin: Headers,
  refs: { tenantId: string; outletId: string },
) {
  const customer = await walletCustomer(t.database.db, refs.tenantId, { name: 'Iso Counter' });
  const url = `/api/customers/${customer.id}/wallet/counter-topups`;
  await send(admin, 'GET', '/api/counter-topups/options');
  const key = randomUUID();
  const card = { outlet_id: refs.outletId, method: 'card', amount: 1500, reference: 'ISO-1' };
  await send(admin, 'POST', url, card, { 'idempotency-key': key });
  // The same key after its stored answer: the handler finds its row.
  await send(admin, 'POST', url, card, { 'idempotency-key': key });
  const cash = await send(
    admin,
    'POST',
    url,
    { outlet_id: refs.outletId, method: 'cash', amount: 2000, tendered: 5000 },
    { 'idempotency-key': randomUUID() },
  );
  if (cash.data?.shift_id) await send(admin, 'GET', `/api/shifts/${cash.data.shift_id}`);
}
