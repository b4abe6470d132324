import { placeOrder, verifiedCustomer } from './mobile-fixtures';
import { addProduct } from './order-fixtures';
import type { TestApp } from './test-app';
import { fund, refer } from './wallet-pay-fixtures';
import { type Headers, type ScenarioSend, idempotencyKey as key } from './tenant-isolation-send';

// The tenant-isolation scenario's part where orders and refunds meet the customers' ledgers, as
// tenant A: a referred customer pays at the counter with a wallet payment code (read by the POS
// first) and cash, the sale completes (the referral is rewarded) and is refunded in full to the
// wallet (points and rewards taken back); an app order is paid with the wallet.

export async function walletPayScenario(
  t: TestApp,
  send: ScenarioSend,
  admin: Headers,
  outletId: string,
) {
  const finance = t.bearer((await t.login('finance')).token);
  // RM 10.00, RM 10.60 with SST.
  const product = (await addProduct(t, { sku: 'ISO-WALLET', price: 1000 })).id;
  const referrer = await verifiedCustomer(t, { name: 'Iso Referrer' });
  const referee = await verifiedCustomer(t, { name: 'Iso Referee' });
  await refer(t, referrer.session.customer.id, referee.session.customer.id);
  await fund(t, referee.session.customer.id, 10_000);

  const { code } = (await send(referee.headers, 'POST', '/api/mobile/wallet/payment-code', {}))
    .data as { code: string };
  await send(admin, 'POST', '/api/wallet-payment-codes/check', { code });
  const sale = (
    await send(
      admin,
      'POST',
      '/api/orders',
      {
        outlet_id: outletId,
        serving_method: 'pick_up',
        allow_outside_hours: true,
        items: [{ product_id: product, quantity: 1 }],
        payments: [
          { method: 'wallet', amount: 1000, payment_code: code },
          { method: 'cash', amount: 60 },
        ],
      },
      key(),
    )
  ).data as { id: string };
  await send(admin, 'GET', `/api/orders/${sale.id}`);
  for (const status of ['APPROVED', 'COMPLETED']) {
    await send(admin, 'POST', `/api/orders/${sale.id}/status`, { status });
  }
  const refund = (
    await send(
      admin,
      'POST',
      '/api/refunds',
      { order_id: sale.id, kind: 'full', method: 'wallet', reason: 'wrong_item' },
      key(),
    )
  ).data as { id: string };
  for (const status of ['APPROVED', 'COMPLETED']) {
    await send(finance, 'POST', `/api/refunds/${refund.id}/status`, { status });
  }

  const appOrder = await placeOrder(t, referee.headers, {
    outlet_id: outletId,
    items: [{ product_id: product, quantity: 1 }],
  });
  const paid = appOrder.json().data as { id: string };
  await send(referee.headers, 'POST', `/api/mobile/orders/${paid.id}/pay-with-wallet`);
  for (const status of ['APPROVED', 'COMPLETED']) {
    await send(admin, 'POST', `/api/orders/${paid.id}/status`, { status });
  }
}
