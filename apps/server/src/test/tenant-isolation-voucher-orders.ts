import { placeOrder, verifiedCustomer } from './mobile-fixtures';
import { addProduct } from './order-fixtures';
import type { TestApp } from './test-app';
import { addCode, addVoucher } from './voucher-fixtures';
import { type Headers, type ScenarioSend, idempotencyKey as key } from './tenant-isolation-send';

// The tenant-isolation scenario's part for vouchers on orders, as tenant A: the POS previews a
// shared code with a per-customer limit and sells with it for an attached customer, the order is
// read and rejected (the voucher given back); a customer lists the code issued to them, previews
// it in the app, orders with it and cancels (given back again).

export async function voucherOrdersPart(
  t: TestApp,
  send: ScenarioSend,
  admin: Headers,
  outletId: string,
) {
  const product = (await addProduct(t, { sku: 'ISO-VOUCHER', price: 1000 })).id;
  const customer = await verifiedCustomer(t, { name: 'Iso Voucher' });
  const customerId = customer.session.customer.id;
  const items = [{ product_id: product, quantity: 1 }];
  const shared = await addVoucher(t, { perCustomerLimit: 2, value: 100 });
  const cart = { outlet_id: outletId, serving_method: 'pick_up', items };

  await send(admin, 'POST', '/api/vouchers/check', {
    ...cart,
    code: shared.code,
    customer_id: customerId,
  });
  // RM 10.00 less RM 1.00, RM 9.54 with SST.
  const sale = (
    await send(
      admin,
      'POST',
      '/api/orders',
      {
        ...cart,
        allow_outside_hours: true,
        customer_id: customerId,
        voucher_code: shared.code,
        payments: [{ method: 'card', amount: 954, reference: 'ISO-V' }],
      },
      key(),
    )
  ).data as { id: string };
  await send(admin, 'GET', `/api/orders/${sale.id}`);
  await send(admin, 'POST', `/api/orders/${sale.id}/status`, {
    status: 'REJECTED',
    reason: 'Iso reject',
  });

  const unique = await addVoucher(t, { codeKind: 'unique', code: null, value: 100 });
  const code = await addCode(t, unique, customerId);
  await send(customer.headers, 'GET', '/api/mobile/vouchers');
  await send(customer.headers, 'POST', '/api/mobile/vouchers/check', { ...cart, code: code.code });
  const placed = await placeOrder(t, customer.headers, {
    outlet_id: outletId,
    items,
    voucher_code: code.code,
  });
  const appOrder = placed.json().data as { id: string };
  await send(customer.headers, 'GET', `/api/mobile/orders/${appOrder.id}`);
  await send(customer.headers, 'POST', `/api/mobile/orders/${appOrder.id}/cancel`, {});
}
