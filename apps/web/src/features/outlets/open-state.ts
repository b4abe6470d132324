import { intlLocale } from '../../lib/i18n/i18n';

// How "open now / next opens at" reads: times in the outlet's own time zone, on the 24-hour
// clock like every time in the app.

/** "22:00" in the outlet's zone. */
export function clockIn(at: Date, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** "Tue 07:00" (or just "07:00" when it is later the same local day). */
export function whenIn(at: Date, timeZone: string, language: string, now = new Date()): string {
  const day = (d: Date) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(d);
  const time = clockIn(at, timeZone, language);
  if (day(at) === day(now)) return time;
  const weekday = new Intl.DateTimeFormat(intlLocale(language), {
    timeZone,
    weekday: 'short',
  }).format(at);
  const sixDays = 6 * 24 * 60 * 60 * 1000;
  if (at.getTime() - now.getTime() < sixDays) return `${weekday} ${time}`;
  const date = new Intl.DateTimeFormat(intlLocale(language), {
    timeZone,
    day: '2-digit',
    month: 'short',
  }).format(at);
  return `${weekday}, ${date} ${time}`;
}
