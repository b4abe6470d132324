import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApprovalAction, ApprovalInput } from '@kopi/contract';
import { PIN_MAX_LENGTH } from '@kopi/contract';
import { PosDialogForm, PosFormDialog } from '../pos-form-dialog';
import { approvalKeys, listApprovers } from './api';
import { deviceId } from './device-id';
import { useApprovalStrings } from './i18n';

// A manager approves on the cashier's screen: they pick themselves and type their PIN; the
// cashier stays signed in. The dialog hands the approval to `onApprove` (which re-sends the
// action with it) and shows what went wrong there (wrong PIN, wait, locked) without closing.

export interface ApprovalDialogProps {
  open: boolean;
  action: ApprovalAction;
  outletId: string;
  /** What is being approved, in a line (an amount, a variance). */
  summary?: string;
  /** The error of the last try, shown above the fields. */
  error?: string | null;
  busy?: boolean;
  onApprove: (approval: ApprovalInput) => void;
  onCancel: () => void;
}

export function ApprovalDialog(props: ApprovalDialogProps) {
  return (
    <PosFormDialog name="approval" open={props.open} onClose={props.onCancel}>
      <ApprovalForm {...props} />
    </PosFormDialog>
  );
}

function ApprovalForm({
  action,
  outletId,
  summary,
  error,
  busy,
  onApprove,
  onCancel,
}: ApprovalDialogProps) {
  const { t } = useApprovalStrings();
  const approvers = useQuery({
    queryKey: approvalKeys.approvers(outletId, action),
    queryFn: () => listApprovers(outletId, action),
  });
  const list = approvers.data ?? [];
  const [approverId, setApproverId] = useState('');
  const [pin, setPin] = useState('');
  // The only manager who can approve is chosen already.
  const unlocked = list.filter((a) => !a.locked);
  const chosen = approverId || (unlocked.length === 1 ? unlocked[0]!.id : '');
  const valid = chosen !== '' && /^\d{4,6}$/.test(pin);

  return (
    <PosDialogForm
      name="approval"
      title={t('dialog.title')}
      onSubmit={() => {
        if (valid) onApprove({ approver_id: chosen, pin, device_id: deviceId() });
      }}
      onCancel={onCancel}
      cancelLabel={t('dialog.cancel')}
      submitLabel={t('dialog.submit')}
      submitDisabled={!valid || busy}
      cancelDisabled={busy}
    >
      <Typography variant="body2">{t(`action.${action}`)}</Typography>
      {summary && (
        <Typography variant="subtitle1" data-testid="approval-summary">
          {summary}
        </Typography>
      )}
      {error && (
        <Alert severity="error" data-testid="approval-error">
          {error}
        </Alert>
      )}
      {approvers.isSuccess && list.length === 0 ? (
        <Alert severity="info">{t('dialog.none')}</Alert>
      ) : (
        <TextField
          select
          label={t('dialog.approver')}
          value={chosen}
          onChange={(e) => setApproverId(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'approval-approver' } }}
        >
          {list.map((a) => (
            <MenuItem key={a.id} value={a.id} disabled={a.locked}>
              {a.locked ? t('dialog.locked', { name: a.fullname }) : a.fullname}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label={t('dialog.pin')}
        type="password"
        value={pin}
        autoComplete="off"
        onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, PIN_MAX_LENGTH))}
        slotProps={{
          htmlInput: { inputMode: 'numeric', 'data-testid': 'approval-pin' },
        }}
      />
    </PosDialogForm>
  );
}
