// How a figure moved against the period it is compared with (the report's previous period, the
// dashboard's same weekday last week).

export interface Change {
  /** Percent change; null when the earlier figure is 0 and this one is not (no base to divide). */
  percent: number | null;
  /** Which way it went, whatever the percent. */
  direction: 'up' | 'down' | 'flat';
}

/** (current − previous) / |previous| in percent; 0 → 0 is flat (0 %), 0 → x has no percent. */
export function percentChange(current: number, previous: number): Change {
  const direction = current > previous ? 'up' : current < previous ? 'down' : 'flat';
  if (previous === 0) return { percent: current === 0 ? 0 : null, direction };
  return { percent: ((current - previous) / Math.abs(previous)) * 100, direction };
}

/** "+12.3%", "-4.0%", "0%": one decimal, with its sign. */
export function formatPercentChange(percent: number, locale = 'en-MY'): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: percent === 0 ? 0 : 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(percent / 100);
}

/** Net per order in sen, rounded to the sen; 0 without orders. */
export const averageTicket = (net: number, orders: number) =>
  orders > 0 ? Math.round(net / orders) : 0;

/** A share of a whole in percent (0 when the whole is 0). */
export const sharePercent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);
