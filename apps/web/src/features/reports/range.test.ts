import { describe, expect, it } from 'vitest';
import { businessToday } from '../../lib/business-clock';
import { presetRange } from './range';

describe('range presets on the business day', () => {
  it('today, yesterday and the last 7 days (today included)', () => {
    expect(presetRange('today', '2026-03-15')).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    expect(presetRange('yesterday', '2026-03-15')).toEqual({
      from: '2026-03-14',
      to: '2026-03-14',
    });
    expect(presetRange('last-7-days', '2026-03-15')).toEqual({
      from: '2026-03-09',
      to: '2026-03-15',
    });
    // Across a month end.
    expect(presetRange('last-7-days', '2026-03-03')).toEqual({
      from: '2026-02-25',
      to: '2026-03-03',
    });
  });

  it('this month runs from the 1st to today; on the 1st it is that one day', () => {
    expect(presetRange('this-month', '2026-03-15')).toEqual({
      from: '2026-03-01',
      to: '2026-03-15',
    });
    expect(presetRange('this-month', '2026-03-01')).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
  });

  it('last month is the whole calendar month before (leap years, across a year end)', () => {
    expect(presetRange('last-month', '2026-03-15')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(presetRange('last-month', '2028-03-31')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(presetRange('last-month', '2026-01-01')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(presetRange('last-month', '2026-05-31')).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
    });
  });

  it('takes today from Malaysia time with the cut-off, not the browser zone', () => {
    const clock = { timeZone: 'Asia/Kuala_Lumpur', cutoffHour: 4 };
    // 01:30 on the 1st of April in Kuala Lumpur (UTC+8) is still the business day of 31 March,
    // so "this month" is March and "yesterday" is 30 March.
    const at = new Date('2026-03-31T17:30:00Z');
    const today = businessToday(clock, at);
    expect(today).toBe('2026-03-31');
    expect(presetRange('this-month', today)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(presetRange('yesterday', today).from).toBe('2026-03-30');
    // From 04:00 it is the 1st: "last month" is then March.
    const after = businessToday(clock, new Date('2026-03-31T20:00:00Z'));
    expect(after).toBe('2026-04-01');
    expect(presetRange('last-month', after)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    // Another tenant's cut-off moves the boundary.
    expect(businessToday({ ...clock, cutoffHour: 1 }, at)).toBe('2026-04-01');
  });
});
