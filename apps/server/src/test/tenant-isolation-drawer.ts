import { eq } from 'drizzle-orm';
import { users } from '../db/schema/access';
import type { TestApp } from './test-app';
import {
  type Headers,
  type ScenarioSend,
  idempotencyKey as key,
  setPinThrough,
} from './tenant-isolation-send';

// The tenant-isolation scenario's part for the drawer between sales, as tenant A: the
// cashier opens a shift on a till of its own, opens the drawer with the manager's PIN (and the
// same request again), reads the report with its openings and its own shifts, and closes it.

export async function drawerPart(t: TestApp, send: ScenarioSend, admin: Headers, outletId: string) {
  const manager = t.bearer((await t.login('manager')).token);
  const cashier = t.bearer((await t.login('cashier')).token);
  await setPinThrough(send, manager, '3691');
  const [approver] = await t.database.db.select().from(users).where(eq(users.username, 'manager'));
  const till = (
    await send(admin, 'POST', '/api/tills', { outlet_id: outletId, name: 'Isolation drawer' })
  ).data as { id: string };
  const float = { note_10: 2 };
  const shift = (await send(cashier, 'POST', '/api/shifts', { till_id: till.id, float }, key()))
    .data as { id: string };
  const body = {
    reason: 'give_change',
    approval: { approver_id: approver!.id, pin: '3691', device_id: 'isolation-device' },
  };
  const once = key();
  await send(cashier, 'POST', `/api/shifts/${shift.id}/drawer-openings`, body, once);
  await send(cashier, 'POST', `/api/shifts/${shift.id}/drawer-openings`, body, once);
  await send(cashier, 'GET', `/api/shifts/${shift.id}`);
  await send(cashier, 'GET', '/api/shifts/mine?status=open');
  await send(cashier, 'POST', `/api/shifts/${shift.id}/close`, { counted: float }, key());
  await send(manager, 'DELETE', '/api/account/pin');
}
