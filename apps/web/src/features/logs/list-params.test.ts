import { describe, expect, it } from 'vitest';
import {
  dayStart,
  logSearch,
  nextDay,
  parseLogParams,
  toLogQuery,
  zoneOffset,
} from './list-params';

describe('audit log URL and query', () => {
  it('reads filters from the URL and leaves out what the API would refuse', () => {
    const filters = parseLogParams(
      new URLSearchParams(
        'actor_id=not-a-uuid&action=user.disable&from=2026-11-01&to=bad&page=3&page_size=7',
      ),
    );
    expect(filters).toMatchObject({
      actor_id: '',
      action: 'user.disable',
      from: '2026-11-01',
      to: '',
      page: 3,
      page_size: 10,
    });
    expect(logSearch(filters).toString()).toBe('action=user.disable&from=2026-11-01&page=3');
  });

  it('turns days of Malaysia time into instants, the end day included', () => {
    expect(zoneOffset('2026-11-23')).toBe('+08:00');
    expect(zoneOffset('2026-07-01', 'Europe/London')).toBe('+01:00');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(dayStart('2026-11-23')).toBe('2026-11-23T00:00:00+08:00');
    const query = toLogQuery(parseLogParams(new URLSearchParams('from=2026-11-01&to=2026-11-23')));
    expect(query.from).toBe('2026-11-01T00:00:00+08:00');
    expect(query.to).toBe('2026-11-24T00:00:00+08:00');
  });

  it('sends no range when the end is before the start', () => {
    const query = toLogQuery(parseLogParams(new URLSearchParams('from=2026-11-23&to=2026-11-01')));
    expect(query.from).toBeUndefined();
    expect(query.to).toBeUndefined();
  });
});
