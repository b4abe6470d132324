import { addDays, businessDate } from '@kopi/contract';
import { signedInUser } from './fixtures';
import { verifiedCustomer } from './mobile-fixtures';
import type { TestApp } from './test-app';
import { setWalletRules } from './wallet-fixtures';
import { type Headers, type ScenarioSend, idempotencyKey as key } from './tenant-isolation-send';

// The tenant-isolation scenario's wallet part: tenant A's customer tops up in the app (the
// provider's callback credits it) and reads the wallet; staff adjust it within and above the
// limit, approve and reject, and read ledgers, entries, the export and the liability.

export async function walletScenario(
  t: TestApp,
  tenantA: string,
  send: ScenarioSend,
  admin: Headers,
) {
  await setWalletRules(t.database.db, tenantA, { adjustmentLimit: 5000 });

  // ---- The customer's app: wallet, top-up through the sandbox, ledger ---------------------------
  const customer = await verifiedCustomer(t, { name: 'Iso Wallet' });
  const customerId = customer.session.customer.id;
  await send(customer.headers, 'GET', '/api/mobile/wallet');
  const topup = await send(
    customer.headers,
    'POST',
    '/api/mobile/wallet/topups',
    { amount: 5000 },
    key(),
  );
  const callback = topup.data.sandbox_callback as { url: string; headers: Headers; body: string };
  await send(callback.headers, 'POST', callback.url, callback.body);
  await send(customer.headers, 'GET', '/api/mobile/wallet/entries');

  // ---- Staff: adjustments, the second approver, ledgers, export, liability ---------------------
  await send(
    admin,
    'POST',
    `/api/customers/${customerId}/wallet/adjust`,
    { amount: -500, reason: 'Iso correction' },
    key(),
  );
  const asked = async () =>
    (
      await send(
        admin,
        'POST',
        `/api/customers/${customerId}/wallet/adjust`,
        { amount: 9000, reason: 'Iso goodwill' },
        key(),
      )
    ).data.adjustment.id as string;
  const approved = await asked();
  const rejected = await asked();
  const approver = await signedInUser(t, {
    username: 'iso-wallet-approver',
    tenantId: tenantA,
    permissions: ['read-wallet', 'adjust-wallet'],
  });
  await send(approver, 'GET', '/api/wallet-adjustments?status=pending&q=iso');
  await send(approver, 'POST', `/api/wallet-adjustments/${approved}/approve`);
  await send(approver, 'POST', `/api/wallet-adjustments/${rejected}/reject`);
  await send(admin, 'GET', `/api/customers/${customerId}/wallet?from=2020-01-01`);
  await send(admin, 'GET', `/api/wallet-entries?q=iso&kind=adjustment&sort=-amount`);
  await send(admin, 'GET', `/api/wallet-entries/export?customer_id=${customerId}`);
  // Entries are timed by the database's clock, not the scenario's: the range holds today.
  const today = businessDate(new Date(), 'Asia/Kuala_Lumpur', 4);
  await send(admin, 'GET', `/api/wallet-liability?from=${addDays(today, -1)}&to=${today}`);
}
