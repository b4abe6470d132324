import type { OutletHours } from '@kopi/contract';

// The weekly hours editor's model and its checks, pure so they are tested without a browser.
// Day 0 is Sunday (the contract's numbering); the editor lists Monday first, as Malaysian shops do.

export interface Range {
  open: string;
  close: string;
}
/** Index = day (0 Sunday … 6 Saturday); an empty list means closed that day. */
export type Week = Range[][];

export const displayDays = [1, 2, 3, 4, 5, 6, 0] as const;

export const emptyWeek = (): Week => Array.from({ length: 7 }, () => []);

export function weekFromApi(hours: OutletHours['hours']): Week {
  const week = emptyWeek();
  for (const day of hours) {
    if (day.day >= 0 && day.day <= 6) week[day.day] = day.ranges.map((r) => ({ ...r }));
  }
  return week;
}

/** Every day in order 0…6 (so the server's `hours.<index>` error paths are day numbers). */
export const weekToApi = (week: Week): OutletHours['hours'] =>
  week.map((ranges, day) => ({ day, ranges: ranges.map((r) => ({ ...r })) }));

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** A close at or before the open runs past midnight (e.g. 18:00–02:00). */
export const pastMidnight = (r: Range) =>
  CLOCK.test(r.open) && CLOCK.test(r.close) && minutes(r.close) <= minutes(r.open);

export type RangeProblem = 'format' | 'same' | 'overlap';
/** Problems by `${day}.${index}`. */
export type WeekProblems = Map<string, RangeProblem>;

/** Minutes from the start of the week (Sunday 00:00) covered by a range. */
function span(day: number, r: Range) {
  const start = day * 1440 + minutes(r.open);
  const end = day * 1440 + minutes(r.close) + (minutes(r.close) <= minutes(r.open) ? 1440 : 0);
  return { start, end };
}

/**
 * Checks a week: times as HH:MM, open ≠ close, and no two ranges overlapping, within a day and
 * across midnight (Friday 16:00–01:00 runs into Saturday, also Saturday into Sunday).
 */
export function validateWeek(week: Week): WeekProblems {
  const problems: WeekProblems = new Map();
  const spans: { key: string; start: number; end: number }[] = [];
  week.forEach((ranges, day) =>
    ranges.forEach((r, i) => {
      const key = `${day}.${i}`;
      if (!CLOCK.test(r.open) || !CLOCK.test(r.close)) problems.set(key, 'format');
      else if (r.open === r.close) problems.set(key, 'same');
      else spans.push({ key, ...span(day, r) });
    }),
  );
  const weekMinutes = 7 * 1440;
  // A Saturday range past midnight wraps to Sunday morning: compare it a week earlier too.
  const all = [
    ...spans,
    ...spans
      .filter((s) => s.end > weekMinutes)
      .map((s) => ({
        key: s.key,
        start: s.start - weekMinutes,
        end: s.end - weekMinutes,
      })),
  ].sort((a, b) => a.start - b.start);
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length && all[j]!.start < all[i]!.end; j++) {
      if (all[j]!.key === all[i]!.key) continue;
      // The later one is marked: the earlier range is what the user set up first.
      problems.set(all[j]!.key, 'overlap');
    }
  }
  return problems;
}

/** The problems of a server 400 (`hours.<day>.ranges.<index>`), in the editor's keys. */
export function problemsFromServer(details: { path: string }[]): WeekProblems {
  const problems: WeekProblems = new Map();
  for (const { path } of details) {
    const match = /^hours\.(\d)\.ranges\.(\d+)/.exec(path);
    if (match) problems.set(`${match[1]}.${match[2]}`, 'overlap');
  }
  return problems;
}
