import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type {
  PaymentReportRow,
  ProductReportRow,
  SalesFigures,
  SalesReport,
  SalesReportRow,
} from '@kopi/contract';
import { formatCompactNumber } from '../../../lib/formatters';
import { intlLocale } from '../../../lib/i18n/i18n';
import { formatPercentChange, sharePercent, type Change } from '../../../lib/percent-change';
import { useReportStrings } from '../i18n';
import { businessDateLabel, changeOf, metricOf, plainAmount } from '../report-model';
import type { ReportView } from '../report-params';

// The table of a view. Cells carry `data-col` with the export's column name (and rows `data-key`
// with the row's key), so what is shown can be checked against the CSV/XLSX row by row. The
// charges that make up net (service charge, SST, delivery, rounding) show from 1920 px, and
// discounts and refunds from 1280 px, so the table fits beside the navigation at 1024 px; the
// export always has every column.

type Row = SalesReport['rows'][number];

interface Column<R> {
  /** The export's column name. */
  id: ReportColumnId;
  header: string;
  numeric?: boolean;
  /** Shown only from this breakpoint up (1280 / 1920 px). */
  from?: 'lg' | 'xl';
  cell: (row: R, index: number) => ReactNode;
  total?: ReactNode;
}

type ReportT = ReturnType<typeof useReportStrings>['t'];

// Each column's header key; the export writes the same words (reportFileLabels in the contract,
// held together by export-labels.test.ts).
const headerKeys = {
  business_date: 'table.date',
  outlet: 'table.outlet',
  payment_method: 'table.paymentMethod',
  product: 'table.product',
  sku: 'table.sku',
  serving_method: 'table.servingMethod',
  source: 'table.source',
  orders: 'table.orders',
  gross: 'table.gross',
  discount: 'table.discount',
  service_charge: 'table.serviceCharge',
  service_tax: 'table.sst',
  delivery_fee: 'table.deliveryFee',
  rounding: 'table.rounding',
  net: 'table.net',
  refunds: 'table.refunds',
  previous_net: 'table.previousNet',
  payments: 'table.payments',
  amount: 'table.amount',
  share: 'table.share',
  previous_payments: 'table.previousPayments',
  previous_amount: 'table.previousAmount',
  rank: 'table.rank',
  quantity: 'table.quantity',
  previous_quantity: 'table.previousQuantity',
  previous_gross: 'table.previousGross',
  change: 'table.change',
} as const satisfies Record<string, Parameters<ReportT>[0]>;
export type ReportColumnId = keyof typeof headerKeys;
export const reportColumnIds = Object.keys(headerKeys) as ReportColumnId[];

const ringgitColumns = new Set<ReportColumnId>([
  'gross',
  'discount',
  'service_charge',
  'service_tax',
  'delivery_fee',
  'rounding',
  'net',
  'refunds',
  'previous_net',
  'amount',
  'previous_amount',
  'previous_gross',
]);

/** A column's header: its name, and "(RM)" after the money columns' (amounts are ringgit). */
export function columnHeader(t: ReportT, id: ReportColumnId): string {
  const label = t(headerKeys[id]);
  return ringgitColumns.has(id) ? t('table.inRinggit', { label }) : label;
}

const count = (n: number) => (
  <span title={n > 9999 ? n.toLocaleString('en-MY') : undefined}>{formatCompactNumber(n)}</span>
);

function ChangeCell({ change }: { change: Change | null }) {
  const { t, language } = useReportStrings();
  if (!change) return <>—</>;
  const text =
    change.percent === null
      ? t('table.new')
      : formatPercentChange(change.percent, intlLocale(language));
  return (
    <Box
      component="span"
      data-direction={change.direction}
      sx={{
        fontWeight: 600,
        color:
          change.direction === 'up'
            ? 'success.main'
            : change.direction === 'down'
              ? 'error.main'
              : 'text.secondary',
      }}
    >
      {text}
    </Box>
  );
}

export function ReportTable({
  report,
  view,
  labelOf,
}: {
  report: SalesReport;
  view: ReportView;
  labelOf: (row: Row) => string;
}) {
  const { t } = useReportStrings();
  const lg = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const xl = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const withPrevious = report.previous !== null;
  const change = (row: Row) => <ChangeCell change={changeOf(metricOf(report, row))} />;
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

  let columns: Column<Row>[];
  let showTotal = true;
  if (report.group_by === 'payment_method') {
    const amountTotal = report.rows.reduce((s, r) => s + r.current.amount, 0);
    const previousTotal = report.rows.reduce((s, r) => s + (r.previous?.amount ?? 0), 0);
    const paymentsTotal = report.rows.reduce((s, r) => s + r.current.payments, 0);
    const previousPayments = report.rows.reduce((s, r) => s + (r.previous?.payments ?? 0), 0);
    const cols: Column<PaymentReportRow>[] = [
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
    columns = cols as Column<Row>[];
  } else if (report.group_by === 'product') {
    showTotal = false;
    const cols: Column<ProductReportRow>[] = [
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
    columns = cols as Column<Row>[];
  } else {
    const keyId = report.group_by === 'day' ? 'business_date' : report.group_by;
    const totals = report.totals.current;
    const money = (
      id: Exclude<keyof SalesFigures, 'orders' | 'rejected' | 'rejected_total'>,
      from?: 'lg' | 'xl',
    ): Column<SalesReportRow> => ({
      id,
      header: columnHeader(t, id),
      numeric: true,
      from,
      cell: (r) => plainAmount(r.current[id]),
      total: plainAmount(totals[id]),
    });
    const cols: Column<SalesReportRow>[] = [
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
      money('gross'),
      money('discount', 'lg'),
      money('service_charge', 'xl'),
      money('service_tax', 'xl'),
      money('delivery_fee', 'xl'),
      money('rounding', 'xl'),
      money('net'),
      money('refunds', 'lg'),
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
    columns = cols as Column<Row>[];
  }

  const shown = columns.filter((c) => !c.from || (c.from === 'lg' ? lg : xl));
  const rows = report.rows as Row[];
  const cellSx = (c: Column<Row>) => ({
    whiteSpace: c.numeric ? 'nowrap' : undefined,
    fontVariantNumeric: c.numeric ? 'tabular-nums' : undefined,
  });

  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={t('table.label', { view: t(`views.${view}`) })}
        data-testid="report-table"
        data-group-by={report.group_by}
      >
        <TableHead>
          <TableRow>
            {shown.map((c) => (
              <TableCell
                key={c.id}
                align={c.numeric ? 'right' : 'left'}
                data-col={c.id}
                sx={{ fontWeight: 600 }}
              >
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell
                colSpan={shown.length}
                align="center"
                sx={{ py: 4 }}
                data-testid="report-empty"
              >
                <Typography color="text.secondary">{t('page.empty')}</Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row, i) => (
              <TableRow key={row.key} hover data-testid="report-row" data-key={row.key}>
                {shown.map((c) => (
                  <TableCell
                    key={c.id}
                    align={c.numeric ? 'right' : 'left'}
                    data-col={c.id}
                    sx={cellSx(c)}
                  >
                    {c.cell(row, i)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
          {showTotal && rows.length > 0 && (
            <TableRow
              data-testid="report-total-row"
              sx={{ '& td': { fontWeight: 700, borderTop: 2, borderColor: 'divider' } }}
            >
              {shown.map((c, i) => (
                <TableCell
                  key={c.id}
                  align={c.numeric ? 'right' : 'left'}
                  data-col={c.id}
                  sx={cellSx(c)}
                >
                  {i === 0 ? t('table.total') : (c.total ?? '')}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
