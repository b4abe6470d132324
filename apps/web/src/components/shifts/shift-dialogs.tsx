import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ApprovalInput,
  type CashCount,
  type CashMovementKind,
  type CashMovementReason,
  cashMovementCreateSchema,
  cashMovementReasons,
  emptyCashCount,
  type ShiftView,
  type Till,
  tillHolderPaths,
} from '@kopi/contract';
import { HttpError } from '../../lib/http/http-client';
import { formatDateTime, formatMoney } from '../../lib/formatters';
import { translateValidation } from '../../lib/i18n/i18n';
import { useTranslation } from '../../lib/i18n/use-translation';
import { readRinggit, ringgitProblemMessage } from '../money-input';
import { useApproval } from '../approval/use-approval';
import { addCashMovement, openShift } from './api';
import { CashCountFields } from './cash-count-fields';
import { useShiftStrings } from './i18n';
import { errorText } from '../../lib/form-errors';
import { useTillName } from '../../lib/till-name';

// The POS's shift dialogs: open a shift with its float, cash in / out, close with the count.
// Each sends one request (the client gives it an Idempotency-Key) and says what went wrong inline.

/** The dialog around a shift form: the form mounts when it opens, so each opening starts afresh. */
export function ShiftDialogFrame({
  open,
  idPrefix,
  onClose,
  children,
}: {
  open: boolean;
  idPrefix: string;
  onClose?: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby={`${idPrefix}-title`}
      data-testid={`${idPrefix}-dialog`}
    >
      {open && children}
    </Dialog>
  );
}

export function ShiftForm({
  title,
  idPrefix,
  children,
  submitLabel,
  canSubmit,
  onSubmit,
  onClose,
  error,
}: {
  title: string;
  idPrefix: string;
  children: ReactNode;
  submitLabel: string;
  canSubmit: boolean;
  onSubmit: () => Promise<void>;
  onClose?: () => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <DialogTitle id={`${idPrefix}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          {error && (
            <Alert severity="error" data-testid={`${idPrefix}-error`}>
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {onClose && (
          <Button onClick={onClose} disabled={busy} sx={{ minHeight: 48 }}>
            {t('common.cancel')}
          </Button>
        )}
        <Button
          variant="contained"
          disabled={!canSubmit || busy}
          onClick={() => {
            setBusy(true);
            void onSubmit().finally(() => setBusy(false));
          }}
          sx={{ minHeight: 48 }}
          data-testid={`${idPrefix}-submit`}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </>
  );
}

/** Opens a shift: the till (when the outlet has more than one) and the float counted. */
export function OpenShiftDialog(props: OpenShiftProps & { open: boolean }) {
  return (
    <ShiftDialogFrame open={props.open} idPrefix="shift-open" onClose={props.onClose}>
      <OpenShiftForm {...props} />
    </ShiftDialogFrame>
  );
}

/**
 * A 409 shift_already_open in words: the till, who holds it and since when; null for
 * any other failure.
 */
export function heldTillText(
  error: unknown,
  till: Till | undefined,
  t: ReturnType<typeof useShiftStrings>['t'],
  tillName: (name: string) => string = (name) => name,
): string | null {
  if (!(error instanceof HttpError) || error.codeMessage !== 'shift_already_open') return null;
  const detail = (path: string) => error.body?.details?.find((d) => d.path === path)?.message;
  const name = detail(tillHolderPaths.name);
  const since = detail(tillHolderPaths.since);
  if (!name || !since) return null;
  return t('device.held', {
    till: till ? tillName(till.name) : '',
    name,
    time: formatDateTime(since),
  });
}

interface OpenShiftProps {
  tills: Till[];
  /** The device's till, chosen first when it is free. */
  tillId?: string | null;
  /** Lets the cashier choose another till for this device. */
  onSwitchTill?: () => void;
  /** Selling waits for a shift: the dialog says so. */
  required: boolean;
  onOpened: (shift: ShiftView) => void;
  onClose?: () => void;
}

function OpenShiftForm({
  tills,
  tillId: deviceTill,
  onSwitchTill,
  required,
  onOpened,
  onClose,
}: OpenShiftProps) {
  const { t } = useShiftStrings();
  const tillName = useTillName();
  const [tillId, setTillId] = useState<string>(
    () =>
      tills.find((x) => x.id === deviceTill && x.open_shift === null)?.id ??
      tills.find((x) => x.open_shift === null)?.id ??
      '',
  );
  const [float, setFloat] = useState<CashCount>(emptyCashCount);
  const [error, setError] = useState<string | null>(null);
  return (
    <ShiftForm
      title={t('open.title')}
      idPrefix="shift-open"
      submitLabel={t('open.submit')}
      canSubmit={tillId !== ''}
      error={error}
      onClose={onClose}
      onSubmit={async () => {
        setError(null);
        try {
          onOpened(await openShift({ till_id: tillId, float }));
        } catch (e) {
          setError(
            heldTillText(
              e,
              tills.find((x) => x.id === tillId),
              t,
              tillName,
            ) ?? errorText(e),
          );
        }
      }}
    >
      {required && <Alert severity="info">{t('open.required')}</Alert>}
      {onSwitchTill && (
        <Button
          onClick={onSwitchTill}
          sx={{ minHeight: 48, alignSelf: 'flex-start' }}
          data-testid="shift-open-switch-till"
        >
          {t('device.switchTill')}
        </Button>
      )}
      {tills.length > 1 && (
        <TextField
          select
          label={t('open.till')}
          value={tillId}
          onChange={(e) => setTillId(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'shift-open-till' } }}
        >
          {tills.map((till) => (
            <MenuItem key={till.id} value={till.id} disabled={till.open_shift !== null}>
              {till.open_shift
                ? `${tillName(till.name)} — ${t('open.busy', {
                    name: till.open_shift.cashier_name ?? '',
                    time: formatDateTime(till.open_shift.opened_at),
                  })}`
                : tillName(till.name)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Typography variant="subtitle2" component="h3">
        {t('open.float')}
      </Typography>
      <CashCountFields value={float} onChange={setFloat} idPrefix="shift-float" autoFocus />
    </ShiftForm>
  );
}

const movementAmount = cashMovementCreateSchema.shape.amount;

/**
 * A typed ringgit amount ("12", "12.5", "1,200.50") in sen, or the message key saying why it
 * cannot be moved (not a number, more than 2 decimals, out of the contract's range).
 */
export function movementAmountOf(text: string): { sen: number | null; problem: string | null } {
  const reading = readRinggit(text);
  if ('problem' in reading) return { sen: null, problem: ringgitProblemMessage(reading.problem) };
  if (reading.sen === null) return { sen: null, problem: null };
  const checked = movementAmount.safeParse(reading.sen);
  if (checked.success) return { sen: checked.data, problem: null };
  return { sen: null, problem: checked.error.issues[0]?.message ?? null };
}

/** Cash in or out of the drawer, with a reason (a note for "other"). */
export function CashMovementDialog({
  kind,
  ...props
}: Omit<CashMovementProps, 'kind'> & { kind: CashMovementKind | null }) {
  return (
    <ShiftDialogFrame open={kind !== null} idPrefix="shift-movement" onClose={props.onClose}>
      {kind && <CashMovementForm kind={kind} {...props} />}
    </ShiftDialogFrame>
  );
}

interface CashMovementProps {
  shiftId: string;
  /** The shift's outlet: a manager there approves a cash out over the limit. */
  outletId: string;
  /** Sen a cash out may take without a manager's PIN (null: any amount). */
  approvalOver: number | null;
  kind: CashMovementKind;
  onDone: () => void;
  onClose: () => void;
}

function CashMovementForm({
  shiftId,
  outletId,
  approvalOver,
  kind,
  onDone,
  onClose,
}: CashMovementProps) {
  const { t } = useShiftStrings();
  const { withApproval, dialog } = useApproval();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<CashMovementReason>(
    kind === 'cash_out' ? 'bank_drop' : 'petty_cash',
  );
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { sen, problem } = movementAmountOf(amount);
  const canSubmit = sen !== null && (reason !== 'other' || note.trim() !== '');
  return (
    <>
      <ShiftForm
        title={kind === 'cash_in' ? t('movement.titleIn') : t('movement.titleOut')}
        idPrefix="shift-movement"
        submitLabel={t('movement.submit')}
        canSubmit={canSubmit}
        error={error}
        onClose={onClose}
        onSubmit={async () => {
          setError(null);
          const body = {
            kind,
            reason,
            amount: sen!,
            ...(note.trim() ? { note: note.trim() } : {}),
          };
          const send = (approval?: ApprovalInput) =>
            addCashMovement(shiftId, { ...body, ...(approval ? { approval } : {}) });
          const over = kind === 'cash_out' && approvalOver !== null && sen! > approvalOver;
          try {
            const done = over
              ? await withApproval(
                  { action: 'cash_out', outletId, summary: formatMoney(sen!) },
                  send,
                )
              : await send();
            if (done) onDone();
          } catch (e) {
            setError(errorText(e));
          }
        }}
      >
        <TextField
          label={t('movement.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={problem !== null}
          helperText={translateValidation(problem ?? undefined)}
          autoFocus
          slotProps={{
            htmlInput: { inputMode: 'decimal', 'data-testid': 'shift-movement-amount' },
          }}
        />
        <TextField
          select
          label={t('movement.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value as CashMovementReason)}
          slotProps={{ htmlInput: { 'data-testid': 'shift-movement-reason' } }}
        >
          {cashMovementReasons.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`movement.reasons.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('movement.note')}
          value={note}
          required={reason === 'other'}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'shift-movement-note' } }}
        />
      </ShiftForm>
      {dialog}
    </>
  );
}
