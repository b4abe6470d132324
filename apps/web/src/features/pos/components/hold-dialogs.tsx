import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { cartItemCount, type HeldCart } from '../cart';
import { usePosStrings } from '../i18n';
import { TextPromptDialog } from './text-prompt-dialog';

const MAX_HOLD_LABEL = 60;

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
  const { t } = usePosStrings();
  return (
    <TextPromptDialog
      open={open}
      idPrefix="pos-hold"
      title={t('hold.title')}
      label={t('hold.label')}
      hint={t('hold.labelHint')}
      submitLabel={t('hold.confirm')}
      inputTestId="pos-hold-label"
      submitTestId="pos-hold-confirm"
      initial={suggested}
      maxLength={MAX_HOLD_LABEL}
      onSubmit={(label) => onHold(label.trim() || suggested)}
      onClose={onClose}
    />
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
  const nameOf = useLocalizedName();
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
                    {h.cart.lines
                      .map((l) => `${l.quantity}× ${nameOf(l.name, l.name_my)}`)
                      .join(', ')}
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
