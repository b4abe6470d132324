import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  netAfterRefunds,
  netSales,
  taxTotal,
  type PaymentReportRow,
  type ProductReportRow,
  type SalesFigures,
  type SalesReport,
  type SalesReportRow,
  type VoucherReportRow,
} from '@kopi/contract';
import { useLocalizedName } from '../../../lib/localized-name';
import { sharePercent } from '../../../lib/percent-change';
import { useReportStrings } from '../i18n';
import { businessDateLabel, changeOf, metricOf, plainAmount } from '../report-model';
import { ChangeCell, count } from './report-cells';
import { columnHeader, type ReportColumn, type ReportRow } from './report-column-header';
import { campaignRows, voucherColumns } from './voucher-columns';

/** A row shown under another (a voucher's campaign): its key, its name, what its cells read. */
export interface ReportSubRow {
  key: string;
  label: string;
  row: ReportRow;
}

/**
 * The columns a report shows at this screen width, by its grouping, whether it has a total row
 * (a product ranking has none) and the rows shown under a row (a voucher's campaigns).
 */
export function useReportColumns(report: SalesReport, labelOf: (row: ReportRow) => string) {
  const { t } = useReportStrings();
  const nameOf = useLocalizedName();
  let subRowsOf: ((row: ReportRow) => ReportSubRow[]) | undefined;
  const lg = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const xl = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const withPrevious = report.previous !== null;
  const change = (row: ReportRow) => <ChangeCell change={changeOf(metricOf(report, row))} />;
  const changeColumn = {
    id: 'change' as const,
    header: columnHeader(t, 'change'),
    numeric: true,
    cell: change,
    total: (
      <ChangeCell
        change={changeOf({
          current: report.totals.current.net,
          previous: report.totals.previous?.net ?? null,
        })}
      />
    ),
  };

  let columns: ReportColumn<ReportRow>[];
  let showTotal = true;
  if (report.group_by === 'payment_method') {
    const amountTotal = report.rows.reduce((s, r) => s + r.current.amount, 0);
    const previousTotal = report.rows.reduce((s, r) => s + (r.previous?.amount ?? 0), 0);
    const paymentsTotal = report.rows.reduce((s, r) => s + r.current.payments, 0);
    const previousPayments = report.rows.reduce((s, r) => s + (r.previous?.payments ?? 0), 0);
    const cols: ReportColumn<PaymentReportRow>[] = [
      { id: 'payment_method', header: columnHeader(t, 'payment_method'), cell: (r) => labelOf(r) },
      {
        id: 'payments',
        header: columnHeader(t, 'payments'),
        numeric: true,
        cell: (r) => count(r.current.payments),
        total: count(paymentsTotal),
      },
      {
        id: 'amount',
        header: columnHeader(t, 'amount'),
        numeric: true,
        cell: (r) => plainAmount(r.current.amount),
        total: plainAmount(amountTotal),
      },
      {
        id: 'share',
        header: columnHeader(t, 'share'),
        numeric: true,
        cell: (r) => `${sharePercent(r.current.amount, amountTotal).toFixed(1)}%`,
        total: amountTotal > 0 ? '100.0%' : '0.0%',
      },
      ...(withPrevious
        ? [
            {
              id: 'previous_payments' as const,
              header: columnHeader(t, 'previous_payments'),
              numeric: true,
              from: 'lg' as const,
              cell: (r: PaymentReportRow) => count(r.previous?.payments ?? 0),
              total: count(previousPayments),
            },
            {
              id: 'previous_amount' as const,
              header: columnHeader(t, 'previous_amount'),
              numeric: true,
              cell: (r: PaymentReportRow) => plainAmount(r.previous?.amount ?? 0),
              total: plainAmount(previousTotal),
            },
            {
              ...changeColumn,
              total: (
                <ChangeCell change={changeOf({ current: amountTotal, previous: previousTotal })} />
              ),
            },
          ]
        : []),
    ];
    columns = cols as ReportColumn<ReportRow>[];
  } else if (report.group_by === 'product') {
    showTotal = false;
    const cols: ReportColumn<ProductReportRow>[] = [
      { id: 'rank', header: columnHeader(t, 'rank'), numeric: true, cell: (_r, i) => i + 1 },
      {
        id: 'product',
        header: columnHeader(t, 'product'),
        cell: (r) =>
          lg ? (
            labelOf(r)
          ) : (
            <>
              {labelOf(r)}
              {r.sku && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {r.sku}
                </Typography>
              )}
            </>
          ),
      },
      { id: 'sku', header: columnHeader(t, 'sku'), from: 'lg', cell: (r) => r.sku ?? '' },
      {
        id: 'quantity',
        header: columnHeader(t, 'quantity'),
        numeric: true,
        cell: (r) => count(r.current.quantity),
      },
      {
        id: 'gross',
        header: columnHeader(t, 'gross'),
        numeric: true,
        cell: (r) => plainAmount(r.current.gross),
      },
      ...(withPrevious
        ? [
            {
              id: 'previous_quantity' as const,
              header: columnHeader(t, 'previous_quantity'),
              numeric: true,
              cell: (r: ProductReportRow) => count(r.previous?.quantity ?? 0),
            },
            {
              id: 'previous_gross' as const,
              header: columnHeader(t, 'previous_gross'),
              numeric: true,
              cell: (r: ProductReportRow) => plainAmount(r.previous?.gross ?? 0),
            },
            changeColumn,
          ]
        : []),
    ];
    columns = cols as ReportColumn<ReportRow>[];
  } else if (report.group_by === 'voucher') {
    columns = voucherColumns(t, report, labelOf) as ReportColumn<ReportRow>[];
    subRowsOf = (row) => campaignRows(row as VoucherReportRow, nameOf, t('table.noCampaign'));
  } else {
    const keyId = report.group_by === 'day' ? 'business_date' : report.group_by;
    const totals = report.totals.current;
    const money = (
      id: Exclude<keyof SalesFigures, 'orders' | 'rejected' | 'rejected_total'>,
    ): ReportColumn<SalesReportRow> => ({
      id,
      header: columnHeader(t, id),
      numeric: true,
      cell: (r) => plainAmount(r.current[id]),
      total: plainAmount(totals[id]),
    });
    /** A figure worked out from the ones the report sends. */
    const worked = (
      id: 'net_sales' | 'tax_total',
      of: (f: SalesFigures) => number,
    ): ReportColumn<SalesReportRow> => ({
      id,
      header: columnHeader(t, id),
      numeric: true,
      cell: (r) => plainAmount(of(r.current)),
      total: plainAmount(of(totals)),
    });
    const cols: ReportColumn<SalesReportRow>[] = [
      {
        id: keyId,
        header: columnHeader(t, keyId),
        cell: (r) => (report.group_by === 'day' ? businessDateLabel(r.key) : labelOf(r)),
      },
      {
        id: 'orders',
        header: columnHeader(t, 'orders'),
        numeric: true,
        cell: (r) => count(r.current.orders),
        total: count(totals.orders),
      },
      // The export's columns in its order (DESIGN §3): gross, discounts, net sales, service
      // charge, SST and their total, delivery fees, rounding, the total of the orders, refunds
      // and net after refunds. Every term shows at every width, so each row adds up on screen:
      // gross − discounts + tax and charges + delivery fees + rounding = total.
      money('gross'),
      money('discount'),
      worked('net_sales', netSales),
      money('service_charge'),
      money('service_tax'),
      worked('tax_total', taxTotal),
      money('delivery_fee'),
      money('rounding'),
      money('net'),
      money('refunds'),
      {
        id: 'net_after_refunds',
        header: columnHeader(t, 'net_after_refunds'),
        numeric: true,
        cell: (r) => plainAmount(netAfterRefunds(r.current)),
        total: plainAmount(netAfterRefunds(totals)),
      },
      ...(withPrevious
        ? [
            {
              id: 'previous_net' as const,
              header: columnHeader(t, 'previous_net'),
              numeric: true,
              cell: (r: SalesReportRow) =>
                report.group_by === 'day' && r.previous_key ? (
                  <>
                    {plainAmount(r.previous?.net ?? 0)}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {businessDateLabel(r.previous_key)}
                    </Typography>
                  </>
                ) : (
                  plainAmount(r.previous?.net ?? 0)
                ),
              total: plainAmount(report.totals.previous?.net ?? 0),
            },
            changeColumn,
          ]
        : []),
    ];
    columns = cols as ReportColumn<ReportRow>[];
  }

  const shown = columns.filter((c) => !c.from || (c.from === 'lg' ? lg : xl));
  return { shown, showTotal, subRowsOf };
}
