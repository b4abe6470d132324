import {
  discountGiven,
  type PaymentReportRow,
  type ProductReportRow,
  type SalesReport,
  type SalesReportRow,
  type VoucherReportRow,
} from '@kopi/contract';
import { formatDate, formatLongDate } from '../../lib/formatters';
import { percentChange, type Change } from '../../lib/percent-change';

// What each sub-view draws and lists from one answer of /api/reports/sales: the figure its chart
// plots and its table's change column compares (net sales; the amount paid for payment methods;
// gross for products; the discount given for vouchers), in sen.

type Row = SalesReport['rows'][number];

/** Business dates are calendar dates, not instants: shown as they are, whatever the zone. */
export const businessDateLabel = (iso: string) =>
  formatDate(`${iso}T00:00:00Z`, { timeZone: 'UTC' });
export const businessDateLongLabel = (iso: string, locale?: string) =>
  formatLongDate(`${iso}T00:00:00Z`, { timeZone: 'UTC', locale });

export interface Metric {
  current: number;
  previous: number | null;
}

export function metricOf(report: SalesReport, row: Row): Metric {
  if (report.group_by === 'payment_method') {
    const r = row as PaymentReportRow;
    return { current: r.current.amount, previous: r.previous?.amount ?? null };
  }
  if (report.group_by === 'product') {
    const r = row as ProductReportRow;
    return { current: r.current.gross, previous: r.previous?.gross ?? null };
  }
  if (report.group_by === 'voucher') {
    const r = row as VoucherReportRow;
    return {
      current: discountGiven(r.current),
      previous: r.previous ? discountGiven(r.previous) : null,
    };
  }
  const r = row as SalesReportRow;
  return { current: r.current.net, previous: r.previous?.net ?? null };
}

export const changeOf = (m: Metric): Change | null =>
  m.previous === null ? null : percentChange(m.current, m.previous);

/** The products a chart shows (the table lists all the report holds). */
export const CHART_PRODUCTS = 10;

export interface ChartModel {
  categories: string[];
  /** In ringgit. */
  current: number[];
  previous: number[] | null;
}

export function chartModel(report: SalesReport, labelOf: (row: Row) => string): ChartModel {
  const rows: Row[] =
    report.group_by === 'product' ? report.rows.slice(0, CHART_PRODUCTS) : [...report.rows];
  const metrics = rows.map((r) => metricOf(report, r));
  return {
    categories: rows.map((r) =>
      report.group_by === 'day' ? businessDateLabel(r.key) : labelOf(r),
    ),
    current: metrics.map((m) => m.current / 100),
    previous: report.previous ? metrics.map((m) => (m.previous ?? 0) / 100) : null,
  };
}

/** Amounts in the tables: ringgit with separators and two decimals, under an "(RM)" heading. */
export function plainAmount(sen: number): string {
  return new Intl.NumberFormat('en-MY', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(sen / 100);
}
