import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Print from '@mui/icons-material/Print';
import type { Order } from '@kopi/contract';
import { OrderReceipt } from '../../../components/receipt/order-receipt';
import { printSheet } from '../../../components/receipt/print-sheet';
import { useOrderStrings } from '../i18n';

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
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="receipt-dialog-title"
      data-testid="receipt-dialog"
    >
      <DialogTitle id="receipt-dialog-title">
        {t('receiptDialog.title', { number: order.order_no })}
      </DialogTitle>
      <DialogContent>
        <OrderReceipt order={order} />
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('receiptDialog.close')}
        </Button>
        <Button variant="contained" startIcon={<Print />} onClick={printSheet}>
          {t('receiptDialog.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
