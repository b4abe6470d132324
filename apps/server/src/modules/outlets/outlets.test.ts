import { outletSchema } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { demoOutlet, useOtherTenant } from '../../test/catalogue-fixtures';
import { detailPaths, expectCode, expectCodeWithDetails } from '../../test/expect-code';
import { useTestApp } from '../../test/use-test-app';
import { auditsOf } from '../../test/fixtures';

// Outlets, their weekly hours and closures, and "open now" on an injected clock.

// Monday 23 November 2026, 10:00 in Kuala Lumpur (UTC+8).
let now = new Date('2026-11-23T02:00:00Z');
const { t, api } = useTestApp({ now: () => now, signIn: ['admin'], api: 'admin' });
const other = useOtherTenant(t, 'outlet-rival');

const byCode = (rows: { code: string }[], code: string) => rows.find((r) => r.code === code)!;

const newOutlet = {
  code: 'SG01',
  name: 'Shah Alam',
  address: 'Seksyen 7, 40000 Shah Alam',
  phone: '+60 3-5510 0004',
  lat: 3.0733,
  lng: 101.5185,
  serving_methods: ['dine_in', 'delivery'],
  delivery_fee: 450,
};

describe('GET /api/outlets', () => {
  it('lists the demo outlets with their settings and whether they are open now', async () => {
    const res = await api.get('/api/outlets');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.map((o: unknown) => outletSchema.strict().parse(o));
    expect(rows.map((o: { code: string }) => o.code)).toEqual(['JB01', 'KL01', 'PG01']);
    expect(byCode(rows, 'KL01')).toMatchObject({
      serving_methods: ['dine_in', 'pick_up', 'delivery'],
      delivery_fee: 500,
      lat: 3.1466,
      open_now: true,
      last_order_minutes: 30,
    });
    // Penang is closed on Mondays and opens Tuesday 08:00 local.
    expect(byCode(rows, 'PG01')).toMatchObject({
      open_now: false,
      next_open_at: '2026-11-24T00:00:00.000Z',
    });
    expect(res.body).not.toContain('outlet-rival');
  });

  it('follows the break and the late Friday at Johor Bahru', async () => {
    now = new Date('2026-11-23T07:30:00Z'); // Monday 15:30, the break
    let jb = (await api.get(`/api/outlets/${(await demoOutlet(t, 'JB01')).id}`)).json().data;
    expect(jb).toMatchObject({ open_now: false, next_open_at: '2026-11-23T08:00:00.000Z' });
    now = new Date('2026-11-27T16:30:00Z'); // Saturday 00:30, Friday's range runs until 01:00
    jb = (await api.get(`/api/outlets/${jb.id}`)).json().data;
    expect(jb.open_now).toBe(true);
    now = new Date('2026-11-23T02:00:00Z');
  });

  it('shows staff bound to an outlet only that outlet (404 for the others)', async () => {
    const cashier = t.bearer((await t.login('cashier')).token);
    const res = await api.get('/api/outlets', cashier);
    expect(res.json().data.map((o: { code: string }) => o.code)).toEqual(['KL01']);
    expect(res.json().meta.total).toBe(1);
    const penang = await demoOutlet(t, 'PG01');
    expect((await api.get(`/api/outlets/${penang.id}`, cashier)).statusCode).toBe(404);
    expect(
      (await api.get(`/api/outlets/${penang.id}/hours`, t.bearer((await t.login('manager')).token)))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST, PUT and DELETE /api/outlets', () => {
  it('creates an outlet with a code unique in the tenant', async () => {
    const res = await api.post('/api/outlets', newOutlet);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      ...newOutlet,
      status: 'active',
      accepting_orders: true,
      timezone: 'Asia/Kuala_Lumpur',
      open_now: false,
      next_open_at: null,
    });
    const again = await api.post('/api/outlets', newOutlet);
    expectCode(again, 400, 'outlet_code_taken');
    // Codes are per tenant.
    expect((await api.post('/api/outlets', newOutlet, other.headers)).statusCode).toBe(201);
  });

  it('answers 400 for a bad code, no serving method, a bad time zone or a negative fee', async () => {
    const res = await api.post('/api/outlets', {
      ...newOutlet,
      code: 'kl 2',
      serving_methods: [],
      delivery_fee: -1,
    });
    expect(res.statusCode).toBe(400);
    expect(detailPaths(res).sort()).toEqual(['code', 'delivery_fee', 'serving_methods']);
    const zone = await api.post('/api/outlets', {
      ...newOutlet,
      code: 'TZ01',
      timezone: 'Mars/Olympus',
    });
    expect(zone.json().details).toEqual([{ path: 'timezone', message: 'validation.invalid' }]);
  });

  it('updates an outlet and records before and after', async () => {
    const kl = await demoOutlet(t, 'KL01');
    const res = await api.put(`/api/outlets/${kl.id}`, {
      ...newOutlet,
      code: 'KL01',
      name: 'Kuala Lumpur (Bukit Bintang)',
      accepting_orders: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Kuala Lumpur (Bukit Bintang)',
      accepting_orders: false,
    });
    const [entry] = await auditsOf(t, 'outlet.update', kl.id);
    expect(entry?.before).toMatchObject({ name: 'Kuala Lumpur' });
  });

  it('keeps the status board’s amber and red minutes (defaults 5 and 10)', async () => {
    const created = await api.post('/api/outlets', { ...newOutlet, code: 'BRD1' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ board_amber_minutes: 5, board_red_minutes: 10 });
    const id = created.json().data.id;
    const changed = await api.put(`/api/outlets/${id}`, {
      ...newOutlet,
      code: 'BRD1',
      board_amber_minutes: 3,
      board_red_minutes: 240,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ board_amber_minutes: 3, board_red_minutes: 240 });
    const read = outletSchema.strict().parse((await api.get(`/api/outlets/${id}`)).json().data);
    expect(read).toMatchObject({ board_amber_minutes: 3, board_red_minutes: 240 });
    const listed = (await api.get('/api/outlets?q=BRD1')).json().data;
    expect(listed[0]).toMatchObject({ id, board_amber_minutes: 3, board_red_minutes: 240 });
    // The status board reads the same columns.
    const board = (await api.get(`/api/orders/board?outlet_id=${id}`)).json().data;
    expect(board.thresholds).toEqual([
      {
        outlet_id: id,
        amber_minutes: 3,
        red_minutes: 240,
        business_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);
    const [entry] = await auditsOf(t, 'outlet.update', id);
    expect(entry?.after).toMatchObject({ board_amber_minutes: 3, board_red_minutes: 240 });
  });

  it('answers 400 for board minutes out of 1–240, not whole, or red not after amber', async () => {
    const body = (amber: unknown, red: unknown) => ({
      ...newOutlet,
      code: 'BRD2',
      board_amber_minutes: amber,
      board_red_minutes: red,
    });
    expectCodeWithDetails(await api.post('/api/outlets', body(0, 241)), 400, 'validation_failed', [
      { path: 'board_amber_minutes', message: 'validation.min_value?min=1' },
      { path: 'board_red_minutes', message: 'validation.max_value?max=240' },
    ]);
    const whole = await api.post('/api/outlets', body(2.5, 10));
    expect(whole.json().details).toEqual([
      { path: 'board_amber_minutes', message: 'validation.integer' },
    ]);
    for (const [amber, red] of [
      [10, 10],
      [12, 8],
      [6, undefined], // red defaults to 10: fine
      [undefined, 4], // amber defaults to 5: not before 4
    ] as const) {
      const res = await api.post('/api/outlets', body(amber, red));
      if (amber === 6) {
        expect(res.statusCode, res.body).toBe(201);
        await api.del(`/api/outlets/${res.json().data.id}`);
        continue;
      }
      expect(res.statusCode, `${amber}/${red}`).toBe(400);
      expect(res.json().details).toEqual([
        { path: 'board_red_minutes', message: 'validation.board_red_after_amber' },
      ]);
    }
  });

  it('refuses to delete an outlet with staff (disable it instead) and deletes an empty one', async () => {
    const kl = await demoOutlet(t, 'KL01');
    const busy = await api.del(`/api/outlets/${kl.id}`);
    expectCode(busy, 409, 'outlet_in_use');
    expect(busy.json().message).toMatch(/2 staff members.*Disable it instead/);
    const created = await api.post('/api/outlets', { ...newOutlet, code: 'TMP1' });
    const id = created.json().data.id;
    expect((await api.del(`/api/outlets/${id}`)).statusCode).toBe(200);
    expect((await api.get(`/api/outlets/${id}`)).statusCode).toBe(404);
  });

  it('answers 403 without the permission and 404 for another tenant’s outlet', async () => {
    const cashier = t.bearer((await t.login('cashier')).token);
    expect(
      (await api.post('/api/outlets', { ...newOutlet, code: 'NOPE' }, cashier)).statusCode,
    ).toBe(403);
    const theirs = other.outlet.id;
    expect((await api.get(`/api/outlets/${theirs}`)).statusCode).toBe(404);
    expect(
      (await api.put(`/api/outlets/${theirs}`, { ...newOutlet, code: 'X01' })).statusCode,
    ).toBe(404);
    expect((await api.del(`/api/outlets/${theirs}`)).statusCode).toBe(404);
    expect((await api.get(`/api/outlets/${theirs}/hours`)).statusCode).toBe(404);
    expect((await api.get(`/api/outlets/${theirs}/closures`)).statusCode).toBe(404);
  });
});

describe('time management', () => {
  it('reads and replaces weekly hours with several ranges a day', async () => {
    const pg = await demoOutlet(t, 'PG01');
    const seeded = (await api.get(`/api/outlets/${pg.id}/hours`)).json().data;
    expect(seeded.last_order_minutes).toBe(15);
    expect(seeded.hours.find((d: { day: number }) => d.day === 1).ranges).toEqual([]);
    const hours = {
      hours: [
        {
          day: 1,
          ranges: [
            { open: '07:00', close: '11:00' },
            { open: '12:00', close: '20:00' },
          ],
        },
        { day: 0, ranges: [{ open: '18:00', close: '02:00' }] },
      ],
      last_order_minutes: 20,
    };
    const res = await api.put(`/api/outlets/${pg.id}/hours`, hours);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.hours.map((d: { day: number }) => d.day)).toEqual([0, 1]);
    // Monday 10:00 is now inside the morning range.
    expect((await api.get(`/api/outlets/${pg.id}`)).json().data.open_now).toBe(true);
  });

  it('answers 400 for a bad clock, a repeated day, open equal to close, or overlapping ranges', async () => {
    const pg = await demoOutlet(t, 'PG01');
    const put = (hours: unknown, last_order_minutes = 0) =>
      api.put(`/api/outlets/${pg.id}/hours`, { hours, last_order_minutes });
    const badClock = await put([{ day: 1, ranges: [{ open: '25:00', close: '10:00' }] }]);
    expect(badClock.statusCode).toBe(400);
    expect(badClock.json().details[0].path).toBe('hours.0.ranges.0.open');
    const twice = await put([
      { day: 2, ranges: [] },
      { day: 2, ranges: [{ open: '08:00', close: '10:00' }] },
    ]);
    expect(twice.json().details).toEqual([{ path: 'hours', message: 'validation.not_unique' }]);
    const same = await put([{ day: 3, ranges: [{ open: '09:00', close: '09:00' }] }]);
    expect(same.json().details).toEqual([
      { path: 'hours.0.ranges.0.close', message: 'validation.invalid' },
    ]);
    const overlap = await put([
      {
        day: 4,
        ranges: [
          { open: '08:00', close: '12:00' },
          { open: '11:00', close: '15:00' },
        ],
      },
    ]);
    expect(overlap.json().details).toEqual([
      { path: 'hours.0.ranges.1', message: 'validation.invalid' },
    ]);
    expect((await put([], 500)).statusCode).toBe(400);
    const cashier = t.bearer((await t.login('cashier')).token);
    const kl = await demoOutlet(t, 'KL01');
    expect(
      (
        await api.send(
          'PUT',
          `/api/outlets/${kl.id}/hours`,
          { hours: [], last_order_minutes: 0 },
          cashier,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('adds and removes closures, which close the outlet on those dates', async () => {
    const kl = await demoOutlet(t, 'KL01');
    const seeded = (await api.get(`/api/outlets/${kl.id}/closures`)).json().data;
    expect(seeded).toEqual([
      { id: expect.any(String), from: '2027-01-01', to: '2027-01-01', reason: "New Year's Day" },
    ]);
    const res = await api.post(`/api/outlets/${kl.id}/closures`, {
      from: '2026-11-23',
      to: '2026-11-24',
      reason: 'Deepavali stock-take',
    });
    expect(res.statusCode).toBe(201);
    const closure = res.json().data;
    const outlet = (await api.get(`/api/outlets/${kl.id}`)).json().data;
    expect(outlet).toMatchObject({ open_now: false, next_open_at: '2026-11-24T23:00:00.000Z' });

    const backwards = await api.post(`/api/outlets/${kl.id}/closures`, {
      from: '2026-12-02',
      to: '2026-12-01',
      reason: '',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details).toEqual([{ path: 'to', message: 'validation.invalid' }]);

    const removed = await api.del(`/api/outlets/${kl.id}/closures/${closure.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await api.get(`/api/outlets/${kl.id}`)).json().data.open_now).toBe(true);
    expect((await api.del(`/api/outlets/${kl.id}/closures/${closure.id}`)).statusCode).toBe(404);
  });
});
