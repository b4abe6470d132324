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
import { messageKey, orderStatusMoveSchema, type BoardOrder } from '@kopi/contract';
import { translateValidation } from '../../../lib/i18n/i18n';
import { useStatusBoardStrings } from '../i18n';

const quickReasons = ['soldOut', 'closing', 'customerLeft', 'duplicate'] as const;

/** The contract's rule for a reject (a reason, at most 300 characters), as a message to show. */
export function rejectReasonProblem(reason: string): string | undefined {
  const result = orderStatusMoveSchema.safeParse({ status: 'REJECTED', reason });
  if (result.success) return undefined;
  const issue = result.error.issues.find((i) => i.path[0] === 'reason') ?? result.error.issues[0];
  // The schema's length limit carries zod's own English text; say it with the app's words.
  return translateValidation(
    issue?.code === 'too_big' ? messageKey('max_length', { max: 300 }) : issue?.message,
  );
}

/**
 * Asks why before rejecting: the reason is required (the customer and the refund see it). Stays
 * open until the server has answered, so a failed reject keeps what was typed.
 */
export function RejectDialog({
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
  // A new order in the dialog starts with an empty reason.
  if (order && order.id !== shownFor) {
    setShownFor(order.id);
    setReason('');
    setProblem(undefined);
  }

  const submit = async () => {
    if (!order) return;
    const found = rejectReasonProblem(reason);
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
      aria-labelledby="reject-dialog-title"
      data-testid="board-reject-dialog"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="reject-dialog-title">
        {t('reject.title', { no: order?.order_no ?? '' })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('reject.message')}</DialogContentText>
        <TextField
          label={t('reject.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (problem) setProblem(rejectReasonProblem(e.target.value));
          }}
          error={Boolean(problem)}
          helperText={problem ?? t('reject.reasonHint')}
          required
          multiline
          minRows={2}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'board-reject-reason' } }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          {t('reject.quick')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
          {quickReasons.map((key) => {
            const text = t(`reject.quickReasons.${key}`);
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
          color="error"
          loading={busy}
          data-testid="board-reject-confirm"
        >
          {t('reject.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
