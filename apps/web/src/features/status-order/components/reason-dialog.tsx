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
import type { BoardOrder } from '@kopi/contract';
import { useStatusBoardStrings } from '../i18n';
import { reasonMoves, type ReasonKind } from './reason-moves';

/**
 * Asks why before a card's move (reject, not collected): the reason is required and checked with
 * the contract's rule (`problemOf` of the move); quick reasons fill it in. Stays open until the
 * server has answered, so a failure keeps what was typed. The move's `name` makes the test ids:
 * `board-<name>-dialog`, `-reason`, `-confirm`.
 */
export function ReasonDialog({
  order,
  kind,
  onClose,
  onConfirm,
}: {
  order: BoardOrder | null;
  kind: ReasonKind;
  onClose: () => void;
  onConfirm: (order: BoardOrder, reason: string) => Promise<boolean>;
}) {
  const { t, ts } = useStatusBoardStrings();
  const { name, problemOf, color } = reasonMoves[kind];
  const quickReasons = reasonMoves[kind].quickReasons(t);
  const texts = {
    title: t(`${kind}.title`, { no: order?.order_no ?? '' }),
    message: t(`${kind}.message`),
    reason: t(`${kind}.reason`),
    reasonHint: t(`${kind}.reasonHint`),
    quick: t(`${kind}.quick`),
    confirm: t(`${kind}.confirm`),
  };
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
    const found = problemOf(reason);
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
      aria-labelledby={`${name}-dialog-title`}
      data-testid={`board-${name}-dialog`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${name}-dialog-title`}>{texts.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{texts.message}</DialogContentText>
        <TextField
          label={texts.reason}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (problem) setProblem(problemOf(e.target.value));
          }}
          error={Boolean(problem)}
          helperText={problem ?? texts.reasonHint}
          required
          multiline
          minRows={2}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: 300, 'data-testid': `board-${name}-reason` } }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          {texts.quick}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
          {quickReasons.map((text) => (
            <Chip
              key={text}
              label={text}
              onClick={() => {
                setReason(text);
                setProblem(undefined);
              }}
              variant={reason === text ? 'filled' : 'outlined'}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          {ts('common.cancel')}
        </Button>
        <Button
          onClick={() => void submit()}
          variant="contained"
          color={color}
          loading={busy}
          data-testid={`board-${name}-confirm`}
        >
          {texts.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
