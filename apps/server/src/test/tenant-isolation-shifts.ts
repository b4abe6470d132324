import { randomUUID } from 'node:crypto';
import { type Headers, type ScenarioSend, idempotencyKey as key } from './tenant-isolation-send';

// The tenant-isolation scenario's part for tills and shifts: tenant A's admin lists, adds,
// renames and deletes tills, opens a shift on it, moves cash in and out, reads and lists shifts and closes it with a
// note; then opens the shift on the outlet's first till that the scenario's counter sales go into
// (the Z-report of the day close reads it back).

export async function shiftsPart(send: ScenarioSend, admin: Headers, outletId: string) {
  const tills = (await send(admin, 'GET', `/api/tills?outlet_id=${outletId}`)).data as {
    id: string;
  }[];
  const spare = (
    await send(admin, 'POST', '/api/tills', { outlet_id: outletId, name: 'Isolation till' })
  ).data as { id: string };
  // A till nothing was rung up on: renamed, then deleted (a till with a shift cannot be).
  const unused = (
    await send(admin, 'POST', '/api/tills', { outlet_id: outletId, name: 'Isolation extra' })
  ).data as { id: string };
  await send(admin, 'PUT', `/api/tills/${unused.id}`, { name: 'Isolation renamed' });
  await send(admin, 'DELETE', `/api/tills/${unused.id}`);
  await send(admin, 'PUT', `/api/tills/${spare.id}`, { name: 'Isolation till 2' });
  const float = { note_10: 10, coin_50: 4 };
  const shift = (await send(admin, 'POST', '/api/shifts', { till_id: spare.id, float }, key()))
    .data as { id: string };
  await send(
    admin,
    'POST',
    `/api/shifts/${shift.id}/movements`,
    { kind: 'cash_out', reason: 'petty_cash', amount: 500, note: 'Ice' },
    key(),
  );
  await send(admin, 'GET', `/api/shifts/${shift.id}`);
  await send(admin, 'GET', `/api/shifts/current?outlet_id=${outletId}`);
  await send(admin, 'GET', `/api/shifts?outlet_id=${outletId}&status=open&from=2026-01-01`);
  await send(
    admin,
    'POST',
    `/api/shifts/${shift.id}/close`,
    { counted: { note_10: 9 }, note: 'Isolation count' },
    key(),
  );
  await send(admin, 'GET', `/api/shifts/${shift.id}/working`);
  await send(admin, 'GET', `/api/shifts/${shift.id}/working/export?lang=my`);
  // The counter sales that follow go into the outlet's first till's shift.
  await send(admin, 'POST', '/api/shifts', { till_id: tills[0]!.id, float: {} }, key());
}

/** Closes the outlet's open shifts (the day cannot close while one is open). */
export async function closeOpenShifts(send: ScenarioSend, admin: Headers, outletId: string) {
  const open = (await send(admin, 'GET', `/api/shifts?outlet_id=${outletId}&status=open`)).data as {
    id: string;
  }[];
  for (const shift of open) {
    await send(
      admin,
      'POST',
      `/api/shifts/${shift.id}/close`,
      { counted: {}, note: 'Isolation day close' },
      { 'idempotency-key': randomUUID() },
    );
  }
}
