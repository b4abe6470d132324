import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MAX_NOTE_LENGTH, type CartLine } from '../cart';
import { usePosStrings } from '../i18n';

/**
 * The note of a cart line ("no cucumber", "less ice"), written or changed in the cart: products
 * without choices go straight in, so this is the only place their note can be given.
 */
export function NoteDialog({
  line,
  onSave,
  onClose,
}: {
  line: CartLine | null;
  onSave: (notes: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={line !== null}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="pos-note-title"
      data-testid="pos-note-dialog"
    >
      {line && <NoteForm line={line} onSave={onSave} onClose={onClose} />}
    </Dialog>
  );
}

function NoteForm({
  line,
  onSave,
  onClose,
}: {
  line: CartLine;
  onSave: (notes: string) => void;
  onClose: () => void;
}) {
  const { t } = usePosStrings();
  const [notes, setNotes] = useState(line.notes);
  return (
    <Box
      component="form"
      sx={{ display: 'contents' }}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(notes);
      }}
    >
      <DialogTitle id="pos-note-title">{t('note.title', { name: line.name })}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label={t('options.note')}
          helperText={t('note.hint')}
          value={notes}
          onChange={(e) => setNotes(e.target.value.slice(0, MAX_NOTE_LENGTH))}
          onFocus={(e) => e.target.select()}
          sx={{ mt: 1 }}
          slotProps={{
            htmlInput: { 'data-testid': 'pos-note-input', maxLength: MAX_NOTE_LENGTH },
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" sx={{ minHeight: 48 }}>
          {t('payment.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          sx={{ minHeight: 48 }}
          data-testid="pos-note-save"
        >
          {t('note.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}
