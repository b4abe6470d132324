import { describe, expect, it } from 'vitest';
import {
  chartMax,
  formatCompactNumber,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMoney,
  initials,
  moneyFallback,
} from './formatters';

describe('numbers (SPEC §9)', () => {
  it('shows numbers above 9999 as thousands with one decimal and k', () => {
    expect(formatCompactNumber(12345)).toBe('12.3k');
    expect(formatCompactNumber(10000)).toBe('10k');
    expect(formatCompactNumber(10050)).toBe('10.1k');
    expect(formatCompactNumber(250000)).toBe('250k');
    expect(formatCompactNumber(-45678)).toBe('-45.7k');
  });

  it('keeps 9999 and below with thousands separators', () => {
    expect(formatCompactNumber(9999)).toBe('9,999');
    expect(formatCompactNumber(1234)).toBe('1,234');
    expect(formatCompactNumber(0)).toBe('0');
  });
});

describe('dates (SPEC §9) in Malaysian time', () => {
  const at = '2026-01-05T01:02:03Z'; // 09:02:03 in Kuala Lumpur

  it('formats YYYY/MM/DD', () => {
    expect(formatDate(at)).toBe('2026/01/05');
  });

  it('formats YYYY/MM/DD hh:mm:ss on the 24-hour clock', () => {
    expect(formatDateTime(at)).toBe('2026/01/05 09:02:03');
    expect(formatDateTime('2026-01-05T13:30:00Z')).toBe('2026/01/05 21:30:00');
  });

  it('formats ddd, DD MMM YYYY in English and Malay', () => {
    expect(formatLongDate(at)).toBe('Mon, 05 Jan 2026');
    expect(formatLongDate(at, { locale: 'ms-MY' })).toMatch(/^Isn, 05 Jan 2026$/);
  });

  it('respects another time zone and rejects invalid input', () => {
    expect(formatDate('2026-01-05T20:00:00Z', { timeZone: 'UTC' })).toBe('2026/01/05');
    expect(formatDate('2026-01-05T20:00:00Z')).toBe('2026/01/06');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('money', () => {
  it('shows sen as ringgit with MYR', () => {
    expect(formatMoney(1250).replace(/\s/g, ' ')).toMatch(/^RM ?12\.50$/);
    expect(formatMoney(123456789).replace(/\s/g, ' ')).toMatch(/^RM ?1,234,567\.89$/);
  });

  it('falls back to an RM prefix', () => {
    expect(moneyFallback(1250)).toBe('RM 12.50');
    expect(moneyFallback(123456789)).toBe('RM 1,234,567.89');
    expect(moneyFallback(-5)).toBe('-RM 0.05');
  });

  it('uses the fallback when the locale cannot format', () => {
    expect(formatMoney(100, 'not_a_locale!!')).toBe('RM 1.00');
  });
});

describe('initials and chart maximum', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Nur Aisyah binti Ali')).toBe('NA');
    expect(initials('  siti  ')).toBe('S');
    expect(initials(null)).toBe('');
  });

  it('defaults the chart maximum to 8 when empty or all zero', () => {
    expect(chartMax([])).toBe(8);
    expect(chartMax([0, 0, 0])).toBe(8);
    expect(chartMax([3, 12, 7])).toBe(12);
  });
});
