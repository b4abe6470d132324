import { type FormEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseReceiptQuery, type ReceiptMatch } from '@kopi/contract';
import { StatusLabel } from '../../../components/status-label';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/formatters';
import { usePosRefundStrings } from '../i18n-refund';
import { useReceiptSearch } from '../refund-api';
import { PosFormDialog } from '../../../components/pos-form-dialog';

/** A business day (YYYY-MM-DD) as the screen writes dates. */
export const dayOf = (date: string) => formatDate(`${date}T12:00:00Z`);

/**
 * Finds a receipt of the outlet by its scanned code or typed number (a scanner types the code
 * and Enter). Numbers start again each day, so every match shows its business day; a scanned
 * code names its day and opens its one receipt at once.
 */
export function RefundFindDialog({
  open,
  outletId,
  onClose,
  onChoose,
}: {
  open: boolean;
  outletId: string;
  onClose: () => void;
  onChoose: (match: ReceiptMatch) => void;
}) {
  return (
    <PosFormDialog name="refund-find" open={open} onClose={onClose} maxWidth="sm">
      <FindForm outletId={outletId} onClose={onClose} onChoose={onChoose} />
    </PosFormDialog>
  );
}

function FindForm({
  outletId,
  onClose,
  onChoose,
}: {
  outletId: string;
  onClose: () => void;
  onChoose: (match: ReceiptMatch) => void;
}) {
  const { t } = usePosRefundStrings();
  const search = useReceiptSearch();
  const [text, setText] = useState('');
  const [date, setDate] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [matches, setMatches] = useState<ReceiptMatch[] | null>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = parseReceiptQuery(text);
    setInvalid(parsed === null);
    if (!parsed) return;
    search.mutate(
      { outlet_id: outletId, q: text.trim(), ...(date ? { date } : {}) },
      {
        onSuccess: (found) => {
          setMatches(found);
          // A scanned code names one receipt of one day: straight on to its refund.
          if (parsed.date && found.length === 1) onChoose(found[0]!);
        },
      },
    );
  };

  return (
    <>
      <DialogTitle id="pos-refund-find-title">{t('find.title')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="pos-refund-find-form"
          spacing={2}
          noValidate
          onSubmit={submit}
          sx={{ pt: 1 }}
        >
          <Typography variant="body2" color="text.secondary">
            {t('find.hint')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              autoFocus
              fullWidth
              label={t('find.number')}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setInvalid(false);
              }}
              error={invalid}
              helperText={invalid ? t('find.invalid') : undefined}
              autoComplete="off"
              // A scanner types the code and Enter: search at once.
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  submit();
                }
              }}
              slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'pos-refund-number' } }}
            />
            <TextField
              type="date"
              label={t('find.date')}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              sx={{ minWidth: 190 }}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'pos-refund-date' },
              }}
            />
          </Stack>
          {search.isError && <Alert severity="error">{t('find.loadError')}</Alert>}
          {matches && matches.length === 0 && (
            <Alert severity="info" data-testid="pos-refund-none">
              {t('find.none')}
            </Alert>
          )}
          {matches && matches.length > 0 && (
            <List aria-label={t('find.matches')} data-testid="pos-refund-matches">
              {matches.map((m) => (
                <ListItemButton
                  key={m.order_id}
                  onClick={() => onChoose(m)}
                  divider
                  sx={{ minHeight: 56 }}
                  aria-label={t('find.choose', {
                    number: m.order_no,
                    date: dayOf(m.business_date),
                  })}
                  data-testid="pos-refund-match"
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <strong>{m.order_no}</strong>
                        <span>{t('find.day', { date: dayOf(m.business_date) })}</span>
                        <StatusLabel status={m.status} />
                      </Stack>
                    }
                    secondary={[
                      formatDateTime(m.created_at),
                      m.customer_name,
                      m.paid <= 0
                        ? t('find.nothingPaid')
                        : m.refunded >= m.paid
                          ? t('find.fullyRefunded')
                          : [
                              t('find.paid', { amount: formatMoney(m.paid) }),
                              m.refunded > 0
                                ? t('find.refunded', { amount: formatMoney(m.refunded) })
                                : null,
                            ]
                              .filter(Boolean)
                              .join(', '),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose} sx={{ minHeight: 44 }}>
          {t('find.cancel')}
        </Button>
        <Button
          type="submit"
          form="pos-refund-find-form"
          variant="contained"
          loading={search.isPending}
          sx={{ minHeight: 44 }}
          data-testid="pos-refund-search"
        >
          {t('find.search')}
        </Button>
      </DialogActions>
    </>
  );
}
