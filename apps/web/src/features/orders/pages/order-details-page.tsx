import { DetailsLoader } from '../../../components/details-loader';
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { DetailsColumns, DetailsHeader, PrintButton } from '../../../components/details-layout';
import { refundStateOf } from '../refund-state';
import type { Order } from '@kopi/contract';
import { useParams } from 'react-router';
import { StatusLabel } from '../../../components/status-label';
import { formatDateTime } from '../../../lib/formatters';
import { useOrder } from '../api';
import { OrderItemsCard } from '../components/order-items-card';
import { OrderPaymentsCard } from '../components/order-payments-card';
import { OrderStatusActions } from '../components/order-status-actions';
import { OrderBreakdownCard, OrderFactsCard } from '../components/order-summary-cards';
import { OrderTimelineCard } from '../components/order-timeline-card';
import { OrderWaitingCard } from '../components/order-waiting-card';
import { ReceiptDialog } from '../components/receipt-dialog';
import { useOrderStrings } from '../i18n';

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

  return (
    <DetailsLoader query={order} name="order" listPath="/order/list" t={t}>
      {(record) => (
        <OrderDetails
          order={record}
          onRefresh={() => order.refetch()}
          extraActions={extraActions}
          extraCards={extraCards}
        />
      )}
    </DetailsLoader>
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

  return (
    <Stack spacing={3} data-testid="order-details">
      <DetailsHeader
        listPath="/order/list"
        backLabel={t('details.back')}
        title={
          <>
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
          </>
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
