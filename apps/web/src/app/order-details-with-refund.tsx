import { OrderDetailsPage } from '../features/orders/pages/order-details-page';
import { OrderRefundAction } from '../features/refunds/components/order-refund-action';

/**
 * /order/details/:id with the refunds' "Refund" action. Features never import each other, so the
 * app composes them: the order page offers a slot for actions, the refunds feature fills it.
 */
export function OrderDetailsWithRefund() {
  return (
    <OrderDetailsPage
      extraActions={(order, refresh) => <OrderRefundAction order={order} onCreated={refresh} />}
    />
  );
}
