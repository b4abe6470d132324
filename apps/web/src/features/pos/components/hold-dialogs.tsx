import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/formatters';
import { cartItemCount, type HeldCart } from '../cart';
import { usePosStrings } from '../i18n';

/** Asks for the label of the order being put on hold (the table or the customer's name). */
export function HoldDialog({
  open,
  suggested,
  onHold,
  onClose,
}: {
  open: boolean;
  suggested: string;
  onHold: (label: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="pos-hold-title"
      data-testid="pos-hold-dialog"
    >
      {open && <HoldForm suggested={suggested} onHold={onHold} onClose={onClose} />}
    </Dialog>
  );
}

function HoldForm({
  suggested,
  onHold,
  onClose,
}: {
  suggested: string;
  onHold: (label: string) => void;
  onClose: () => void;
}) {
  const { t } = usePosStrings();
  const [label, setLabel] = useState(suggested);
  const submit = () => onHold(label.trim() || suggested);
  return (
    <Box
      component="form"
      sx={{ display: 'contents' }}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <DialogTitle id="pos-hold-title">{t('hold.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label={t('hold.label')}
          helperText={t('hold.labelHint')}
          value={label}
          onChange={(e) => setLabel(e.target.value.slice(0, 60))}
          onFocus={(e) => e.target.select()}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'pos-hold-label', maxLength: 60 } }}
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
          data-testid="pos-hold-confirm"
        >
          {t('hold.confirm')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The held orders of this outlet: recall one or delete it. */
export function RecallDialog({
  open,
  held,
  onRecall,
  onDelete,
  onClose,
}: {
  open: boolean;
  held: HeldCart[];
  onRecall: (h: HeldCart) => void;
  onDelete: (h: HeldCart) => void;
  onClose: () => void;
}) {
  const { t } = usePosStrings();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="pos-recall-title"
      data-testid="pos-recall-dialog"
    >
      <DialogTitle id="pos-recall-title">{t('recall.title')}</DialogTitle>
      <DialogContent dividers>
        {held.length === 0 ? (
          <Typography color="text.secondary">{t('recall.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {held.map((h) => (
              <Stack
                component="li"
                key={h.id}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider' }}
                data-testid="pos-held-cart"
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }} noWrap>
                    {h.label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {t('recall.summary', {
                      items: t('cart.items', { count: cartItemCount(h.cart) }),
                      time: formatDateTime(h.held_at).slice(11, 16),
                    })}
                    {' · '}
                    {h.cart.lines.map((l) => `${l.quantity}× ${l.name}`).join(', ')}
                  </Typography>
                </Box>
                <Button
                  color="error"
                  onClick={() => onDelete(h)}
                  aria-label={t('recall.deleteLabel', { label: h.label })}
                  sx={{ minHeight: 48 }}
                >
                  {t('recall.delete')}
                </Button>
                <Button
                  variant="contained"
                  onClick={() => onRecall(h)}
                  aria-label={t('recall.recallLabel', { label: h.label })}
                  sx={{ minHeight: 48 }}
                  data-testid="pos-recall-cart"
                >
                  {t('recall.recall')}
                </Button>
              </Stack>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('recall.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
