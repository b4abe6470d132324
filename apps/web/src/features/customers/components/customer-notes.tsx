import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { customerNoteInputSchema } from '@kopi/contract';
import { EmptyState } from '../../../components/empty-state';
import { useCan } from '../../../lib/can-context';
import { formatDateTime } from '../../../lib/formatters';
import { translateValidation } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toasts';
import { addCustomerNote, useCustomerNotes, useRefreshCustomers } from '../api';
import { useCustomerStrings } from '../i18n';

/** Staff notes on the customer, newest first; adding one needs update-customer. */
export function CustomerNotes({ customerId, readOnly }: { customerId: string; readOnly: boolean }) {
  const { t, ts } = useCustomerStrings();
  const can = useCan();
  const notes = useCustomerNotes(customerId);
  const refresh = useRefreshCustomers();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mayAdd = can('update', 'customer') && !readOnly;

  const add = async () => {
    const checked = customerNoteInputSchema.safeParse({ body });
    if (!checked.success) {
      setError(translateValidation(checked.error.issues[0]?.message) ?? null);
      return;
    }
    setBusy(true);
    try {
      await addCustomerNote(customerId, checked.data.body);
      setBody('');
      toast.success(t('notes.added'));
      await refresh();
    } catch {
      // the client toasted why; the text stays to try again
    } finally {
      setBusy(false);
    }
  };

  let list;
  if (notes.error) {
    list = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void notes.refetch()}>
            {ts('common.retry')}
          </Button>
        }
      >
        {ts('dataTable.error')}
      </Alert>
    );
  } else if (!notes.data) {
    list = <Skeleton variant="rounded" height={80} />;
  } else if (notes.data.length === 0) {
    list = <EmptyState message={t('notes.empty')} testId="customer-notes-empty" paddingY={3} />;
  } else {
    list = (
      <Stack divider={<Divider flexItem />} spacing={1.5} component="ul" sx={{ p: 0, m: 0 }}>
        {notes.data.map((note) => (
          <Box component="li" key={note.id} sx={{ listStyle: 'none' }} data-testid="customer-note">
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{note.body}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('notes.by', { author: note.author, date: formatDateTime(note.created_at) })}
            </Typography>
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="customer-notes">
      {mayAdd && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={t('notes.label')}
            value={body}
            onChange={(e) => {
              setBody(e.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'customer-note-input' } }}
          />
          <Button
            variant="contained"
            onClick={() => void add()}
            loading={busy}
            data-testid="customer-note-add"
          >
            {t('notes.add')}
          </Button>
        </Stack>
      )}
      {list}
    </Stack>
  );
}
