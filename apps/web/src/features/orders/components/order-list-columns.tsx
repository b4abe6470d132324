import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
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
  // Below 1280 px the outlet shares the number's cell, and serving and via the payment's, so
  // total and status stay in view at 1024 px.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
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

  const orderLink = (o: OrderSummary) => (
    <Typography
      component={RouterLink}
      to={`/order/details/${o.id}`}
      state={detailsState}
      aria-label={t('list.open', { number: o.order_no })}
      sx={{
        fontWeight: 600,
        color: 'text.primary',
        textDecoration: 'none',
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {o.order_no}
    </Typography>
  );

  return [
    {
      id: 'order_no',
      header: t('list.number'),
      sortable: true,
      // The business day under the number: numbers start again each day at each outlet, and an
      // order rung up after midnight counts on the day before.
      cell: (o) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          {orderLink(o)}
          <Typography variant="caption" color="text.secondary">
            {compact
              ? `${o.outlet_name} · ${formatBusinessDate(o.business_date)}`
              : formatBusinessDate(o.business_date)}
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'created',
      header: t('list.dateTime'),
      sortable: true,
      // Compact: the date above the time.
      cell: (o) => (
        <Box component="span" sx={{ whiteSpace: compact ? 'pre-line' : 'nowrap' }}>
          {compact ? formatDateTime(o.created_at).replace(' ', '\n') : formatDateTime(o.created_at)}
        </Box>
      ),
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
    ...(compact
      ? [
          {
            id: 'payment',
            header: t('list.payment'),
            cell: (o: OrderSummary) => (
              <Stack>
                <span>{payments(o)}</span>
                <Typography variant="caption" color="text.secondary">
                  {serving(o)} · {t(`via.${o.via}`)}
                </Typography>
              </Stack>
            ),
          },
        ]
      : [
          { id: 'outlet', header: t('list.outlet'), cell: (o: OrderSummary) => o.outlet_name },
          { id: 'via', header: t('list.via'), cell: viaChip },
          {
            id: 'serving',
            header: t('list.serving'),
            cell: (o: OrderSummary) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {serving(o)}
              </Box>
            ),
          },
          { id: 'payment', header: t('list.payment'), cell: payments },
        ]),
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
