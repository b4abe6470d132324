import { useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { usePosStrings } from '../i18n';
import { PosFormActions, PosSubmitButton } from './pos-form-actions';

interface PromptProps {
  /** `${idPrefix}-dialog` is the dialog's test id, `${idPrefix}-title` its title's id. */
  idPrefix: string;
  title: string;
  label: string;
  hint: string;
  submitLabel: string;
  inputTestId: string;
  submitTestId: string;
  initial: string;
  maxLength: number;
  onSubmit: (value: string) => void;
  onClose: () => void;
}

/**
 * Asks for one line of text (a hold label, a line's note): Enter or the submit button gives it,
 * Cancel closes. The form mounts only while open, so each opening starts from `initial`.
 */
export function TextPromptDialog({ open, ...prompt }: PromptProps & { open: boolean }) {
  return (
    <Dialog
      open={open}
      onClose={prompt.onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${prompt.idPrefix}-title`}
      data-testid={`${prompt.idPrefix}-dialog`}
    >
      {open && <PromptForm {...prompt} />}
    </Dialog>
  );
}

function PromptForm(p: PromptProps) {
  const { t } = usePosStrings();
  const [value, setValue] = useState(p.initial);
  return (
    <Box
      component="form"
      sx={{ display: 'contents' }}
      onSubmit={(e) => {
        e.preventDefault();
        p.onSubmit(value);
      }}
    >
      <DialogTitle id={`${p.idPrefix}-title`}>{p.title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label={p.label}
          helperText={p.hint}
          value={value}
          onChange={(e) => setValue(e.target.value.slice(0, p.maxLength))}
          onFocus={(e) => e.target.select()}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { 'data-testid': p.inputTestId, maxLength: p.maxLength } }}
        />
      </DialogContent>
      <PosFormActions cancelLabel={t('payment.cancel')} onCancel={p.onClose}>
        <PosSubmitButton testId={p.submitTestId}>{p.submitLabel}</PosSubmitButton>
      </PosFormActions>
    </Box>
  );
}
