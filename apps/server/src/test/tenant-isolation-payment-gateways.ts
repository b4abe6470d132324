import { randomUUID } from 'node:crypto';
import { addDays, businessDate } from '@kopi/contract';
import { startFakeBillplzInto } from './billplz-fake';
import type { TestApp } from './test-app';

// The tenant-isolation scenario's part for payment gateways: tenant A's admin sets up Billplz
// (against a loopback fake), lists, reads, changes and tests it; a customer pays an app order
// through it (the bill's reference kept), a callback with another amount is recorded and
// refused, the paid callback and the redirect settle it; the payment is reconciled by status
// query and from a settlement file; then the admin removes the gateway.

/** Where the scenario's app reaches "Billplz": filled in once the fake listens. */
export const isolationGatewayUrls: Partial<Record<string, string>> = {};

/** The scenario's requests as tenant A's admin and as its customer (answers kept loose). */
interface Requests {
  get(url: string): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  post(url: string, body?: object): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  put(url: string, body: object): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  del(url: string): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const CREDENTIALS = {
  api_key: 'isolation-billplz-api-key',
  x_signature_key: 'S-isolation-signature-key',
  collection_id: 'iso_col',
};

export async function paymentGatewaysPart(
  t: TestApp,
  a: Requests,
  customer: { headers: Record<string, string> },
  newOrder: () => Promise<{ id: string }>,
) {
  const fake = await startFakeBillplzInto(t, CREDENTIALS);
  isolationGatewayUrls.billplz = fake.url;
  try {
    const settings = { mode: 'sandbox', methods: ['fpx', 'card'], is_default: true, enabled: true };
    const gateway = (
      await a.post('/api/payment-gateways', {
        provider: 'billplz',
        ...settings,
        credentials: CREDENTIALS,
      })
    ).data as { id: string };
    await a.get('/api/payment-gateways');
    await a.get(`/api/payment-gateways/${gateway.id}`);
    await a.put(`/api/payment-gateways/${gateway.id}`, {
      ...settings,
      credentials: { collection_id: CREDENTIALS.collection_id },
    });
    await a.post(`/api/payment-gateways/${gateway.id}/test-connection`);

    const order = await newOrder();
    const started = await t.inject({
      method: 'POST',
      url: `/api/mobile/orders/${order.id}/pay`,
      headers: { ...customer.headers, 'idempotency-key': randomUUID() },
      payload: { provider: 'billplz', method: 'card' },
    });
    if (started.statusCode !== 201) {
      throw new Error(`scenario: billplz pay ${started.statusCode} ${started.body}`);
    }
    const paymentId = (started.json().data as { payment_id: string }).payment_id;
    const bill = [...fake.bills.values()].find((b) => b.reference_1 === paymentId)!;
    const fields = fake.pay(bill.id);
    // Refused (400) and recorded: the amount is not the payment's.
    await fake.sendCallback(bill.id, { ...fields, amount: '1' });
    await fake.sendCallback(bill.id, fields);
    await t.inject({
      method: 'GET',
      url: `/api/payments/billplz/return?${fake.redirectQuery(bill.id)}`,
    });
    // Reconciled both ways: asking Billplz about the range's bills, and from a settlement file
    // that also names a bill from outside the range. The database dates the payment by its own
    // clock, so the range is the days around today.
    const today = businessDate(new Date());
    const range = `from=${addDays(today, -1)}&to=${addDays(today, 1)}`;
    await a.post(`/api/payment-gateways/${gateway.id}/reconciliation?${range}`);
    const reconciled = await t.inject({
      method: 'POST',
      url: `/api/payment-gateways/${gateway.id}/reconciliation?${range}&source=file`,
      headers: { ...t.bearer((await t.login('admin')).token), 'content-type': 'text/csv' },
      payload: `id,state,paid_amount\n${bill.id},paid,${bill.amount}\nbill-before,paid,100\n`,
    });
    if (reconciled.statusCode !== 200) {
      throw new Error(`scenario: reconciliation ${reconciled.statusCode} ${reconciled.body}`);
    }
    // Done with, so the day can close.
    await a.post(`/api/orders/${order.id}/status`, { status: 'APPROVED' });
    await a.post(`/api/orders/${order.id}/status`, { status: 'COMPLETED' });
    await a.del(`/api/payment-gateways/${gateway.id}`);
  } finally {
    await fake.close();
  }
}
