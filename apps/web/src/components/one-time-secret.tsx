import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** A secret shown once (a generated password), set apart and selected whole on a click. */
export function OneTimeSecret({
  value,
  testId,
}: {
  value: string | null | undefined;
  testId: string;
}) {
  return (
    <Box
      component="code"
      data-testid={testId}
      sx={{
        display: 'block',
        mt: 2,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontSize: '1.1rem',
        letterSpacing: 1,
        userSelect: 'all',
      }}
    >
      {value}
    </Box>
  );
}

/**
 * A narrow dialog that shows a secret once: a title, what to do with it, the secret, then `actions`
 * (a copy button) before the contained `doneLabel`. `name` makes the title's id and the test id:
 * `<name>-title`, `<name>-dialog`.
 */
export function OneTimeSecretDialog({
  name,
  open,
  onClose,
  title,
  message,
  secret,
  secretTestId,
  doneLabel,
  actions,
}: {
  name: string;
  open: boolean;
  onClose: () => void;
  title: string;
  message: string;
  secret: string | null | undefined;
  secretTestId: string;
  doneLabel: string;
  actions?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${name}-title`}
      data-testid={`${name}-dialog`}
    >
      <DialogTitle id={`${name}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
        <OneTimeSecret value={secret} testId={secretTestId} />
      </DialogContent>
      <DialogActions>
        {actions}
        <Button variant="contained" onClick={onClose}>
          {doneLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
