import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../lib/can-context';
import { fitTable } from '../data-table/fit-table';
import { paymentMethodName, useReceiptStrings } from '../receipt/i18n';
import { receiptAmount } from '../receipt/receipt-parts';
import { useWorkingStrings } from './i18n';
import type { WorkingRow } from './working-rows';

// The rows of a figure's working, then their sum as the report shows the figure. An order's
// number always comes with its business day (numbers start again each day) and links to the
// order; a refund's to the refund, for those who may read orders.

/** A business day as the app shows dates (YYYY/MM/DD). */
const day = (iso: string | null) => (iso ? iso.replaceAll('-', '/') : '—');

function NumberCell({ row }: { row: WorkingRow }) {
  const { t } = useWorkingStrings();
  const mayOpen = useCan()('read', 'order');
  if (row.record === 'float') return <>—</>;
  if (row.record === 'movement') {
    return <>{row.number ?? (row.movement ? t(`reasons.${row.movement.reason}`) : '—')}</>;
  }
  const number = row.number ?? '—';
  const numberLink =
    mayOpen && row.link ? (
      <Link
        component={RouterLink}
        to={`/${row.link.to}/details/${row.link.id}`}
        underline="hover"
        aria-label={
          row.link.to === 'order'
            ? t('openOrder', { number, date: day(row.orderDate) })
            : t('openRefund', { number })
        }
      >
        {number}
      </Link>
    ) : (
      number
    );
  if (!row.order) return numberLink;
  return (
    <>
      {numberLink}
      <Typography variant="caption" color="text.secondary" component="div">
        {t('ofOrder')}{' '}
        {mayOpen ? (
          <Link
            component={RouterLink}
            to={`/order/details/${row.order.id}`}
            underline="hover"
            aria-label={t('openOrder', { number: row.order.number, date: day(row.orderDate) })}
          >
            {row.order.number}
          </Link>
        ) : (
          row.order.number
        )}
      </Typography>
    </>
  );
}

export function WorkingTable({
  rows,
  label,
  sum,
}: {
  rows: WorkingRow[];
  label: string;
  /** The rows' sum shown as the report shows the figure. */
  sum: { label: string; value: string };
}) {
  const { t } = useWorkingStrings();
  const receipt = useReceiptStrings();
  const withCountsOn = rows.some((r) => r.countsOn !== null);
  const method = (r: WorkingRow) =>
    r.movement
      ? t(`movements.${r.movement.kind}`)
      : r.method === null
        ? '—'
        : r.method === 'bank_transfer'
          ? t('bankTransfer')
          : paymentMethodName(receipt.t, r.method);
  const columns = 6 + (withCountsOn ? 1 : 0);
  const numeric = { align: 'right' as const, sx: { whiteSpace: 'nowrap' } };
  return (
    // On a phone each row is a stack of "header: value" lines (the total stays one line).
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={fitTable()}>
      <Table size="small" aria-label={label} data-testid="working-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.record')}</TableCell>
            <TableCell>{t('columns.number')}</TableCell>
            <TableCell>{t('columns.orderDate')}</TableCell>
            {withCountsOn && <TableCell>{t('columns.countsOn')}</TableCell>}
            <TableCell>{t('columns.method')}</TableCell>
            <TableCell>{t('columns.countsAs')}</TableCell>
            <TableCell {...numeric}>{t('columns.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow
              key={r.key}
              data-testid="working-row"
              data-record={r.record}
              data-counts-as={r.countsAs ?? undefined}
            >
              <TableCell data-label={t('columns.record')}>{t(`records.${r.record}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-label={t('columns.number')}>
                <NumberCell row={r} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-label={t('columns.orderDate')}>
                {day(r.orderDate)}
              </TableCell>
              {withCountsOn && (
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-label={t('columns.countsOn')}>
                  {day(r.countsOn ?? r.orderDate)}
                </TableCell>
              )}
              <TableCell data-label={t('columns.method')}>{method(r)}</TableCell>
              <TableCell
                sx={{ fontWeight: r.countsAs && r.countsAs !== 'sale' ? 600 : undefined }}
                data-testid="working-counts-as"
                data-label={t('columns.countsAs')}
              >
                {r.countsAs ? t(`countsAs.${r.countsAs}`) : '—'}
              </TableCell>
              <TableCell {...numeric} data-testid="working-amount" data-label={t('columns.amount')}>
                {receiptAmount(r.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow data-testid="working-total" sx={{ '& td': { fontWeight: 700, fontSize: 14 } }}>
            <TableCell colSpan={columns - 1} sx={{ color: 'text.primary' }}>
              {t('total')} ({t('rows', { count: rows.length })}): {sum.label}
            </TableCell>
            <TableCell {...numeric} sx={{ ...numeric.sx, color: 'text.primary' }}>
              <span data-testid="working-total-value">{sum.value}</span>
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
