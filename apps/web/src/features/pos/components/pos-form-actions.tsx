import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

// The foot of the till's own forms (the customer, a top-up, a typed note): Cancel, then the
// submit buttons, 48 px tall for fingers.

/** Cancel (held while `busy`: the answer is on its way), then `children`, the submit buttons. */
export function PosFormActions({
  cancelLabel,
  onCancel,
  busy = false,
  children,
}: {
  cancelLabel: string;
  onCancel: () => void;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button color="inherit" onClick={onCancel} disabled={busy} sx={{ minHeight: 48 }}>
        {cancelLabel}
      </Button>
      {children}
    </DialogActions>
  );
}

/** The form's submit button; it spins while `busy`. */
export function PosSubmitButton({
  testId,
  busy,
  autoFocus,
  children,
}: {
  testId: string;
  busy?: boolean;
  autoFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      loading={busy}
      autoFocus={autoFocus}
      sx={{ minHeight: 48 }}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
