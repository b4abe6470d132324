import { z } from 'zod';
import { addDays } from './time';
import { messageKey } from './validation-values';

// A range of business days in a query (`from`, `to`, both included): the reports, the voucher
// usage, the reconciliation runs and the wallet liability all take one, capped at some length.

/** A business day as a query takes it (YYYY-MM-DD). */
export const businessDaySchema = z.iso.date({ error: messageKey('date_invalid') });

/** Days from `from` to `to`, both included (ISO dates). */
export function daysBetween(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

interface RangeIssues {
  addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void;
}

/**
 * A superRefine that puts an issue on `to` when it is before `from` or the range is longer than
 * `maxDays`; a range missing either end passes.
 */
export const checkDayRange =
  (maxDays: number) =>
  (q: { from?: string | undefined; to?: string | undefined }, ctx: RangeIssues) => {
    if (!q.from || !q.to) return;
    if (q.to < q.from) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: messageKey('date_before', { minDate: q.from }),
      });
    } else if (daysBetween(q.from, q.to) > maxDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: messageKey('date_after', { maxDate: addDays(q.from, maxDays - 1) }),
      });
    }
  };
