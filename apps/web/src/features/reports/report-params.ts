import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import type { ReportGroupBy } from '@kopi/contract';
import {
  defaultRangePreset,
  presetRange,
  rangePresets,
  type DateRange,
  type RangePreset,
} from './range';
import { useSearchUpdate } from '../../lib/search-params';

// The report keeps its sub-view (SPEC §2's six, and vouchers), range and outlet in the URL, so a reload or a
// shared link shows the same figures: `?view=by-outlet&range=custom&from=…&to=…&outlet=…`.
// Defaults (total sales, last 7 days, all outlets) are left out; from/to are written only for a
// custom range — a preset is kept by name, so "today" tomorrow is tomorrow.

export const reportViews = [
  'total-sales',
  'by-outlet',
  'by-payment-method',
  'by-product',
  'by-serving-method',
  'by-source',
  'by-voucher',
] as const;
export type ReportView = (typeof reportViews)[number];
export const defaultReportView: ReportView = 'total-sales';

/** The API's grouping behind each sub-view. */
export const viewGroupBy: Record<ReportView, ReportGroupBy> = {
  'total-sales': 'day',
  'by-outlet': 'outlet',
  'by-payment-method': 'payment_method',
  'by-product': 'product',
  'by-serving-method': 'serving_method',
  'by-source': 'source',
  'by-voucher': 'voucher',
};

export interface ReportParams extends DateRange {
  view: ReportView;
  range: RangePreset;
  /** The outlet filter (an outlet id); undefined is all outlets in scope. */
  outlet?: string;
}

const isoDate = z.iso.date();
const uuid = z.uuid();
const pick = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((v) => v === raw);

/** The report a URL describes on business day `today`; values that make no sense are dropped. */
export function parseReportParams(params: URLSearchParams, today: string): ReportParams {
  const view = pick(reportViews, params.get('view')) ?? defaultReportView;
  const range = pick(rangePresets, params.get('range')) ?? defaultRangePreset;
  const fallback = presetRange(range === 'custom' ? defaultRangePreset : range, today);
  let dates = fallback;
  if (range === 'custom') {
    const from = isoDate.safeParse(params.get('from'));
    const to = isoDate.safeParse(params.get('to'));
    dates = {
      from: from.success ? from.data : fallback.from,
      to: to.success ? to.data : fallback.to,
    };
  }
  const outlet = uuid.safeParse(params.get('outlet'));
  return { view, range, ...dates, ...(outlet.success ? { outlet: outlet.data } : {}) };
}

/** The URL of a report: defaults left out, dates only for a custom range. */
export function reportSearch(state: ReportParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view !== defaultReportView) params.set('view', state.view);
  if (state.range !== defaultRangePreset) params.set('range', state.range);
  if (state.range === 'custom') {
    params.set('from', state.from);
    params.set('to', state.to);
  }
  if (state.outlet) params.set('outlet', state.outlet);
  return params;
}

export type ReportPatch = Partial<Omit<ReportParams, 'outlet'>> & { outlet?: string | null };

/**
 * A change of the report: choosing "custom" starts from the dates on screen, and typing a date
 * keeps the range custom. A preset drops the typed dates.
 */
export function applyReportPatch(
  current: ReportParams,
  patch: ReportPatch,
  today: string,
): ReportParams {
  const next: ReportParams = { ...current, ...patch, outlet: current.outlet };
  if ('outlet' in patch) next.outlet = patch.outlet ?? undefined;
  if (!next.outlet) delete next.outlet;
  if ((patch.from !== undefined || patch.to !== undefined) && patch.range === undefined)
    next.range = 'custom';
  if (next.range !== 'custom') Object.assign(next, presetRange(next.range, today));
  return next;
}

/** The report of the current URL and a way to change it. */
export function useReportParams(today: string) {
  const [search, setSearch] = useSearchUpdate();
  const params = useMemo(() => parseReportParams(search, today), [search, today]);
  const update = useCallback(
    (patch: ReportPatch) =>
      setSearch((previous) =>
        reportSearch(applyReportPatch(parseReportParams(previous, today), patch, today)),
      ),
    [setSearch, today],
  );
  return { params, update };
}
