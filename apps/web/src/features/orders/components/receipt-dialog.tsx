import { useEffect } from 'react';
import type { Order } from '@kopi/contract';
import { OrderReceipt } from '../../../components/receipt/order-receipt';
import { printSheet } from '../../../components/receipt/print-sheet';
import { useOrderStrings } from '../i18n';
import { PaperDialog } from './paper-dialog';

/** The receipt on screen, printed as soon as it opens; Print prints it again. */
export function ReceiptDialog({
  order,
  open,
  onClose,
}: {
  order: Order;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useOrderStrings();
  useEffect(() => {
    if (open) printSheet();
  }, [open]);
  return (
    <PaperDialog
      open={open}
      onClose={onClose}
      titleId="receipt-dialog-title"
      testId="receipt-dialog"
      title={t('receiptDialog.title', { number: order.order_no })}
      closeLabel={t('receiptDialog.close')}
      printLabel={t('receiptDialog.print')}
      printable
    >
      <OrderReceipt order={order} />
    </PaperDialog>
  );
}
