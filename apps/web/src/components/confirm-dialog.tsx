import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../lib/i18n/use-translation';

export interface ConfirmDialogProps {
  open: boolean;
  title?: string;
  message?: ReactNode;
  /** Extra content (e.g. a password field) between the message and the buttons. */
  children?: ReactNode;
  confirmLabel?: string;
  confirmColor?: 'primary' | 'error' | 'warning';
  /** May return a promise: the button shows progress and the dialog stays open until it settles. */
  onConfirm: () => unknown;
  onClose: () => void;
  confirmDisabled?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  message,
  children,
  confirmLabel,
  confirmColor = 'primary',
  onConfirm,
  onClose,
  confirmDisabled,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="confirm-dialog-title"
      aria-describedby={message ? 'confirm-dialog-message' : undefined}
      data-testid="confirm-dialog"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="confirm-dialog-title">{title ?? t('confirmDialog.title')}</DialogTitle>
      <DialogContent>
        {message && <DialogContentText id="confirm-dialog-message">{message}</DialogContentText>}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button
          onClick={() => void confirm()}
          variant="contained"
          color={confirmColor}
          loading={busy}
          disabled={confirmDisabled}
          data-testid="confirm-dialog-confirm"
        >
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
