import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { DetailsColumns, PrintButton } from '../../../components/details-layout';
import { refundStateOf } from '../refund-state';
import SearchOff from '@mui/icons-material/SearchOff';
import type { Order } from '@kopi/contract';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { StatusLabel } from '../../../components/status-label';
import { formatDateTime } from '../../../lib/formatters';
import { HttpError } from '../../../lib/http/http-client';
import { useOrder } from '../api';
import { OrderItemsCard } from '../components/order-items-card';
import { OrderPaymentsCard } from '../components/order-payments-card';
import { OrderStatusActions } from '../components/order-status-actions';
import { OrderBreakdownCard, OrderFactsCard } from '../components/order-summary-cards';
import { OrderTimelineCard } from '../components/order-timeline-card';
import { OrderWaitingCard } from '../components/order-waiting-card';
import { ReceiptDialog } from '../components/receipt-dialog';
import { useOrderStrings } from '../i18n';
import { RetryAlert } from '../../../components/retry-alert';

function NotFound() {
  const { t } = useOrderStrings();
  return (
    <Card data-testid="order-not-found">
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
          <SearchOff sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden="true" />
          <Typography variant="h5" component="h1">
            {t('details.notFoundTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
            {t('details.notFoundText')}
          </Typography>
          <Button component={RouterLink} to="/order/list" variant="contained">
            {t('details.back')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** More actions beside the order's own (the app adds other features' actions, e.g. Refund). */
export type OrderExtraActions = (order: Order, refresh: () => unknown) => ReactNode;
/** More cards under the order's payments (the app adds other features' cards, e.g. its refunds). */
export type OrderExtraCards = (order: Order) => ReactNode;

/** /order/details/:id (read order). */
export function OrderDetailsPage({
  extraActions,
  extraCards,
}: { extraActions?: OrderExtraActions; extraCards?: OrderExtraCards } = {}) {
  const { id } = useParams();
  const { t } = useOrderStrings();
  const order = useOrder(id);

  if (order.error) {
    const status = order.error instanceof HttpError ? order.error.status : 0;
    // A malformed id (400) is as missing as an unknown one.
    if (status === 404 || status === 400) return <NotFound />;
    return <RetryAlert onRetry={() => void order.refetch()}>{t('details.loadError')}</RetryAlert>;
  }
  if (!order.data) {
    return (
      <Stack spacing={3} aria-busy="true">
        <Skeleton variant="text" width={320} height={48} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  return (
    <OrderDetails
      order={order.data}
      onRefresh={() => order.refetch()}
      extraActions={extraActions}
      extraCards={extraCards}
    />
  );
}

function OrderDetails({
  order,
  onRefresh,
  extraActions,
  extraCards,
}: {
  order: Order;
  onRefresh: () => unknown;
  extraActions?: OrderExtraActions;
  extraCards?: OrderExtraCards;
}) {
  const { t } = useOrderStrings();
  const [printing, setPrinting] = useState(false);
  const refundState = refundStateOf(order);
  // The list's filters travel with the link, so "Back to orders" shows the same list.
  const listSearch = (useLocation().state as { listSearch?: string } | null)?.listSearch ?? '';

  return (
    <Stack spacing={3} data-testid="order-details">
      <Box>
        <Button
          component={RouterLink}
          to={`/order/list${listSearch}`}
          startIcon={<ArrowBack />}
          color="inherit"
          size="small"
        >
          {t('details.back')}
        </Button>
      </Box>
      <PageHeader
        title={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{t('details.title', { number: order.order_no })}</span>
            <Box component="span" data-testid="order-status" data-status={order.status}>
              <StatusLabel status={order.status} size="medium" />
            </Box>
            <Chip variant="outlined" label={t(`via.${order.via}`)} data-testid="order-via" />
            {refundState && (
              <Chip
                color="warning"
                variant="outlined"
                label={t(`details.refundState.${refundState}`)}
                data-testid="order-refund-state"
              />
            )}
          </Stack>
        }
        subtitle={`${order.outlet_name} · ${formatDateTime(order.created_at)}`}
        actions={
          <>
            <OrderStatusActions order={order} onSettled={onRefresh} />
            {extraActions?.(order, onRefresh)}
            <PrintButton
              label={t('actions.print')}
              onClick={() => setPrinting(true)}
              testId="order-print-receipt"
            />
          </>
        }
      />

      <DetailsColumns
        main={
          <>
            <OrderItemsCard order={order} />
            <OrderPaymentsCard order={order} />
            {extraCards?.(order)}
            <OrderTimelineCard history={order.history} />
          </>
        }
        side={
          <>
            <OrderFactsCard order={order} />
            <OrderWaitingCard order={order} />
            <OrderBreakdownCard order={order} />
          </>
        }
      />
      <ReceiptDialog order={order} open={printing} onClose={() => setPrinting(false)} />
    </Stack>
  );
}
