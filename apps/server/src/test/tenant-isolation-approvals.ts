import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { PIN_LOCK_AFTER } from '@kopi/contract';
import { sessions, users } from '../db/schema/access';
import { DEMO_PASSWORD } from '../db/seed-data';
import type { Clock } from '../lib/clock';
import { createPasswordHasher } from '../lib/password';
import { loadPrincipal } from '../lib/principal';
import { createApprovalService } from '../modules/approvals/approvals.service';
import { type TestApp, testHashing } from './test-app';
import type { Headers } from './tenant-isolation-send';

// The tenant-isolation scenario's part for a manager's PIN, as tenant A: the manager sets a PIN
// and reads it, the cashier lists who may approve; then the cashier's approvals are checked by
// the service (a right PIN recorded, wrong ones throttled until the PIN locks) and the PIN is
// set again and removed.

interface Requests {
  get(url: string): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  put(url: string, body: object): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  del(url: string): Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function approvalsPart(
  t: TestApp,
  as: (headers: Headers) => Requests,
  refs: { outletId: string; now: Clock },
) {
  const manager = as(t.bearer((await t.login('manager')).token));
  const cashier = t.bearer((await t.login('cashier')).token);
  const pin = { pin: '2468', pin_confirm: '2468', old_password: DEMO_PASSWORD };
  await manager.put('/api/account/pin', pin);
  await manager.get('/api/account/pin');
  await as(cashier).get(`/api/approvers?outlet_id=${refs.outletId}&action=no_sale`);

  const { db } = t.database;
  const service = createApprovalService({
    db,
    hasher: createPasswordHasher(testHashing),
    now: refs.now,
  });
  const idOf = async (username: string) =>
    (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
  const cashierId = await idOf('cashier');
  const [session] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, cashierId))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  const principal = (await loadPrincipal(db, session!.id, cashierId))!;
  const ctx = () => ({ principal, ip: '127.0.0.1', userAgent: null, requestId: randomUUID() });
  const approverId = await idOf('manager');
  const ask = (deviceId: string, given: string) =>
    service
      .verify(ctx(), {
        action: 'no_sale',
        outletId: refs.outletId,
        approval: { approver_id: approverId, pin: given, device_id: deviceId },
      })
      .catch(() => null);
  const verified = await ask('isolation-device', '2468');
  await db.transaction((tx) => service.record(tx, ctx(), verified, null));
  for (let i = 0; i <= PIN_LOCK_AFTER; i++) await ask(`isolation-device-${i}`, '0000');
  await manager.put('/api/account/pin', pin);
  await manager.del('/api/account/pin');
}
