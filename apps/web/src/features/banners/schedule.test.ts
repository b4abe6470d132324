import { describe, expect, it } from 'vitest';
import { formatInstant, joinInstant, splitInstant } from '../../lib/instant';
import { scheduleParts } from './schedule';

const KL = 'Asia/Kuala_Lumpur';

describe('banner schedule on the business clock', () => {
  it('splits an instant into the date and 24-hour time of the zone', () => {
    // 16:30 UTC is 00:30 the next day in Kuala Lumpur.
    expect(splitInstant('2026-06-09T16:30:00.000Z', KL)).toEqual({
      date: '2026-06-10',
      time: '00:30',
    });
    expect(splitInstant('2026-06-10T13:05:00Z', KL)).toEqual({ date: '2026-06-10', time: '21:05' });
    expect(splitInstant(null, KL)).toEqual({ date: '', time: '' });
    expect(splitInstant('not a date', KL)).toEqual({ date: '', time: '' });
  });

  it('joins a date and time typed in the zone into the instant, midnight when no time', () => {
    expect(joinInstant('2026-06-10', '21:05', KL)).toBe('2026-06-10T13:05:00.000Z');
    expect(joinInstant('2026-06-10', '', KL)).toBe('2026-06-09T16:00:00.000Z');
    expect(joinInstant('', '09:00', KL)).toBeNull();
    expect(joinInstant('2026-06-10', '09:00', 'UTC')).toBe('2026-06-10T09:00:00.000Z');
  });

  it('round-trips whatever zone the browser is in', () => {
    const typed = { date: '2026-12-31', time: '23:59' };
    expect(splitInstant(joinInstant(typed.date, typed.time, KL), KL)).toEqual(typed);
  });

  it('formats both ends as YYYY/MM/DD HH:mm, and leaves an open end out', () => {
    expect(formatInstant('2026-06-10T13:05:00Z', KL)).toBe('2026/06/10 21:05');
    expect(scheduleParts({ starts_at: '2026-06-10T01:00:00Z', ends_at: null }, KL)).toEqual({
      from: '2026/06/10 09:00',
      until: null,
    });
  });
});
