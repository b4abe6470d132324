import { isoDate, localParts } from '@kopi/contract';

// The cells of the CSV exports, written the way the screens write them (SPEC §9): amounts in
// ringgit with two decimals (as a spreadsheet user types them), dates YYYY/MM/DD, times in the
// outlet's own time zone, and text that cannot run as a spreadsheet formula.

export const moneyCell = (sen: number) => (sen / 100).toFixed(2);
// A cell starting with = + - @ would run as a formula in a spreadsheet: prefix a quote.
export const textCell = (v: string | null) =>
  v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
export const dateCell = (iso: string) => iso.replaceAll('-', '/');

export function localTimeCell(at: Date, timeZone: string) {
  const p = localParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${dateCell(isoDate(p.year, p.month, p.day))} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}
