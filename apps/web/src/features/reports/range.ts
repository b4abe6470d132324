import { addDays } from '@kopi/contract';

// The report's range presets, worked out from today's *business* date (the contract's
// businessDate on the tenant's clock: Malaysia time with the cut-off hour, so at 01:30 "today"
// is still yesterday's business day), never from the browser's own zone.

export const rangePresets = [
  'today',
  'yesterday',
  'last-7-days',
  'this-month',
  'last-month',
  'custom',
] as const;
export type RangePreset = (typeof rangePresets)[number];
export const defaultRangePreset: Exclude<RangePreset, 'custom'> = 'last-7-days';

export interface DateRange {
  from: string;
  to: string;
}

const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;

/** The dates a preset covers on the business day `today` (ISO dates, both ends included). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): DateRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'this-month':
      return { from: firstOfMonth(today), to: today };
    case 'last-month': {
      const to = addDays(firstOfMonth(today), -1);
      return { from: firstOfMonth(to), to };
    }
  }
}
