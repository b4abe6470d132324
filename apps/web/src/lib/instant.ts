import { isoDate, localParts, parseClock, zonedToUtc } from '@kopi/contract';

// Instants (a banner's schedule, a voucher's validity) are UTC on the wire; staff read and type
// them as a date and a 24-hour time on the business's clock (its time zone), whatever the
// browser's own zone is.

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the date (YYYY-MM-DD) and time (HH:mm) it is in `timeZone`; blanks for none. */
export function splitInstant(
  iso: string | null | undefined,
  timeZone: string,
): { date: string; time: string } {
  if (!iso) return { date: '', time: '' };
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { date: '', time: '' };
  const p = localParts(at, timeZone);
  return { date: isoDate(p.year, p.month, p.day), time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/**
 * The instant of a date and time in `timeZone` (ISO, UTC); null without a date. A date without a
 * time means its start (00:00).
 */
export function joinInstant(date: string, time: string, timeZone: string): string | null {
  if (!date) return null;
  const minutes = time ? parseClock(time) : 0;
  return zonedToUtc(date, minutes, timeZone).toISOString();
}

/** "YYYY/MM/DD HH:mm" in `timeZone` (SPEC §9 dates, 24-hour clock). */
export function formatInstant(iso: string, timeZone: string): string {
  const { date, time } = splitInstant(iso, timeZone);
  return `${date.replaceAll('-', '/')} ${time}`;
}
