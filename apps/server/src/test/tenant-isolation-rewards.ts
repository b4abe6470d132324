import { randomUUID } from 'node:crypto';
import { rewardBody, customerWithPoints, uniqueVoucher } from './reward-fixtures';
import type { TestApp } from './test-app';
import type { Headers, ScenarioSend } from './tenant-isolation-send';

// The tenant-isolation scenario's part for points rewards, as tenant A: the admin creates,
// lists, reads, changes and deletes rewards; a customer lists the rewards, exchanges points for
// one, and the admin reads the vouchers issued to that customer.

export async function rewardsPart(t: TestApp, send: ScenarioSend, admin: Headers) {
  const voucher = await uniqueVoucher(t);
  const body = rewardBody(voucher.id, { name_en: 'Iso reward', points_price: 50 });
  const reward = (await send(admin, 'POST', '/api/voucher-rewards', body)).data as { id: string };
  await send(admin, 'GET', '/api/voucher-rewards?q=iso&status=active');
  await send(admin, 'GET', `/api/voucher-rewards/${reward.id}`);
  await send(admin, 'PUT', `/api/voucher-rewards/${reward.id}`, { ...body, stock: 5 });
  const spare = (await send(admin, 'POST', '/api/voucher-rewards', rewardBody(voucher.id)))
    .data as { id: string };
  await send(admin, 'DELETE', `/api/voucher-rewards/${spare.id}`);

  const customer = await customerWithPoints(t, 100);
  await send(customer.headers, 'GET', '/api/mobile/rewards');
  await send(customer.headers, 'POST', `/api/mobile/rewards/${reward.id}/exchange`, undefined, {
    'idempotency-key': randomUUID(),
  });
  await send(admin, 'GET', `/api/customers/${customer.id}/vouchers`);
}
