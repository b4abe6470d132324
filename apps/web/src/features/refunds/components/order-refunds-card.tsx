import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { noWrap } from '../../../components/data-table/fit-table';
import { SimpleTable } from '../../../components/data-table/simple-table';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusLabel } from '../../../components/status-label';
import { formatDateTime } from '../../../lib/formatters';
import { useRefunds } from '../api';
import { useRefundStrings } from '../i18n';
import { MoneyCell } from '../../../components/data-table/money-cell';

/**
 * The order details page's card of the order's refunds (asked, in flight or done), each linked
 * to its own page; nothing while the order has none.
 */
export function OrderRefundsCard({ orderId }: { orderId: string }) {
  const { t } = useRefundStrings();
  const refunds = useRefunds({ order_id: orderId, page: 1, page_size: 50, sort: 'created' });
  if (refunds.error) {
    return (
      <RetryAlert onRetry={() => void refunds.refetch()}>{t('orderRefunds.loadError')}</RetryAlert>
    );
  }
  const rows = refunds.data?.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <Card data-testid="order-refunds">
      <CardHeader title={t('orderRefunds.title')} />
      <SimpleTable
        size="small"
        aria-label={t('orderRefunds.table')}
        cells={[
          t('orderRefunds.number'),
          t('orderRefunds.requested'),
          t('orderRefunds.method'),
          t('orderRefunds.status'),
          { label: t('orderRefunds.amount'), align: 'right' },
        ]}
      >
        {rows.map((r) => (
          <TableRow key={r.id} data-testid="order-refund-row">
            <TableCell sx={noWrap}>
              <Link component={RouterLink} to={`/refund/details/${r.id}`}>
                {r.refund_no}
              </Link>
            </TableCell>
            <TableCell>{formatDateTime(r.created_at)}</TableCell>
            <TableCell>{t(`method.${r.method}`)}</TableCell>
            <TableCell>
              <StatusLabel status={r.status} />
            </TableCell>
            <MoneyCell sen={r.amount} />
          </TableRow>
        ))}
      </SimpleTable>
    </Card>
  );
}
