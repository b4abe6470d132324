import { OrderDetailsPage } from '../features/orders/pages/order-details-page';
import { OrderRefundAction } from '../features/refunds/components/order-refund-action';
import { OrderRefundsCard } from '../features/refunds/components/order-refunds-card';

/**
 * /order/details/:id with the refunds' "Refund" action and the card of the order's refunds.
 * Features never import each other, so the app composes them: the order page offers slots for
 * actions and cards, the refunds feature fills them.
 */
export function OrderDetailsWithRefund() {
  return (
    <OrderDetailsPage
      extraActions={(order, refresh) => <OrderRefundAction order={order} onCreated={refresh} />}
      extraCards={(order) => <OrderRefundsCard orderId={order.id} />}
    />
  );
}
