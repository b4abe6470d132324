import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTenantStrings } from '../i18n';
import { OneTimeSecret } from '../../../components/one-time-secret';

/** A generated first password, for the superadmin to hand over. */
export interface GeneratedPassword {
  name: string;
  password: string;
}

/**
 * The temporary password the server generated for a new tenant's first admin: shown this once
 * (the server keeps only its hash), to be given to them in person.
 */
export function FirstAdminPasswordDialog({
  generated,
  onClose,
}: {
  generated: GeneratedPassword | null;
  onClose: () => void;
}) {
  const { t } = useTenantStrings();
  const name = generated?.name ?? '';
  return (
    <Dialog
      open={Boolean(generated)}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="first-admin-password-title"
      data-testid="first-admin-password-dialog"
    >
      <DialogTitle id="first-admin-password-title">
        {t('firstAdmin.resultTitle', { name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('firstAdmin.resultMessage', { name })}</DialogContentText>
        <OneTimeSecret value={generated?.password} testId="first-admin-password" />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('firstAdmin.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
