import type { TestApp } from './test-app';
import {
  type Headers,
  type ScenarioSend,
  idempotencyKey as key,
  setPinThrough,
} from './tenant-isolation-send';

// The tenant-isolation scenario's part for refunds at the POS, as tenant A: the admin sells by
// card, finds the receipt by its number and by its scanned code, and refunds it at the counter
// with the manager's PIN (asked, approved and completed in one go).

export async function posRefundsPart(
  t: TestApp,
  send: ScenarioSend,
  admin: Headers,
  refs: { outletId: string; productId: string },
) {
  const manager = t.bearer((await t.login('manager')).token);
  const pin = '3579';
  await setPinThrough(send, manager, pin);
  const approvers = (
    await send(admin, 'GET', `/api/approvers?outlet_id=${refs.outletId}&action=refund`)
  ).data as { id: string; fullname: string }[];
  const managerId = approvers.find((a) => a.fullname === 'Tan Wei Ming')!.id;
  const order = (
    await send(
      admin,
      'POST',
      '/api/orders',
      {
        outlet_id: refs.outletId,
        serving_method: 'pick_up',
        items: [{ product_id: refs.productId, quantity: 1 }],
        payments: [{ method: 'card', amount: 1060, reference: 'ISO-POS-REFUND' }],
      },
      key(),
    )
  ).data as { id: string; order_no: string; business_date: string };
  await send(admin, 'GET', `/api/pos/receipts?outlet_id=${refs.outletId}&q=${order.order_no}`);
  const code = `${order.business_date.replaceAll('-', '')}-${order.order_no}`;
  await send(admin, 'GET', `/api/pos/receipts?outlet_id=${refs.outletId}&q=${code}`);
  await send(
    admin,
    'POST',
    '/api/pos/refunds',
    {
      order_id: order.id,
      kind: 'full',
      method: 'original',
      reason: 'customer_changed_mind',
      approval: { approver_id: managerId, pin, device_id: 'isolation-pos-refund' },
    },
    key(),
  );
  // Served and handed over, so the day closes over it.
  await send(admin, 'POST', `/api/orders/${order.id}/status`, { status: 'APPROVED' });
  await send(admin, 'POST', `/api/orders/${order.id}/status`, { status: 'COMPLETED' });
  await send(admin, 'POST', `/api/orders/${order.id}/handed-over`, {});
  await send(manager, 'DELETE', '/api/account/pin');
}
