import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type DrawerOpeningReason,
  drawerOpeningReasons,
  type ShiftView,
  type Till,
} from '@kopi/contract';
import { formatDateTime } from '../../lib/formatters';
import { useTranslation } from '../../lib/i18n/use-translation';
import { toast } from '../../lib/toasts';
import { useApproval } from '../approval/use-approval';
import { getShift, openDrawer, useMyShifts } from './api';
import { useShiftStrings } from './i18n';
import { errorText } from '../../lib/form-errors';
import { useTillName } from '../../lib/till-name';

// The POS's till and drawer dialogs: which till this device is, the drawer opened
// without a sale (with a manager's PIN when the cashier needs one), and one's own shifts with
// their reports to reprint.

/**
 * The frame of these dialogs: full width up to sm, a title, the content, then the actions (48 px
 * buttons, for fingers). `name` makes the title's id and the test id: `<name>-title`, `<name>-dialog`.
 */
function TillDialog({
  name,
  open,
  onClose,
  title,
  actions,
  children,
}: {
  name: string;
  open: boolean;
  onClose: () => void;
  title: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${name}-title`}
      data-testid={`${name}-dialog`}
    >
      <DialogTitle id={`${name}-title`}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}

/** Which till this device is: free tills and held ones with who holds them since when. */
export function TillChooserDialog({
  open,
  tills,
  current,
  onChoose,
  onClose,
}: {
  open: boolean;
  tills: Till[];
  current: string | null;
  onChoose: (till: Till) => void;
  onClose: () => void;
}) {
  const { t } = useShiftStrings();
  const tillName = useTillName();
  const common = useTranslation().t;
  return (
    <TillDialog
      name="till-chooser"
      open={open}
      onClose={onClose}
      title={t('device.chooserTitle')}
      actions={
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {common('common.cancel')}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {t('device.chooserHint')}
      </Typography>
      <List>
        {tills.map((till) => (
          <ListItem key={till.id} disablePadding>
            <ListItemButton
              selected={till.id === current}
              onClick={() => onChoose(till)}
              sx={{ minHeight: 56 }}
              data-testid="till-chooser-till"
              data-till-id={till.id}
            >
              <ListItemText
                primary={
                  till.id === current
                    ? `${tillName(till.name)} · ${t('device.thisDevice')}`
                    : tillName(till.name)
                }
                secondary={
                  till.open_shift
                    ? t('device.heldBy', {
                        name: till.open_shift.cashier_name ?? '',
                        time: formatDateTime(till.open_shift.opened_at),
                      })
                    : t('device.free')
                }
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </TillDialog>
  );
}

/** "No sale": the drawer opened with a reason; a cashier's needs a manager's PIN. */
export function NoSaleDialog({
  shift,
  onDone,
  onClose,
}: {
  /** The open shift whose drawer opens; null keeps the dialog closed. */
  shift: { id: string; outlet_id: string } | null;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useShiftStrings();
  const common = useTranslation().t;
  const { withApproval, dialog } = useApproval();
  const [reason, setReason] = useState<DrawerOpeningReason>('give_change');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const noteMissing = reason === 'other' && note.trim() === '';
  const reset = () => {
    setReason('give_change');
    setNote('');
    setError(null);
  };
  const submit = async () => {
    if (!shift) return;
    setBusy(true);
    setError(null);
    try {
      const done = await withApproval(
        {
          action: 'no_sale',
          outletId: shift.outlet_id,
          summary: t(`device.noSaleReasons.${reason}`),
        },
        (approval) =>
          openDrawer(
            shift.id,
            {
              reason,
              ...(note.trim() ? { note: note.trim() } : {}),
              ...(approval ? { approval } : {}),
            },
            { errorToast: 'silent' },
          ),
      );
      if (done) {
        toast.success(t('device.noSaleDone', { reason: t(`device.noSaleReasons.${reason}`) }));
        reset();
        onDone();
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <TillDialog
        name="no-sale"
        open={shift !== null}
        onClose={onClose}
        title={t('device.noSaleTitle')}
        actions={
          <>
            <Button onClick={onClose} disabled={busy} sx={{ minHeight: 48 }}>
              {common('common.cancel')}
            </Button>
            <Button
              variant="contained"
              disabled={busy || noteMissing}
              onClick={() => void submit()}
              sx={{ minHeight: 48 }}
              data-testid="no-sale-submit"
            >
              {t('device.noSaleSubmit')}
            </Button>
          </>
        }
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('device.noSaleReason')}
            value={reason}
            onChange={(e) => setReason(e.target.value as DrawerOpeningReason)}
            slotProps={{ htmlInput: { 'data-testid': 'no-sale-reason' } }}
          >
            {drawerOpeningReasons.map((r) => (
              <MenuItem key={r} value={r} sx={{ minHeight: 48 }}>
                {t(`device.noSaleReasons.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('device.noSaleNote')}
            value={note}
            required={reason === 'other'}
            onChange={(e) => setNote(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'no-sale-note' } }}
          />
          {error && (
            <Alert severity="error" data-testid="no-sale-error">
              {error}
            </Alert>
          )}
        </Stack>
      </TillDialog>
      {dialog}
    </>
  );
}

/** One's own shifts, newest first, each with its report to reprint. */
export function MyShiftsDialog({
  open,
  onReport,
  onClose,
}: {
  open: boolean;
  onReport: (shift: ShiftView) => void;
  onClose: () => void;
}) {
  const { t } = useShiftStrings();
  const tillName = useTillName();
  const mine = useMyShifts({ page: 1, page_size: 20 }, open);
  const rows = mine.data?.rows ?? [];
  return (
    <TillDialog
      name="my-shifts"
      open={open}
      onClose={onClose}
      title={t('device.myShiftsTitle')}
      actions={
        <Button onClick={onClose} sx={{ minHeight: 48 }} data-testid="my-shifts-close">
          {t('report.close')}
        </Button>
      }
    >
      {mine.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">{t('device.myShiftsEmpty')}</Typography>
      )}
      <List>
        {rows.map((s) => (
          <ListItem
            key={s.id}
            data-testid="my-shift"
            secondaryAction={
              <Button
                onClick={() => void getShift(s.id).then(onReport)}
                sx={{ minHeight: 48 }}
                data-testid="my-shift-reprint"
              >
                {t('device.reprint')}
              </Button>
            }
          >
            <ListItemText
              primary={`${tillName(s.till_name)} · ${formatDateTime(s.opened_at)}`}
              secondary={
                s.closed_at
                  ? t('device.closedAt', { time: formatDateTime(s.closed_at) })
                  : t('device.openNow')
              }
            />
          </ListItem>
        ))}
      </List>
    </TillDialog>
  );
}
