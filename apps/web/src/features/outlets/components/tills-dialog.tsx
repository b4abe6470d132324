import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Outlet, Till } from '@kopi/contract';
import {
  createTill,
  deleteTill,
  renameTill,
  useRefreshShifts,
  useTills,
} from '../../../components/shifts/api';
import { formatDateTime } from '../../../lib/formatters';
import { toast } from '../../../lib/toasts';
import { useOutletStrings } from '../i18n';
import { useTillName } from '../../../lib/till-name';

/**
 * An outlet's tills (its named cash registers): add, rename, delete. The server refuses deleting
 * a till that was rung up on or the outlet's last (it says why in a toast).
 */
export function TillsDialog({ outlet, onClose }: { outlet: Outlet | null; onClose: () => void }) {
  const { t } = useOutletStrings();
  const tillName = useTillName();
  const tills = useTills(outlet?.id ?? null);
  const refresh = useRefreshShifts();
  const [newName, setNewName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Till | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      return true;
    } catch {
      return false; // the server's reason is already shown
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  const add = async () => {
    if (!outlet || !newName.trim()) return;
    if (await run(() => createTill({ outlet_id: outlet.id, name: newName }), t('tills.added'))) {
      setNewName('');
    }
  };
  const saveName = async () => {
    if (!editing || !editing.name.trim()) return;
    if (await run(() => renameTill(editing.id, { name: editing.name }), t('tills.renamed'))) {
      setEditing(null);
    }
  };
  const remove = async () => {
    if (!deleting) return;
    await run(() => deleteTill(deleting.id), t('tills.deleted'));
    setDeleting(null);
  };

  return (
    <Dialog
      open={Boolean(outlet)}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="tills-title"
    >
      <DialogTitle id="tills-title">{t('tills.title', { name: outlet?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('tills.subtitle')}</DialogContentText>
        <List
          dense
          data-testid="tills-list"
          aria-label={t('tills.title', { name: outlet?.name ?? '' })}
        >
          {(tills.data ?? []).map((till) => (
            <ListItem
              key={till.id}
              divider
              data-testid="till-row"
              secondaryAction={
                editing?.id === till.id ? (
                  <Stack direction="row">
                    <Tooltip title={t('tills.save')}>
                      <IconButton
                        aria-label={t('tills.save')}
                        onClick={saveName}
                        disabled={busy}
                        data-testid="till-save"
                      >
                        <CheckOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('tills.cancel')}>
                      <IconButton aria-label={t('tills.cancel')} onClick={() => setEditing(null)}>
                        <CloseOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                ) : (
                  <Stack direction="row">
                    <Tooltip title={t('tills.rename', { name: tillName(till.name) })}>
                      <IconButton
                        aria-label={t('tills.rename', { name: tillName(till.name) })}
                        onClick={() => setEditing({ id: till.id, name: till.name })}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('tills.delete', { name: tillName(till.name) })}>
                      <IconButton
                        aria-label={t('tills.delete', { name: tillName(till.name) })}
                        onClick={() => setDeleting(till)}
                      >
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                )
              }
            >
              {editing?.id === till.id ? (
                <TextField
                  size="small"
                  autoFocus
                  label={t('tills.name')}
                  value={editing.name}
                  onChange={(e) => setEditing({ id: till.id, name: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') void saveName();
                  }}
                  slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'till-name-edit' } }}
                  sx={{ mr: 10 }}
                />
              ) : (
                <ListItemText
                  primary={tillName(till.name)}
                  secondary={
                    till.open_shift && (
                      <Chip
                        component="span"
                        size="small"
                        color="success"
                        variant="outlined"
                        label={t('tills.openShift', {
                          name: till.open_shift.cashier_name ?? '—',
                          time: formatDateTime(till.open_shift.opened_at, {
                            timeZone: outlet?.timezone,
                          }),
                        })}
                      />
                    )
                  }
                />
              )}
            </ListItem>
          ))}
        </List>
        <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('tills.newName')}
            placeholder={t('tills.newPlaceholder')}
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void add();
            }}
            slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'till-new-name' } }}
            sx={{ flex: 1 }}
          />
          <Button
            variant="contained"
            onClick={add}
            disabled={busy || !newName.trim()}
            data-testid="till-add"
          >
            {t('tills.add')}
          </Button>
        </Stack>
        {deleting && (
          <Stack
            role="alertdialog"
            aria-label={t('tills.deleteTitle')}
            direction="row"
            spacing={1}
            sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between' }}
          >
            <DialogContentText>
              {t('tills.deleteMessage', { name: tillName(deleting.name) })}
            </DialogContentText>
            <Stack direction="row" spacing={1}>
              <Button onClick={() => setDeleting(null)}>{t('tills.cancel')}</Button>
              <Button
                color="error"
                variant="contained"
                onClick={remove}
                disabled={busy}
                data-testid="till-delete-confirm"
              >
                {t('tills.deleteConfirm')}
              </Button>
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('tills.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
