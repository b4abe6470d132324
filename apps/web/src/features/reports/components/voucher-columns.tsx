import {
  discountGiven,
  voucherSales,
  sumVoucherFigures,
  zeroVoucherFigures,
  type SalesReport,
  type VoucherFigures,
  type VoucherReportRow,
} from '@kopi/contract';
import type { ReactNode } from 'react';
import { changeOf, plainAmount } from '../report-model';
import { ChangeCell, count } from './report-cells';
import { columnHeader, type ReportColumn, type ReportRow, type ReportT } from './report-column-header';

// The by-voucher view's columns (decision 053): redemptions and give-backs as counts, the discount
// given (less what give-backs handed back), the sales that carried a voucher after their refunds,
// and those refunds; the previous period's discount given and its change when compared. The
// shared columns go in the export's order. A voucher's campaigns are rows under it, read by the
// same columns.

type VoucherReport = Extract<SalesReport, { group_by: 'voucher' }>;

export function voucherColumns(
  t: ReportT,
  report: VoucherReport,
  labelOf: (row: ReportRow) => string,
): ReportColumn<VoucherReportRow>[] {
  const total = sumVoucherFigures(report.rows.map((r) => r.current));
  const previousTotal = sumVoucherFigures(report.rows.map((r) => r.previous ?? zeroVoucherFigures()));
  const figure = (
    id: 'redemptions' | 'returned' | 'discount_given' | 'voucher_sales' | 'refunds',
    of: (f: VoucherFigures) => number,
    show: (n: number) => ReactNode,
  ): ReportColumn<VoucherReportRow> => ({
    id,
    header: columnHeader(t, id),
    numeric: true,
    cell: (r) => show(of(r.current)),
    total: show(of(total)),
  });
  const given = (f: VoucherFigures | null) => (f ? discountGiven(f) : null);
  return [
    { id: 'voucher', header: columnHeader(t, 'voucher'), cell: (r) => labelOf(r) },
    figure('redemptions', (f) => f.redemptions, count),
    figure('returned', (f) => f.returned, count),
    figure('discount_given', discountGiven, plainAmount),
    figure('voucher_sales', voucherSales, plainAmount),
    figure('refunds', (f) => f.refunds, plainAmount),
    ...(report.previous !== null
      ? [
          {
            id: 'previous_discount_given' as const,
            header: columnHeader(t, 'previous_discount_given'),
            numeric: true,
            cell: (r: VoucherReportRow) => plainAmount(given(r.previous) ?? 0),
            total: plainAmount(discountGiven(previousTotal)),
          },
          {
            id: 'change' as const,
            header: columnHeader(t, 'change'),
            numeric: true,
            cell: (r: VoucherReportRow) => (
              <ChangeCell
                change={changeOf({ current: discountGiven(r.current), previous: given(r.previous) })}
              />
            ),
            total: (
              <ChangeCell
                change={changeOf({
                  current: discountGiven(total),
                  previous: discountGiven(previousTotal),
                })}
              />
            ),
          },
        ]
      : []),
  ];
}

/**
 * A voucher's campaigns as rows the same columns read, named in the screen's language ("No
 * campaign" for codes no campaign issued). None when no campaign issued any of its codes: the
 * voucher's row says it all, as in the export.
 */
export function campaignRows(
  row: VoucherReportRow,
  nameOf: (name: string, nameMy: string | null) => string,
  noCampaign: string,
): { key: string; label: string; row: VoucherReportRow }[] {
  if (row.campaigns.every((c) => c.key === null)) return [];
  return row.campaigns.map((c) => {
    const label = c.key === null ? noCampaign : nameOf(c.label ?? c.key, c.label_my);
    return {
      key: c.key ?? '',
      label,
      row: { ...c, key: c.key ?? '', label, previous_key: null, campaigns: [] },
    };
  });
}
