import { describe, expect, it } from 'vitest';
import { businessToday } from '../../lib/business-clock';
import { presetRange } from './range';

describe('range presets on the business day', () => {
  // [preset, business day, from, to]
  it.each([
    // Today, yesterday and the last 7 days (today included, across a month end too).
    ['today', '2026-03-15', '2026-03-15', '2026-03-15'],
    ['yesterday', '2026-03-15', '2026-03-14', '2026-03-14'],
    ['last-7-days', '2026-03-15', '2026-03-09', '2026-03-15'],
    ['last-7-days', '2026-03-03', '2026-02-25', '2026-03-03'],
    // This month runs from the 1st to today; on the 1st it is that one day.
    ['this-month', '2026-03-15', '2026-03-01', '2026-03-15'],
    ['this-month', '2026-03-01', '2026-03-01', '2026-03-01'],
    // Last month is the whole calendar month before (leap years, across a year end).
    ['last-month', '2026-03-15', '2026-02-01', '2026-02-28'],
    ['last-month', '2028-03-31', '2028-02-01', '2028-02-29'],
    ['last-month', '2026-01-01', '2025-12-01', '2025-12-31'],
    ['last-month', '2026-05-31', '2026-04-01', '2026-04-30'],
  ] as const)('%s on %s runs from %s to %s', (preset, today, from, to) => {
    expect(presetRange(preset, today)).toEqual({ from, to });
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
