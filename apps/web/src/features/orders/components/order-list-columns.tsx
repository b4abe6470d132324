import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderSummary } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import { receiptAmount } from '../../../components/receipt/receipt-parts';
import { StatusLabel } from '../../../components/status-label';
import { formatBusinessDate, formatDateTime } from '../../../lib/formatters';
import { useOrderStrings } from '../i18n';
import { refundStateOf } from '../refund-state';

/**
 * The order list's columns. `detailsState` rides on the details link so its back button
 * returns to the list with its filters.
 */
export function useOrderListColumns(detailsState: {
  listSearch: string;
}): DataTableColumn<OrderSummary>[] {
  const { t } = useOrderStrings();
  const { t: tr } = useReceiptStrings();
  const viaChip = (o: OrderSummary) => (
    <Chip
      size="small"
      variant="outlined"
      color={o.via === 'POS' ? 'default' : 'secondary'}
      label={t(`via.${o.via}`)}
    />
  );
  const serving = (o: OrderSummary) =>
    `${tr(`serving.${o.serving_method}`)}${o.table_no ? ` · ${o.table_no}` : ''}`;
  const payments = (o: OrderSummary) => o.payment_methods.map((m) => tr(`payment.${m}`)).join(', ');

  return [
    {
      id: 'order_no',
      header: t('list.number'),
      sortable: true,
      nowrap: true,
      // The business day under the number: numbers start again each day at each outlet, and an
      // order rung up after midnight counts on the day before.
      cell: (o) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Typography
            component={RouterLink}
            to={`/order/details/${o.id}`}
            state={detailsState}
            aria-label={t('list.open', { number: o.order_no })}
            sx={{
              fontWeight: 600,
              color: 'text.primary',
              textDecoration: 'none',
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {o.order_no}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatBusinessDate(o.business_date)}
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'created',
      header: t('list.dateTime'),
      sortable: true,
      // On a narrow screen the time goes under the date rather than pushing the status away.
      cell: (o) => formatDateTime(o.created_at),
    },
    {
      id: 'customer',
      header: t('list.customer'),
      cell: (o) =>
        o.customer_name || o.customer_phone ? (
          <Stack>
            <span>{o.customer_name ?? o.customer_phone}</span>
            {o.customer_name && o.customer_phone && (
              <Typography variant="caption" color="text.secondary">
                {o.customer_phone}
              </Typography>
            )}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('list.walkIn')}
          </Typography>
        ),
    },
    // The order's details show where, how and through what it was sold; on a tablet the list
    // keeps its total and status in view.
    { id: 'outlet', header: t('list.outlet'), priority: 'low', cell: (o) => o.outlet_name },
    { id: 'via', header: t('list.via'), priority: 'low', cell: viaChip },
    {
      id: 'serving',
      header: t('list.serving'),
      priority: 'low',
      cell: (o) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {serving(o)}
        </Box>
      ),
    },
    { id: 'payment', header: t('list.payment'), cell: payments },
    {
      id: 'total',
      header: t('list.total'),
      sortable: true,
      align: 'right',
      // What went back sits under the total rather than in a column of its own: at 1024 px the
      // total and the status still fit.
      cell: (o) => (
        <Stack sx={{ alignItems: 'flex-end', fontVariantNumeric: 'tabular-nums' }}>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {receiptAmount(o.total)}
          </Box>
          {o.refunded > 0 && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ whiteSpace: 'nowrap' }}
              data-testid="order-list-refunded"
            >
              {t('list.refunded', { amount: receiptAmount(o.refunded) })}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      id: 'status',
      header: t('list.status'),
      cell: (o) => {
        const refundState = refundStateOf(o);
        return (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <StatusLabel status={o.status} />
            {refundState && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t(`details.refundState.${refundState}`)}
                data-testid="order-list-refund-state"
              />
            )}
          </Stack>
        );
      },
    },
  ];
}
