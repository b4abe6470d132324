import { defaultTimezone as defaultTimeZone, formatRinggit } from '@kopi/contract';

// SPEC §9 formats. Dates show in the outlets' default zone (Asia/Kuala_Lumpur) unless told.

/** Numbers above 9999 as thousands with one decimal and "k" (12345 → "12.3k"); else separators. */
export function formatCompactNumber(value: number, locale = 'en-MY'): string {
  if (!Number.isFinite(value)) return '';
  if (Math.abs(value) > 9999) {
    const thousands = Math.round((Math.abs(value) / 1000) * 10) / 10;
    return `${value < 0 ? '-' : ''}${thousands.toLocaleString('en-US', { maximumFractionDigits: 1 })}k`;
  }
  return value.toLocaleString(locale, { maximumFractionDigits: 2 });
}

type DateInput = string | number | Date;

interface DateParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  weekday: string;
  monthName: string;
}

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function dateParts(date: Date, timeZone: string, locale: string): DateParts {
  const numeric = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const named = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    month: 'short',
  }).formatToParts(date);
  const pick = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: pick(numeric, 'year'),
    month: pick(numeric, 'month'),
    day: pick(numeric, 'day'),
    hour: pick(numeric, 'hour'),
    minute: pick(numeric, 'minute'),
    second: pick(numeric, 'second'),
    weekday: pick(named, 'weekday').replace(/\.$/, ''),
    monthName: pick(named, 'month').replace(/\.$/, ''),
  };
}

export interface DateFormatOptions {
  timeZone?: string;
  locale?: string;
}

/** "YYYY/MM/DD" */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const p = dateParts(date, options.timeZone ?? defaultTimeZone, options.locale ?? 'en-GB');
  return `${p.year}/${p.month}/${p.day}`;
}

/**
 * "YYYY/MM/DD hh:mm:ss". The spec's pattern has no AM/PM marker, so hours are shown on the
 * 24-hour clock (a 12-hour "hh" without a marker would make 09:00 and 21:00 look the same).
 */
export function formatDateTime(value: DateInput, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const p = dateParts(date, options.timeZone ?? defaultTimeZone, options.locale ?? 'en-GB');
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** A business date ("2026-03-15") as the app shows dates: "YYYY/MM/DD", with no time zone. */
export const formatBusinessDate = (date: string) => date.replace(/-/g, '/');

/** "ddd, DD MMM YYYY" (Mon, 05 Jan 2026), with day and month names in the interface language. */
export function formatLongDate(value: DateInput, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const p = dateParts(date, options.timeZone ?? defaultTimeZone, options.locale ?? 'en-GB');
  return `${p.weekday}, ${p.day} ${p.monthName} ${p.year}`;
}

/**
 * Money in sen shown in ringgit. SPEC §9 names the locale "ms-MR", which is not a locale; the
 * Malaysian locale ms-MY is used, with a plain "RM" prefix if Intl cannot format MYR.
 */
export function formatMoney(sen: number, locale = 'ms-MY'): string {
  const ringgit = sen / 100;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'MYR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(ringgit);
  } catch {
    return moneyFallback(sen);
  }
}

/** "RM 1,234.50" whatever Intl knows: the contract's format, as the server's messages use it. */
export const moneyFallback = formatRinggit;

/** Initials of the first two words ("Nur Aisyah binti Ali" → "NA"). */
export function initials(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** Chart axis maximum: 8 when there is no data or it is all zero, else the largest value. */
export function chartMax(values: readonly number[]): number {
  const max = values.reduce((m, v) => (Number.isFinite(v) ? Math.max(m, v) : m), 0);
  return max === 0 ? 8 : max;
}
