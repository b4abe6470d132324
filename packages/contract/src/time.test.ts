import { describe, expect, it } from 'vitest';
import { outletOpenState, type OutletSchedule } from './outlet-hours';
import { addDays, businessDate, localParts, zonedToUtc } from './time';

describe('businessDate (DESIGN §3)', () => {
  it('puts a 01:30 sale on the previous business day with a 04:00 cut-off', () => {
    // 2026-11-21 17:30 UTC = 2026-11-22 01:30 in Kuala Lumpur (UTC+8)
    expect(businessDate(new Date('2026-11-21T17:30:00Z'), 'Asia/Kuala_Lumpur', 4)).toBe(
      '2026-11-21',
    );
    // 04:00 local belongs to the new day
    expect(businessDate(new Date('2026-11-21T20:00:00Z'), 'Asia/Kuala_Lumpur', 4)).toBe(
      '2026-11-22',
    );
    // cut-off 0 means calendar days
    expect(businessDate(new Date('2026-11-21T17:30:00Z'), 'Asia/Kuala_Lumpur', 0)).toBe(
      '2026-11-22',
    );
  });

  it('handles month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(businessDate(new Date('2026-12-31T18:00:00Z'), 'Asia/Kuala_Lumpur', 4)).toBe(
      '2026-12-31',
    );
  });
});

describe('zone conversion', () => {
  it('round-trips local wall time', () => {
    const at = zonedToUtc('2026-11-22', 9 * 60 + 15, 'Asia/Kuala_Lumpur');
    expect(at.toISOString()).toBe('2026-11-22T01:15:00.000Z');
    expect(localParts(at, 'Asia/Kuala_Lumpur')).toMatchObject({ hour: 9, minute: 15, weekday: 0 });
    // A zone with daylight saving: 09:15 in New York on a summer day is 13:15 UTC.
    expect(zonedToUtc('2026-07-01', 9 * 60 + 15, 'America/New_York').toISOString()).toBe(
      '2026-07-01T13:15:00.000Z',
    );
  });
});

const kl = (local: string) => new Date(`${local}+08:00`);
// 2026-11-23 is a Monday.
const schedule: OutletSchedule = {
  timezone: 'Asia/Kuala_Lumpur',
  last_order_minutes: 30,
  hours: [
    { day: 0, ranges: [{ open: '08:00', close: '22:00' }] },
    // Monday closed (no entry)
    {
      day: 2,
      ranges: [
        { open: '07:00', close: '11:00' },
        { open: '12:00', close: '22:00' },
      ],
    },
    { day: 5, ranges: [{ open: '18:00', close: '02:00' }] }, // Friday night past midnight
  ],
  closures: [{ from: '2026-12-01', to: '2026-12-01', reason: 'Maintenance' }],
};

describe('outletOpenState', () => {
  it('is open inside a range and takes orders until the last-order time', () => {
    const s = outletOpenState(schedule, kl('2026-11-22T12:00:00'));
    expect(s).toMatchObject({ open: true, accepting_orders: true });
    expect(s.closes_at?.toISOString()).toBe(kl('2026-11-22T22:00:00').toISOString());
    const late = outletOpenState(schedule, kl('2026-11-22T21:45:00'));
    expect(late).toMatchObject({ open: true, accepting_orders: false });
  });

  it('is closed on a day without hours and says when it next opens', () => {
    const s = outletOpenState(schedule, kl('2026-11-23T10:00:00'));
    expect(s).toMatchObject({ open: false, accepting_orders: false, closes_at: null });
    expect(s.next_open_at?.toISOString()).toBe(kl('2026-11-24T07:00:00').toISOString());
  });

  it('is closed during a break between two ranges', () => {
    const s = outletOpenState(schedule, kl('2026-11-24T11:30:00'));
    expect(s.open).toBe(false);
    expect(s.next_open_at?.toISOString()).toBe(kl('2026-11-24T12:00:00').toISOString());
  });

  it("keeps Friday's late range open after midnight on Saturday", () => {
    const s = outletOpenState(schedule, kl('2026-11-28T01:00:00'));
    expect(s).toMatchObject({ open: true, accepting_orders: true });
    expect(s.closes_at?.toISOString()).toBe(kl('2026-11-28T02:00:00').toISOString());
    expect(outletOpenState(schedule, kl('2026-11-28T02:00:00')).open).toBe(false);
  });

  it('honours closures and skips them when finding the next opening', () => {
    // 2026-12-01 is a Tuesday, closed for maintenance.
    const s = outletOpenState(schedule, kl('2026-12-01T09:00:00'));
    expect(s.open).toBe(false);
    expect(s.next_open_at?.toISOString()).toBe(kl('2026-12-04T18:00:00').toISOString());
  });

  it('returns no next opening when there are no hours at all', () => {
    const s = outletOpenState({ ...schedule, hours: [] }, kl('2026-11-22T12:00:00'));
    expect(s).toMatchObject({ open: false, next_open_at: null });
  });
});
