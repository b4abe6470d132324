import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

// The frame of the till's dialogs (the voucher, the manual discount, the receipt, a product's
// options, a refund): a narrow dialog whose content is mounted only while it is open, so each
// opening starts afresh. A form in it has a title, the fields, then cancel and a large submit
// button (44 px, for fingers). `name` makes the test ids and the title's id: `pos-<name>-dialog`,
// `pos-<name>-title`, `pos-<name>-apply`.

export function PosFormDialog({
  name,
  open,
  onClose,
  maxWidth = 'xs',
  children,
}: {
  name: string;
  open: boolean;
  onClose: () => void;
  /** Wider for a dialog with a list or a receipt in it. */
  maxWidth?: 'xs' | 'sm';
  /** The form (a `PosDialogForm`), mounted only while open. */
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={maxWidth}
      fullWidth
      aria-labelledby={`pos-${name}-title`}
      data-testid={`pos-${name}-dialog`}
    >
      {open && children}
    </Dialog>
  );
}

export function PosDialogForm({
  name,
  title,
  onSubmit,
  onCancel,
  cancelLabel,
  submitLabel,
  submitDisabled = false,
  cancelDisabled = false,
  startAction,
  children,
}: {
  name: string;
  title: string;
  /** Called on submit (a button or Enter); the page does not reload. */
  onSubmit: () => void;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  submitDisabled?: boolean;
  /** Cancel waits (a request is on its way whose answer the form shows). */
  cancelDisabled?: boolean;
  /** An action apart from the others, at the left (e.g. remove what was applied). */
  startAction?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <DialogTitle id={`pos-${name}-title`}>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>{children}</Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {startAction}
        <Button onClick={onCancel} color="inherit" disabled={cancelDisabled} sx={{ minHeight: 44 }}>
          {cancelLabel}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={submitDisabled}
          sx={{ minHeight: 44 }}
          data-testid={`pos-${name}-apply`}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Stack>
  );
}
