import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messageKey, orderNotCollectedSchema, type BoardOrder } from '@kopi/contract';
import { translateValidation } from '../../../lib/i18n/i18n';
import { useStatusBoardStrings } from '../i18n';

const quickReasons = ['noShow', 'closing', 'remade'] as const;

/** The contract's rule for the reason (required, at most 300 characters), as a message to show. */
export function notCollectedReasonProblem(reason: string): string | undefined {
  const result = orderNotCollectedSchema.safeParse({ reason });
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return translateValidation(
    issue?.code === 'too_big' ? messageKey('max_length', { max: 300 }) : messageKey('required'),
  );
}

/**
 * A manager clears a ready order the customer never came for: the reason is required (order
 * details and the audit log keep it). Stays open until the server has answered, so a failure
 * keeps what was typed.
 */
export function NotCollectedDialog({
  order,
  onClose,
  onConfirm,
}: {
  order: BoardOrder | null;
  onClose: () => void;
  onConfirm: (order: BoardOrder, reason: string) => Promise<boolean>;
}) {
  const { t, ts } = useStatusBoardStrings();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (order && order.id !== shownFor) {
    setShownFor(order.id);
    setReason('');
    setProblem(undefined);
  }

  const submit = async () => {
    if (!order) return;
    const found = notCollectedReasonProblem(reason);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      if (await onConfirm(order, reason.trim())) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={Boolean(order)}
      onClose={busy ? undefined : onClose}
      aria-labelledby="not-collected-dialog-title"
      data-testid="board-not-collected-dialog"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="not-collected-dialog-title">
        {t('notCollected.title', { no: order?.order_no ?? '' })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('notCollected.message')}</DialogContentText>
        <TextField
          label={t('notCollected.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (problem) setProblem(notCollectedReasonProblem(e.target.value));
          }}
          error={Boolean(problem)}
          helperText={problem ?? t('notCollected.reasonHint')}
          required
          multiline
          minRows={2}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'board-not-collected-reason' } }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          {t('notCollected.quick')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
          {quickReasons.map((key) => {
            const text = t(`notCollected.quickReasons.${key}`);
            return (
              <Chip
                key={key}
                label={text}
                onClick={() => {
                  setReason(text);
                  setProblem(undefined);
                }}
                variant={reason === text ? 'filled' : 'outlined'}
              />
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          {ts('common.cancel')}
        </Button>
        <Button
          onClick={() => void submit()}
          variant="contained"
          color="warning"
          loading={busy}
          data-testid="board-not-collected-confirm"
        >
          {t('notCollected.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
