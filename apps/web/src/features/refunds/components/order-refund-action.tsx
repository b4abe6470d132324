import { useState } from 'react';
import Button from '@mui/material/Button';
import CurrencyExchange from '@mui/icons-material/CurrencyExchange';
import type { Order } from '@kopi/contract';
import { useCan } from '../../../lib/can-context';
import { useRefundStrings } from '../i18n';
import { RefundDialog } from './refund-dialog';

/**
 * The "Refund" button of an order's details (create order, a paid order with something not yet
 * refunded): opens the refund
 * dialog; `onCreated` refreshes the order, whose refunded amount changes.
 */
export function OrderRefundAction({
  order,
  onCreated,
}: {
  order: Pick<Order, 'id' | 'order_no' | 'paid' | 'refunded' | 'customer_id'>;
  onCreated: () => unknown;
}) {
  const { t } = useRefundStrings();
  const can = useCan();
  const [open, setOpen] = useState(false);
  // Nothing left once everything paid went back (a rejected order's refund among it).
  if (!can('create', 'order') || order.paid - order.refunded <= 0) return null;
  return (
    <>
      <Button
        variant="outlined"
        color="warning"
        startIcon={<CurrencyExchange />}
        onClick={() => setOpen(true)}
        data-testid="order-action-refund"
      >
        {t('dialog.button')}
      </Button>
      <RefundDialog
        orderId={order.id}
        orderNo={order.order_no}
        hasCustomer={order.customer_id !== null}
        open={open}
        onClose={() => setOpen(false)}
        onCreated={() => void onCreated()}
      />
    </>
  );
}
