import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Print from '@mui/icons-material/Print';
import type { Refund } from '@kopi/contract';
import { printSheet } from '../../../components/receipt/print-sheet';
import { useRefundStrings } from '../i18n';
import { RefundSlip } from './refund-slip';

/** The slip on screen, printed as soon as it opens; Print prints it again. */
export function RefundSlipDialog({
  refund,
  open,
  onClose,
}: {
  refund: Refund;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useRefundStrings();
  useEffect(() => {
    if (open) printSheet();
  }, [open]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="refund-slip-title"
      data-testid="refund-slip-dialog"
      maxWidth="sm"
    >
      <DialogTitle id="refund-slip-title">
        {t('slip.dialogTitle', { number: refund.refund_no })}
      </DialogTitle>
      <DialogContent>
        <RefundSlip refund={refund} />
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('slip.close')}
        </Button>
        <Button variant="contained" startIcon={<Print />} onClick={printSheet}>
          {t('slip.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
