import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Print from '@mui/icons-material/Print';
import { printSheet } from '../../../components/receipt/print-sheet';

/**
 * A dialog around a printable paper (a receipt, a Z-report): Close, then Print once there is a
 * paper to print, or the dialog's own action before that.
 */
export function PaperDialog({
  open,
  onClose,
  titleId,
  testId,
  title,
  fullWidth,
  closeLabel,
  closeDisabled,
  printLabel,
  printable,
  action,
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  testId: string;
  title: ReactNode;
  fullWidth?: boolean;
  closeLabel: string;
  closeDisabled?: boolean;
  printLabel: string;
  /** There is a paper on screen: Print shows instead of `action`. */
  printable: boolean;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      data-testid={testId}
      maxWidth="sm"
      fullWidth={fullWidth}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} disabled={closeDisabled}>
          {closeLabel}
        </Button>
        {printable ? (
          <Button variant="contained" startIcon={<Print />} onClick={printSheet}>
            {printLabel}
          </Button>
        ) : (
          action
        )}
      </DialogActions>
    </Dialog>
  );
}
