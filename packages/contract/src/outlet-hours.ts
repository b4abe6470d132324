import { z } from 'zod';
import { addDays, isoDate, localParts, parseClock, weekdayOf, zonedToUtc } from './time';
import { messageKey, text } from './validation';

const clock = text().regex(/^([01]\d|2[0-3]):([0-5]\d)$/, { error: messageKey('invalid') });

/** One opening range. A close at or before the open runs past midnight (e.g. 18:00–02:00). */
export const openingRangeSchema = z
  .object({ open: clock, close: clock })
  .refine((r) => r.open !== r.close, { path: ['close'], error: messageKey('invalid') });

/** Weekly hours: day 0 = Sunday … 6 = Saturday; several ranges a day (e.g. around a break). */
export const weeklyHoursSchema = z
  .array(z.object({ day: z.number().int().min(0).max(6), ranges: z.array(openingRangeSchema) }))
  .refine((days) => new Set(days.map((d) => d.day)).size === days.length, {
    error: messageKey('not_unique'),
  });

export const closureSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    reason: text().trim().max(200),
  })
  .refine((c) => c.from <= c.to, { path: ['to'], error: messageKey('invalid') });

export interface OutletSchedule {
  timezone: string;
  hours: z.infer<typeof weeklyHoursSchema>;
  closures: readonly z.infer<typeof closureSchema>[];
  /** Orders stop this many minutes before closing. */
  last_order_minutes: number;
}

export interface OpenState {
  open: boolean;
  /** Open and before the last-order time. */
  accepting_orders: boolean;
  /** When the current range ends (null when closed). */
  closes_at: Date | null;
  /** Start of the next range after `at` (null when none within two weeks). */
  next_open_at: Date | null;
}

const isClosedOn = (schedule: OutletSchedule, date: string) =>
  schedule.closures.some((c) => c.from <= date && date <= c.to);

/** The concrete opening windows of a local date (a range belongs to the date it starts on). */
function windowsOf(schedule: OutletSchedule, date: string) {
  if (isClosedOn(schedule, date)) return [];
  const day = schedule.hours.find((h) => h.day === weekdayOf(date));
  return (day?.ranges ?? []).map((r) => {
    const open = parseClock(r.open);
    const close = parseClock(r.close);
    return {
      start: zonedToUtc(date, open, schedule.timezone),
      end: zonedToUtc(close <= open ? addDays(date, 1) : date, close, schedule.timezone),
    };
  });
}

/** Is the outlet open at `at`, may it take orders, and when does it next open? */
export function outletOpenState(schedule: OutletSchedule, at: Date): OpenState {
  const p = localParts(at, schedule.timezone);
  const today = isoDate(p.year, p.month, p.day);
  const t = at.getTime();
  // Yesterday's late range may still be running after midnight.
  const current = [...windowsOf(schedule, addDays(today, -1)), ...windowsOf(schedule, today)].find(
    (w) => w.start.getTime() <= t && t < w.end.getTime(),
  );
  let next_open_at: Date | null = null;
  for (let i = 0; i <= 14 && !next_open_at; i++) {
    const upcoming = windowsOf(schedule, addDays(today, i))
      .map((w) => w.start)
      .filter((s) => s.getTime() > t)
      .sort((a, b) => a.getTime() - b.getTime());
    next_open_at = upcoming[0] ?? null;
  }
  const lastOrderAt = current ? current.end.getTime() - schedule.last_order_minutes * 60_000 : 0;
  return {
    open: Boolean(current),
    accepting_orders: Boolean(current) && t < lastOrderAt,
    closes_at: current?.end ?? null,
    next_open_at,
  };
}
