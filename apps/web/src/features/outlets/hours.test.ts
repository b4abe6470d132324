import { describe, expect, it } from 'vitest';
import { weekWith } from '../../test/week';
import { pastMidnight, problemsFromServer, validateWeek, weekFromApi, weekToApi } from './hours';

describe('weekly hours', () => {
  it('round-trips the API shape with every day in order', () => {
    const api = [
      { day: 5, ranges: [{ open: '07:00', close: '15:00' }] },
      { day: 1, ranges: [] },
    ];
    const w = weekFromApi(api);
    expect(w[5]).toEqual([{ open: '07:00', close: '15:00' }]);
    expect(weekToApi(w).map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekToApi(w)[5]?.ranges).toEqual([{ open: '07:00', close: '15:00' }]);
  });

  it('accepts a day with a break and a range past midnight', () => {
    const w = weekWith({
      1: [
        ['07:00', '15:00'],
        ['16:00', '22:00'],
      ],
      5: [['16:00', '01:00']],
    });
    expect(validateWeek(w).size).toBe(0);
    expect(pastMidnight({ open: '16:00', close: '01:00' })).toBe(true);
    expect(pastMidnight({ open: '07:00', close: '15:00' })).toBe(false);
  });

  it('reports a bad time and a range that opens and closes at once', () => {
    const w = weekWith({
      2: [
        ['7:00', '15:00'],
        ['09:00', '09:00'],
      ],
    });
    const problems = validateWeek(w);
    expect(problems.get('2.0')).toBe('format');
    expect(problems.get('2.1')).toBe('same');
  });

  it('reports overlapping ranges of one day on the later range', () => {
    const problems = validateWeek(
      weekWith({
        3: [
          ['07:00', '15:00'],
          ['14:00', '22:00'],
        ],
      }),
    );
    expect([...problems]).toEqual([['3.1', 'overlap']]);
  });

  it('lets ranges touch (a close at the next open is fine)', () => {
    expect(
      validateWeek(
        weekWith({
          3: [
            ['07:00', '15:00'],
            ['15:00', '22:00'],
          ],
        }),
      ).size,
    ).toBe(0);
  });

  it('reports a late range running into the next morning', () => {
    const problems = validateWeek(weekWith({ 5: [['18:00', '02:00']], 6: [['01:00', '10:00']] }));
    expect(problems.get('6.0')).toBe('overlap');
  });

  it('wraps Saturday night into Sunday morning', () => {
    const problems = validateWeek(weekWith({ 6: [['20:00', '03:00']], 0: [['02:00', '12:00']] }));
    expect(problems.size).toBe(1);
    expect([...problems.values()]).toEqual(['overlap']);
  });

  it('maps the server error paths to editor rows', () => {
    const problems = problemsFromServer([
      { path: 'hours.4.ranges.1' },
      { path: 'last_order_minutes' },
    ]);
    expect([...problems]).toEqual([['4.1', 'overlap']]);
  });
});
