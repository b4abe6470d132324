import { randomUUID } from 'node:crypto';
import type { DrawerOpening, Shift, ShiftSummary } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/access';
import { approvals } from '../../db/schema/approvals';
import { auditLog } from '../../db/schema/platform';
import { DEMO_PASSWORD } from '../../db/seed-data';
import { otherTenant } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { anonymous, requestAs, type RequestHeaders, withIdempotencyKey } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { tillSale } from '../../test/order-fixtures';

// Tills per device (several tills of an outlet run shifts at once; a held till answers
// 409 with who holds it), the drawer's "no sale" with a reason and a manager's PIN for a cashier,
// and a cashier's own shift list for reprinting a closed shift's report.

const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'manager', 'cashier', 'finance'],
  product: { sku: 'TILLS-1', price: 1000 },
});
const { admin, manager, cashier, finance } = as;

const post = (url: string, body: object, headers: RequestHeaders, key?: string) =>
  requestAs(t).post(url, body, withIdempotencyKey(headers, key));

async function newTill(outletId: string, name = `T-${randomUUID().slice(0, 6)}`) {
  const res = await api.post('/api/tills', { outlet_id: outletId, name }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; name: string };
}

async function openShift(headers: RequestHeaders, tillId: string) {
  const res = await post('/api/shifts', { till_id: tillId, float: { note_10: 10 } }, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Shift;
}

async function closeShift(headers: RequestHeaders, shift: Shift) {
  // The count is the float: nothing was sold in cash, so the variance is nil.
  const res = await post(`/api/shifts/${shift.id}/close`, { counted: { note_10: 10 } }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Shift;
}

const sale = (tillId: string, headers: RequestHeaders) =>
  post(
    '/api/orders',
    tillSale(refs.kl, tillId, refs.product, [
      { method: 'card', amount: 1060, reference: 'APPR-1' },
    ]),
    headers,
  );

const report = async (id: string, headers: RequestHeaders = admin) =>
  (await api.get(`/api/shifts/${id}`, headers)).json().data as Shift;

async function userId(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  return row!.id;
}

const setPin = (headers: RequestHeaders, pin: string) =>
  api.put('/api/account/pin', { pin, pin_confirm: pin, old_password: DEMO_PASSWORD }, headers);

describe('tills per device', () => {
  it('runs two tills of one outlet at once, each sale in its own till’s shift, and refuses a held till with its holder', async () => {
    const front = await newTill(refs.kl, 'Front counter');
    const bar = await newTill(refs.kl, 'Bar counter');
    const first = await openShift(cashier, front.id);
    const second = await openShift(manager, bar.id);

    const current = (await api.get(`/api/shifts/current?outlet_id=${refs.kl}`, cashier)).json()
      .data;
    const open = (current.shifts as ShiftSummary[]).filter((s) =>
      [front.id, bar.id].includes(s.till_id),
    );
    expect(open.map((s) => s.id).sort()).toEqual([first.id, second.id].sort());

    // Each device rings its sales up on its own till: one sale each.
    const s1 = await sale(front.id, cashier);
    expect(s1.statusCode, s1.body).toBe(201);
    expect((await sale(bar.id, manager)).statusCode).toBe(201);
    expect((await sale(bar.id, manager)).statusCode).toBe(201);
    expect((await report(first.id)).orders).toBe(1);
    expect((await report(second.id)).orders).toBe(2);

    // A third device on the front counter's till: refused, told who holds it and since when.
    const held = expectCode(
      await post('/api/shifts', { till_id: front.id, float: {} }, admin),
      409,
      'shift_already_open',
    );
    expect(held.details).toEqual([
      { path: 'cashier_name', message: first.cashier_name },
      { path: 'opened_at', message: first.opened_at },
    ]);
    expect(held.message).toContain('Front counter');

    // Once the front counter's shift closes, the till is free for the next one.
    await closeShift(cashier, first);
    const next = await openShift(admin, front.id);
    expect(next.till_id).toBe(front.id);
    await closeShift(admin, next);
    await closeShift(manager, second);
  });
});

describe('POST /api/shifts/{id}/drawer-openings', () => {
  const url = (id: string) => `/api/shifts/${id}/drawer-openings`;

  it('asks a cashier for a manager’s PIN, records the approval and lists the opening on the report', async () => {
    expect((await setPin(manager, '4826')).statusCode).toBe(200);
    const till = await newTill(refs.kl);
    const shift = await openShift(cashier, till.id);
    const managerId = await userId('manager');

    expectCode(
      await post(url(shift.id), { reason: 'give_change' }, cashier),
      403,
      'approval_required',
    );
    expectCode(
      await post(
        url(shift.id),
        {
          reason: 'give_change',
          approval: { approver_id: managerId, pin: '1111', device_id: 'till-device-1' },
        },
        cashier,
      ),
      403,
      'pin_wrong',
    );
    const key = randomUUID();
    const body = {
      reason: 'give_change',
      approval: { approver_id: managerId, pin: '4826', device_id: 'till-device-1' },
    };
    const res = await post(url(shift.id), body, cashier, key);
    expect(res.statusCode, res.body).toBe(201);
    const opening = res.json().data as DrawerOpening;
    expect(opening).toMatchObject({
      reason: 'give_change',
      note: null,
      by_name: shift.cashier_name,
      approved_by_name: 'Tan Wei Ming',
    });
    // The same request again is the same opening.
    const again = await post(url(shift.id), body, cashier, key);
    expect(again.json().data.id).toBe(opening.id);

    const [approval] = await t.database.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.subjectId, opening.id), eq(approvals.action, 'no_sale')));
    expect(approval).toMatchObject({ approvedBy: managerId, requestedBy: await userId('cashier') });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, shift.id), eq(auditLog.action, 'shift.drawer_open')));
    expect(audits).toHaveLength(1);

    // Five minutes later the manager opens the drawer alone, with a note for "other".
    clock.set('2026-06-10T04:05:00Z');
    const own = await post(url(shift.id), { reason: 'other', note: 'Jammed coin' }, manager);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data).toMatchObject({ reason: 'other', approved_by_name: null });

    const listed = (await report(shift.id, cashier)).drawer_openings;
    expect(listed?.map((o) => [o.reason, o.approved_by_name, o.note])).toEqual([
      ['give_change', 'Tan Wei Ming', null],
      ['other', null, 'Jammed coin'],
    ]);
    await closeShift(cashier, shift);
    expectCode(await post(url(shift.id), { reason: 'check_float' }, manager), 409, 'shift_closed');
  });

  it('answers 401, 403, 404 and 400 as the house rules say', async () => {
    const till = await newTill(refs.kl);
    const shift = await openShift(cashier, till.id);
    expectCode(
      await post(url(shift.id), { reason: 'give_change' }, anonymous),
      401,
      'unauthorized',
    );
    expectCode(await post(url(shift.id), { reason: 'give_change' }, finance), 403, 'forbidden');
    const other = await otherTenant(t, 'drawer-other');
    expectCode(
      await post(url(shift.id), { reason: 'give_change' }, other.headers),
      404,
      'not_found',
    );
    // A PG shift is outside the KL manager's outlet.
    const pgShift = await openShift(admin, (await newTill(refs.pg)).id);
    expectCode(await post(url(pgShift.id), { reason: 'give_change' }, manager), 404, 'not_found');
    const bad = expectCode(
      await post(url(shift.id), { reason: 'other' }, manager),
      400,
      'validation_failed',
    );
    expect(bad.details?.[0]?.path).toBe('note');
    expectCode(await post(url(shift.id), { reason: 'because' }, manager), 400, 'validation_failed');
    await closeShift(cashier, shift);
    await closeShift(admin, pgShift);
  });
});

describe('GET /api/shifts/mine', () => {
  it('lists a cashier’s own shifts, closed ones too, and the closed report reprints', async () => {
    const mine = await openShift(cashier, (await newTill(refs.kl)).id);
    const closed = await closeShift(cashier, mine);
    const others = await openShift(manager, (await newTill(refs.kl)).id);

    // Without read-shift the whole list is refused; one's own is not.
    expectCode(await api.get('/api/shifts', cashier), 403, 'forbidden');
    const res = await api.get('/api/shifts/mine?status=closed&page_size=100', cashier);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().data as ShiftSummary[];
    expect(listed.map((s) => s.id)).toContain(closed.id);
    expect(listed.map((s) => s.id)).not.toContain(others.id);
    expect(new Set(listed.map((s) => s.cashier_id))).toEqual(new Set([await userId('cashier')]));
    expect(listed.every((s) => s.status === 'closed')).toBe(true);

    // The reprint: the closed shift's report as it stood at the close.
    const reprint = await api.get(`/api/shifts/${closed.id}`, cashier);
    expect(reprint.statusCode).toBe(200);
    expect(reprint.json().data).toMatchObject({ id: closed.id, status: 'closed', counted: 10_000 });
    await closeShift(manager, others);
  });

  it('answers 401, 403 and 400; another tenant sees none of them', async () => {
    expectCode(await api.get('/api/shifts/mine', anonymous), 401, 'unauthorized');
    expectCode(await api.get('/api/shifts/mine', finance), 403, 'forbidden');
    expectCode(await api.get('/api/shifts/mine?status=later', cashier), 400, 'validation_failed');
    const other = await otherTenant(t, 'mine-other');
    const res = await api.get('/api/shifts/mine', other.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});
