import { randomUUID } from 'node:crypto';
import { codedReason, type PointsEntry } from '@kopi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoOutlet } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { createTenant } from '../../test/fixtures';
import { addProduct, demoTenantId } from '../../test/order-fixtures';
import { addCustomer, postTestPoints } from '../../test/points-fixtures';
import { paidOrder } from '../../test/refund-fixtures';
import { anonymous } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { postPoints } from './ledgers.service';

// A customer's points ledger as staff read it on the customer details page: every entry newest
// first with the balance after it and the number of the order that earned it, paged.

let tenantId: string;
let rivalCustomer: string;

const { t, api, as } = useTestApp({ signIn: ['admin', 'manager'], api: 'admin' });
const { admin, manager } = as;
const items = (res: { json(): unknown }) => (res.json() as { data: PointsEntry[] }).data;

beforeAll(async () => {
  tenantId = await demoTenantId(t);
  const rival = await createTenant(t, 'points-ledger-rival');
  const other = await addCustomer(t, rival.tenant.id, { name: 'Rival Points' });
  await postTestPoints(t, rival.tenant.id, other.id, 500);
  rivalCustomer = other.id;
});

describe("a customer's points ledger", () => {
  it('lists the entries newest first with the earning order’s number and the balance after', async () => {
    const c = await addCustomer(t, tenantId, { name: 'Points Pang' });
    const kl = (await demoOutlet(t, 'KL01')).id;
    const cake = await addProduct(t, { sku: `PL-${randomUUID().slice(0, 8)}`, price: 2000 });
    const order = await paidOrder(t, admin, {
      outlet_id: kl,
      customer_id: c.id,
      items: [{ product_id: cake.id, quantity: 1 }],
      payments: [{ method: 'card', amount: 2120, reference: 'SLIP-PL' }],
    });
    await postTestPoints(t, tenantId, c.id, -5, { at: new Date(Date.now() + 60_000) });

    const res = await api.get(`/api/customers/${c.id}/points`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, page_size: 10, total: 2 });
    expect(items(res).map((e) => [e.kind, e.points, e.balance_after, e.order_no])).toEqual([
      ['redeem', -5, 16, null],
      ['earn', 21, 21, order.order_no],
    ]);
    expect(items(res)[1]).toMatchObject({
      customer_id: c.id,
      order_id: order.id,
      order_date: order.business_date,
      reason: null,
      reason_code: null,
      reason_params: null,
      actor_kind: 'system',
    });
    const second = await api.get(`/api/customers/${c.id}/points?page=2&page_size=5`);
    expect(second.json()).toMatchObject({ data: [], meta: { page: 2, page_size: 5, total: 2 } });
  });

  it('carries the system’s reason as a code and its parameters', async () => {
    const c = await addCustomer(t, tenantId, { name: 'Points Reason' });
    await postTestPoints(t, tenantId, c.id, 400);
    await t.database.db.transaction((tx) =>
      postPoints(tx, {
        tenantId,
        customerId: c.id,
        kind: 'expiry',
        points: -400,
        idempotencyKey: `expiry:${c.id}:2025-06-10`,
        reason: codedReason('points_expired', { before: '2025-06-10' }),
        actor: { kind: 'system', name: 'Kopi HQ' },
      }),
    );
    const res = await api.get(`/api/customers/${c.id}/points`);
    expect(items(res)[0]).toMatchObject({
      kind: 'expiry',
      points: -400,
      reason: null,
      reason_code: 'points_expired',
      reason_params: { before: '2025-06-10' },
    });
  });

  it('answers an empty page for a customer without points', async () => {
    const c = await addCustomer(t, tenantId, { name: 'Points None' });
    const res = await api.get(`/api/customers/${c.id}/points`);
    expect(res.json()).toEqual({ data: [], meta: { page: 1, page_size: 10, total: 0 } });
  });

  it("answers 401 without a token, 403 without read-membership, 404 for another tenant's customer", async () => {
    const c = await addCustomer(t, tenantId);
    expectCode(await api.get(`/api/customers/${c.id}/points`, anonymous), 401, 'unauthorized');
    expectCode(await api.get(`/api/customers/${c.id}/points`, manager), 403, 'forbidden');
    expectCode(await api.get(`/api/customers/${rivalCustomer}/points`), 404, 'not_found');
    expectCode(await api.get(`/api/customers/${randomUUID()}/points`), 404, 'not_found');
  });

  it('answers 400 with a code_message for a bad id or paging', async () => {
    const c = await addCustomer(t, tenantId);
    expectCode(await api.get('/api/customers/42/points'), 400, 'validation_failed');
    for (const query of ['page_size=7', 'page=0', 'page=abc']) {
      expectCode(await api.get(`/api/customers/${c.id}/points?${query}`), 400, 'validation_failed');
    }
  });
});
