import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Order } from '@kopi/contract';
import { PosFormDialog } from '../../../components/pos-form-dialog';
import { OrderReceipt } from '../../../components/receipt/order-receipt';
import { formatMoney } from '../../../lib/formatters';
import { usePosStrings } from '../i18n';
import { ReceiptActions } from './receipt-actions';

/** The recorded sale: change to give, the 80 mm receipt, Print and New sale. */
export function ReceiptDialog({
  order,
  onNewSale,
}: {
  order: Order | null;
  onNewSale: () => void;
}) {
  const { t } = usePosStrings();
  return (
    <PosFormDialog name="receipt" open={order !== null} onClose={onNewSale}>
      {order && (
        <>
          <DialogTitle id="pos-receipt-title">
            {t('receipt.title', { number: order.order_no })}
          </DialogTitle>
          <DialogContent dividers>
            {order.change > 0 && (
              <Box
                sx={{
                  mb: 2,
                  p: 1.5,
                  borderRadius: 1,
                  bgcolor: 'success.main',
                  color: 'success.contrastText',
                  textAlign: 'center',
                }}
              >
                <Typography variant="body2">{t('receipt.change')}</Typography>
                <Typography
                  variant="h4"
                  component="p"
                  sx={{ fontWeight: 700 }}
                  data-testid="pos-receipt-change"
                >
                  {formatMoney(order.change)}
                </Typography>
              </Box>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <OrderReceipt order={order} />
            </Box>
          </DialogContent>
          <ReceiptActions
            printLabel={t('receipt.print')}
            printTestId="pos-print-receipt"
            doneLabel={t('receipt.newSale')}
            doneTestId="pos-new-sale"
            onDone={onNewSale}
          />
        </>
      )}
    </PosFormDialog>
  );
}
