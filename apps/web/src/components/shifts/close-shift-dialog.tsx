import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ApprovalInput,
  type CashCount,
  cashCountTotal,
  drawerVariance,
  emptyCashCount,
  type ShiftView,
  varianceNeedsNote,
  varianceRevealPaths,
} from '@kopi/contract';
import { formatMoney } from '../../lib/formatters';
import { HttpError } from '../../lib/http/http-client';
import { useApproval } from '../approval/use-approval';
import { closeShift } from './api';
import { CashCountFields } from './cash-count-fields';
import { useShiftStrings } from './i18n';
import { errorText } from '../../lib/form-errors';
import { ShiftDialogFrame, ShiftForm } from './shift-dialogs';

// The POS's close of a shift with the drawer counted (decisions 035, 055).

/**
 * Closes a shift: the drawer counted, the expected cash and the variance shown as it is typed
 * (with the tenant's blind count, only once the count is saved). Beyond the tolerance the
 * cashier says why and a manager approves by PIN on this screen (a manager closes alone).
 */
export function CloseShiftDialog({
  shift,
  ...props
}: Omit<CloseShiftProps, 'shift'> & { shift: ShiftView | null }) {
  return (
    <ShiftDialogFrame open={shift !== null} idPrefix="shift-close" onClose={props.onClose}>
      {shift && <CloseShiftForm key={shift.id} shift={shift} {...props} />}
    </ShiftDialogFrame>
  );
}

interface CloseShiftProps {
  /**
   * The shift's report so far: its figures give the expected cash, unless the server hides them
   * (the blind count), when the close's refusal beyond the tolerance names it.
   */
  shift: ShiftView;
  onClosed: (closed: ShiftView) => void;
  onClose: () => void;
}

/** The expected cash a refusal beyond the tolerance names (null when it names none). */
function expectedOfRefusal(error: HttpError): number | null {
  const told = error.body?.details?.find((d) => d.path === varianceRevealPaths.expected)?.message;
  const value = told === undefined ? Number.NaN : Number(told);
  return Number.isInteger(value) ? value : null;
}

function CloseShiftForm({ shift, onClosed, onClose }: CloseShiftProps) {
  const { t } = useShiftStrings();
  const { withApproval, dialog } = useApproval();
  const [counted, setCounted] = useState<CashCount>(emptyCashCount);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A blind count shows the expected cash once the count is saved, and the count stays as saved.
  const [revealed, setRevealed] = useState(!shift.blind_count);
  // The server hides the figures of a blind count: the refusal of the count names the expected.
  const [told, setTold] = useState<number | null>(null);
  const expected = shift.figures?.expected ?? told;
  const total = cashCountTotal(counted);
  const variance = expected === null ? null : drawerVariance(total, expected);
  // The refusal says the count is beyond the tolerance even when it names no amount.
  const needsNote = revealed && (variance === null || varianceNeedsNote(variance, shift.tolerance));
  const close = (approval?: ApprovalInput) =>
    closeShift(shift.id, {
      counted,
      // A note written for a count over tolerance is not kept once a recount is within it.
      ...(needsNote && note.trim() ? { note: note.trim() } : {}),
      ...(approval ? { approval } : {}),
    });
  return (
    <>
      <ShiftForm
        title={t('close.title')}
        idPrefix="shift-close"
        submitLabel={t('close.submit')}
        canSubmit={!needsNote || note.trim() !== ''}
        error={error}
        onClose={onClose}
        onSubmit={async () => {
          setError(null);
          try {
            const closed = needsNote
              ? await withApproval(
                  {
                    action: 'shift_variance',
                    outletId: shift.outlet_id,
                    summary: `${t('close.variance')}: ${variance === null ? '—' : formatMoney(variance)}`,
                  },
                  close,
                )
              : await close();
            if (closed) onClosed(closed);
          } catch (e) {
            if (
              !revealed &&
              e instanceof HttpError &&
              e.codeMessage === 'shift_variance_note_required'
            ) {
              setTold(expectedOfRefusal(e));
              setRevealed(true);
              return;
            }
            setError(errorText(e));
          }
        }}
      >
        {!revealed && <Alert severity="info">{t('close.blind')}</Alert>}
        <Box
          component="fieldset"
          disabled={shift.blind_count && revealed}
          sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
        >
          <CashCountFields
            value={counted}
            onChange={(next) => {
              setCounted(next);
              // The old refusal is about the old count.
              setError(null);
            }}
            idPrefix="shift-count"
            autoFocus
          />
        </Box>
        {revealed && expected !== null && variance !== null && (
          <Stack direction="row" spacing={3} sx={{ justifyContent: 'flex-end' }}>
            <Typography data-testid="shift-close-expected">
              {t('close.expected')}: {formatMoney(expected)}
            </Typography>
            <Typography
              data-testid="shift-close-variance"
              data-variance={variance}
              sx={{ fontWeight: 600, color: needsNote ? 'error.main' : 'text.primary' }}
            >
              {t('close.variance')}: {formatMoney(variance)}
              {variance !== 0 && ` (${variance > 0 ? t('close.over') : t('close.short')})`}
            </Typography>
          </Stack>
        )}
        {needsNote && (
          <>
            <Alert severity="warning">
              {t('close.overTolerance', { tolerance: formatMoney(shift.tolerance) })}
            </Alert>
            <TextField
              label={t('close.note')}
              value={note}
              required
              multiline
              onChange={(e) => setNote(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'shift-close-note' } }}
            />
          </>
        )}
      </ShiftForm>
      {dialog}
    </>
  );
}
