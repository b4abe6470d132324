import { zReportSchema } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoOutletIds } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { demoTenantId, testClock } from '../../test/order-fixtures';
import { engine, requestAs, type RequestHeaders, withIdempotencyKey } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';

// The day close refuses while a shift of the outlet's business day is open (decision 049):
// 409 shifts_still_open naming each till, cashier and when it opened, so the Z-report
// of a closed day never lists a shift still open. A shift opened after the close belongs to the
// next open day, also when it opens while the close runs (PostgreSQL).

const clock = testClock('2026-07-01T02:00:00Z'); // Wednesday 10:00 in Kuala Lumpur
const { t, api, as } = useTestApp({ now: clock.now, signIn: ['admin', 'manager'], api: 'admin' });
const { admin, manager } = as;
let kl: string;
let pg: string;
beforeAll(async () => {
  ({ kl, pg } = await demoOutletIds(t));
});

const post = (url: string, body: object, headers: RequestHeaders = admin) =>
  requestAs(t).post(url, body, withIdempotencyKey(headers));

let tills = 0;
async function newTill(outletId: string) {
  const res = await api.post('/api/tills', { outlet_id: outletId, name: `Close till ${++tills}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; name: string };
}

async function openShift(tillId: string, headers: RequestHeaders = admin) {
  const res = await post('/api/shifts', { till_id: tillId, float: { note_10: 10 } }, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: string;
    cashier_name: string;
    opened_at: string;
    business_date: string;
  };
}

async function closeShift(shiftId: string) {
  const expected = (await api.get(`/api/shifts/${shiftId}`)).json().data.figures.expected as number;
  expect(expected).toBe(10_000); // the float: nothing was sold
  const res = await post(`/api/shifts/${shiftId}/close`, { counted: { note_100: 1 } });
  expect(res.statusCode, res.body).toBe(200);
}

const closeDay = (outletId: string, date: string, headers: RequestHeaders = admin) =>
  api.post('/api/orders/close-day', { outlet_id: outletId, business_date: date }, headers);

describe('the day close and the day’s open shifts', () => {
  it('refuses while shifts are open, naming till, cashier and opening time; then closes', async () => {
    const DAY = '2026-07-01';
    const [first, second] = [await newTill(kl), await newTill(kl)];
    clock.set(`${DAY}T02:00:00Z`);
    const a = await openShift(first.id);
    clock.set(`${DAY}T02:05:00Z`);
    const b = await openShift(second.id, manager);
    // Another outlet's open shift holds only its own day.
    await openShift((await newTill(pg)).id);

    clock.set(`${DAY}T14:00:00Z`);
    const held = expectCode(await closeDay(kl, DAY, manager), 409, 'shifts_still_open');
    expect(held.details).toEqual([
      { path: first.name, message: a.cashier_name, at: '2026-07-01T02:00:00.000Z' },
      { path: second.name, message: b.cashier_name, at: '2026-07-01T02:05:00.000Z' },
    ]);
    await closeShift(a.id);
    const still = expectCode(await closeDay(kl, DAY), 409, 'shifts_still_open');
    expect(still.details?.map((d) => d.path)).toEqual([second.name]);

    await closeShift(b.id);
    const closed = await closeDay(kl, DAY, manager);
    expect(closed.statusCode, closed.body).toBe(200);
    const report = zReportSchema.parse(closed.json().data);
    expect(report.shifts.map((s) => [s.till_name, s.status])).toEqual([
      [first.name, 'closed'],
      [second.name, 'closed'],
    ]);

    // A shift opened after the close books on the next open day; the Z-report is unchanged.
    clock.set(`${DAY}T14:30:00Z`);
    const after = await openShift(first.id);
    expect(after.business_date).toBe('2026-07-02');
    const kept = await api.get(`/api/orders/z-reports?outlet_id=${kl}&business_date=${DAY}`);
    expect(zReportSchema.parse(kept.json().data).shifts.every((s) => s.status === 'closed')).toBe(
      true,
    );
    await closeShift(after.id);
  });
});

// PGlite runs one request at a time: the race is real on PostgreSQL only.
describe.runIf(engine === 'postgres')('a shift opening while the day closes, on PostgreSQL', () => {
  it('either holds the close (its day) or books on the next day; never an open shift on a closed day', async () => {
    const outcomes = new Set<string>();
    for (const [i, closeFirst] of [true, false, true, false].entries()) {
      const day = `2026-07-${String(10 + i).padStart(2, '0')}`;
      const next = `2026-07-${String(11 + i).padStart(2, '0')}`;
      clock.set(`${day}T03:00:00Z`);
      const till = await newTill(kl);
      const tenantId = await demoTenantId(t);
      // Hold the day's row, so both requests queue behind it in the order they reach it.
      const { db } = t.database;
      await db.execute(sql`
        insert into order_counters (tenant_id, outlet_id, business_date, last_no)
        values (${tenantId}::uuid, ${kl}::uuid, ${day}::date, 0) on conflict do nothing`);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`
          select 1 from order_counters
          where outlet_id = ${kl}::uuid and business_date = ${day}::date for update`);
        locked();
        await released;
      });
      await isLocked;
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const opening = () =>
        post('/api/shifts', { till_id: till.id, float: { note_10: 10 } }, admin);
      const closing = () => closeDay(kl, day);
      const [firstCall, secondCall] = closeFirst ? [closing, opening] : [opening, closing];
      const firstAnswer = firstCall();
      await wait(300);
      const secondAnswer = secondCall();
      await wait(300);
      release();
      await holder;
      const [x, y] = await Promise.all([firstAnswer, secondAnswer]);
      const [closed, opened] = closeFirst ? [x, y] : [y, x];

      expect(opened.statusCode, opened.body).toBe(201);
      const shift = opened.json().data as { id: string; business_date: string };
      if (closed.statusCode === 200) {
        // The close won: the shift belongs to the next day, and the Z-report has no open shift.
        outcomes.add('close first');
        expect(shift.business_date).toBe(next);
        expect(zReportSchema.parse(closed.json().data).shifts).toEqual([]);
      } else {
        // The shift won: it holds its day open.
        outcomes.add('shift first');
        expectCode(closed, 409, 'shifts_still_open');
        expect(shift.business_date).toBe(day);
      }
      await closeShift(shift.id);
    }
    // Each ordering was reached at least once.
    expect([...outcomes].sort()).toEqual(['close first', 'shift first']);
  });
});
