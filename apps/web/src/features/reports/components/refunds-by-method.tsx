import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  netAfterRefunds,
  type PaymentMethod,
  type RefundMethodRow,
  type RefundPaidBy,
  type SalesReport,
} from '@kopi/contract';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import { formatMoney } from '../../../lib/formatters';
import { useReportStrings } from '../i18n';
import { plainAmount } from '../report-model';
import { columnHeader, type ReportColumnId } from './report-column-header';

type PaymentReport = Extract<SalesReport, { group_by: 'payment_method' }>;

interface Column {
  id: ReportColumnId;
  numeric?: boolean;
  cell: (row: RefundMethodRow) => string;
  total: string;
}

/**
 * Under the payment-method table: the refunds that completed in the range by what they went back
 * by (the export's refund columns, `data-col` named alike), and the amount paid less them, which
 * is the range's net after refunds.
 */
export function RefundsByMethod({ report }: { report: PaymentReport }) {
  const { t } = useReportStrings();
  const { t: tr } = useReceiptStrings();
  const rows = report.refunds_by_method ?? [];
  const withPrevious = report.previous !== null;
  const methodName = (m: RefundPaidBy) =>
    m === 'bank_transfer' ? t('refunds.bankTransfer') : tr(`payment.${m as PaymentMethod}`);
  const sum = (of: (r: RefundMethodRow) => number) => rows.reduce((s, r) => s + of(r), 0);

  const columns: Column[] = [
    {
      id: 'payment_method',
      cell: (r) => methodName(r.key),
      total: t('table.total'),
    },
    {
      id: 'refund_count',
      numeric: true,
      cell: (r) => String(r.current.refunds),
      total: String(sum((r) => r.current.refunds)),
    },
    {
      id: 'refunds',
      numeric: true,
      cell: (r) => plainAmount(r.current.amount),
      total: plainAmount(sum((r) => r.current.amount)),
    },
    ...(withPrevious
      ? [
          {
            id: 'previous_refund_count' as const,
            numeric: true,
            cell: (r: RefundMethodRow) => String(r.previous?.refunds ?? 0),
            total: String(sum((r) => r.previous?.refunds ?? 0)),
          },
          {
            id: 'previous_refunds' as const,
            numeric: true,
            cell: (r: RefundMethodRow) => plainAmount(r.previous?.amount ?? 0),
            total: plainAmount(sum((r) => r.previous?.amount ?? 0)),
          },
        ]
      : []),
  ];
  const cellProps = (c: Column) => ({
    align: c.numeric ? ('right' as const) : ('left' as const),
    'data-col': c.id,
    sx: { whiteSpace: c.numeric ? 'nowrap' : undefined, fontVariantNumeric: 'tabular-nums' },
  });

  const amount = report.rows.reduce((s, r) => s + r.current.amount, 0);
  const refunds = sum((r) => r.current.amount);

  return (
    <Stack spacing={1} component="section" aria-label={t('refunds.title')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('refunds.title')}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="report-refunds-empty">
          {t('refunds.empty')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('refunds.title')} data-testid="report-refunds-table">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.id} {...cellProps(c)} sx={{ fontWeight: 600 }}>
                  {columnHeader(t, c.id)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key} hover data-testid="report-refund-row" data-key={r.key}>
                {columns.map((c) => (
                  <TableCell key={c.id} {...cellProps(c)}>
                    {c.cell(r)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            <TableRow
              data-testid="report-refunds-total-row"
              sx={{ '& td': { fontWeight: 700, borderTop: 2, borderColor: 'divider' } }}
            >
              {columns.map((c) => (
                <TableCell key={c.id} {...cellProps(c)}>
                  {c.total}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      )}
      <Typography variant="body2" data-testid="report-net-after-refunds">
        {t('refunds.netAfterRefunds', {
          amount: formatMoney(amount),
          refunds: formatMoney(refunds),
          net: formatMoney(netAfterRefunds({ net: amount, refunds })),
        })}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('refunds.note')}
      </Typography>
    </Stack>
  );
}
